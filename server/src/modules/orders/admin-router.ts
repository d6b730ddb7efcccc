// The admin's orders and dashboard procedures, each naming the permission it needs
// (docs/admin.md, "Orders"). Thin: the list, the detail and the actions live beside it
// (admin-list.ts, admin-detail.ts, admin-actions.ts, dashboard.ts); every move on an order is
// the state machine's (lifecycle.ts), the same the checkout and `npm run orders` use.
import {
  ZOrderAddressInput,
  ZOrderCancelInput,
  ZOrderFulfilInput,
  ZOrderListInput,
  ZOrderNoteInput,
  ZOrderRefInput,
  ZOrderRefundInput,
} from "@vela/shared/admin";
import type { Deps } from "../../deps.ts";
import { adminRouter, staffProcedure } from "../../trpc/admin-init.ts";
import * as actions from "./admin-actions.ts";
import { orderForStaff } from "./admin-detail.ts";
import { listOrdersForStaff } from "./admin-list.ts";
import { dashboardSummary } from "./dashboard.ts";

/** The mails a change queued leave now rather than at the delivery loop's next round. */
async function thenMail<T>(deps: Pick<Deps, "mailer">, work: Promise<T>): Promise<T> {
  const result = await work;
  deps.mailer.kick();
  return result;
}

export const ordersAdminRouter = adminRouter({
  /** Newest first in keyset pages; search (number, email, name) and filters. */
  list: staffProcedure("orders.read")
    .input(ZOrderListInput)
    .query(({ ctx, input }) => listOrdersForStaff(ctx, input)),

  get: staffProcedure("orders.read")
    .input(ZOrderRefInput)
    .query(({ ctx, input }) => actions.refusing(() => orderForStaff(ctx, input.number))),

  /** Ships some or all lines with one tracking number; the customer is mailed. */
  fulfil: staffProcedure("orders.fulfil")
    .input(ZOrderFulfilInput)
    .mutation(({ ctx, input }) => thenMail(ctx, actions.fulfil(ctx, ctx.actor, input))),

  /** Pays back an amount or lines, with a reason; never beyond what was captured. */
  refund: staffProcedure("payments.refund")
    .input(ZOrderRefundInput)
    .mutation(({ ctx, input }) => thenMail(ctx, actions.refund(ctx, ctx.actor, input))),

  /** Voids the authorization or refunds what was captured: a payment decision (docs/admin.md). */
  cancel: staffProcedure("payments.refund")
    .input(ZOrderCancelInput)
    .mutation(({ ctx, input }) => thenMail(ctx, actions.cancel(ctx, ctx.actor, input))),

  /** Before anything has shipped. */
  changeShippingAddress: staffProcedure("orders.fulfil")
    .input(ZOrderAddressInput)
    .mutation(({ ctx, input }) => thenMail(ctx, actions.changeAddress(ctx, ctx.actor, input))),

  resendConfirmation: staffProcedure("mails.resend")
    .input(ZOrderRefInput)
    .mutation(({ ctx, input }) => thenMail(ctx, actions.resendConfirmation(ctx, ctx.actor, input.number))),

  /** A remark for the staff, never shown to the customer; works on orders like fulfilling does. */
  addNote: staffProcedure("orders.fulfil")
    .input(ZOrderNoteInput)
    .mutation(({ ctx, input }) => actions.addNote(ctx, ctx.actor, input)),
});

export const dashboardAdminRouter = adminRouter({
  summary: staffProcedure("orders.read").query(({ ctx }) => dashboardSummary(ctx)),
});
