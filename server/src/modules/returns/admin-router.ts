// The staff's return procedures (`returns.*` on /admin/trpc). Thin: staff.ts holds the rules.
// Every move writes its audit row (the acting member) in its own transaction; the refund needs
// payments.refund, everything else returns.manage.
import {
  ZReturnApproveInput,
  ZReturnDeclineInput,
  ZReturnListInput,
  ZReturnReceiveInput,
  ZReturnRefInput,
  ZReturnRefundInput,
} from "@vela/shared";
import { adminRouter, staffProcedure } from "../../trpc/admin-init.ts";
import {
  approveReturn,
  declineReturn,
  getReturn,
  listReturns,
  receiveReturn,
  refundReturn,
} from "./staff.ts";

export const returnsAdminRouter = adminRouter({
  /** `filter`: waiting (the default, oldest first), open, all, or one state; `cursor` pages. */
  list: staffProcedure("returns.manage")
    .input(ZReturnListInput)
    .query(({ ctx, input }) => listReturns(ctx, input)),
  get: staffProcedure("returns.manage")
    .input(ZReturnRefInput)
    .query(({ ctx, input }) => getReturn(ctx, input.returnId)),
  approve: staffProcedure("returns.manage")
    .input(ZReturnApproveInput)
    .mutation(({ ctx, input }) => approveReturn(ctx, ctx.actor, input)),
  decline: staffProcedure("returns.manage")
    .input(ZReturnDeclineInput)
    .mutation(({ ctx, input }) => declineReturn(ctx, ctx.actor, input)),
  receive: staffProcedure("returns.manage")
    .input(ZReturnReceiveInput)
    .mutation(({ ctx, input }) => receiveReturn(ctx, ctx.actor, input)),
  refund: staffProcedure("payments.refund")
    .input(ZReturnRefundInput)
    .mutation(({ ctx, input }) => refundReturn(ctx, ctx.actor, input)),
});
