import { ZCartAddInput, ZCartId, ZCartLineQuantity } from "@vela/shared";
import { z } from "zod";
import type { Context } from "../../trpc/context.ts";
import { customerProcedure, publicProcedure, router } from "../../trpc/init.ts";
import { addToCart, claimCart, createCart, getCart, removeCartLine, updateCartLine } from "./service.ts";

const ZLineId = z.union([z.string().max(120), z.number().int()]);

async function viewer(ctx: Context): Promise<number | null> {
  return (await ctx.session())?.customerId ?? null;
}

export const cartRouter = router({
  create: publicProcedure.mutation(async ({ ctx }) => createCart(ctx, await viewer(ctx))),
  get: publicProcedure
    .input(z.strictObject({ cartId: ZCartId }))
    .query(async ({ ctx, input }) => getCart(ctx, input.cartId, await viewer(ctx))),
  addLines: publicProcedure
    .input(ZCartAddInput.extend({ cartId: ZCartId }))
    .mutation(async ({ ctx, input }) => addToCart(ctx, input.cartId, await viewer(ctx), input.items)),
  updateLine: publicProcedure
    .input(z.strictObject({ cartId: ZCartId, lineId: ZLineId, quantity: ZCartLineQuantity }))
    .mutation(async ({ ctx, input }) =>
      updateCartLine(ctx, input.cartId, await viewer(ctx), input.lineId, input.quantity),
    ),
  removeLine: publicProcedure
    .input(z.strictObject({ cartId: ZCartId, lineId: ZLineId }))
    .mutation(async ({ ctx, input }) => removeCartLine(ctx, input.cartId, await viewer(ctx), input.lineId)),
  claim: customerProcedure
    .input(z.strictObject({ cartId: ZCartId.nullish() }))
    .mutation(({ ctx, input }) => claimCart(ctx, ctx.customerId, input.cartId ?? null)),
});
