// What a member of staff does to an order from the admin. Every move goes through the order
// state machine (lifecycle.ts) with the version the member looked at, so an order that moved
// since is refused with the reason it gives now (two members acting at once end in one
// outcome), and the audit row is written by the move's onChange hook, in the transaction that
// writes the change. Notes and a resent confirmation are no moves: each is one transaction with
// its audit row. A refusal leaves as an AppError carrying its reason code for the admin to
// translate (`admin.orders.refusal.<reason>`), on the form's field where it is about one.

import { toMoney } from "@vela/shared";
import type {
  OrderAddressInput,
  OrderCancelInput,
  OrderFulfilInput,
  OrderNoteInput,
  OrderRefundInput,
} from "@vela/shared/admin";
import type { Deps } from "../../deps.ts";
import { AppError, type AppErrorCode } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";
import { accountOfferUrl } from "../checkout/account-offer.ts";
import { orderPageUrl } from "../checkout/service.ts";
import { orderConfirmationMail } from "../checkout/templates.ts";
import {
  cancelOrder,
  changeShippingAddress,
  fulfilOrder,
  type MoveHooks,
  type OrderChange,
  refundOrder,
} from "./lifecycle.ts";
import { LifecycleError, type OrderRefusal } from "./refusals.ts";
import { SHIP_ADDRESS_SELECT, shippingAddressOf } from "./ship-address.ts";

/** The form field a refusal is about. */
const FIELD_OF: Partial<Record<OrderRefusal, string>> = {
  carrierRequired: "carrier",
  carrierText: "carrier",
  trackingText: "tracking",
  lineUnknown: "lines",
  lineRepeated: "lines",
  lineQuantity: "lines",
  lineRefundQuantity: "lines",
  notAnAmount: "amount",
  refundTooLarge: "amount",
};

function statusOf(reason: OrderRefusal): AppErrorCode {
  if (reason === "orderNotFound") return "NOT_FOUND";
  if (reason === "providerFailed") return "SERVICE_UNAVAILABLE";
  if (reason === "refundTooLarge") return "CONFLICT";
  return FIELD_OF[reason] ? "BAD_REQUEST" : "CONFLICT";
}

/** A refusal of the state machine as the admin's answer: status, English text, reason code, field. */
export function refusalAnswer(err: LifecycleError): AppError {
  const field = FIELD_OF[err.reason];
  return new AppError(statusOf(err.reason), err.message, {
    reason: err.reason,
    params: err.params,
    ...(field ? { issues: [{ path: field, message: err.message }] } : {}),
  });
}

/** Runs `work`; a refusal of the state machine leaves as the admin's answer. */
export async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof LifecycleError) throw refusalAnswer(err);
    throw err;
  }
}

/**
 * The audit row of a move's change, written in its transaction: the actor, the statuses before
 * and after, the history row's id (so the timeline shows who did it) and `extra` (a refund's
 * reason). The command line (`npm run orders`) writes it too, as the operator.
 */
export function auditChange(
  deps: Pick<Deps, "clock">,
  actor: Actor,
  extra: Record<string, unknown> = {},
): NonNullable<MoveHooks["onChange"]> {
  return async (tx, change: OrderChange) => {
    await record(tx, deps, actor, {
      kind: `order.${change.kind}`,
      entityType: "Order",
      entityId: change.orderId,
      before: { ...change.before, ...(change.address ? { address: change.address.before } : {}) },
      after: {
        ...change.after,
        eventId: change.eventId,
        orderNumber: change.orderNumber,
        ...(change.amount !== undefined ? { amount: change.amount } : {}),
        ...(change.detail ? { detail: change.detail } : {}),
        ...(change.address ? { address: change.address.after } : {}),
        ...extra,
      },
    });
  };
}

/** A member's move: decided on the version they saw, audited in its transaction. */
function auditedMove(
  deps: Pick<Deps, "clock">,
  actor: Actor,
  version: number,
  extra: Record<string, unknown> = {},
): MoveHooks {
  return { expectedVersion: version, onChange: auditChange(deps, actor, extra) };
}

export function fulfil(deps: Deps, actor: Actor, input: OrderFulfilInput) {
  return refusing(() =>
    fulfilOrder(
      deps,
      input.number,
      { carrier: input.carrier, tracking: input.tracking, ...(input.lines ? { lines: input.lines } : {}) },
      auditedMove(deps, actor, input.version),
    ),
  );
}

/** Minor units of the named lines at their unit price; refused for a line not on the order or too many units. */
async function linesAmount(deps: Deps, orderNumber: number, lines: { lineId: number; quantity: number }[]) {
  const order = await deps.db.order.findUnique({
    where: { orderNumber },
    select: {
      currencyCode: true,
      lineItems: { select: { id: true, quantity: true, unitPriceAmount: true } },
    },
  });
  if (!order) throw new LifecycleError("orderNotFound", { order: orderNumber });
  const seen = new Set<number>();
  let amount = 0;
  for (const pick of lines) {
    if (seen.has(pick.lineId)) throw new LifecycleError("lineRepeated", { line: pick.lineId });
    seen.add(pick.lineId);
    const line = order.lineItems.find((l) => l.id === pick.lineId);
    if (!line) throw new LifecycleError("lineUnknown", { line: pick.lineId, order: orderNumber });
    if (pick.quantity > line.quantity)
      throw new LifecycleError("lineRefundQuantity", { line: pick.lineId, max: line.quantity });
    amount += line.unitPriceAmount * pick.quantity;
  }
  return toMoney(amount, order.currencyCode).amount;
}

/**
 * Pays back an amount, or lines at their unit price (tax and shipping are refunded as an
 * amount); never beyond what was captured and not yet refunded (the state machine checks).
 */
export function refund(deps: Deps, actor: Actor, input: OrderRefundInput) {
  return refusing(async () => {
    const amount = input.lines ? await linesAmount(deps, input.number, input.lines) : input.amount;
    return refundOrder(
      deps,
      input.number,
      { amount },
      auditedMove(deps, actor, input.version, {
        reason: input.reason,
        ...(input.lines ? { lines: input.lines } : {}),
      }),
    );
  });
}

export function cancel(deps: Deps, actor: Actor, input: OrderCancelInput) {
  return refusing(() =>
    cancelOrder(deps, input.number, auditedMove(deps, actor, input.version, { reason: input.reason })),
  );
}

export function changeAddress(deps: Deps, actor: Actor, input: OrderAddressInput) {
  const a = input.address;
  return refusing(() =>
    changeShippingAddress(
      deps,
      input.number,
      {
        name: a.name.trim(),
        address1: a.address1.trim(),
        address2: a.address2?.trim() || null,
        city: a.city.trim(),
        province: a.province.trim(),
        zip: a.zip.trim(),
        country: a.country.trim(),
        phone: a.phone?.trim() || null,
      },
      auditedMove(deps, actor, input.version),
    ),
  );
}

/** A staff member's remark on the order, never shown to the customer. */
export function addNote(deps: Deps, actor: Actor, input: OrderNoteInput) {
  return refusing(async () => {
    const order = await deps.db.order.findUnique({
      where: { orderNumber: input.number },
      select: { id: true },
    });
    if (!order) throw new LifecycleError("orderNotFound", { order: input.number });
    const note = await deps.db.$transaction(async (tx) => {
      const created = await tx.orderNote.create({
        data: {
          orderId: order.id,
          staffId: actor.type === "staff" ? actor.staffId : null,
          authorLabel: actor.type === "operator" ? "operator" : actor.email,
          text: input.text,
          createdAt: deps.clock.now(),
        },
      });
      await record(tx, deps, actor, {
        kind: "order.note-added",
        entityType: "Order",
        entityId: order.id,
        after: { noteId: created.id, orderNumber: input.number },
      });
      return created;
    });
    return {
      note: { id: note.id, author: note.authorLabel, text: note.text, at: note.createdAt.toISOString() },
    };
  });
}

/**
 * The order's confirmation mailed again to its address, in its language, as the checkout sent
 * it (lines, totals, address as they are now). `held`: the address had its share of such mails
 * this hour (mail limits), so this one is kept and not sent.
 */
export function resendConfirmation(deps: Deps, actor: Actor, orderNumber: number) {
  return refusing(async () => {
    const o = await deps.db.order.findUnique({
      where: { orderNumber },
      select: {
        id: true,
        email: true,
        locale: true,
        customerId: true,
        currencyCode: true,
        subtotalAmount: true,
        discountAmount: true,
        shippingAmount: true,
        taxAmount: true,
        totalAmount: true,
        shippingMethod: true,
        createdAt: true,
        ...SHIP_ADDRESS_SELECT,
        customer: { select: { email: true } },
        placement: { select: { provider: true } },
        lineItems: {
          orderBy: { position: "asc" },
          select: { title: true, variantTitle: true, quantity: true, unitPriceAmount: true },
        },
      },
    });
    if (!o) throw new LifecycleError("orderNotFound", { order: orderNumber });
    const to = o.email || o.customer?.email;
    if (!to) throw new LifecycleError("noEmail", { order: orderNumber });
    const mail = orderConfirmationMail({
      to,
      locale: o.locale,
      orderNumber,
      currencyCode: o.currencyCode,
      lines: o.lineItems.map((l) => ({
        title: l.title,
        variantTitle: l.variantTitle,
        quantity: l.quantity,
        total: l.unitPriceAmount * l.quantity,
      })),
      totals: {
        subtotal: o.subtotalAmount,
        discount: o.discountAmount,
        shipping: o.shippingAmount,
        tax: o.taxAmount,
        total: o.totalAmount,
      },
      address: shippingAddressOf(o),
      shippingMethod: o.shippingMethod ?? "STANDARD",
      orderUrl: orderPageUrl(deps, o.customerId, o.id),
      accountOfferUrl: o.customerId === null ? accountOfferUrl(deps, o.id) : null,
      testMode: o.placement?.provider === "test",
      placedAt: o.createdAt,
    });
    const { held } = await deps.db.$transaction(async (tx) => {
      const queued = await deps.mailer.enqueue(tx, mail);
      await record(tx, deps, actor, {
        kind: "order.confirmation-resent",
        entityType: "Order",
        entityId: o.id,
        after: { orderNumber, to, held: queued.held },
      });
      return queued;
    });
    return { held };
  });
}
