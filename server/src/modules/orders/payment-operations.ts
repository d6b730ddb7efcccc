// A capture, refund or void at the payment provider, once, however many operators (or
// processes) ask for it at the same moment:
// 1. claim: one transaction moves the order's version, only if the order is still at the version
//    the move was decided on (of two callers one wins), and writes a PENDING PaymentOperation
//    with a fresh idempotency key; while it is pending, every other move on the order waits;
// 2. call the provider with that key;
// 3. settle: SUCCEEDED and the move's effect on the order in one transaction, or FAILED (the
//    provider refused or could not answer: nothing moved, and the claim no longer holds the order).
// A claim left PENDING by a process that stopped between 1 and 3 is finished by the next move on
// the order once its lease has run out, with the same key, so the provider acts at most once.
import { randomUUID } from "node:crypto";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { paymentProvider } from "../checkout/payment.ts";

type Tx = Prisma.TransactionClient;

/** What the provider is asked to do. */
export type OperationKind = "CAPTURE" | "REFUND" | "VOID";
/** The order's move the operation belongs to (a cancel refunds or voids). */
export type OperationAction = "CAPTURE" | "REFUND" | "CANCEL";

/** Longer than any provider call; a PENDING claim older than this was left by a process that stopped. */
export const OPERATION_LEASE_MS = 2 * 60_000;

export const operationSelect = {
  id: true,
  orderId: true,
  kind: true,
  action: true,
  amount: true,
  status: true,
  idempotencyKey: true,
  leaseUntil: true,
  failureMessage: true,
  createdAt: true,
} as const satisfies Prisma.PaymentOperationSelect;

export type PaymentOperation = Prisma.PaymentOperationGetPayload<{ select: typeof operationSelect }>;

/** The authorization an operation acts on. */
export interface PaymentOf {
  reference: string;
  currencyCode: string;
}

/** What the provider answered. */
export type ProviderOutcome = { ok: true } | { ok: false; detail: string };

/** The effect of a succeeded operation on the order, written in settle's transaction. */
export type OnSucceeded = (tx: Tx, op: PaymentOperation) => Promise<void>;

/**
 * Claims an operation on the order: null when the order moved since `version` was read (the
 * caller reads it again and decides again), else the PENDING operation to carry out.
 */
export async function claimOperation(
  deps: Deps,
  order: { id: number; version: number },
  op: { kind: OperationKind; action: OperationAction; amount: number },
): Promise<PaymentOperation | null> {
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    // The version already says no claim came in between; this says so whatever read it.
    if (await tx.paymentOperation.count({ where: { orderId: order.id, status: "PENDING" } })) return null;
    const { count } = await tx.order.updateMany({
      where: { id: order.id, version: order.version },
      data: { version: { increment: 1 } },
    });
    if (count === 0) return null;
    return tx.paymentOperation.create({
      data: {
        orderId: order.id,
        kind: op.kind,
        action: op.action,
        amount: op.amount,
        status: "PENDING",
        idempotencyKey: `vela-${op.kind.toLowerCase()}-${order.id}-${randomUUID()}`,
        leaseUntil: new Date(now.getTime() + OPERATION_LEASE_MS),
        createdAt: now,
      },
      select: operationSelect,
    });
  });
}

/** Asks the provider, with the operation's key; a thrown error is an answer that nothing was done. */
export async function callProvider(
  deps: Deps,
  payment: PaymentOf,
  op: PaymentOperation,
): Promise<ProviderOutcome> {
  const provider = paymentProvider();
  const req = {
    reference: payment.reference,
    amount: op.amount,
    currencyCode: payment.currencyCode,
    idempotencyKey: op.idempotencyKey,
  };
  try {
    if (op.kind === "CAPTURE") await provider.capture(req);
    else if (op.kind === "REFUND") await provider.refund(req);
    else await provider.void({ reference: req.reference, idempotencyKey: req.idempotencyKey });
    return { ok: true };
  } catch (err) {
    const detail = err instanceof Error ? err.message : "unknown error";
    deps.log.warn(
      { orderId: op.orderId, operation: op.kind, provider: provider.name, error: detail },
      "payment operation failed",
    );
    return { ok: false, detail };
  }
}

/**
 * Records the provider's answer: SUCCEEDED with the move's effect, or FAILED. Returns whether
 * this caller recorded it; false when another process (finishing the same claim) already had.
 */
export async function settleOperation(
  deps: Deps,
  op: PaymentOperation,
  outcome: ProviderOutcome,
  onSucceeded: OnSucceeded,
): Promise<boolean> {
  if (!outcome.ok) {
    const { count } = await deps.db.paymentOperation.updateMany({
      where: { id: op.id, status: "PENDING" },
      data: { status: "FAILED", failureMessage: outcome.detail.slice(0, 500) },
    });
    return count === 1;
  }
  return deps.db.$transaction(async (tx) => {
    const { count } = await tx.paymentOperation.updateMany({
      where: { id: op.id, status: "PENDING" },
      data: { status: "SUCCEEDED" },
    });
    if (count === 0) return false;
    await tx.order.update({ where: { id: op.orderId }, data: { version: { increment: 1 } } });
    await onSucceeded(tx, op);
    return true;
  });
}

/**
 * Finishes a claim whose lease ran out (its process stopped): takes the lease, so one process
 * at a time finishes it, and asks the provider again with the same key. False when another
 * process took the lease first.
 */
export async function resumeOperation(
  deps: Deps,
  payment: PaymentOf,
  op: PaymentOperation,
  onSucceeded: OnSucceeded,
): Promise<boolean> {
  const now = deps.clock.now();
  const { count } = await deps.db.paymentOperation.updateMany({
    where: { id: op.id, status: "PENDING", leaseUntil: op.leaseUntil },
    data: { leaseUntil: new Date(now.getTime() + OPERATION_LEASE_MS) },
  });
  if (count === 0) return false;
  deps.log.warn({ orderId: op.orderId, operation: op.kind }, "finishing a payment operation left pending");
  const outcome = await callProvider(deps, payment, op);
  await settleOperation(deps, op, outcome, onSucceeded);
  return true;
}
