import type { FastifyInstance } from "fastify";
import { bodyWithParams, paramOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

export function cartRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.post(
    "/api/cart",
    restHandler(ctx, (c) => c.cart.create()),
  );
  app.get(
    "/api/cart/:cartId",
    restHandler(ctx, (c, req) => c.cart.get({ cartId: paramOf(req, "cartId") })),
  );
  app.post(
    "/api/cart/:cartId",
    restHandler(ctx, (c, req) => c.cart.addLines(bodyWithParams(req, "cartId"))),
  );
  app.patch(
    "/api/cart/:cartId/lines/:lineId",
    restHandler(ctx, (c, req) => c.cart.updateLine(bodyWithParams(req, "cartId", "lineId"))),
  );
  app.delete(
    "/api/cart/:cartId/lines/:lineId",
    restHandler(ctx, (c, req) =>
      c.cart.removeLine({ cartId: paramOf(req, "cartId"), lineId: paramOf(req, "lineId") }),
    ),
  );
}
