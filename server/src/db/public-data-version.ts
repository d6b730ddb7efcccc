// The store's public-data version: one row every instance reads, moved by every write that changes
// what public pages show. An instance that sees it move drops its cached pages (http/page-sync.ts),
// so a write made on one instance (or by a background job, or the CLI) reaches the pages of all
// of them within a second, not at the end of the cache's freshness bound. Quoted identifiers: the
// same SQL on SQLite and PostgreSQL.
import type { Db } from "./client.ts";

/** Moves the version on; answers the new one. A database without the row (not migrated) answers 0. */
export async function bumpPublicDataVersion(db: Pick<Db, "$queryRaw">): Promise<number> {
  const rows = await db.$queryRaw<{ version: number | bigint }[]>`
    UPDATE "PublicDataVersion" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version"`;
  return Number(rows[0]?.version ?? 0);
}

/** The version now (0 without the row). */
export async function readPublicDataVersion(db: Pick<Db, "$queryRaw">): Promise<number> {
  const rows = await db.$queryRaw<{ version: number | bigint }[]>`
    SELECT "version" FROM "PublicDataVersion" WHERE "id" = 1`;
  return Number(rows[0]?.version ?? 0);
}
