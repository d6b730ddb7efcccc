// The order's life after placement, for the operator (npm run orders): one state machine.
//   financial:   AUTHORIZED | PAID -> PARTIALLY_REFUNDED -> REFUNDED;  any of them -> VOIDED (cancel)
//   fulfilment:  UNFULFILLED -> PARTIALLY_FULFILLED -> FULFILLED
// Refused: fulfilling a cancelled or refunded order or more than was ordered, refunding beyond
// what was paid or a cancelled order, cancelling an order that has shipped (refund it instead).
// Every change emails the customer in the order's language, through the outbox.
import { toMoney } from "@vela/shared";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { paymentProvider } from "./payment.ts";
import { orderCancelledMail, orderRefundedMail, orderShippedMail } from "./templates.ts";

/** A move the state machine refuses; the CLI prints the message and exits with 1. */
export class LifecycleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LifecycleError";
  }
}

const orderSelect = {
  id: true,
  orderNumber: true,
  email: true,
  locale: true,
  customerId: true,
  processedAt: true,
  financialStatus: true,
  fulfillmentStatus: true,
  currencyCode: true,
  totalAmount: true,
  refundedAmount: true,
  lineItems: {
    orderBy: { position: "asc" },
    select: {
      id: true,
      title: true,
      variantTitle: true,
      quantity: true,
      fulfilledQuantity: true,
      variantId: true,
    },
  },
  tracking: { orderBy: { position: "asc" }, select: { company: true, number: true, url: true } },
  placement: {
    select: {
      provider: true,
      paymentReference: true,
      cardBrand: true,
      cardLast4: true,
      capturedAmount: true,
    },
  },
  events: { orderBy: { id: "asc" }, select: { kind: true, amount: true, detail: true, createdAt: true } },
} as const;

async function load(deps: Deps, orderNumber: number) {
  const o = await deps.db.order.findUnique({ where: { orderNumber }, select: orderSelect });
  if (!o) throw new LifecycleError(`Order ${orderNumber} does not exist`);
  return o;
}

const CARRIER_URLS: Record<string, string> = {
  UPS: "https://www.ups.com/track?tracknum=",
  FEDEX: "https://www.fedex.com/fedextrack/?trknbr=",
  USPS: "https://tools.usps.com/go/TrackConfirmAction?tLabels=",
  DHL: "https://www.dhl.com/en/express/tracking.html?AWB=",
  YAMATO: "https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=",
  "JAPAN POST": "https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1=",
};

export function trackingUrl(carrier: string, number: string): string {
  const base = CARRIER_URLS[carrier.trim().toUpperCase()];
  return base
    ? `${base}${encodeURIComponent(number)}`
    : `https://www.google.com/search?q=${encodeURIComponent(`${carrier} ${number}`)}`;
}

/** Minor units from the operator's decimal text ("20.00" USD, "3000" JPY); null when it is not an amount. */
export function parseAmount(text: string, currencyCode: string): number | null {
  const digits = currencyCode === "JPY" ? 0 : 2;
  const re = digits === 0 ? /^\d+$/ : /^\d+(\.\d{1,2})?$/;
  if (!re.test(text.trim())) return null;
  const [whole = "0", frac = ""] = text.trim().split(".");
  return Number(whole) * 10 ** digits + Number(frac.padEnd(digits, "0") || "0");
}

const fmt = (minor: number, cur: string) => `${toMoney(minor, cur).amount} ${cur}`;

export async function listOperatorOrders(deps: Deps, limit = 20): Promise<string[]> {
  const rows = await deps.db.order.findMany({
    orderBy: { id: "desc" },
    take: limit,
    select: {
      orderNumber: true,
      email: true,
      processedAt: true,
      financialStatus: true,
      fulfillmentStatus: true,
      totalAmount: true,
      currencyCode: true,
    },
  });
  return rows.map(
    (o) =>
      `#${o.orderNumber}  ${o.processedAt.toISOString().slice(0, 10)}  ${o.financialStatus}/${o.fulfillmentStatus ?? "UNFULFILLED"}  ${fmt(o.totalAmount, o.currencyCode)}  ${o.email}`,
  );
}

export async function showOrder(deps: Deps, orderNumber: number): Promise<string[]> {
  const o = await load(deps, orderNumber);
  return [
    `Order #${o.orderNumber} (${o.email || "no email"}, ${o.locale})`,
    `Status: ${o.financialStatus} / ${o.fulfillmentStatus ?? "UNFULFILLED"}`,
    `Total: ${fmt(o.totalAmount, o.currencyCode)}, refunded ${fmt(o.refundedAmount, o.currencyCode)}`,
    ...(o.placement
      ? [
          `Payment: ${o.placement.provider} ${o.placement.cardBrand ?? ""} •••• ${o.placement.cardLast4 ?? ""}`,
        ]
      : []),
    "Lines:",
    ...o.lineItems.map(
      (l) =>
        `  line ${l.id}: ${l.title} — ${l.variantTitle} × ${l.quantity} (shipped ${l.fulfilledQuantity})`,
    ),
    ...o.tracking.map((t) => `Tracking: ${t.company} ${t.number} ${t.url}`),
    ...o.events.map((e) =>
      `  ${e.createdAt.toISOString()} ${e.kind}${e.amount !== null ? ` ${fmt(e.amount, o.currencyCode)}` : ""} ${e.detail}`.trimEnd(),
    ),
  ];
}

export async function fulfilOrder(
  deps: Deps,
  orderNumber: number,
  opts: { carrier: string; tracking: string; lines?: { lineId: number; quantity: number }[] },
): Promise<string> {
  const o = await load(deps, orderNumber);
  if (o.financialStatus === "VOIDED")
    throw new LifecycleError(`Order ${orderNumber} is cancelled: it cannot be fulfilled`);
  if (o.financialStatus === "REFUNDED")
    throw new LifecycleError(`Order ${orderNumber} is refunded: it cannot be fulfilled`);
  if (o.fulfillmentStatus === "FULFILLED")
    throw new LifecycleError(`Order ${orderNumber} is already fulfilled`);
  if (!opts.carrier.trim() || !opts.tracking.trim())
    throw new LifecycleError("A carrier and a tracking number are required");
  const wanted = opts.lines?.length
    ? opts.lines
    : o.lineItems
        .map((l) => ({ lineId: l.id, quantity: l.quantity - l.fulfilledQuantity }))
        .filter((l) => l.quantity > 0);
  for (const w of wanted) {
    const line = o.lineItems.find((l) => l.id === w.lineId);
    if (!line) throw new LifecycleError(`Line ${w.lineId} is not a line of order ${orderNumber}`);
    if (
      !Number.isInteger(w.quantity) ||
      w.quantity < 1 ||
      w.quantity > line.quantity - line.fulfilledQuantity
    )
      throw new LifecycleError(
        `Line ${w.lineId}: at most ${line.quantity - line.fulfilledQuantity} left to fulfil`,
      );
  }
  const now = deps.clock.now();
  const url = trackingUrl(opts.carrier, opts.tracking);
  const status = await deps.db.$transaction(async (tx) => {
    for (const w of wanted) {
      await tx.orderLineItem.update({
        where: { id: w.lineId },
        data: { fulfilledQuantity: { increment: w.quantity } },
      });
    }
    const lines = await tx.orderLineItem.findMany({
      where: { orderId: o.id },
      select: { quantity: true, fulfilledQuantity: true },
    });
    const complete = lines.every((l) => l.fulfilledQuantity >= l.quantity);
    const next = complete ? "FULFILLED" : "PARTIALLY_FULFILLED";
    await tx.trackingInfo.create({
      data: {
        orderId: o.id,
        position: o.tracking.length,
        company: opts.carrier.trim(),
        number: opts.tracking.trim(),
        url,
      },
    });
    await tx.order.update({ where: { id: o.id }, data: { fulfillmentStatus: next } });
    await tx.orderEvent.create({
      data: {
        orderId: o.id,
        kind: "FULFILLED",
        detail: `${opts.carrier} ${opts.tracking} ${wanted.map((w) => `${w.lineId}:${w.quantity}`).join(" ")}`,
        createdAt: now,
      },
    });
    if (o.email) {
      await deps.mailer.enqueue(
        tx,
        orderShippedMail({
          to: o.email,
          locale: o.locale,
          orderNumber,
          company: opts.carrier,
          number: opts.tracking,
          url,
          complete,
        }),
      );
    }
    return next;
  });
  return `Order ${orderNumber} is now ${status}`;
}

export async function refundOrder(deps: Deps, orderNumber: number, amountText?: string): Promise<string> {
  const o = await load(deps, orderNumber);
  if (o.financialStatus === "VOIDED")
    throw new LifecycleError(`Order ${orderNumber} is cancelled: nothing to refund`);
  if (!o.placement?.paymentReference)
    throw new LifecycleError(`Order ${orderNumber} was not paid through the store's payment provider`);
  const left = o.totalAmount - o.refundedAmount;
  if (left <= 0) throw new LifecycleError(`Order ${orderNumber} is already fully refunded`);
  const amount = amountText === undefined ? left : parseAmount(amountText, o.currencyCode);
  if (amount === null || amount <= 0)
    throw new LifecycleError(`Not an amount in ${o.currencyCode}: ${amountText}`);
  if (amount > left)
    throw new LifecycleError(
      `No refund beyond the amount paid: at most ${fmt(left, o.currencyCode)} can be refunded`,
    );
  await paymentProvider().refund(o.placement.paymentReference, amount, o.currencyCode);
  const complete = amount === left;
  const next = complete ? "REFUNDED" : "PARTIALLY_REFUNDED";
  await deps.db.$transaction(async (tx) => {
    // Only if nobody refunded in between: the amount checked above is still what is left.
    const { count } = await tx.order.updateMany({
      where: { id: o.id, refundedAmount: o.refundedAmount },
      data: { refundedAmount: { increment: amount }, financialStatus: next },
    });
    if (count === 0) throw new LifecycleError(`Order ${orderNumber} changed meanwhile; try again`);
    await tx.orderPlacement.updateMany({
      where: { orderId: o.id },
      data: { refundedAmount: { increment: amount } },
    });
    await tx.orderEvent.create({
      data: { orderId: o.id, kind: "REFUNDED", amount, createdAt: deps.clock.now() },
    });
    if (o.email) {
      await deps.mailer.enqueue(
        tx,
        orderRefundedMail({
          to: o.email,
          locale: o.locale,
          orderNumber,
          amount,
          currencyCode: o.currencyCode,
          complete,
        }),
      );
    }
  });
  return `Order ${orderNumber}: refunded ${fmt(amount, o.currencyCode)}, now ${next}`;
}

export async function cancelOrder(deps: Deps, orderNumber: number): Promise<string> {
  const o = await load(deps, orderNumber);
  if (o.financialStatus === "VOIDED") throw new LifecycleError(`Order ${orderNumber} is already cancelled`);
  if (o.lineItems.some((l) => l.fulfilledQuantity > 0))
    throw new LifecycleError(`Order ${orderNumber} has shipped: it cannot be cancelled (refund it instead)`);
  const p = o.placement;
  if (!p?.paymentReference)
    throw new LifecycleError(`Order ${orderNumber} was not paid through the store's payment provider`);
  const left = o.totalAmount - o.refundedAmount;
  if (p.capturedAmount > 0 && left > 0)
    await paymentProvider().refund(p.paymentReference, left, o.currencyCode);
  else if (p.capturedAmount === 0) await paymentProvider().void(p.paymentReference);
  await deps.db.$transaction(async (tx: Prisma.TransactionClient) => {
    const { count } = await tx.order.updateMany({
      where: { id: o.id, financialStatus: { not: "VOIDED" } },
      data: {
        financialStatus: "VOIDED",
        refundedAmount: p.capturedAmount > 0 ? o.totalAmount : o.refundedAmount,
      },
    });
    if (count === 0) throw new LifecycleError(`Order ${orderNumber} is already cancelled`);
    // The units go back on the shelf.
    for (const l of o.lineItems) {
      if (l.variantId !== null)
        await tx.productVariant.update({
          where: { id: l.variantId },
          data: { inventory: { increment: l.quantity } },
        });
    }
    await tx.orderEvent.create({
      data: { orderId: o.id, kind: "CANCELLED", amount: left, createdAt: deps.clock.now() },
    });
    if (o.email)
      await deps.mailer.enqueue(tx, orderCancelledMail({ to: o.email, locale: o.locale, orderNumber }));
  });
  return `Order ${orderNumber} is cancelled (VOIDED); stock returned`;
}
