// Stripe's webhook events, the source of truth of payments (docs/decisions/019-stripe-webhooks-as-truth.md).
// The route (stripe-webhook.ts) records each verified event once by its id and answers 200 at
// once; this loop processes the recorded events, the outbox's way: each is leased by one instance
// at a time (a conditional update), processed, and marked processed, or retried later with a
// growing delay when it failed. Events may come in any order or twice: a PaymentIntent's events
// are settled from the intent as Stripe has it now, not from the event's copy.
// Beside it, once a minute: the reconciliation, which settles intents that stayed in between for
// minutes (a webhook lost, Stripe down when the page came back) and gives up on unpaid ones after
// a day, and the konbini deadline, which cancels an order whose voucher was not paid in time.

import { toMoney } from "@vela/shared";
import type Stripe from "stripe";
import type { Deps } from "../../deps.ts";
import { disputeOperatorMail } from "../checkout/stripe-mails.ts";
import { settleIntent, stripeOf } from "../checkout/stripe-payment.ts";
import { cancelOrder } from "../orders/lifecycle.ts";

/** How long an instance holds an event it is processing. */
export const STRIPE_EVENT_LEASE_MS = 60_000;
/** How often the loop looks for due events (and the reconciliation and deadline run). */
export const STRIPE_EVENTS_INTERVAL_MS = 5_000;
/** A placement whose intent is still in between after this long is settled from Stripe's state. */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** How often the reconciliation runs (each run asks Stripe about every placement still in between). */
export const RECONCILE_EVERY_MS = 60_000;
/** An intent nobody paid after this long is given up: cancelled at Stripe, the placement failed. */
export const ABANDON_AFTER_MS = 24 * 3600_000;
/** Attempts before an event is left for a person (lastError says why). */
export const STRIPE_EVENT_MAX_ATTEMPTS = 12;

/** The delay before the n-th retry: 5 s, 10 s, 20 s ... up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/** Records a verified event once; false when its id was recorded before (a repeat). */
export async function recordEvent(
  deps: Pick<Deps, "db" | "clock">,
  event: Stripe.Event,
  raw: string,
): Promise<boolean> {
  const now = deps.clock.now();
  try {
    await deps.db.stripeEvent.create({
      data: { eventId: event.id, type: event.type, payload: raw, receivedAt: now, nextAttemptAt: now },
    });
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") return false;
    throw err;
  }
}

/** Processes every due event once (those another instance holds are left to it); how many were done. */
export async function processDueEvents(deps: Deps): Promise<number> {
  let done = 0;
  for (;;) {
    const now = deps.clock.now();
    const due = await deps.db.stripeEvent.findMany({
      where: {
        processedAt: null,
        attempts: { lt: STRIPE_EVENT_MAX_ATTEMPTS },
        nextAttemptAt: { lte: now },
        OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
      },
      orderBy: { id: "asc" },
      take: 20,
      select: { id: true, leaseUntil: true },
    });
    if (due.length === 0) return done;
    let taken = 0;
    for (const row of due) {
      // The lease: only the instance whose conditional update counted processes the event.
      const lease = await deps.db.stripeEvent.updateMany({
        where: { id: row.id, processedAt: null, leaseUntil: row.leaseUntil },
        data: { leaseUntil: new Date(now.getTime() + STRIPE_EVENT_LEASE_MS), attempts: { increment: 1 } },
      });
      if (lease.count === 0) continue;
      taken++;
      const ev = await deps.db.stripeEvent.findUniqueOrThrow({ where: { id: row.id } });
      try {
        await handleEvent(deps, JSON.parse(ev.payload) as Stripe.Event);
        await deps.db.stripeEvent.update({
          where: { id: row.id },
          data: { processedAt: deps.clock.now(), leaseUntil: null, lastError: null },
        });
        done++;
      } catch (err) {
        const message = err instanceof Error ? err.message : "unknown";
        deps.log.warn(
          { event: ev.eventId, type: ev.type, attempts: ev.attempts, error: message },
          "stripe event failed",
        );
        await deps.db.stripeEvent.update({
          where: { id: row.id },
          data: {
            leaseUntil: null,
            lastError: message.slice(0, 500),
            nextAttemptAt: new Date(deps.clock.now().getTime() + retryDelayMs(ev.attempts)),
          },
        });
      }
    }
    if (taken === 0) return done;
  }
}

/** What one event does; throws to be retried. */
export async function handleEvent(deps: Deps, event: Stripe.Event): Promise<void> {
  const stripe = stripeOf(deps);
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.amount_capturable_updated":
    case "payment_intent.payment_failed":
    case "payment_intent.canceled":
    case "payment_intent.requires_action":
    case "payment_intent.processing": {
      // The intent as it is now: an older event delivered late changes nothing.
      const intent = await stripe.paymentIntents.retrieve(event.data.object.id, {
        expand: ["latest_charge"],
      });
      await settleIntent(deps, intent);
      return;
    }
    case "charge.refunded": {
      const charge = event.data.object;
      const intentId =
        typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      if (!intentId) return;
      const intent = await stripe.paymentIntents.retrieve(intentId);
      await deps.db.order.updateMany({
        where: { placement: { provider: "stripe", paymentReference: intentId } },
        data: { paymentStatus: charge.refunded ? "refunded" : intent.status },
      });
      return;
    }
    case "charge.dispute.created": {
      const dispute = event.data.object;
      const intentId =
        typeof dispute.payment_intent === "string" ? dispute.payment_intent : dispute.payment_intent?.id;
      const order = intentId
        ? await deps.db.order.findFirst({
            where: { placement: { provider: "stripe", paymentReference: intentId } },
            select: { id: true, orderNumber: true, currencyCode: true, disputed: true },
          })
        : null;
      if (!order) {
        deps.log.error({ dispute: dispute.id }, "stripe: a dispute on a payment of no order");
        return;
      }
      if (order.disputed) return;
      await deps.db.$transaction(async (tx) => {
        const marked = await tx.order.updateMany({
          where: { id: order.id, disputed: false },
          data: { disputed: true },
        });
        if (marked.count === 0) return;
        await tx.orderEvent.create({
          data: {
            orderId: order.id,
            kind: "DISPUTED",
            amount: dispute.amount,
            detail: dispute.reason,
            createdAt: deps.clock.now(),
          },
        });
        const to = deps.config.operatorEmail;
        if (to) {
          const m = toMoney(dispute.amount, order.currencyCode);
          await deps.mailer.enqueue(
            tx,
            disputeOperatorMail({
              to,
              orderNumber: order.orderNumber,
              amount: `${m.amount} ${m.currencyCode}`,
              reason: dispute.reason,
            }),
          );
        }
      });
      deps.log.error({ order: order.orderNumber, reason: dispute.reason }, "stripe: payment disputed");
      deps.mailer.kick();
      return;
    }
    default:
      // Other events are acknowledged and kept; nothing to do.
      return;
  }
}

/**
 * Placements whose intent stayed in between (no order, not failed) for longer than
 * RECONCILE_AFTER_MS are settled from Stripe's own state: a webhook that never came, or Stripe
 * down when the page came back.
 */
export async function reconcilePayments(deps: Deps): Promise<number> {
  const stripe = stripeOf(deps);
  const now = deps.clock.now().getTime();
  const before = new Date(now - RECONCILE_AFTER_MS);
  const stuck = await deps.db.orderPlacement.findMany({
    where: {
      provider: "stripe",
      status: "PENDING",
      orderId: null,
      paymentReference: { not: null },
      createdAt: { lt: before },
    },
    select: { id: true, paymentReference: true, createdAt: true },
    orderBy: { id: "asc" },
    take: 50,
  });
  let settled = 0;
  for (const p of stuck) {
    try {
      const intent = await stripe.paymentIntents.retrieve(p.paymentReference as string, {
        expand: ["latest_charge"],
      });
      const outcome = await settleIntent(deps, intent);
      settled++;
      const open = outcome.status === "requires_action" || outcome.status === "processing";
      if (open && intent.status !== "processing" && p.createdAt.getTime() < now - ABANDON_AFTER_MS) {
        // Never paid (the shopper left): the intent is cancelled so that it can no longer be paid,
        // and the placement stops being asked about.
        await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `abandon:${intent.id}` });
        await deps.db.orderPlacement.updateMany({
          where: { id: p.id, status: "PENDING", orderId: null },
          data: { status: "FAILED", failureMessage: "abandoned" },
        });
      }
    } catch (err) {
      deps.log.warn(
        { intent: p.paymentReference, error: err instanceof Error ? err.message : "unknown" },
        "stripe: reconciliation failed",
      );
    }
  }
  return settled;
}

/** Konbini orders not paid by their deadline: cancelled (stock and code returned), the shopper told. */
export async function cancelUnpaidKonbini(deps: Deps): Promise<number> {
  const late = await deps.db.order.findMany({
    where: { financialStatus: "PENDING", paymentDueAt: { lt: deps.clock.now() } },
    select: { id: true, orderNumber: true, placement: { select: { paymentReference: true } } },
    take: 50,
  });
  let cancelled = 0;
  for (const o of late) {
    try {
      // Paid at the last minute? Stripe's state decides before anything is cancelled.
      const ref = o.placement?.paymentReference;
      if (ref) {
        const intent = await stripeOf(deps).paymentIntents.retrieve(ref);
        if (intent.status === "succeeded") {
          await settleIntent(deps, intent);
          continue;
        }
      }
      // Voided at Stripe, stock back, and the shopper mailed in the order's language (lifecycle.ts).
      await cancelOrder(deps, o.orderNumber);
      await returnCodeUses(deps, o.id);
      cancelled++;
    } catch (err) {
      deps.log.warn(
        { order: o.orderNumber, error: err instanceof Error ? err.message : "unknown" },
        "konbini deadline: not cancelled",
      );
    }
  }
  return cancelled;
}

/**
 * The codes of an order that was never paid go back: each one's use is given back to its overall
 * limit and the redemption (a per-customer use) removed, so the shopper can use the code again.
 */
async function returnCodeUses(deps: Pick<Deps, "db">, orderId: number): Promise<void> {
  await deps.db.$transaction(async (tx) => {
    const used = await tx.discountRedemption.findMany({
      where: { orderId },
      select: { discountCodeId: true },
    });
    for (const r of used) {
      await tx.$executeRaw`UPDATE "DiscountCode" SET "usedCount" = "usedCount" - 1
        WHERE "id" = ${r.discountCodeId} AND "usedCount" > 0`;
    }
    await tx.discountRedemption.deleteMany({ where: { orderId } });
  });
}

/** The loop: due events, then the reconciliation and the konbini deadline; kick() runs it at once. */
export function startStripeEvents(deps: Deps): {
  kick(): void;
  stop(): Promise<void>;
  idle(): Promise<void>;
} {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let lastSweep = 0;
  const round = async () => {
    await processDueEvents(deps);
    const now = deps.clock.now().getTime();
    if (now - lastSweep >= RECONCILE_EVERY_MS) {
      lastSweep = now;
      await reconcilePayments(deps);
      await cancelUnpaidKonbini(deps);
    }
  };
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch((err: unknown) => deps.log.warn({ err }, "stripe events round failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const every = setInterval(run, STRIPE_EVENTS_INTERVAL_MS).unref();
  return {
    kick: run,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(every);
      while (running) await running;
    },
  };
}
