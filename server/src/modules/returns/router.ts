// The customer's return procedures: a signed-in customer's, for their own orders; a guest's,
// through the token of the shipping mail's link; and the returns of an order for its pages
// (the guest's confirmation page as well, with the guest's order-access cookie).
import {
  MESSAGES,
  ZGuestReturnRequestInput,
  ZNumericId,
  ZReturnLinkInput,
  ZReturnOrderInput,
  ZReturnRequestInput,
} from "@vela/shared";
import { hashToken } from "../../auth/tokens.ts";
import { AppError } from "../../errors.ts";
import { customerProcedure, publicProcedure, router } from "../../trpc/init.ts";
import { ORDER_ACCESS_COOKIE } from "../checkout/router.ts";
import { orderOfLink } from "./links.ts";
import { requestReturn, returnableOrderById, returnableOrderOf, returnsOfOrder } from "./service.ts";

/** A malformed id is an order that does not exist for this customer: the same answer. */
const orderIdOf = (id: string | number) => {
  const parsed = ZNumericId.safeParse(id);
  return parsed.success ? parsed.data : 0;
};

export const returnsRouter = router({
  /** The order page's return section: lines with what can be returned, the window, the returns. */
  forOrder: customerProcedure
    .input(ZReturnOrderInput)
    .query(({ ctx, input }) => returnableOrderOf(ctx, ctx.customerId, orderIdOf(input.orderId))),
  request: customerProcedure
    .input(ZReturnRequestInput)
    .mutation(({ ctx, input }) =>
      requestReturn(
        ctx,
        orderIdOf(input.orderId),
        { kind: "customer", customerId: ctx.customerId, ip: ctx.ip },
        input,
      ),
    ),
  /** The guest's return page, opened by the link of the shipping mail. */
  forLink: publicProcedure
    .input(ZReturnLinkInput)
    .query(async ({ ctx, input }) => returnableOrderById(ctx, await orderOfLink(ctx, input.token))),
  requestByLink: publicProcedure
    .input(ZGuestReturnRequestInput)
    .mutation(async ({ ctx, input }) =>
      requestReturn(
        ctx,
        await orderOfLink(ctx, input.token),
        { kind: "guest", token: input.token, ip: ctx.ip },
        input,
      ),
    ),
  /** An order's returns for its buyer: the signed-in owner, or the browser holding the guest's key. */
  ofOrder: publicProcedure.input(ZReturnOrderInput).query(async ({ ctx, input }) => {
    const id = orderIdOf(input.orderId);
    const o = await ctx.db.order.findUnique({
      where: { id },
      select: { customerId: true, accessTokenHash: true },
    });
    const customerId = (await ctx.session())?.customerId ?? null;
    const key = ctx.req.cookies[ORDER_ACCESS_COOKIE];
    const mine = o !== null && customerId !== null && o.customerId === customerId;
    const guest =
      o?.accessTokenHash != null &&
      key !== undefined &&
      hashToken(ctx.config.sessionSecret, key) === o.accessTokenHash;
    if (!(mine || guest)) throw new AppError("NOT_FOUND", MESSAGES.orderNotFound);
    return { returns: await returnsOfOrder(ctx.db, id) };
  }),
});
