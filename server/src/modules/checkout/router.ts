import {
  ZAccountOfferInput,
  ZCheckoutOrderInput,
  ZCheckoutQuoteInput,
  ZClaimOrdersInput,
  ZNumericId,
  ZPlaceOrderInput,
} from "@vela/shared";
import type { Context } from "../../trpc/context.ts";
import { publicProcedure, router } from "../../trpc/init.ts";
import { claimOrders, offerAccount } from "./account-offer.ts";
import { checkoutOrder, placeOrder, quoteCheckout } from "./service.ts";
import { paymentModeOf } from "./provider-choice.ts";

/** A guest's key to their confirmation page: a session cookie, never in the page or its URL. */
export const ORDER_ACCESS_COOKIE = "vela_order_access";

async function viewer(ctx: Context): Promise<number | null> {
  return (await ctx.session())?.customerId ?? null;
}

export const checkoutRouter = router({
  quote: publicProcedure
    .input(ZCheckoutQuoteInput)
    .mutation(async ({ ctx, input }) => quoteCheckout(ctx, input, await viewer(ctx))),
  place: publicProcedure.input(ZPlaceOrderInput).mutation(async ({ ctx, input }) => {
    const placed = await placeOrder(ctx, input, { customerId: await viewer(ctx), ip: ctx.ip });
    if (placed.accessToken) {
      ctx.reply.setCookie(ORDER_ACCESS_COOKIE, placed.accessToken, {
  /** Whether checkout takes test cards, real payments, or none (no provider configured): the pages say so. */
  paymentMode: publicProcedure.query(({ ctx }) => ({ mode: paymentModeOf(ctx.config) })),
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: ctx.config.publicUrl.startsWith("https:") || ctx.req.protocol === "https",
      });
    }
    return { order: placed.order, cartId: placed.cartId };
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
  claimOrders: publicProcedure
    .input(ZClaimOrdersInput)
    .mutation(async ({ ctx, input }) => claimOrders(ctx, input)),
});
