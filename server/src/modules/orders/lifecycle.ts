// The order's life after placement: one state machine, and the one place every move on an order
// goes through (the checkout's capture, `npm run orders`, and a browser admin later).
//   financial:   AUTHORIZED -capture-> PAID -refund-> PARTIALLY_REFUNDED -refund-> REFUNDED
//                any of them -cancel-> VOIDED (an authorization is voided, a capture refunded)
//   fulfilment:  UNFULFILLED -> PARTIALLY_FULFILLED -> FULFILLED
// Each move reads the order, decides, and writes only while the order is still at the version it
// decided on; when the order moved meanwhile, the move reads it again and decides again, so two
// operators acting at once end in one outcome and the other is told why ("already cancelled").
// Captures, refunds and voids are claimed before the provider is called and carry the claim's
// idempotency key (payment-operations.ts); while one is in progress the order takes no other move.
// Refused, with a reason (refusals.ts) and nothing changed: fulfilling a cancelled or refunded
// order, a line twice or more units than are left; refunding what was not captured or beyond it;
// cancelling an order that has shipped (refund it instead); changing the address of one that has.
// Every change emails the customer in the order's language, through the outbox.
import { isSingleLineText, toMoney } from "@vela/shared";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { paymentProvider } from "../checkout/payment.ts";
import { orderCancelledMail, orderRefundedMail, orderShippedMail } from "../checkout/templates.ts";
import { returnLinkFor } from "../returns/links.ts";
import {
  callProvider,
  claimOperation,
  type OnSucceeded,
  type OperationAction,
  type OperationKind,
  operationSelect,
  type PaymentOf,
  type PaymentOperation,
  resumeOperation,
  settleOperation,
} from "./payment-operations.ts";
import { LifecycleError } from "./refusals.ts";
import { SHIP_ADDRESS_SELECT, type ShippingAddressFields, shippingAddressOf } from "./ship-address.ts";
import { orderAddressChangedMail } from "./templates.ts";

export { LifecycleError, ORDER_REFUSALS, type OrderRefusal } from "./refusals.ts";

type Tx = Prisma.TransactionClient;

/** The longest carrier name and tracking number the store keeps. */
export const TRACKING_TEXT_MAX = 100;

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
  version: true,
  ...SHIP_ADDRESS_SELECT,
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
      authorizedAmount: true,
      capturedAmount: true,
    },
  },
  events: { orderBy: { id: "asc" }, select: { kind: true, amount: true, detail: true, createdAt: true } },
  paymentOperations: { orderBy: { id: "asc" }, select: operationSelect },
} as const satisfies Prisma.OrderSelect;

/** An order as the operator sees it: lines, tracking, payment, history and payment operations. */
export type OperatorOrder = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

/** The order as it is now; refused when there is none. */
export async function operatorOrder(deps: Deps, orderNumber: number): Promise<OperatorOrder> {
  const o = await deps.db.order.findUnique({ where: { orderNumber }, select: orderSelect });
  if (!o) throw new LifecycleError("orderNotFound", { order: orderNumber });
  return o;
}

/** The newest orders, for a list. */
export function operatorOrders(deps: Deps, limit = 20) {
  return deps.db.order.findMany({
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
  const re = digits === 0 ? /^\d{1,12}$/ : /^\d{1,12}(\.\d{1,2})?$/;
  if (!re.test(text.trim())) return null;
  const [whole = "0", frac = ""] = text.trim().split(".");
  return Number(whole) * 10 ** digits + Number(frac.padEnd(digits, "0") || "0");
}

/** "20.00 USD": an amount as the operator reads it. */
export const formatAmount = (minor: number, currencyCode: string) =>
  `${toMoney(minor, currencyCode).amount} ${currencyCode}`;

const OPERATION_NAMES: Record<OperationKind, string> = { CAPTURE: "capture", REFUND: "refund", VOID: "void" };

/** A change the state machine wrote, as the caller's hook sees it inside the same transaction. */
export interface OrderChange {
  orderId: number;
  orderNumber: number;
  kind: "captured" | "refunded" | "cancelled" | "fulfilled" | "address-changed";
  before: { financialStatus: string; fulfillmentStatus: string | null };
  after: { financialStatus: string; fulfillmentStatus: string | null };
  /** The order's history row (OrderEvent) the change wrote, for a timeline to join its actor to. */
  eventId: number;
  /** Minor units captured or paid back. */
  amount?: number;
  /** A fulfilment's carrier, tracking number and `line:quantity` list, as in the order's history. */
  detail?: string;
  /** An address change: the shipping address before and after. */
  address?: { before: ShippingAddressFields; after: ShippingAddressFields };
}

export interface MoveHooks {
  /**
   * Runs in the transaction that writes the change (an admin's audit row commits with it or not
   * at all). A payment's change is written when the provider has answered: by this move, or by a
   * later one that finishes a claim a stopped process left.
   */
  onChange?: (tx: Tx, change: OrderChange) => Promise<void>;
  /**
   * The order's version the caller decided on (a member looking at the order): when the order
   * has moved since, the move is refused with the reason the order as it is now gives, or else
   * `staleVersion`, and nothing is written. Without it the move decides on the order as it finds it.
   */
  expectedVersion?: number;
}

function changeOf(
  o: OperatorOrder,
  kind: OrderChange["kind"],
  after: Partial<OrderChange["after"]>,
  extra: Pick<OrderChange, "eventId" | "amount" | "detail" | "address">,
): OrderChange {
  const before = { financialStatus: o.financialStatus, fulfillmentStatus: o.fulfillmentStatus };
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    kind,
    before,
    after: { ...before, ...after },
    ...extra,
  };
}

// --- the engine: decide on the order as it is, write only if it still is ---------------------

/** A move's answer when the order changed between reading and writing: read again, decide again. */
const MOVED = Symbol("moved");
type Moved = typeof MOVED;
/** Enough for a burst of operators on one order; beyond it the move gives up and says so. */
const ATTEMPTS = 8;

async function move<T>(
  deps: Deps,
  orderNumber: number,
  hooks: MoveHooks,
  decide: (o: OperatorOrder) => Promise<T | Moved>,
): Promise<T> {
  const expected = hooks.expectedVersion;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const o = await operatorOrder(deps, orderNumber);
    const pending = o.paymentOperations.find((p) => p.status === "PENDING");
    if (pending) {
      // A claim whose lease ran out was left by a stopped process: finish it first (same key).
      const stale = pending.leaseUntil.getTime() <= deps.clock.now().getTime();
      if (!stale || !(await resumeOperation(deps, paymentOf(o), pending, effectOf(deps, o, hooks))))
        throw new LifecycleError("operationInProgress", {
          order: orderNumber,
          operation: OPERATION_NAMES[pending.kind as OperationKind] ?? pending.kind,
          since: pending.createdAt.toISOString(),
        });
      continue;
    }
    // The caller saw an older version: decide on the order as it is now, so that a refusal says
    // the real reason ("has shipped"), but against the version they saw, so that every
    // conditional write (takeVersion, claimOperation) finds it gone and nothing is written.
    const stale = expected !== undefined && o.version !== expected;
    const result = await decide(stale ? { ...o, version: expected } : o);
    if (result !== MOVED) return result;
    if (stale) throw new LifecycleError("staleVersion", { order: orderNumber });
  }
  throw new LifecycleError("changedMeanwhile", { order: orderNumber });
}

/** Moves the order's version in `tx`, only from the version the move decided on. */
async function takeVersion(tx: Tx, o: OperatorOrder): Promise<boolean> {
  const { count } = await tx.order.updateMany({
    where: { id: o.id, version: o.version },
    data: { version: { increment: 1 } },
  });
  return count === 1;
}

/** The authorization to act on, at the provider that made it (never another one's reference). */
function paymentOf(o: OperatorOrder): PaymentOf {
  const reference = o.placement?.paymentReference;
  if (!reference) throw new LifecycleError("notPaidThroughProvider", { order: o.orderNumber });
  const paidWith = o.placement?.provider;
  const inUse = paymentProvider().name;
  if (paidWith && paidWith !== inUse)
    throw new LifecycleError("providerMismatch", { order: o.orderNumber, paidWith, inUse });
  return { reference, currencyCode: o.currencyCode };
}

/** Claims, calls the provider and records the outcome; MOVED when another move claimed first. */
async function runOperation(
  deps: Deps,
  o: OperatorOrder,
  op: { kind: OperationKind; action: OperationAction; amount: number },
  hooks: MoveHooks,
): Promise<PaymentOperation | Moved> {
  const payment = paymentOf(o);
  const claimed = await claimOperation(deps, o, op);
  if (!claimed) return MOVED;
  const outcome = await callProvider(deps, payment, claimed);
  await settleOperation(deps, claimed, outcome, effectOf(deps, o, hooks));
  if (!outcome.ok)
    throw new LifecycleError("providerFailed", {
      order: o.orderNumber,
      operation: OPERATION_NAMES[op.kind],
      detail: outcome.detail,
    });
  return claimed;
}

// --- what a succeeded payment operation does to the order -------------------------------------

function effectOf(deps: Deps, o: OperatorOrder, hooks: MoveHooks): OnSucceeded {
  return async (tx, op) => {
    if (op.action === "CAPTURE") await captured(tx, deps, o, op.amount, hooks);
    else if (op.action === "REFUND") await refunded(tx, deps, o, op.amount, hooks);
    else await cancelled(tx, deps, o, op.kind === "REFUND" ? op.amount : 0, hooks);
  };
}

async function captured(tx: Tx, deps: Deps, o: OperatorOrder, amount: number, hooks: MoveHooks) {
  await tx.orderPlacement.update({
    where: { orderId: o.id },
    data: { capturedAmount: { increment: amount } },
  });
  await tx.order.update({ where: { id: o.id }, data: { financialStatus: "PAID" } });
  const event = await tx.orderEvent.create({
    data: { orderId: o.id, kind: "CAPTURED", amount, createdAt: deps.clock.now() },
    select: { id: true },
  });
  await hooks.onChange?.(
    tx,
    changeOf(o, "captured", { financialStatus: "PAID" }, { amount, eventId: event.id }),
  );
}

async function refunded(tx: Tx, deps: Deps, o: OperatorOrder, amount: number, hooks: MoveHooks) {
  const placement = await tx.orderPlacement.update({
    where: { orderId: o.id },
    data: { refundedAmount: { increment: amount } },
    select: { capturedAmount: true },
  });
  const { refundedAmount } = await tx.order.update({
    where: { id: o.id },
    data: { refundedAmount: { increment: amount } },
    select: { refundedAmount: true },
  });
  const complete = refundedAmount >= placement.capturedAmount;
  const financialStatus = complete ? "REFUNDED" : "PARTIALLY_REFUNDED";
  await tx.order.update({ where: { id: o.id }, data: { financialStatus } });
  const event = await tx.orderEvent.create({
    data: { orderId: o.id, kind: "REFUNDED", amount, createdAt: deps.clock.now() },
    select: { id: true },
  });
  if (o.email)
    await deps.mailer.enqueue(
      tx,
      orderRefundedMail({
        to: o.email,
        locale: o.locale,
        orderNumber: o.orderNumber,
        amount,
        currencyCode: o.currencyCode,
        complete,
      }),
    );
  await hooks.onChange?.(tx, changeOf(o, "refunded", { financialStatus }, { amount, eventId: event.id }));
}

/** VOIDED, the units back on the shelf, the customer told; `refund` is what was paid back now. */
async function cancelled(tx: Tx, deps: Deps, o: OperatorOrder, refund: number, hooks: MoveHooks) {
  await tx.order.update({
    where: { id: o.id },
    data: { financialStatus: "VOIDED", refundedAmount: { increment: refund } },
  });
  if (refund > 0)
    await tx.orderPlacement.update({
      where: { orderId: o.id },
      data: { refundedAmount: { increment: refund } },
    });
  const lines = await tx.orderLineItem.findMany({
    where: { orderId: o.id },
    select: { variantId: true, quantity: true },
  });
  for (const l of lines) {
    if (l.variantId !== null)
      await tx.productVariant.update({
        where: { id: l.variantId },
        data: { inventory: { increment: l.quantity } },
      });
  }
  const event = await tx.orderEvent.create({
    data: { orderId: o.id, kind: "CANCELLED", amount: refund || null, createdAt: deps.clock.now() },
    select: { id: true },
  });
  if (o.email)
    await deps.mailer.enqueue(
      tx,
      orderCancelledMail({ to: o.email, locale: o.locale, orderNumber: o.orderNumber }),
    );
  await hooks.onChange?.(
    tx,
    changeOf(o, "cancelled", { financialStatus: "VOIDED" }, { amount: refund, eventId: event.id }),
  );
}

// --- the moves ------------------------------------------------------------------------------

export interface FulfilLine {
  lineId: number;
  quantity: number;
}

/** Ships lines (all that is left when none are named) with one tracking number. */
export async function fulfilOrder(
  deps: Deps,
  orderNumber: number,
  opts: { carrier: string; tracking: string; lines?: FulfilLine[] },
  hooks: MoveHooks = {},
): Promise<{ orderNumber: number; fulfillmentStatus: "FULFILLED" | "PARTIALLY_FULFILLED" }> {
  const carrier = opts.carrier.trim();
  const number = opts.tracking.trim();
  if (!carrier || !number) throw new LifecycleError("carrierRequired");
  if (carrier.length > TRACKING_TEXT_MAX || !isSingleLineText(carrier))
    throw new LifecycleError("carrierText", { max: TRACKING_TEXT_MAX });
  if (number.length > TRACKING_TEXT_MAX || !isSingleLineText(number))
    throw new LifecycleError("trackingText", { max: TRACKING_TEXT_MAX });
  const named = opts.lines ?? [];
  const seen = new Set<number>();
  for (const w of named) {
    if (seen.has(w.lineId)) throw new LifecycleError("lineRepeated", { line: w.lineId });
    seen.add(w.lineId);
  }
  // Stripe's authorizations are captured when the first shipment leaves (docs/checkout.md, "Stripe").
  const pre = await deps.db.order.findUnique({
    where: { orderNumber },
    select: { financialStatus: true, placement: { select: { provider: true, capturedAmount: true } } },
  });
  if (
    pre?.financialStatus === "AUTHORIZED" &&
    pre.placement?.provider === "stripe" &&
    pre.placement.capturedAmount === 0
  )
    await captureOrder(deps, orderNumber, hooks);

  return move(deps, orderNumber, hooks, async (o) => {
    if (o.financialStatus === "VOIDED") throw new LifecycleError("fulfilCancelled", { order: orderNumber });
    if (o.financialStatus === "REFUNDED") throw new LifecycleError("fulfilRefunded", { order: orderNumber });
    const wanted = named.length
      ? named
      : o.lineItems
          .map((l) => ({ lineId: l.id, quantity: l.quantity - l.fulfilledQuantity }))
          .filter((l) => l.quantity > 0);
    if (o.fulfillmentStatus === "FULFILLED" || wanted.length === 0)
      throw new LifecycleError("alreadyFulfilled", { order: orderNumber });
    for (const w of wanted) {
      const line = o.lineItems.find((l) => l.id === w.lineId);
      if (!line) throw new LifecycleError("lineUnknown", { line: w.lineId, order: orderNumber });
      const left = line.quantity - line.fulfilledQuantity;
      if (!Number.isSafeInteger(w.quantity) || w.quantity < 1 || w.quantity > left)
        throw new LifecycleError("lineQuantity", { line: w.lineId, left });
    }
    const shipped = new Map(wanted.map((w) => [w.lineId, w.quantity]));
    const complete = o.lineItems.every((l) => l.fulfilledQuantity + (shipped.get(l.id) ?? 0) >= l.quantity);
    const next = complete ? "FULFILLED" : "PARTIALLY_FULFILLED";
    const url = trackingUrl(carrier, number);
    const written = await deps.db.$transaction(async (tx) => {
      if (!(await takeVersion(tx, o))) return false;
      for (const w of wanted) {
        await tx.orderLineItem.update({
          where: { id: w.lineId },
          data: { fulfilledQuantity: { increment: w.quantity } },
        });
      }
      await tx.trackingInfo.create({
        data: { orderId: o.id, position: o.tracking.length, company: carrier, number, url },
      });
      await tx.order.update({ where: { id: o.id }, data: { fulfillmentStatus: next } });
      const detail = `${carrier} ${number} ${wanted.map((w) => `${w.lineId}:${w.quantity}`).join(" ")}`;
      const event = await tx.orderEvent.create({
        data: { orderId: o.id, kind: "FULFILLED", detail, createdAt: deps.clock.now() },
        select: { id: true },
      });
      if (o.email)
        await deps.mailer.enqueue(
          tx,
          orderShippedMail({
            to: o.email,
            locale: o.locale,
            orderNumber,
            company: carrier,
            number,
            url,
            complete,
            returnUrl: await returnLinkFor(tx, deps, o),
          }),
        );
      await hooks.onChange?.(
        tx,
        changeOf(o, "fulfilled", { fulfillmentStatus: next }, { detail, eventId: event.id }),
      );
      return true;
    });
    return written ? { orderNumber, fulfillmentStatus: next } : MOVED;
  });
}

/** Pays back `amount` (decimal text in the order's currency; all that is left when absent). */
export async function refundOrder(
  deps: Deps,
  orderNumber: number,
  opts: { amount?: string | undefined } = {},
  hooks: MoveHooks = {},
): Promise<{
  orderNumber: number;
  amount: number;
  currencyCode: string;
  financialStatus: "REFUNDED" | "PARTIALLY_REFUNDED";
}> {
  return move(deps, orderNumber, hooks, async (o) => {
    if (o.financialStatus === "VOIDED") throw new LifecycleError("refundCancelled", { order: orderNumber });
    const p = o.placement;
    if (!p?.paymentReference) throw new LifecycleError("notPaidThroughProvider", { order: orderNumber });
    if (p.capturedAmount === 0) throw new LifecycleError("refundNotCaptured", { order: orderNumber });
    // What was captured and not yet paid back: a refund never goes beyond it.
    const left = p.capturedAmount - o.refundedAmount;
    if (left <= 0) throw new LifecycleError("alreadyRefunded", { order: orderNumber });
    const amount = opts.amount === undefined ? left : parseAmount(opts.amount, o.currencyCode);
    if (amount === null || amount <= 0)
      throw new LifecycleError("notAnAmount", { currency: o.currencyCode, text: opts.amount ?? "" });
    if (amount > left)
      throw new LifecycleError("refundTooLarge", { left: formatAmount(left, o.currencyCode) });
    const op = await runOperation(deps, o, { kind: "REFUND", action: "REFUND", amount }, hooks);
    if (op === MOVED) return MOVED;
    return {
      orderNumber,
      amount,
      currencyCode: o.currencyCode,
      financialStatus: amount === left ? "REFUNDED" : "PARTIALLY_REFUNDED",
    };
  });
}

/** VOIDED: the authorization voided or what was captured refunded, the stock back, the customer told. */
export async function cancelOrder(
  deps: Deps,
  orderNumber: number,
  hooks: MoveHooks = {},
): Promise<{ orderNumber: number; refunded: number; currencyCode: string; voided: boolean }> {
  return move(deps, orderNumber, hooks, async (o) => {
    if (o.financialStatus === "VOIDED") throw new LifecycleError("alreadyCancelled", { order: orderNumber });
    if (o.lineItems.some((l) => l.fulfilledQuantity > 0))
      throw new LifecycleError("cancelShipped", { order: orderNumber });
    const p = o.placement;
    if (!p?.paymentReference) throw new LifecycleError("notPaidThroughProvider", { order: orderNumber });
    const result = { orderNumber, currencyCode: o.currencyCode };
    if (p.capturedAmount === 0) {
      const op = await runOperation(deps, o, { kind: "VOID", action: "CANCEL", amount: 0 }, hooks);
      return op === MOVED ? MOVED : { ...result, refunded: 0, voided: true };
    }
    const left = p.capturedAmount - o.refundedAmount;
    if (left > 0) {
      const op = await runOperation(deps, o, { kind: "REFUND", action: "CANCEL", amount: left }, hooks);
      return op === MOVED ? MOVED : { ...result, refunded: left, voided: false };
    }
    // Refunded in full already: nothing to ask of the provider.
    const written = await deps.db.$transaction(async (tx) => {
      if (!(await takeVersion(tx, o))) return false;
      await cancelled(tx, deps, o, 0, hooks);
      return true;
    });
    return written ? { ...result, refunded: 0, voided: false } : MOVED;
  });
}

/** Takes the authorized amount (the checkout does right after placing; the operator when that failed). */
export async function captureOrder(
  deps: Deps,
  orderNumber: number,
  hooks: MoveHooks = {},
): Promise<{ orderNumber: number; amount: number; currencyCode: string }> {
  return move(deps, orderNumber, hooks, async (o) => {
    const p = o.placement;
    if (!p?.paymentReference) throw new LifecycleError("notPaidThroughProvider", { order: orderNumber });
    if (o.financialStatus !== "AUTHORIZED" || p.capturedAmount > 0)
      throw new LifecycleError("captureNotAuthorized", { order: orderNumber, status: o.financialStatus });
    const amount = p.authorizedAmount || o.totalAmount;
    const op = await runOperation(deps, o, { kind: "CAPTURE", action: "CAPTURE", amount }, hooks);
    return op === MOVED ? MOVED : { orderNumber, amount, currencyCode: o.currencyCode };
  });
}

/** The fulfilment statuses of an order that has begun to ship. */
const SHIPPED_STATUSES: readonly string[] = ["FULFILLED", "PARTIALLY_FULFILLED"];

/** A new shipping address, before anything has shipped; the customer is told. */
export async function changeShippingAddress(
  deps: Deps,
  orderNumber: number,
  address: ShippingAddressFields,
  hooks: MoveHooks = {},
): Promise<{ orderNumber: number }> {
  return move(deps, orderNumber, hooks, async (o) => {
    if (o.financialStatus === "VOIDED") throw new LifecycleError("addressCancelled", { order: orderNumber });
    const shipped =
      o.lineItems.some((l) => l.fulfilledQuantity > 0) ||
      SHIPPED_STATUSES.includes(o.fulfillmentStatus ?? "");
    if (shipped) throw new LifecycleError("addressShipped", { order: orderNumber });
    const before = shippingAddressOf(o);
    const written = await deps.db.$transaction(async (tx) => {
      if (!(await takeVersion(tx, o))) return false;
      await tx.order.update({
        where: { id: o.id },
        data: {
          shipName: address.name,
          shipAddress1: address.address1,
          shipAddress2: address.address2,
          shipCity: address.city,
          shipProvince: address.province,
          shipZip: address.zip,
          shipCountry: address.country,
          shipPhone: address.phone,
        },
      });
      const event = await tx.orderEvent.create({
        data: { orderId: o.id, kind: "ADDRESS_CHANGED", createdAt: deps.clock.now() },
        select: { id: true },
      });
      if (o.email)
        await deps.mailer.enqueue(
          tx,
          orderAddressChangedMail({ to: o.email, locale: o.locale, orderNumber, address }),
        );
      await hooks.onChange?.(
        tx,
        changeOf(o, "address-changed", {}, { eventId: event.id, address: { before, after: address } }),
      );
      return true;
    });
    return written ? { orderNumber } : MOVED;
  });
}
