// One order as the admin shows it: lines, totals, payment with its operations, address,
// shipments, staff notes, what can be done now, and the timeline: the order's history rows
// (OrderEvent) with the actor of the audit row written in the same transaction, the audit rows
// of changes that have no history row (a resent confirmation), its returns, its notes and the
// mails sent about it.
import { personName } from "@vela/shared";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { LifecycleError } from "./refusals.ts";
import { SHIP_ADDRESS_SELECT, shippingAddressOf } from "./ship-address.ts";

const detailSelect = {
  id: true,
  orderNumber: true,
  version: true,
  email: true,
  locale: true,
  customerId: true,
  customer: { select: { id: true, firstName: true, lastName: true, email: true, locale: true } },
  createdAt: true,
  processedAt: true,
  financialStatus: true,
  fulfillmentStatus: true,
  currencyCode: true,
  subtotalAmount: true,
  discountAmount: true,
  shippingAmount: true,
  taxAmount: true,
  totalAmount: true,
  refundedAmount: true,
  shippingMethod: true,
  paymentStatus: true,
  disputed: true,
  ...SHIP_ADDRESS_SELECT,
  lineItems: {
    orderBy: { position: "asc" },
    select: {
      id: true,
      title: true,
      variantTitle: true,
      quantity: true,
      fulfilledQuantity: true,
      unitPriceAmount: true,
      originalTotalAmount: true,
      imageUrl: true,
      imageAlt: true,
      productHandle: true,
    },
  },
  tracking: { orderBy: { position: "asc" }, select: { company: true, number: true, url: true } },
  redemptions: { select: { code: true, amount: true } },
  placement: {
    select: {
      provider: true,
      paymentReference: true,
      cardBrand: true,
      cardLast4: true,
      authorizedAmount: true,
      capturedAmount: true,
      refundedAmount: true,
    },
  },
  paymentOperations: {
    orderBy: { id: "asc" },
    select: {
      id: true,
      kind: true,
      action: true,
      amount: true,
      status: true,
      failureMessage: true,
      createdAt: true,
    },
  },
  events: {
    orderBy: { id: "asc" },
    select: { id: true, kind: true, amount: true, detail: true, createdAt: true },
  },
  notes: {
    orderBy: { id: "asc" },
    select: { id: true, staffId: true, authorLabel: true, text: true, createdAt: true },
  },
} as const satisfies Prisma.OrderSelect;

type DetailRow = Prisma.OrderGetPayload<{ select: typeof detailSelect }>;

/** Who did something on the timeline. `store`: the store itself (the checkout's capture). */
export type TimelineActor =
  | { type: "staff"; label: string }
  | { type: "operator"; label: string }
  | { type: "customer"; label: string }
  | { type: "store"; label: null };

export type TimelineKind =
  | "placed"
  | "paid"
  | "shipped"
  | "refunded"
  | "cancelled"
  | "address-changed"
  | "returned"
  | "note"
  | "mail"
  | "confirmation-resent"
  | "other";

export interface TimelineEntry {
  /** Unique within the timeline: where it came from and its row's id. */
  id: string;
  at: string;
  kind: TimelineKind;
  actor: TimelineActor;
  /** Minor units of the order's currency (a capture, a refund). */
  amount: number | null;
  /**
   * What the entry says beyond its kind: a shipment's carrier and number, a refund's reason, a
   * note's text, a mail's subject, a return's event (`return.approved`), an unknown kind's name.
   */
  detail: string | null;
  /** A mail's state; a return's number (R1001-1). */
  status?: "sent" | "held" | "failing" | "gave-up" | "queued";
  reference?: string;
}

export interface StaffOrderView {
  number: number;
  version: number;
  placedAt: string;
  financialStatus: string;
  fulfillmentStatus: string;
  currencyCode: string;
  locale: string;
  email: string;
  customer: { id: number; name: string; email: string } | null;
  lines: {
    id: number;
    title: string;
    variantTitle: string;
    quantity: number;
    fulfilledQuantity: number;
    unitPrice: number;
    total: number;
    imageUrl: string;
    imageAlt: string;
    productHandle: string;
  }[];
  totals: { subtotal: number; discount: number; shipping: number; tax: number; total: number };
  discountCodes: { code: string; amount: number }[];
  shippingMethod: string | null;
  shippingAddress: {
    name: string;
    address1: string;
    address2: string | null;
    city: string;
    province: string;
    zip: string;
    country: string;
    phone: string | null;
  };
  payment: {
    provider: string | null;
    brand: string | null;
    last4: string | null;
    authorized: number;
    captured: number;
    refunded: number;
    /** What can still be paid back: captured less refunded. */
    refundable: number;
    /**
     * Paid with Stripe: the PaymentIntent's status as Stripe last reported it (requires_capture,
     * succeeded, processing, canceled ...), the intent's id, and whether the charge is disputed;
     * null with any other provider.
     */
    stripe: { status: string | null; intentId: string | null; disputed: boolean } | null;
    operations: {
      id: number;
      kind: string;
      action: string;
      amount: number;
      status: string;
      failureMessage: string | null;
      at: string;
    }[];
  };
  shipments: { carrier: string; number: string; url: string }[];
  notes: { id: number; author: string; text: string; at: string }[];
  /** What the order's state allows now (the server checks again when it is asked). */
  can: { fulfil: boolean; refund: boolean; cancel: boolean; changeAddress: boolean };
  timeline: TimelineEntry[];
}

const MAIL_MAX_ATTEMPTS = 8;
const SHIPPED = ["FULFILLED", "PARTIALLY_FULFILLED"];

type AuditRow = {
  id: number;
  createdAt: Date;
  actorType: string;
  actorLabel: string;
  kind: string;
  entityType: string;
  entityId: string;
  after: string | null;
};

function actorOf(a: Pick<AuditRow, "actorType" | "actorLabel">): TimelineActor {
  if (a.actorType === "staff") return { type: "staff", label: a.actorLabel };
  if (a.actorType === "customer") return { type: "customer", label: a.actorLabel };
  return { type: "operator", label: a.actorLabel };
}

function afterOf(a: AuditRow): Record<string, unknown> {
  if (!a.after) return {};
  try {
    const value: unknown = JSON.parse(a.after);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const EVENT_KINDS: Record<string, TimelineKind> = {
  PLACED: "placed",
  CAPTURED: "paid",
  FULFILLED: "shipped",
  REFUNDED: "refunded",
  CANCELLED: "cancelled",
  ADDRESS_CHANGED: "address-changed",
};

/** Audit kinds whose change also wrote a history row: the row is the entry, the audit its actor. */
const RETURN_REFUND_MATCH_MS = 5_000;

function mailStatus(m: {
  sentAt: Date | null;
  heldAt: Date | null;
  attempts: number;
  lastError: string | null;
}): NonNullable<TimelineEntry["status"]> {
  if (m.sentAt) return "sent";
  if (m.heldAt) return "held";
  if (m.attempts >= MAIL_MAX_ATTEMPTS) return "gave-up";
  if (m.lastError) return "failing";
  return "queued";
}

async function timelineOf(deps: Pick<Deps, "db">, o: DetailRow): Promise<TimelineEntry[]> {
  const returns = await deps.db.return.findMany({
    where: { orderId: o.id },
    select: { id: true, position: true },
  });
  const audits: AuditRow[] = await deps.db.auditEvent.findMany({
    where: {
      OR: [
        { entityType: "Order", entityId: String(o.id) },
        ...(returns.length
          ? [{ entityType: "Return", entityId: { in: returns.map((r) => String(r.id)) } }]
          : []),
      ],
    },
    orderBy: { id: "asc" },
    select: {
      id: true,
      createdAt: true,
      actorType: true,
      actorLabel: true,
      kind: true,
      entityType: true,
      entityId: true,
      after: true,
    },
  });
  const to = o.email || o.customer?.email || "";
  const mentions = new RegExp(`(#|R)${o.orderNumber}(?![0-9])`);
  const mails = to
    ? (
        await deps.db.emailOutbox.findMany({
          where: { to },
          orderBy: { id: "desc" },
          take: 300,
          select: {
            id: true,
            kind: true,
            subject: true,
            createdAt: true,
            sentAt: true,
            heldAt: true,
            attempts: true,
            lastError: true,
          },
        })
      ).filter(
        (m) => (m.kind.startsWith("order-") || m.kind.startsWith("return-")) && mentions.test(m.subject),
      )
    : [];

  const byEvent = new Map<number, AuditRow>();
  for (const a of audits) {
    const eventId = afterOf(a).eventId;
    if (a.entityType === "Order" && typeof eventId === "number") byEvent.set(eventId, a);
  }
  const used = new Set<number>();
  const entries: TimelineEntry[] = [];
  const placedBy: TimelineActor = o.customer
    ? { type: "customer", label: o.customer.email }
    : { type: "customer", label: o.email };

  for (const e of o.events) {
    const kind = EVENT_KINDS[e.kind] ?? "other";
    let audit = byEvent.get(e.id);
    // A return's refund goes through the order's refund; its audit row is the return's.
    if (!audit && kind === "refunded")
      audit = audits.find(
        (a) =>
          !used.has(a.id) &&
          a.kind === "return.refunded" &&
          Math.abs(a.createdAt.getTime() - e.createdAt.getTime()) <= RETURN_REFUND_MATCH_MS,
      );
    if (audit) used.add(audit.id);
    const reason = audit ? afterOf(audit).reason : undefined;
    entries.push({
      id: `event-${e.id}`,
      at: e.createdAt.toISOString(),
      kind,
      actor: audit ? actorOf(audit) : kind === "placed" ? placedBy : { type: "store", label: null },
      amount: e.amount,
      detail: kind === "other" ? e.kind : typeof reason === "string" ? reason : e.detail ? e.detail : null,
    });
  }
  const returnNumber = new Map(returns.map((r) => [String(r.id), `R${o.orderNumber}-${r.position}`]));
  for (const a of audits) {
    if (used.has(a.id) || byEvent.get(Number(afterOf(a).eventId))?.id === a.id) continue;
    // Notes are entries of their own (below), with their text.
    if (a.kind === "order.note-added") continue;
    const after = afterOf(a);
    const amount = typeof after.amount === "number" ? after.amount : null;
    if (a.entityType === "Return") {
      entries.push({
        id: `audit-${a.id}`,
        at: a.createdAt.toISOString(),
        kind: "returned",
        actor: actorOf(a),
        amount,
        detail: a.kind,
        reference: returnNumber.get(a.entityId) ?? "",
      });
      continue;
    }
    entries.push({
      id: `audit-${a.id}`,
      at: a.createdAt.toISOString(),
      kind: a.kind === "order.confirmation-resent" ? "confirmation-resent" : "other",
      actor: actorOf(a),
      amount,
      detail: a.kind === "order.confirmation-resent" ? null : a.kind,
    });
  }
  for (const n of o.notes)
    entries.push({
      id: `note-${n.id}`,
      at: n.createdAt.toISOString(),
      kind: "note",
      actor: { type: "staff", label: n.authorLabel },
      amount: null,
      detail: n.text,
    });
  for (const m of mails)
    entries.push({
      id: `mail-${m.id}`,
      at: m.createdAt.toISOString(),
      kind: "mail",
      actor: { type: "store", label: null },
      amount: null,
      detail: m.subject,
      status: mailStatus(m),
      reference: m.kind,
    });
  // Oldest first; what happened in one instant keeps the order it was written in.
  const source = (id: string) => ["event", "audit", "note", "mail"].indexOf(id.split("-")[0] ?? "");
  return entries.sort(
    (a, b) =>
      a.at.localeCompare(b.at) ||
      source(a.id) - source(b.id) ||
      Number(a.id.split("-")[1]) - Number(b.id.split("-")[1]),
  );
}

export async function orderForStaff(deps: Pick<Deps, "db">, orderNumber: number): Promise<StaffOrderView> {
  const o = await deps.db.order.findUnique({ where: { orderNumber }, select: detailSelect });
  if (!o) throw new LifecycleError("orderNotFound", { order: orderNumber });
  const p = o.placement;
  const captured = p?.capturedAmount ?? 0;
  const refundable = Math.max(0, captured - o.refundedAmount);
  const pending = o.paymentOperations.some((op) => op.status === "PENDING");
  const shipped =
    o.lineItems.some((l) => l.fulfilledQuantity > 0) || SHIPPED.includes(o.fulfillmentStatus ?? "");
  const open = o.financialStatus !== "VOIDED";
  const unitsLeft = o.lineItems.some((l) => l.quantity > l.fulfilledQuantity);
  const c = o.customer;
  return {
    number: o.orderNumber,
    version: o.version,
    placedAt: o.createdAt.toISOString(),
    financialStatus: o.financialStatus,
    fulfillmentStatus: o.fulfillmentStatus ?? "UNFULFILLED",
    currencyCode: o.currencyCode,
    locale: o.locale,
    email: o.email || c?.email || "",
    customer: c ? { id: c.id, name: personName(c.locale, c.firstName, c.lastName), email: c.email } : null,
    lines: o.lineItems.map((l) => ({
      id: l.id,
      title: l.title,
      variantTitle: l.variantTitle,
      quantity: l.quantity,
      fulfilledQuantity: l.fulfilledQuantity,
      unitPrice: l.unitPriceAmount,
      total: l.unitPriceAmount * l.quantity,
      imageUrl: l.imageUrl,
      imageAlt: l.imageAlt,
      productHandle: l.productHandle,
    })),
    totals: {
      subtotal: o.subtotalAmount,
      discount: o.discountAmount,
      shipping: o.shippingAmount,
      tax: o.taxAmount,
      total: o.totalAmount,
    },
    discountCodes: o.redemptions.map((r) => ({ code: r.code, amount: r.amount })),
    shippingMethod: o.shippingMethod,
    shippingAddress: shippingAddressOf(o),
    payment: {
      provider: p?.provider ?? null,
      brand: p?.cardBrand ?? null,
      last4: p?.cardLast4 ?? null,
      authorized: p?.authorizedAmount ?? 0,
      captured,
      refunded: o.refundedAmount,
      refundable,
      stripe:
        p?.provider === "stripe"
          ? { status: o.paymentStatus, intentId: p.paymentReference, disputed: o.disputed }
          : null,
      operations: o.paymentOperations.map((op) => ({
        id: op.id,
        kind: op.kind,
        action: op.action,
        amount: op.amount,
        status: op.status,
        failureMessage: op.failureMessage,
        at: op.createdAt.toISOString(),
      })),
    },
    shipments: o.tracking.map((t) => ({ carrier: t.company, number: t.number, url: t.url })),
    notes: o.notes.map((n) => ({
      id: n.id,
      author: n.authorLabel,
      text: n.text,
      at: n.createdAt.toISOString(),
    })),
    can: {
      fulfil: open && o.financialStatus !== "REFUNDED" && unitsLeft && o.fulfillmentStatus !== "FULFILLED",
      refund: open && !pending && refundable > 0,
      cancel: open && !pending && !o.lineItems.some((l) => l.fulfilledQuantity > 0) && Boolean(p?.provider),
      changeAddress: open && !shipped,
    },
    timeline: await timelineOf(deps, o),
  };
}
