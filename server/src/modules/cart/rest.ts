import type { FastifyInstance } from "fastify";
import { bodyOf, paramOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

/** Merges a path parameter into an object body; anything else goes on as is, for the schema to refuse. */
function withParam(body: unknown, extra: Record<string, string>): unknown {
  return body !== null && typeof body === "object" && !Array.isArray(body) ? { ...body, ...extra } : body;
}

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
    restHandler(ctx, (c, req) =>
      c.cart.addLines(withParam(bodyOf(req), { cartId: paramOf(req, "cartId") }) as never),
    ),
  );
  app.patch(
    "/api/cart/:cartId/lines/:lineId",
    restHandler(ctx, (c, req) =>
      c.cart.updateLine(
        withParam(bodyOf(req), { cartId: paramOf(req, "cartId"), lineId: paramOf(req, "lineId") }) as never,
      ),
    ),
  );
  app.delete(
    "/api/cart/:cartId/lines/:lineId",
    restHandler(ctx, (c, req) =>
      c.cart.removeLine({ cartId: paramOf(req, "cartId"), lineId: paramOf(req, "lineId") }),
    ),
  );
}
