import type { FastifyInstance } from "fastify";
import { bodyOf, paramOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

export function checkoutRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.post(
    "/api/checkout/quote",
    restHandler(ctx, (c, req) => c.checkout.quote(bodyOf(req) as never)),
  );
  app.post(
    "/api/checkout/orders",
    restHandler(ctx, (c, req) => c.checkout.place(bodyOf(req) as never)),
  );
  // Stripe: the same procedures as the page's; completing sets a guest's order-access cookie
  // through the same context, as `place` does.
  app.post(
    "/api/checkout/payments",
    restHandler(ctx, (c, req) => c.checkout.startPayment(bodyOf(req) as never)),
  );
  app.post(
    "/api/checkout/payments/complete",
    restHandler(ctx, (c, req) => c.checkout.completePayment(bodyOf(req) as never)),
  );
  app.get(
    "/api/checkout/orders/:orderId",
    restHandler(ctx, (c, req) => c.checkout.order({ orderId: paramOf(req, "orderId") })),
  );
  app.post(
    "/api/checkout/account-offer",
    restHandler(ctx, (c, req) => c.checkout.offerAccount(bodyOf(req) as never)),
  );
  app.post(
    "/api/checkout/claim-orders",
    restHandler(ctx, (c, req) => c.checkout.claimOrders(bodyOf(req) as never)),
  );
}
