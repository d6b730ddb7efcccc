import type { FastifyInstance } from "fastify";
import { type QueryRules, queryOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

/** `GET /api/search?q=&language=ja-JP&limit=12` and `GET /api/search/suggest?q=`: other keys are ignored. */
const SEARCH_QUERY: QueryRules = {
  only: ["q", "language", "limit"],
  numbers: ["limit"],
  dropEmpty: ["language"],
};
const SUGGEST_QUERY: QueryRules = { only: ["q", "language"], dropEmpty: ["language"] };

export function searchRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/search",
    restHandler(ctx, (c, req) => c.search.query(queryOf(req, SEARCH_QUERY))),
  );
  app.get(
    "/api/search/suggest",
    restHandler(ctx, (c, req) => c.search.suggest(queryOf(req, SUGGEST_QUERY))),
  );
}
