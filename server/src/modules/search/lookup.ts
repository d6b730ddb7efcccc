// The index's look-ups, a twin per engine: the words as typed (SQLite: FTS5 MATCH on the trigram
// index, LIKE for words under three characters, which no trigram holds; PostgreSQL: ILIKE, answered
// from the pg_trgm index), and near matches when those find nothing (SQLite: any of the query's
// trigrams, best first by bm25; PostgreSQL: word_similarity). Near matches are then judged alike on
// both engines (words.ts).
import { type Db, engineOfClient, Prisma } from "../../db/client.ts";
import { charLength, lookupTrigrams } from "./words.ts";

export type Kind = "product" | "post";

/** A candidate of a near-match look-up, with the names it is judged by. */
export interface Candidate {
  ref: string;
  position: number;
  names: string;
}

/** How many near-match candidates an engine hands over to be judged. */
const CANDIDATES = 60;

const likeOf = (w: string): string => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** An FTS5 string: the word in double quotes, its own double quotes doubled. */
const ftsString = (w: string): string => `"${w.replace(/"/g, '""')}"`;

/** Title hits count more than variant hits, which count more than the rest. */
function likeScore(words: readonly string[], op: Prisma.Sql): Prisma.Sql {
  return Prisma.join(
    words.map(
      (w) =>
        Prisma.sql`(CASE WHEN "title" ${op} ${likeOf(w)} ESCAPE '\\' THEN 4 ELSE 0 END + CASE WHEN "variants" ${op} ${likeOf(w)} ESCAPE '\\' THEN 2 ELSE 0 END)`,
    ),
    " + ",
  );
}

/** The refs of the rows that hold every word, best first. */
export async function exactRefs(
  db: Db,
  kind: Kind,
  words: readonly string[],
  limit: number,
): Promise<string[]> {
  if (!words.length) return [];
  let rows: { ref: string }[];
  if (engineOfClient(db) === "sqlite") {
    const long = words.filter((w) => charLength(w) >= 3);
    const short = words.filter((w) => charLength(w) < 3);
    const shortHeld = short.map(
      (w) =>
        Prisma.sql`("title" LIKE ${likeOf(w)} ESCAPE '\\' OR "variants" LIKE ${likeOf(w)} ESCAPE '\\' OR "body" LIKE ${likeOf(w)} ESCAPE '\\')`,
    );
    const rest = shortHeld.length ? Prisma.sql` AND ${Prisma.join(shortHeld, " AND ")}` : Prisma.empty;
    rows = long.length
      ? await db.$queryRaw<{ ref: string }[]>`
          SELECT "ref" FROM "SearchIndex"
          WHERE "SearchIndex" MATCH ${long.map(ftsString).join(" AND ")} AND "kind" = ${kind}${rest}
          ORDER BY bm25("SearchIndex", 0, 0, 0, 10.0, 4.0, 1.0), "position", "ref" LIMIT ${limit}`
      : await db.$queryRaw<{ ref: string }[]>`
          SELECT "ref" FROM "SearchIndex" WHERE "kind" = ${kind}${rest}
          ORDER BY ${likeScore(short, Prisma.raw("LIKE"))} DESC, "position", "ref" LIMIT ${limit}`;
  } else {
    const held = words.map(
      (w) => Prisma.sql`("title" || ' ' || "variants" || ' ' || "body") ILIKE ${likeOf(w)} ESCAPE '\\'`,
    );
    rows = await db.$queryRaw<{ ref: string }[]>`
      SELECT "ref" FROM "SearchIndex" WHERE "kind" = ${kind} AND ${Prisma.join(held, " AND ")}
      ORDER BY ${likeScore(words, Prisma.raw("ILIKE"))} DESC,
        word_similarity(${words.join(" ")}, "title") DESC, "position", "ref"
      LIMIT ${limit}`;
  }
  return rows.map((r) => r.ref);
}

/** Rows near the words (a typo), to be judged by nearness(); none for words under three characters. */
export async function nearCandidates(db: Db, kind: Kind, words: readonly string[]): Promise<Candidate[]> {
  const pieces = lookupTrigrams(words);
  if (!pieces.length) return [];
  const rows =
    engineOfClient(db) === "sqlite"
      ? await db.$queryRaw<{ ref: string; position: unknown; title: string; variants: string }[]>`
          SELECT "ref", "position", "title", "variants" FROM "SearchIndex"
          WHERE "SearchIndex" MATCH ${`{title variants} : (${pieces.map(ftsString).join(" OR ")})`}
            AND "kind" = ${kind}
          ORDER BY bm25("SearchIndex", 0, 0, 0, 10.0, 4.0, 1.0) LIMIT ${CANDIDATES}`
      : await db.$queryRaw<{ ref: string; position: unknown; title: string; variants: string }[]>`
          SELECT "ref", "position", "title", "variants" FROM "SearchIndex"
          WHERE "kind" = ${kind} AND word_similarity(${words.join(" ")}, "title" || ' ' || "variants") >= 0.2
          ORDER BY word_similarity(${words.join(" ")}, "title" || ' ' || "variants") DESC, "position"
          LIMIT ${CANDIDATES}`;
  return rows.map((r) => ({ ref: r.ref, position: Number(r.position), names: `${r.title}\n${r.variants}` }));
}
