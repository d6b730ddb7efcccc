import type { FastifyInstance, FastifyRequest } from "fastify";
import { restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";
import { registerGameCovers } from "./covers.ts";

const INTEGER = /^-?[0-9]+$/;
const LISTS: Record<string, "platforms" | "genres"> = {
  platform: "platforms",
  platforms: "platforms",
  genre: "genres",
  genres: "genres",
};

/**
 * `GET /api/games?q=&platform=Android,iOS&genre=RPG&sort=1&page=1&pageSize=12` to the search input:
 * lists from repeated or comma-separated values, numbers where numeric, anything else as given
 * so that the schema refuses it with 400.
 */
export function searchQuery(req: FastifyRequest): unknown {
  const query = (req.query ?? {}) as Record<string, string | string[]>;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    const list = LISTS[key];
    if (list) {
      const items = values.flatMap((v) => v.split(",")).filter((v) => v !== "");
      if (items.length) out[list] = [...((out[list] as string[] | undefined) ?? []), ...items];
      continue;
    }
    const value = values[values.length - 1] ?? "";
    if (key === "q") {
      if (value !== "") out.q = value;
    } else if (["sort", "page", "pageSize"].includes(key)) {
      out[key] = INTEGER.test(value) ? Number(value) : value;
    } else out[key] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

export function gamesRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/games",
    restHandler(ctx, (c, req) => c.games.search(searchQuery(req) as never)),
  );
  app.get(
    "/api/games/trending",
    restHandler(ctx, (c) => c.games.trending()),
  );
  registerGameCovers(app);
}
