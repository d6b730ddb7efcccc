import type { FastifyInstance } from "fastify";
import { type QueryRules, queryOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";
import { registerGameCovers } from "./covers.ts";

/**
 * `GET /api/games?q=&platform=Android,iOS&genre=RPG&sort=1&page=1&pageSize=12` to the search input:
 * lists from repeated or comma-separated values, numbers where numeric, anything else as given
 * so that the schema refuses it with 400.
 */
const SEARCH_QUERY: QueryRules = {
  lists: { platform: "platforms", platforms: "platforms", genre: "genres", genres: "genres" },
  numbers: ["sort", "page", "pageSize"],
  dropEmpty: ["q"],
};

export function gamesRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/games",
    restHandler(ctx, (c, req) => c.games.search(queryOf(req, SEARCH_QUERY))),
  );
  app.get(
    "/api/games/trending",
    restHandler(ctx, (c) => c.games.trending()),
  );
  registerGameCovers(app);
}
