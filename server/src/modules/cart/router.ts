import {
  ZCartAddInput,
  ZCartId,
  ZCartLineQuantity,
  ZCatalogLanguage,
  ZStorefrontCurrency,
} from "@vela/shared";
import { z } from "zod";
import type { Context } from "../../trpc/context.ts";
import { customerProcedure, publicProcedure, router } from "../../trpc/init.ts";
import {
  addToCart,
  claimCart,
  createCart,
  getCart,
  removeCartLine,
  setCartCurrency,
  updateCartLine,
} from "./service.ts";

const ZLineId = z.union([z.string().max(120), z.number().int()]);
/** The reader's language for product and variant names in the answer (en-US when absent). */
const language = ZCatalogLanguage.optional();

async function viewer(ctx: Context): Promise<number | null> {
  return (await ctx.session())?.customerId ?? null;
}

export const cartRouter = router({
  create: publicProcedure
    .input(z.strictObject({ currencyCode: ZStorefrontCurrency.optional() }).optional())
    .mutation(async ({ ctx, input }) => createCart(ctx, await viewer(ctx), ctx.ip, input?.currencyCode)),
  get: publicProcedure
    .input(z.strictObject({ cartId: ZCartId, language }))
    .query(async ({ ctx, input }) => getCart(ctx, input.cartId, await viewer(ctx), input.language)),
  setCurrency: publicProcedure
    .input(z.strictObject({ cartId: ZCartId, currencyCode: ZStorefrontCurrency, language }))
    .mutation(async ({ ctx, input }) =>
      setCartCurrency(ctx, input.cartId, await viewer(ctx), input.currencyCode, input.language),
    ),
  addLines: publicProcedure
    .input(ZCartAddInput.extend({ cartId: ZCartId, language }))
    .mutation(async ({ ctx, input }) =>
      addToCart(ctx, input.cartId, await viewer(ctx), input.items, input.language),
    ),
  updateLine: publicProcedure
    .input(z.strictObject({ cartId: ZCartId, lineId: ZLineId, quantity: ZCartLineQuantity, language }))
    .mutation(async ({ ctx, input }) =>
      updateCartLine(ctx, input.cartId, await viewer(ctx), input.lineId, input.quantity, input.language),
    ),
  removeLine: publicProcedure
    .input(z.strictObject({ cartId: ZCartId, lineId: ZLineId, language }))
    .mutation(async ({ ctx, input }) =>
      removeCartLine(ctx, input.cartId, await viewer(ctx), input.lineId, input.language),
    ),
  claim: customerProcedure
    .input(z.strictObject({ cartId: ZCartId.nullish(), language }))
    .mutation(({ ctx, input }) => claimCart(ctx, ctx.customerId, input.cartId ?? null, input.language)),
});
