// Returns, the staff's side: the list, one return, and the moves
//   REQUESTED -approve-> APPROVED -receive-> RECEIVED -refund-> REFUNDING -> REFUNDED
//   REQUESTED -decline-> DECLINED
// Each move reads the return, decides, and writes only while the return is still at the version
// (and state) it decided on; when it moved meanwhile, the move reads again and decides again, so
// of two members acting at once one wins and the other is told why ("already approved"). Each
// move writes its audit row and the customer's mail (in the order's language) in the
// transaction that writes it; receiving puts restocked units back in the same transaction.
// The refund goes through the order's state machine (orders/lifecycle.ts): the return is
// claimed first (REFUNDING), then the order's refund claims the payment, calls the provider with
// its idempotency key and, in the transaction recording the refund, marks the return REFUNDED
// (the lifecycle's onChange hook). A refund never goes beyond what was captured.
import {
  type Money,
  type ReturnListInput,
  returnNumber,
  RETURN_STAFF_MESSAGES as TEXTS,
  toMoney,
  ZReturnListInput,
} from "@vela/shared";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";
import { LifecycleError, parseAmount, refundOrder } from "../orders/lifecycle.ts";
import { OPERATION_LEASE_MS } from "../orders/payment-operations.ts";
import { returnLinkFor } from "./links.ts";
import { type ReturnRow, returnSelect } from "./service.ts";
import { returnApprovedMail, returnDeclinedMail, returnReceivedMail } from "./templates.ts";

type Tx = Prisma.TransactionClient;

const staffSelect = {
  ...returnSelect,
  order: {
    select: {
      id: true,
      orderNumber: true,
      customerId: true,
      email: true,
      locale: true,
      currencyCode: true,
      financialStatus: true,
      fulfillmentStatus: true,
      refundedAmount: true,
      placement: { select: { capturedAmount: true } },
    },
  },
} as const satisfies Prisma.ReturnSelect;

type StaffReturn = Prisma.ReturnGetPayload<{ select: typeof staffSelect }>;

/** One return as a member of staff sees it. */
export interface StaffReturnView {
  id: number;
  number: string;
  status: string;
  version: number;
  reason: string;
  comment: string;
  declineReason: string | null;
  requestedAt: string;
  approvedAt: string | null;
  declinedAt: string | null;
  receivedAt: string | null;
  refundedAt: string | null;
  /** A guest asked through the shipping mail's link when null. */
  customerId: number | null;
  order: {
    orderNumber: number;
    email: string;
    locale: string;
    financialStatus: string;
    fulfillmentStatus: string | null;
    captured: Money;
    refunded: Money;
    /** What the order's payment can still pay back. */
    refundable: Money;
  };
  lines: {
    id: number;
    orderLineId: number;
    title: string;
    variantTitle: string;
    quantity: number;
    unitPrice: Money;
    value: Money;
    restock: boolean | null;
    /** False when the line's variant is gone from the catalogue: nothing to put back. */
    restockable: boolean;
  }[];
  /** What the returned units were bought for. */
  value: Money;
  /** The units' value, at most what the order can still pay back: the refund's default. */
  suggestedRefund: Money;
  refunded: Money | null;
}

function unitsValue(r: ReturnRow): number {
  return r.lines.reduce((sum, l) => sum + l.orderLine.unitPriceAmount * l.quantity, 0);
}

function refundableOf(r: StaffReturn): number {
  return Math.max(0, (r.order.placement?.capturedAmount ?? 0) - r.order.refundedAmount);
}

function staffView(r: StaffReturn): StaffReturnView {
  const cur = r.order.currencyCode;
  const m = (n: number) => toMoney(n, cur);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  const refundable = refundableOf(r);
  return {
    id: r.id,
    number: returnNumber(r.order.orderNumber, r.position),
    status: r.status,
    version: r.version,
    reason: r.reason,
    comment: r.comment,
    declineReason: r.declineReason,
    requestedAt: r.requestedAt.toISOString(),
    approvedAt: iso(r.approvedAt),
    declinedAt: iso(r.declinedAt),
    receivedAt: iso(r.receivedAt),
    refundedAt: iso(r.refundedAt),
    customerId: r.customerId,
    order: {
      orderNumber: r.order.orderNumber,
      email: r.order.email,
      locale: r.order.locale,
      financialStatus: r.order.financialStatus,
      fulfillmentStatus: r.order.fulfillmentStatus,
      captured: m(r.order.placement?.capturedAmount ?? 0),
      refunded: m(r.order.refundedAmount),
      refundable: m(refundable),
    },
    lines: r.lines.map((l) => ({
      id: l.id,
      orderLineId: l.orderLineId,
      title: l.orderLine.title,
      variantTitle: l.orderLine.variantTitle,
      quantity: l.quantity,
      unitPrice: m(l.orderLine.unitPriceAmount),
      value: m(l.orderLine.unitPriceAmount * l.quantity),
      restock: l.restock,
      restockable: l.orderLine.variantId !== null,
    })),
    value: m(unitsValue(r)),
    suggestedRefund: m(Math.min(unitsValue(r), refundable)),
    refunded: r.status === "REFUNDED" ? m(r.refundedAmount) : null,
  };
}

async function load(deps: Pick<Deps, "db">, returnId: number): Promise<StaffReturn> {
  const r = await deps.db.return.findUnique({ where: { id: returnId }, select: staffSelect });
  if (!r) throw new AppError("NOT_FOUND", TEXTS.notFound);
  return r;
}

export async function getReturn(
  deps: Pick<Deps, "db">,
  returnId: number,
): Promise<{ return: StaffReturnView }> {
  return { return: staffView(await load(deps, returnId)) };
}

/** A row of the admin's list. */
export interface StaffReturnRow {
  id: number;
  number: string;
  status: string;
  version: number;
  reason: string;
  orderNumber: number;
  email: string;
  requestedAt: string;
  units: number;
  guest: boolean;
}

const FILTERS: Record<string, string[] | null> = {
  waiting: ["REQUESTED"],
  open: ["REQUESTED", "APPROVED", "RECEIVED", "REFUNDING"],
  all: null,
};

/**
 * `waiting` (the default) and `open` are work queues, oldest first; `all` and a single state
 * read newest first. `nextCursor` is the last id of the page; null on the last page.
 */
export async function listReturns(
  deps: Pick<Deps, "db">,
  raw: ReturnListInput,
): Promise<{ returns: StaffReturnRow[]; nextCursor: number | null }> {
  const input = ZReturnListInput.parse(raw);
  const statuses = input.filter in FILTERS ? FILTERS[input.filter] : [input.filter];
  const queue = input.filter === "waiting" || input.filter === "open";
  const where: Prisma.ReturnWhereInput = {
    ...(statuses ? { status: { in: statuses } } : {}),
    ...(input.orderNumber ? { order: { orderNumber: input.orderNumber } } : {}),
    ...(input.cursor ? { id: queue ? { gt: input.cursor } : { lt: input.cursor } } : {}),
  };
  const rows = await deps.db.return.findMany({
    where,
    orderBy: { id: queue ? "asc" : "desc" },
    take: input.limit + 1,
    select: {
      id: true,
      position: true,
      status: true,
      version: true,
      reason: true,
      customerId: true,
      requestedAt: true,
      order: { select: { orderNumber: true, email: true } },
      lines: { select: { quantity: true } },
    },
  });
  const page = rows.slice(0, input.limit);
  return {
    returns: page.map((r) => ({
      id: r.id,
      number: returnNumber(r.order.orderNumber, r.position),
      status: r.status,
      version: r.version,
      reason: r.reason,
      orderNumber: r.order.orderNumber,
      email: r.order.email,
      requestedAt: r.requestedAt.toISOString(),
      units: r.lines.reduce((n, l) => n + l.quantity, 0),
      guest: r.customerId === null,
    })),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

// --- the moves ------------------------------------------------------------------------------

const MOVED = Symbol("moved");
type Moved = typeof MOVED;
const ATTEMPTS = 8;

const conflict = (text: string) => new AppError("CONFLICT", text);

/** Why a return in `status` cannot take a move that needs `wanted`. */
function refusal(status: string, wanted: string): AppError {
  if (status === "DECLINED") return conflict(TEXTS.alreadyDeclined);
  if (status === "REFUNDED") return conflict(TEXTS.alreadyRefunded);
  if (status === "REFUNDING") return conflict(TEXTS.refundInProgress);
  if (wanted === "REQUESTED")
    return conflict(status === "APPROVED" ? TEXTS.alreadyApproved : TEXTS.notRequested);
  if (wanted === "APPROVED")
    return conflict(status === "REQUESTED" ? TEXTS.notApproved : TEXTS.alreadyReceived);
  return conflict(TEXTS.notReceived);
}

/**
 * Reads the return, checks it is in `from` (and at the version the member looked at, when
 * given), and hands it to `decide`, again after every MOVED.
 */
async function move<T>(
  deps: Deps,
  input: { returnId: number; version?: number | undefined },
  from: string,
  decide: (r: StaffReturn) => Promise<T | Moved>,
): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const r = await load(deps, input.returnId);
    if (r.status !== from) throw refusal(r.status, from);
    if (input.version !== undefined && input.version !== r.version) throw conflict(TEXTS.changed);
    const result = await decide(r);
    if (result !== MOVED) return result;
  }
  throw conflict(TEXTS.changed);
}

/** Moves the return from `r`'s state and version to `data`'s, in `tx`; false when it moved meanwhile. */
async function take(tx: Tx, r: StaffReturn, data: Prisma.ReturnUpdateManyMutationInput): Promise<boolean> {
  const { count } = await tx.return.updateMany({
    where: { id: r.id, status: r.status, version: r.version },
    data: { ...data, version: { increment: 1 } },
  });
  return count === 1;
}

/** What every mail of a return says; a guest's mail brings a new link to their return page. */
const mailBase = async (tx: Tx, deps: Deps, r: StaffReturn) => ({
  to: r.order.email,
  locale: r.order.locale,
  orderNumber: r.order.orderNumber,
  number: returnNumber(r.order.orderNumber, r.position),
  url: await returnLinkFor(tx, deps, r.order),
});
const mailLines = (r: StaffReturn) =>
  r.lines.map((l) => ({
    title: l.orderLine.title,
    variantTitle: l.orderLine.variantTitle,
    quantity: l.quantity,
  }));

async function reread(deps: Deps, returnId: number) {
  return getReturn(deps, returnId);
}

export async function approveReturn(
  deps: Deps,
  actor: Actor,
  input: { returnId: number; version?: number | undefined },
): Promise<{ return: StaffReturnView }> {
  await move(deps, input, "REQUESTED", async (r) => {
    const written = await deps.db.$transaction(async (tx) => {
      if (!(await take(tx, r, { status: "APPROVED", approvedAt: deps.clock.now() }))) return false;
      await record(tx, deps, actor, {
        kind: "return.approved",
        entityType: "Return",
        entityId: r.id,
        before: { status: r.status },
        after: { status: "APPROVED", number: returnNumber(r.order.orderNumber, r.position) },
      });
      if (r.order.email)
        await deps.mailer.enqueue(
          tx,
          returnApprovedMail({ ...(await mailBase(tx, deps, r)), lines: mailLines(r) }),
        );
      return true;
    });
    return written ? true : MOVED;
  });
  return reread(deps, input.returnId);
}

export async function declineReturn(
  deps: Deps,
  actor: Actor,
  input: { returnId: number; version?: number | undefined; reason: string },
): Promise<{ return: StaffReturnView }> {
  await move(deps, input, "REQUESTED", async (r) => {
    const written = await deps.db.$transaction(async (tx) => {
      if (
        !(await take(tx, r, {
          status: "DECLINED",
          declinedAt: deps.clock.now(),
          declineReason: input.reason,
        }))
      )
        return false;
      await record(tx, deps, actor, {
        kind: "return.declined",
        entityType: "Return",
        entityId: r.id,
        before: { status: r.status },
        after: { status: "DECLINED", reason: input.reason },
      });
      if (r.order.email)
        await deps.mailer.enqueue(
          tx,
          returnDeclinedMail({ ...(await mailBase(tx, deps, r)), reason: input.reason }),
        );
      return true;
    });
    return written ? true : MOVED;
  });
  return reread(deps, input.returnId);
}

/**
 * The parcel arrived: each line of the return named once with whether its units go back into
 * stock; restocked units go back in the same transaction (a line whose variant left the
 * catalogue has nowhere to go and is recorded as not restocked).
 */
export async function receiveReturn(
  deps: Deps,
  actor: Actor,
  input: {
    returnId: number;
    version?: number | undefined;
    lines: { returnLineId: number; restock: boolean }[];
  },
): Promise<{ return: StaffReturnView }> {
  await move(deps, input, "APPROVED", async (r) => {
    const named = new Map<number, boolean>();
    for (const l of input.lines) {
      if (named.has(l.returnLineId)) throw new AppError("BAD_REQUEST", TEXTS.receiveLines);
      named.set(l.returnLineId, l.restock);
    }
    if (named.size !== r.lines.length || r.lines.some((l) => !named.has(l.id)))
      throw new AppError("BAD_REQUEST", TEXTS.receiveLines);
    const decided = r.lines.map((l) => ({
      line: l,
      restock: named.get(l.id) === true && l.orderLine.variantId !== null,
    }));
    const written = await deps.db.$transaction(async (tx) => {
      if (!(await take(tx, r, { status: "RECEIVED", receivedAt: deps.clock.now() }))) return false;
      for (const { line, restock } of decided) {
        await tx.returnLine.update({ where: { id: line.id }, data: { restock } });
        if (restock && line.orderLine.variantId !== null)
          await tx.productVariant.update({
            where: { id: line.orderLine.variantId },
            data: { inventory: { increment: line.quantity } },
          });
      }
      await record(tx, deps, actor, {
        kind: "return.received",
        entityType: "Return",
        entityId: r.id,
        before: { status: r.status },
        after: {
          status: "RECEIVED",
          lines: decided.map(({ line, restock }) => ({
            returnLineId: line.id,
            variantId: line.orderLine.variantId,
            quantity: line.quantity,
            restock,
          })),
        },
      });
      if (r.order.email)
        await deps.mailer.enqueue(
          tx,
          returnReceivedMail({ ...(await mailBase(tx, deps, r)), lines: mailLines(r) }),
        );
      return true;
    });
    return written ? true : MOVED;
  });
  return reread(deps, input.returnId);
}

/** The state machine's refusals a member of staff can act on, in the admin's words. */
function refundRefusal(err: LifecycleError): AppError {
  switch (err.reason) {
    case "refundTooLarge":
    case "notAnAmount":
      return new AppError("BAD_REQUEST", TEXTS.refundAmount, {
        issues: [{ path: "amount", message: TEXTS.refundAmount }],
      });
    case "operationInProgress":
      return conflict(TEXTS.refundInProgress);
    default:
      // Its own English text (already refunded, cancelled, the provider's failure ...).
      return conflict(`${TEXTS.refundRefused}: ${err.message}`);
  }
}

/**
 * A return left REFUNDING by a process that stopped after claiming it: once the payment claim's
 * lease has run out, what happened at the provider is known from the order's refund operations
 * begun since: one succeeded (the return is REFUNDED with it), one is still pending (wait), or
 * none went through (back to RECEIVED, to be refunded again).
 */
async function settleLeftRefund(deps: Deps, actor: Actor, r: StaffReturn): Promise<"refunded" | "received"> {
  const since = r.refundStartedAt ?? r.requestedAt;
  if (deps.clock.now().getTime() - since.getTime() < OPERATION_LEASE_MS)
    throw conflict(TEXTS.refundInProgress);
  const ops = await deps.db.paymentOperation.findMany({
    where: { orderId: r.orderId, kind: "REFUND", action: "REFUND", createdAt: { gte: since } },
    orderBy: { id: "asc" },
    select: { status: true, amount: true },
  });
  if (ops.some((o) => o.status === "PENDING")) throw conflict(TEXTS.refundInProgress);
  const done = ops.find((o) => o.status === "SUCCEEDED");
  await deps.db.$transaction(async (tx) => {
    const moved = done
      ? await take(tx, r, { status: "REFUNDED", refundedAt: deps.clock.now(), refundedAmount: done.amount })
      : await take(tx, r, { status: "RECEIVED", refundStartedAt: null });
    if (!moved) throw conflict(TEXTS.changed);
    await record(tx, deps, actor, {
      kind: done ? "return.refunded" : "return.refund-abandoned",
      entityType: "Return",
      entityId: r.id,
      before: { status: r.status },
      after: done ? { status: "REFUNDED", amount: done.amount, recovered: true } : { status: "RECEIVED" },
    });
  });
  return done ? "refunded" : "received";
}

/**
 * Pays back the return (its units' value at most what the order can still pay back, or
 * `amount`) through the order's refund. Needs `payments.refund` (the admin router says so).
 */
export async function refundReturn(
  deps: Deps,
  actor: Actor,
  input: { returnId: number; version?: number | undefined; amount?: string | undefined },
): Promise<{ return: StaffReturnView }> {
  const first = await load(deps, input.returnId);
  if (first.status === "REFUNDING") {
    if ((await settleLeftRefund(deps, actor, first)) === "refunded") throw conflict(TEXTS.alreadyRefunded);
    // Back to RECEIVED: what the member looked at is stale; they look again and decide.
    if (input.version !== undefined) throw conflict(TEXTS.changed);
  }
  await move(deps, input, "RECEIVED", async (r) => {
    const amount =
      input.amount ?? toMoney(Math.min(unitsValue(r), refundableOf(r)), r.order.currencyCode).amount;
    const asked = parseAmount(amount, r.order.currencyCode);
    if (asked === null || asked <= 0)
      throw new AppError("BAD_REQUEST", TEXTS.refundAmount, {
        issues: [{ path: "amount", message: TEXTS.refundAmount }],
      });
    const startedAt = deps.clock.now();
    // The claim: of two members refunding at once, one takes the return; the other re-reads it.
    const claimed = await deps.db.$transaction((tx) =>
      take(tx, r, { status: "REFUNDING", refundStartedAt: startedAt }),
    );
    if (!claimed) return MOVED;
    try {
      await refundOrder(
        deps,
        r.order.orderNumber,
        { amount },
        {
          onChange: async (tx, change) => {
            // This refund's change only (a move may first finish a claim another process left).
            if (change.kind !== "refunded" || change.amount !== asked) return;
            const { count } = await tx.return.updateMany({
              where: { id: r.id, status: "REFUNDING", refundStartedAt: startedAt },
              data: {
                status: "REFUNDED",
                refundedAt: deps.clock.now(),
                refundedAmount: change.amount ?? 0,
                version: { increment: 1 },
              },
            });
            if (count === 1)
              await record(tx, deps, actor, {
                kind: "return.refunded",
                entityType: "Return",
                entityId: r.id,
                before: { status: "RECEIVED", orderFinancialStatus: change.before.financialStatus },
                after: {
                  status: "REFUNDED",
                  amount: change.amount,
                  currencyCode: r.order.currencyCode,
                  orderFinancialStatus: change.after.financialStatus,
                },
              });
          },
        },
      );
    } catch (err) {
      // A refusal or a provider's failure moved no money: the return is RECEIVED again. Anything
      // else (the database failing after the provider answered) leaves it REFUNDING, settled by
      // the next attempt once the payment's lease has run out (settleLeftRefund).
      if (err instanceof LifecycleError) {
        await deps.db.return.updateMany({
          where: { id: r.id, status: "REFUNDING", refundStartedAt: startedAt },
          data: { status: "RECEIVED", refundStartedAt: null, version: { increment: 1 } },
        });
        throw refundRefusal(err);
      }
      throw err;
    }
    return true;
  });
  return reread(deps, input.returnId);
}
