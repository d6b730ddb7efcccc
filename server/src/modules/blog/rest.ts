import type { FastifyInstance } from "fastify";
import { paramOf, type QueryRules, queryOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

const QUERY: QueryRules = { numbers: ["limit"] };

export function blogRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/blog",
    restHandler(ctx, (c, req) => c.blog.list({ language: "en-US", ...queryOf<object>(req, QUERY) })),
  );
  app.get(
    "/api/blog/:slug",
    restHandler(ctx, (c, req) =>
      c.blog.post({ language: "en-US", ...queryOf<object>(req, QUERY), slug: paramOf(req, "slug") }),
    ),
  );
}
