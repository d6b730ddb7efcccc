import type { FastifyInstance } from "fastify";
import { bodyOf, queryOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

export function reviewsRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/reviews",
    restHandler(ctx, (c, req) =>
      c.reviews.list(queryOf(req, { numbers: ["page", "pageSize"], dropEmpty: true })),
    ),
  );
  app.post(
    "/api/reviews",
    restHandler(ctx, (c, req) => c.reviews.create(bodyOf(req))),
  );
}
