import type { FastifyInstance } from "fastify";
import { paramOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

export function ordersRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/account/orders",
    restHandler(ctx, (c, req) => {
      const query = req.query as Record<string, unknown>;
      return c.orders.list(Object.keys(query).length ? (query as never) : undefined);
    }),
  );
  app.get(
    "/api/account/orders/:id",
    restHandler(ctx, (c, req) => c.orders.byId({ id: paramOf(req, "id") })),
  );
}
