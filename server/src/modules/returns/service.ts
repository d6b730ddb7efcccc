// Returns, the customer's side: what of an order can be returned, the request (a signed-in
// customer's from the order page, a guest's through the shipping mail's link), and the returns
// as the order's pages show them. The staff's side is staff.ts.
//
// The window: the store has no delivered state (an order is shipped, never marked delivered),
// so the window of RETURN_WINDOW_DAYS counts from the order's latest shipment (its last
// FULFILLED event). A request is refused, with the reason and nothing written, after the
// window, for units not shipped, and beyond what was bought less what is already returned or
// asked for (every return but a declined one holds its units).

import type { Money } from "@vela/shared";
import {
  MESSAGES,
  RETURN_MESSAGES,
  RETURN_WINDOW_DAYS,
  type ReturnReason,
  returnNumber,
  toGid,
  toMoney,
} from "@vela/shared";
import type { Db, Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError, type FieldIssue } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";
import { accountOrderUrl, guestReturnUrl } from "./links.ts";
import { returnRequestedMail } from "./templates.ts";

const DAY_MS = 86_400_000;

/** The states that hold their units: every return but a declined one. */
const HOLDING = ["REQUESTED", "APPROVED", "RECEIVED", "REFUNDING", "REFUNDED"];

export const returnSelect = {
  id: true,
  orderId: true,
  position: true,
  status: true,
  reason: true,
  comment: true,
  customerId: true,
  declineReason: true,
  refundedAmount: true,
  requestedAt: true,
  approvedAt: true,
  declinedAt: true,
  receivedAt: true,
  refundStartedAt: true,
  refundedAt: true,
  version: true,
  lines: {
    orderBy: { id: "asc" },
    select: {
      id: true,
      orderLineId: true,
      quantity: true,
      restock: true,
      orderLine: {
        select: { title: true, variantTitle: true, unitPriceAmount: true, variantId: true, position: true },
      },
    },
  },
} as const satisfies Prisma.ReturnSelect;

export type ReturnRow = Prisma.ReturnGetPayload<{ select: typeof returnSelect }>;

const orderSelect = {
  id: true,
  orderNumber: true,
  customerId: true,
  email: true,
  locale: true,
  currencyCode: true,
  financialStatus: true,
  lineItems: {
    orderBy: { position: "asc" },
    select: {
      id: true,
      title: true,
      variantTitle: true,
      quantity: true,
      fulfilledQuantity: true,
      unitPriceAmount: true,
      imageUrl: true,
    },
  },
  events: { where: { kind: "FULFILLED" }, orderBy: { id: "desc" }, take: 1, select: { createdAt: true } },
  returns: { orderBy: { position: "asc" }, select: returnSelect },
} as const satisfies Prisma.OrderSelect;

type OrderForReturns = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

/** A return as the customer sees it on the order's page. */
export interface ReturnView {
  id: number;
  number: string;
  status: string;
  reason: string;
  comment: string;
  declineReason: string | null;
  requestedAt: string;
  approvedAt: string | null;
  declinedAt: string | null;
  receivedAt: string | null;
  refundedAt: string | null;
  refunded: Money | null;
  lines: { lineId: number; title: string; variantTitle: string; quantity: number }[];
}

export function returnView(r: ReturnRow, orderNumber: number, currencyCode: string): ReturnView {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: r.id,
    number: returnNumber(orderNumber, r.position),
    status: r.status,
    reason: r.reason,
    comment: r.comment,
    declineReason: r.declineReason,
    requestedAt: r.requestedAt.toISOString(),
    approvedAt: iso(r.approvedAt),
    declinedAt: iso(r.declinedAt),
    receivedAt: iso(r.receivedAt),
    refundedAt: iso(r.refundedAt),
    refunded: r.status === "REFUNDED" ? toMoney(r.refundedAmount, currencyCode) : null,
    lines: r.lines.map((l) => ({
      lineId: l.orderLineId,
      title: l.orderLine.title,
      variantTitle: l.orderLine.variantTitle,
      quantity: l.quantity,
    })),
  };
}

/** Why nothing of the order can be asked for now; null while something can. */
export type ClosedReason = "windowClosed" | "notShipped" | "orderClosed" | null;

/** An order's lines as the return form offers them, the window, and the order's returns. */
export interface ReturnableOrder {
  order: { id: string; orderNumber: number; currencyCode: string };
  window: { days: number; shippedAt: string | null; closesAt: string | null; open: boolean };
  closed: ClosedReason;
  lines: {
    lineId: number;
    title: string;
    variantTitle: string;
    imageUrl: string;
    unitPrice: Money;
    quantity: number;
    shipped: number;
    /** Units in returns that hold them (all but declined ones). */
    taken: number;
    /** What can be asked for now: shipped, less taken; 0 when the order is closed to returns. */
    returnable: number;
  }[];
  returns: ReturnView[];
}

/** When the window closes: RETURN_WINDOW_DAYS after the latest shipment; null before any. */
export function windowOf(o: Pick<OrderForReturns, "events">, now: Date) {
  const shippedAt = o.events[0]?.createdAt ?? null;
  const closesAt = shippedAt ? new Date(shippedAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS) : null;
  return {
    days: RETURN_WINDOW_DAYS,
    shippedAt,
    closesAt,
    open: closesAt !== null && now.getTime() < closesAt.getTime(),
  };
}

/** Units of each order line held by returns (all but declined ones). */
function takenByLine(returns: ReturnRow[]): Map<number, number> {
  const taken = new Map<number, number>();
  for (const r of returns) {
    if (!HOLDING.includes(r.status)) continue;
    for (const l of r.lines) taken.set(l.orderLineId, (taken.get(l.orderLineId) ?? 0) + l.quantity);
  }
  return taken;
}

const orderClosed = (o: Pick<OrderForReturns, "financialStatus">) =>
  o.financialStatus === "VOIDED" || o.financialStatus === "REFUNDED";

function returnable(o: OrderForReturns, now: Date): ReturnableOrder {
  const window = windowOf(o, now);
  const taken = takenByLine(o.returns);
  const closed: ClosedReason = orderClosed(o)
    ? "orderClosed"
    : window.shippedAt === null
      ? "notShipped"
      : window.open
        ? null
        : "windowClosed";
  return {
    order: { id: toGid("Order", o.id), orderNumber: o.orderNumber, currencyCode: o.currencyCode },
    window: {
      days: window.days,
      shippedAt: window.shippedAt?.toISOString() ?? null,
      closesAt: window.closesAt?.toISOString() ?? null,
      open: window.open,
    },
    closed,
    lines: o.lineItems.map((l) => {
      const t = taken.get(l.id) ?? 0;
      return {
        lineId: l.id,
        title: l.title,
        variantTitle: l.variantTitle,
        imageUrl: l.imageUrl,
        unitPrice: toMoney(l.unitPriceAmount, o.currencyCode),
        quantity: l.quantity,
        shipped: l.fulfilledQuantity,
        taken: t,
        returnable: closed ? 0 : Math.max(0, Math.min(l.quantity, l.fulfilledQuantity) - t),
      };
    }),
    returns: o.returns.map((r) => returnView(r, o.orderNumber, o.currencyCode)),
  };
}

const notFound = () => new AppError("NOT_FOUND", MESSAGES.orderNotFound);

/** A signed-in customer's order, for its page; another's and an unknown one answer the same. */
export async function returnableOrderOf(deps: Deps, customerId: number, orderId: number) {
  const o = await deps.db.order.findFirst({ where: { id: orderId, customerId }, select: orderSelect });
  if (!o) throw notFound();
  return returnable(o, deps.clock.now());
}

/** The order a guest's link opens. */
export async function returnableOrderById(deps: Deps, orderId: number) {
  const o = await deps.db.order.findUnique({ where: { id: orderId }, select: orderSelect });
  if (!o) throw notFound();
  return returnable(o, deps.clock.now());
}

/** An order's returns, for its pages (the guest's confirmation page reads these). */
export async function returnsOfOrder(db: Db, orderId: number): Promise<ReturnView[]> {
  const o = await db.order.findUnique({
    where: { id: orderId },
    select: {
      orderNumber: true,
      currencyCode: true,
      returns: { orderBy: { position: "asc" }, select: returnSelect },
    },
  });
  return o ? o.returns.map((r) => returnView(r, o.orderNumber, o.currencyCode)) : [];
}

export interface RequestInput {
  lines: { lineId: number; quantity: number }[];
  reason: ReturnReason;
  comment: string;
}

/** Who asks: a signed-in customer (their order only), or a guest holding the order's link. */
export type Requester =
  | { kind: "customer"; customerId: number; ip: string | null }
  | { kind: "guest"; token: string; ip: string | null };

/**
 * Writes the request, its audit row (the customer as actor) and its mail in one transaction,
 * deciding on the order as that transaction reads it: two requests at once for the same units
 * cannot both take them (SQLite's one writer; PostgreSQL's serializable transactions, retried).
 */
export async function requestReturn(
  deps: Deps,
  orderId: number,
  who: Requester,
  input: RequestInput,
): Promise<{ return: ReturnView }> {
  const seen = new Set<number>();
  const repeated: FieldIssue[] = [];
  input.lines.forEach((l, i) => {
    if (seen.has(l.lineId))
      repeated.push({ path: `lines.${i}.lineId`, message: RETURN_MESSAGES.lineRepeated });
    seen.add(l.lineId);
  });
  if (repeated.length) throw new AppError("BAD_REQUEST", RETURN_MESSAGES.lineRepeated, { issues: repeated });

  return deps.db.$transaction(async (tx) => {
    const o = await tx.order.findUnique({ where: { id: orderId }, select: orderSelect });
    if (!o || (who.kind === "customer" && o.customerId !== who.customerId)) throw notFound();
    if (orderClosed(o)) throw new AppError("CONFLICT", RETURN_MESSAGES.orderClosed);
    const now = deps.clock.now();
    const window = windowOf(o, now);
    if (window.shippedAt !== null && !window.open)
      throw new AppError("CONFLICT", RETURN_MESSAGES.windowClosed);

    const taken = takenByLine(o.returns);
    const issues: FieldIssue[] = [];
    input.lines.forEach((w, i) => {
      const line = o.lineItems.find((l) => l.id === w.lineId);
      if (!line) {
        issues.push({ path: `lines.${i}.lineId`, message: RETURN_MESSAGES.lineUnknown });
        return;
      }
      const t = taken.get(line.id) ?? 0;
      if (w.quantity > line.quantity - t)
        issues.push({ path: `lines.${i}.quantity`, message: RETURN_MESSAGES.tooMany });
      else if (w.quantity > line.fulfilledQuantity - t)
        issues.push({ path: `lines.${i}.quantity`, message: RETURN_MESSAGES.notShipped });
    });
    const first = issues[0];
    if (first) throw new AppError("BAD_REQUEST", first.message, { issues });

    const position = (o.returns.at(-1)?.position ?? 0) + 1;
    const created = await tx.return.create({
      data: {
        orderId: o.id,
        position,
        status: "REQUESTED",
        reason: input.reason,
        comment: input.comment,
        customerId: who.kind === "customer" ? who.customerId : null,
        requestedAt: now,
        lines: { create: input.lines.map((l) => ({ orderLineId: l.lineId, quantity: l.quantity })) },
      },
      select: returnSelect,
    });
    const view = returnView(created, o.orderNumber, o.currencyCode);
    const actor: Actor = {
      type: "customer",
      customerId: who.kind === "customer" ? who.customerId : null,
      email: o.email,
      ip: who.ip,
    };
    await record(tx, deps, actor, {
      kind: "return.requested",
      entityType: "Return",
      entityId: created.id,
      after: {
        number: view.number,
        order: o.orderNumber,
        status: "REQUESTED",
        reason: input.reason,
        lines: input.lines.map((l) => ({ orderLineId: l.lineId, quantity: l.quantity })),
        via: who.kind === "customer" ? "account" : "guest-link",
      },
    });
    if (o.email)
      await deps.mailer.enqueue(
        tx,
        returnRequestedMail({
          to: o.email,
          locale: o.locale,
          orderNumber: o.orderNumber,
          number: view.number,
          url: who.kind === "customer" ? accountOrderUrl(deps, o.id) : guestReturnUrl(deps, who.token),
          lines: view.lines,
          reason: input.reason,
          comment: input.comment,
        }),
      );
    return { return: view };
  });
}

/** The returns waiting for a member of staff's decision (REQUESTED), for the admin's dashboard. */
export function countReturnsWaiting(db: Db): Promise<number> {
  return db.return.count({ where: { status: "REQUESTED" } });
}
