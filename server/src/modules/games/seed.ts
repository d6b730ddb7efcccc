// The sample games of prisma/seed-data/games.json (spec 001 §2: the games page works on sample
// data). Idempotent: a game that is already there (same slug) is left alone.
import { readFileSync } from "node:fs";
import path from "node:path";
import { GAME_GENRES, GAME_PLATFORMS, type GameGenre, type GamePlatform } from "@vela/shared";
import { ROOT_DIR } from "../../config.ts";
import type { Db } from "../../db/client.ts";

export interface GameSpec {
  name: string;
  featuredRank: number;
  /** YYYY-MM-DD */
  releaseDate: string;
  platforms: GamePlatform[];
  genres: GameGenre[];
}

/** "Neon Drift: Remastered" -> "neon-drift-remastered". */
export const gameSlug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function loadGames(): GameSpec[] {
  const file = path.join(ROOT_DIR, "prisma/seed-data/games.json");
  const games = (JSON.parse(readFileSync(file, "utf8")) as { games: GameSpec[] }).games;
  for (const g of games) {
    for (const p of g.platforms)
      if (!(GAME_PLATFORMS as readonly string[]).includes(p))
        throw new Error(`seed: ${g.name}: platform ${p}`);
    for (const x of g.genres)
      if (!(GAME_GENRES as readonly string[]).includes(x)) throw new Error(`seed: ${g.name}: genre ${x}`);
  }
  return games;
}

export async function seedGames(db: Db, games: GameSpec[] = loadGames()): Promise<void> {
  for (const g of games) {
    const slug = gameSlug(g.name);
    if (await db.game.findUnique({ where: { slug }, select: { id: true } })) continue;
    await db.game.create({
      data: {
        slug,
        name: g.name,
        sortName: g.name.toLowerCase(),
        featuredRank: g.featuredRank,
        releaseDate: new Date(`${g.releaseDate}T00:00:00Z`),
        platforms: { create: g.platforms.map((platform) => ({ platform })) },
        genres: { create: g.genres.map((genre) => ({ genre })) },
      },
    });
  }
}
