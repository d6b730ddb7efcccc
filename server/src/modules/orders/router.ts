import { ZNumericId, ZOrdersListInput } from "@vela/shared";
import { z } from "zod";
import { customerProcedure, router } from "../../trpc/init.ts";
import { getOrder, listOrders } from "./service.ts";

export const ordersRouter = router({
  list: customerProcedure
    .input(ZOrdersListInput)
    .query(({ ctx, input }) => listOrders(ctx, ctx.customerId, input ?? {}, ctx.locale)),
  byId: customerProcedure
    .input(z.strictObject({ id: z.union([z.string().max(120), z.number()]) }))
    .query(({ ctx, input }) => {
      const parsed = ZNumericId.safeParse(input.id);
      // A malformed id is an order that does not exist for this customer: the same answer.
      return getOrder(ctx, ctx.customerId, parsed.success ? parsed.data : 0, ctx.locale);
    }),
});
