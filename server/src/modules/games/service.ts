// The games search (spec 001 §2, §4, §9): text search on the name, Platform and Genres facets
// whose counts follow the other group's filter and the text, three sorts, and pages.
import {
  DEFAULT_GAME_SORT,
  GAME_GENRES,
  GAME_PLATFORMS,
  GAMES_PAGE_SIZE,
  GAMES_TRENDING_COUNT,
  type GameGenre,
  type GameItem,
  type GamePlatform,
  type GameSort,
  type GamesSearchInput,
  type GamesSearchResult,
  gameCoverPath,
} from "@vela/shared";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";

const gameSelect = {
  slug: true,
  name: true,
  releaseDate: true,
  platforms: { select: { platform: true } },
  genres: { select: { genre: true } },
} satisfies Prisma.GameSelect;

type GameRow = Prisma.GameGetPayload<{ select: typeof gameSelect }>;

const ORDER: Record<GameSort, Prisma.GameOrderByWithRelationInput[]> = {
  1: [{ featuredRank: "asc" }],
  2: [{ sortName: "asc" }, { id: "asc" }],
  3: [{ sortName: "desc" }, { id: "desc" }],
};

const byList =
  <T extends string>(order: readonly T[]) =>
  (a: T, b: T) =>
    order.indexOf(a) - order.indexOf(b);

function toItem(row: GameRow): GameItem {
  return {
    slug: row.slug,
    name: row.name,
    img: gameCoverPath(row.slug),
    platform: row.platforms.map((p) => p.platform as GamePlatform).sort(byList(GAME_PLATFORMS)),
    genres: row.genres.map((g) => g.genre as GameGenre).sort(byList(GAME_GENRES)),
    releaseDate: row.releaseDate.toISOString().slice(0, 10),
  };
}

/**
 * Every word of the text must appear in the name, in any case (matched on the lower-case
 * `sortName`). Prisma passes `contains` to SQLite's LIKE without escaping `%` and `_`, so the
 * database narrows by the pieces between wildcards and the exact check is made here: a search
 * for "100%" finds that text, not every game.
 */
async function textWhere(deps: Pick<Deps, "db">, q: string | undefined): Promise<Prisma.GameWhereInput> {
  const words = (q ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return {};
  const pieces = words.flatMap((w) => w.split(/[%_]+/)).filter(Boolean);
  const candidates = await deps.db.game.findMany({
    where: { AND: pieces.map((p) => ({ sortName: { contains: p } })) },
    select: { id: true, sortName: true },
  });
  const ids = candidates.filter((c) => words.every((w) => c.sortName.includes(w))).map((c) => c.id);
  return { id: { in: ids } };
}

function platformWhere(platforms: string[] | undefined): Prisma.GameWhereInput {
  return platforms?.length ? { platforms: { some: { platform: { in: platforms } } } } : {};
}

function genreWhere(genres: string[] | undefined): Prisma.GameWhereInput {
  return genres?.length ? { genres: { some: { genre: { in: genres } } } } : {};
}

export async function searchGames(
  deps: Pick<Deps, "db">,
  input: GamesSearchInput,
): Promise<GamesSearchResult> {
  const sort = input?.sort ?? DEFAULT_GAME_SORT;
  const page = input?.page ?? 1;
  const pageSize = input?.pageSize ?? GAMES_PAGE_SIZE;
  const text = await textWhere(deps, input?.q);
  const byPlatform = platformWhere(input?.platforms);
  const byGenre = genreWhere(input?.genres);
  const where: Prisma.GameWhereInput = { AND: [text, byPlatform, byGenre] };

  const [total, rows, platformCounts, genreCounts] = await Promise.all([
    deps.db.game.count({ where }),
    deps.db.game.findMany({
      where,
      orderBy: ORDER[sort],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: gameSelect,
    }),
    // A group's counts apply the text and the *other* group's filter (the usual faceted search):
    // ticking a platform never makes the other platforms' counts drop.
    deps.db.gamePlatform.groupBy({
      by: ["platform"],
      where: { game: { AND: [text, byGenre] } },
      _count: { _all: true },
    }),
    deps.db.gameGenre.groupBy({
      by: ["genre"],
      where: { game: { AND: [text, byPlatform] } },
      _count: { _all: true },
    }),
  ]);
  const platforms = new Map(platformCounts.map((r) => [r.platform, r._count._all]));
  const genres = new Map(genreCounts.map((r) => [r.genre, r._count._all]));

  return {
    items: rows.map(toItem),
    total,
    page,
    pageSize,
    pageCount: Math.ceil(total / pageSize),
    sort,
    filters: [
      {
        id: "platform",
        title: "Platform",
        list: GAME_PLATFORMS.map((name) => ({ name, count: platforms.get(name) ?? 0 })),
      },
      {
        id: "genres",
        title: "Genres",
        list: GAME_GENRES.map((name) => ({ name, count: genres.get(name) ?? 0 })),
      },
    ],
  };
}

/** The four trending suggestions under the search box: the top of the Featured order. */
export async function trendingGames(deps: Pick<Deps, "db">): Promise<{ names: string[] }> {
  const rows = await deps.db.game.findMany({
    orderBy: { featuredRank: "asc" },
    take: GAMES_TRENDING_COUNT,
    select: { name: true },
  });
  return { names: rows.map((r) => r.name) };
}
