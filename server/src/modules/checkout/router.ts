import {
  ZAccountOfferInput,
  ZCheckoutOrderInput,
  ZCheckoutQuoteInput,
  ZClaimOrdersInput,
  ZCompletePaymentInput,
  ZNumericId,
  ZPlaceOrderInput,
  ZStartPaymentInput,
} from "@vela/shared";
import { statedLocale } from "../../mail/locale.ts";
import type { Context } from "../../trpc/context.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import { claimOrders, offerAccount } from "./account-offer.ts";
import { paymentModeOf } from "./provider-choice.ts";
import { checkoutOrder, placeOrder, quoteCheckout } from "./service.ts";
import { completePayment, startPayment } from "./stripe-payment.ts";

/** A guest's key to their confirmation page: a cookie, never in the page or its URL. */
export const ORDER_ACCESS_COOKIE = "vela_order_access";
/**
 * The browser keeps the guest's key this long after placing the order (Max-Age and Expires), not
 * for the rest of its session: the next person at a shared computer cannot open the last
 * guest's confirmation. The confirmation email is the guest's way back to the order after that.
 */
export const ORDER_ACCESS_MAX_AGE_SECONDS = 3600;

/** The guest's order-access cookie, as a placement sets it. */
function setOrderAccess(ctx: Context, accessToken: string | null): void {
  if (!accessToken) return;
  ctx.reply.setCookie(ORDER_ACCESS_COOKIE, accessToken, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: ctx.config.publicUrl.startsWith("https:") || ctx.req.protocol === "https",
    maxAge: ORDER_ACCESS_MAX_AGE_SECONDS,
    expires: new Date(ctx.clock.now().getTime() + ORDER_ACCESS_MAX_AGE_SECONDS * 1000),
  });
}

async function viewer(ctx: Context): Promise<number | null> {
  return (await ctx.session())?.customerId ?? null;
}

export const checkoutRouter = router({
  /** Whether checkout takes test cards, real payments, or none (no provider configured): the pages say so. */
  paymentMode: publicProcedure.query(({ ctx }) => ({
    mode: paymentModeOf(ctx.config),
    provider: ctx.config.paymentProvider,
    ...(ctx.config.stripe
      ? { publishableKey: ctx.config.stripe.publishableKey, stripeJsUrl: ctx.config.stripe.jsUrl }
      : {}),
  })),
  quote: publicProcedure
    .input(ZCheckoutQuoteInput)
    .mutation(async ({ ctx, input }) => quoteCheckout(ctx, input, await viewer(ctx))),
  place: publicProcedure.input(ZPlaceOrderInput).mutation(async ({ ctx, input }) => {
    const placed = await placeOrder(ctx, input, { customerId: await viewer(ctx), ip: ctx.ip });
    setOrderAccess(ctx, placed.accessToken);
    return { order: placed.order, cartId: placed.cartId };
  }),
  /** Stripe: one PaymentIntent per attempt (idempotencyKey), its client secret for Stripe.js. */
  startPayment: publicProcedure
    .input(ZStartPaymentInput)
    .mutation(async ({ ctx, input }) =>
      startPayment(ctx, input, { customerId: await viewer(ctx), ip: ctx.ip }),
    ),
  /** Stripe: the placement settled from the intent's state (placed, pending konbini, failed ...). */
  completePayment: publicProcedure.input(ZCompletePaymentInput).mutation(async ({ ctx, input }) => {
    const outcome = await completePayment(ctx, input.placementId);
    if (outcome.status === "placed" || outcome.status === "pending") {
      const { accessToken, ...rest } = outcome;
      setOrderAccess(ctx, accessToken);
      return rest;
    }
    return outcome;
  }),
  order: publicProcedure.input(ZCheckoutOrderInput).query(async ({ ctx, input }) => {
    const parsed = ZNumericId.safeParse(input.orderId);
    return checkoutOrder(
      ctx,
      parsed.success ? parsed.data : 0,
      await viewer(ctx),
      ctx.req.cookies[ORDER_ACCESS_COOKIE],
    );
  }),
  offerAccount: publicProcedure
    .input(ZAccountOfferInput)
    .mutation(async ({ ctx, input }) => offerAccount(ctx, input)),
  /** The page's session and stated language matter when the account's address is unproven. */
  claimOrders: publicProcedure
    .input(ZClaimOrdersInput)
    .mutation(async ({ ctx, input }) =>
      claimOrders(ctx, input, await ctx.session(), statedLocale(ctx.req.headers)),
    ),
});
