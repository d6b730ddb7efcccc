// Checkout with Stripe, against the tests' Stripe stand-in (test/support/stripe): the test plays
// the page's Stripe.js (confirming the PaymentIntent with a test payment method) and Stripe's
// webhooks reach the app on a real port, signed by the official client's test header.
import { createServer } from "node:net";
import { CHECKOUT_MESSAGES } from "@vela/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setPaymentProvider, TestPaymentProvider } from "../src/modules/checkout/payment.ts";
import { cancelOrder, fulfilOrder, refundOrder } from "../src/modules/orders/lifecycle.ts";
import {
  ABANDON_AFTER_MS,
  cancelUnpaidKonbini,
  processDueEvents,
  RECONCILE_AFTER_MS,
  reconcilePayments,
} from "../src/modules/payments/stripe-events.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { type StripeStandIn, startStripeStandIn } from "./support/stripe/stand-in.ts";
import { catalogueVariants, variantGid } from "./support-data.ts";

const US_ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Market St",
  city: "San Francisco",
  province: "CA",
  country: "United States",
  zip: "94105",
};
const JP_ADDRESS = {
  firstName: "Mina",
  lastName: "Sato",
  address1: "2-4-1 Marunouchi",
  city: "Chiyoda-ku",
  province: "Tokyo",
  country: "Japan",
  zip: "100-0005",
};

let t: TestApp;
let stand: StripeStandIn;
let variants: number[];
let serial = 0;
const newKey = () => `stripe-key-${process.pid}-${Date.now()}-${serial++}`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  const port = await freePort();
  const webhookSecret = `whsec_test${"w".repeat(24)}`;
  stand = await startStripeStandIn({
    webhookUrl: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
    webhookSecret,
  });
  const open = { limit: 100_000, windowSeconds: 60 };
  t = await createTestApp({
    rateLimits: { checkoutIp: open, checkoutEmail: open, checkoutCart: open, cartCreateIp: open },
    env: {
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: stand.apiKey,
      STRIPE_PUBLISHABLE_KEY: "pk_test_standin12345678",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: stand.url,
      OPERATOR_EMAIL: "operator@vela.test",
    },
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  variants = (await catalogueVariants(t)).available;
});
afterAll(async () => {
  await t.close();
  await stand.close();
  setPaymentProvider(new TestPaymentProvider());
});

// The stand-in signs webhooks at the real time, and the store refuses signatures older than five
// minutes by its clock: each test starts at the real time (some move the clock on).
beforeEach(() => t.clock.set(new Date()));

async function cartWith(items: [number, number][], currencyCode?: string) {
  const created = await t.api("POST", "/api/cart");
  const cartId = json<{ cart: { id: string } }>(created).cart.id;
  if (currencyCode) await t.db.cart.update({ where: { id: cartId }, data: { currencyCode } });
  const res = await t.api("POST", `/api/cart/${cartId}`, {
    body: { items: items.map(([id, quantity]) => ({ merchandiseId: variantGid(id), quantity })) },
  });
  expect(res.statusCode).toBe(200);
  return cartId;
}

const trpc = (name: string, body: unknown, cookie?: string) =>
  t.api("POST", `/trpc/checkout.${name}`, { body, ...(cookie ? { cookie } : {}) });
const data = <T>(res: { json(): unknown }) => (res.json() as { result: { data: T } }).result.data;

interface Started {
  placementId: string;
  clientSecret: string;
  amount: number;
  currencyCode: string;
}

async function start(cartId: string, extra: Record<string, unknown> = {}) {
  const base = {
    cartId,
    email: "shopper@example.com",
    address: US_ADDRESS,
    shippingMethod: "STANDARD",
    ...extra,
  };
  const q = await t.api("POST", "/api/checkout/quote", {
    body: {
      cartId,
      email: base.email,
      address: base.address,
      shippingMethod: base.shippingMethod,
      ...(extra.language ? { language: extra.language } : {}),
      ...(extra.discountCodes ? { discountCodes: extra.discountCodes } : {}),
    },
  });
  const expectedTotal = json<{ quote: { totalMinor: number } }>(q).quote.totalMinor;
  const key = (extra.idempotencyKey as string | undefined) ?? newKey();
  const res = await trpc("startPayment", { ...base, idempotencyKey: key, expectedTotal });
  return { res, key, expectedTotal, body: base };
}

const intentOf = (clientSecret: string) => clientSecret.split("_secret_")[0] as string;

/** Webhooks delivered and every recorded event processed. */
async function settleWebhooks() {
  await stand.flushWebhooks();
  // Every recorded event that is due processed, here or by the app's own loop (which may hold one
  // under its lease meanwhile); one that failed waits for its retry and is left alone.
  for (let i = 0; i < 400; i++) {
    await processDueEvents(t.deps);
    const open = await t.db.stripeEvent.count({
      where: {
        processedAt: null,
        OR: [{ leaseUntil: { not: null } }, { nextAttemptAt: { lte: t.clock.now() } }],
      },
    });
    if (open === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("webhook events still unprocessed");
}

const complete = (placementId: string) => trpc("completePayment", { placementId });

describe("Stripe checkout", () => {
  it("a card that succeeds: one intent for the server's total, authorized only, the order placed once; a retry answers the same intent", async () => {
    const cartId = await cartWith([[variants[0] as number, 2]]);
    const before = stand.requests.filter(
      (r) => r.path === "/v1/payment_intents" && r.method === "POST",
    ).length;
    const { res, key, expectedTotal, body } = await start(cartId);
    expect(res.statusCode).toBe(200);
    const s = data<Started>(res);
    expect(s.amount).toBe(expectedTotal);
    expect(s.currencyCode).toBe("USD");
    const pi = intentOf(s.clientSecret);
    const made = stand.paymentIntent(pi);
    expect(made.capture_method).toBe("manual");
    expect(made.amount).toBe(expectedTotal);
    expect(made.currency).toBe("usd");
    expect(made.metadata.cart).toBe(cartId);

    // The same attempt again: the same intent, no second one.
    const again = await trpc("startPayment", { ...body, idempotencyKey: key, expectedTotal });
    expect(data<Started>(again).clientSecret).toBe(s.clientSecret);
    const creates = stand.requests.filter((r) => r.path === "/v1/payment_intents" && r.method === "POST");
    expect(creates.length).toBe(before + 1);
    expect(creates.at(-1)?.idempotencyKey).toBe(`placement:${key}`);

    await stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_visa" });
    const done = await complete(s.placementId);
    expect(done.statusCode).toBe(200);
    const outcome = data<{ status: string; order: { orderNumber: number } }>(done);
    expect(outcome.status).toBe("placed");
    expect(done.headers["set-cookie"]?.toString()).toContain("vela_order_access=");
    const order = await t.db.order.findUniqueOrThrow({ where: { orderNumber: outcome.order.orderNumber } });
    expect(order.financialStatus).toBe("AUTHORIZED");
    expect(order.paymentStatus).toBe("requires_capture");
    const placement = await t.db.orderPlacement.findFirstOrThrow({ where: { paymentReference: pi } });
    expect([placement.cardBrand, placement.cardLast4]).toEqual(["visa", "4242"]);
    expect(stand.paymentIntent(pi).status).toBe("requires_capture");

    // The webhook comes too and finds the order placed: still one order.
    await settleWebhooks();
    expect(await t.db.orderPlacement.count({ where: { paymentReference: pi } })).toBe(1);
    expect(await t.db.order.count({ where: { placement: { paymentReference: pi } } })).toBe(1);
    expect(await t.db.cart.findUnique({ where: { id: cartId } })).toBeNull();
  });

  it("a decline: failed with the generic text, no order, nothing held", async () => {
    const cartId = await cartWith([[variants[0] as number, 1]]);
    const { res } = await start(cartId);
    const s = data<Started>(res);
    const pi = intentOf(s.clientSecret);
    await expect(
      stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_chargeDeclined" }),
    ).rejects.toThrow();
    const outcome = data<{ status: string; message: string }>(await complete(s.placementId));
    expect(outcome).toEqual({ status: "failed", message: CHECKOUT_MESSAGES.cardDeclined });
    expect(await t.db.order.count({ where: { placement: { paymentReference: pi } } })).toBe(0);
    expect(await t.db.cart.findUnique({ where: { id: cartId } })).not.toBeNull();
    // Tried again with another card on the same intent: placed.
    await stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_visa" });
    expect(data<{ status: string }>(await complete(s.placementId)).status).toBe("placed");
    expect(await t.db.order.count({ where: { placement: { paymentReference: pi } } })).toBe(1);
  });

  it("an intent nobody paid is given up after a day: cancelled at Stripe, no longer asked about", async () => {
    const cartId = await cartWith([[variants[0] as number, 1]]);
    const s = data<Started>((await start(cartId)).res);
    const pi = intentOf(s.clientSecret);
    t.clock.advance(RECONCILE_AFTER_MS + 1000);
    await reconcilePayments(t.deps);
    expect(stand.paymentIntent(pi).status).toBe("requires_payment_method");
    t.clock.advance(ABANDON_AFTER_MS);
    await reconcilePayments(t.deps);
    expect(stand.paymentIntent(pi).status).toBe("canceled");
    const p = await t.db.orderPlacement.findFirstOrThrow({ where: { paymentReference: pi } });
    expect(p.status).toBe("FAILED");
  });

  it("3-D Secure required then completed; and then abandoned", async () => {
    const cartId = await cartWith([[variants[0] as number, 1]]);
    const s = data<Started>((await start(cartId)).res);
    const pi = intentOf(s.clientSecret);
    await stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_threeDSecure2Required" });
    expect(data<{ status: string }>(await complete(s.placementId)).status).toBe("requires_action");
    stand.completeThreeDS(pi);
    expect(data<{ status: string }>(await complete(s.placementId)).status).toBe("placed");

    const cart2 = await cartWith([[variants[0] as number, 1]]);
    const s2 = data<Started>((await start(cart2)).res);
    const pi2 = intentOf(s2.clientSecret);
    await stand.stripe.paymentIntents.confirm(pi2, { payment_method: "pm_card_threeDSecure2Required" });
    stand.failThreeDS(pi2);
    expect(data<{ status: string }>(await complete(s2.placementId)).status).toBe("failed");
    expect(await t.db.order.count({ where: { placement: { paymentReference: pi2 } } })).toBe(0);
  });

  it("the tab closed before the page heard back: the webhook places the order", async () => {
    const cartId = await cartWith([[variants[0] as number, 1]]);
    const s = data<Started>((await start(cartId)).res);
    const pi = intentOf(s.clientSecret);
    await stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_visa" });
    await settleWebhooks();
    const order = await t.db.order.findFirstOrThrow({ where: { placement: { paymentReference: pi } } });
    expect(order.financialStatus).toBe("AUTHORIZED");
    expect(
      await t.db.emailOutbox.count({ where: { to: "shopper@example.com", kind: "order-confirmation" } }),
    ).toBeGreaterThan(0);
    // The page coming back later finds it placed.
    expect(data<{ status: string }>(await complete(s.placementId)).status).toBe("placed");
  });

  it("the same event twice and out of order: recorded once, settled from the intent as it is now", async () => {
    const cartId = await cartWith([[variants[0] as number, 1]]);
    const s = data<Started>((await start(cartId)).res);
    const pi = intentOf(s.clientSecret);
    await stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_visa" });
    await stand.flushWebhooks();
    const capturable = stand.events.find(
      (e) => e.data.object.id === pi && e.type === "payment_intent.amount_capturable_updated",
    );
    expect(capturable).toBeDefined();
    const twice = await stand.deliver(capturable as never, { twice: true });
    expect(twice.map((d) => d.status)).toEqual([200, 200]);
    expect(JSON.parse(twice[1]?.body ?? "{}").duplicate).toBe(true);
    expect(await t.db.stripeEvent.count({ where: { eventId: capturable?.id } })).toBe(1);
    // An older event (requires_payment_method's copy) delivered late changes nothing.
    await stand.sendEvent("payment_intent.canceled", { ...stand.paymentIntent(pi), status: "canceled" });
    await settleWebhooks();
    const order = await t.db.order.findFirstOrThrow({ where: { placement: { paymentReference: pi } } });
    expect(order.financialStatus).toBe("AUTHORIZED");
    expect(await t.db.order.count({ where: { placement: { paymentReference: pi } } })).toBe(1);
  });

  it("a webhook whose processing fails once is retried later", async () => {
    const cartId = await cartWith([[variants[0] as number, 1]]);
    const s = data<Started>((await start(cartId)).res);
    const pi = intentOf(s.clientSecret);
    await stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_visa" });
    // Our calls to Stripe fail while the events are processed: recorded, answered 200, not done.
    stand.setDown(503);
    try {
      await settleWebhooks();
      const failed = await t.db.stripeEvent.findMany({
        where: { payload: { contains: pi }, processedAt: null },
      });
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((e) => e.attempts >= 1 && e.lastError)).toBe(true);
      expect(await t.db.order.count({ where: { placement: { paymentReference: pi } } })).toBe(0);
    } finally {
      stand.setDown(false);
    }
    // Not before its delay; then once.
    await processDueEvents(t.deps);
    expect(await t.db.order.count({ where: { placement: { paymentReference: pi } } })).toBe(0);
    t.clock.advance(60_000);
    await processDueEvents(t.deps);
    expect(await t.db.stripeEvent.count({ where: { payload: { contains: pi }, processedAt: null } })).toBe(0);
    expect(await t.db.order.count({ where: { placement: { paymentReference: pi } } })).toBe(1);
  });

  it("captures at the first shipment; partial and full refunds through Stripe with keys; a cancel before shipping cancels the intent", async () => {
    const cartId = await cartWith([[variants[0] as number, 2]]);
    const s = data<Started>((await start(cartId)).res);
    const pi = intentOf(s.clientSecret);
    await stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_visa" });
    const placed = data<{ order: { orderNumber: number } }>(await complete(s.placementId));
    const n = placed.order.orderNumber;
    const order = await t.db.order.findUniqueOrThrow({
      where: { orderNumber: n },
      include: { lineItems: true },
    });
    const line = order.lineItems[0] as { id: number };
    await fulfilOrder(t.deps, n, {
      carrier: "UPS",
      tracking: "1Z999",
      lines: [{ lineId: line.id, quantity: 1 }],
    });
    expect(stand.paymentIntent(pi).status).toBe("succeeded");
    expect((await t.db.order.findUniqueOrThrow({ where: { orderNumber: n } })).financialStatus).toBe("PAID");
    await refundOrder(t.deps, n, { amount: "1.00" });
    const refunds = stand.requests.filter((r) => r.path === "/v1/refunds" && r.method === "POST");
    expect(refunds.at(-1)?.params.amount).toBe(100);
    expect(refunds.at(-1)?.idempotencyKey).toBeTruthy();
    await refundOrder(t.deps, n, {});
    expect((await t.db.order.findUniqueOrThrow({ where: { orderNumber: n } })).financialStatus).toBe(
      "REFUNDED",
    );

    const cart2 = await cartWith([[variants[0] as number, 1]]);
    const s2 = data<Started>((await start(cart2)).res);
    const pi2 = intentOf(s2.clientSecret);
    await stand.stripe.paymentIntents.confirm(pi2, { payment_method: "pm_card_visa" });
    const n2 = data<{ order: { orderNumber: number } }>(await complete(s2.placementId)).order.orderNumber;
    await cancelOrder(t.deps, n2);
    expect(stand.paymentIntent(pi2).status).toBe("canceled");
    expect((await t.db.order.findUniqueOrThrow({ where: { orderNumber: n2 } })).financialStatus).toBe(
      "VOIDED",
    );
  });

  it("two tabs paying for one cart: one order, the other intent cancelled and the shopper told", async () => {
    const cartId = await cartWith([[variants[0] as number, 1]]);
    const a = data<Started>((await start(cartId)).res);
    const b = data<Started>((await start(cartId)).res);
    const [pa, pb] = [intentOf(a.clientSecret), intentOf(b.clientSecret)];
    expect(pa).not.toBe(pb);
    await stand.stripe.paymentIntents.confirm(pa, { payment_method: "pm_card_visa" });
    await stand.stripe.paymentIntents.confirm(pb, { payment_method: "pm_card_visa" });
    const [ra, rb] = await Promise.all([complete(a.placementId), complete(b.placementId)]);
    const statuses = [data<{ status: string }>(ra).status, data<{ status: string }>(rb).status].sort();
    expect(statuses).toEqual(["failed", "placed"]);
    const intents = [stand.paymentIntent(pa).status, stand.paymentIntent(pb).status].sort();
    expect(intents).toEqual(["canceled", "requires_capture"]);
    await settleWebhooks();
    expect(await t.db.emailOutbox.count({ where: { kind: "payment-not-placed" } })).toBeGreaterThan(0);
  });

  it("Stripe down: 503 and nothing recorded; then down after confirming, and the reconciliation settles it", async () => {
    const cartId = await cartWith([[variants[0] as number, 1]]);
    stand.setDown(503);
    const { res, key } = await start(cartId);
    expect(res.statusCode).toBe(503);
    expect(await t.db.orderPlacement.count({ where: { idempotencyKey: key } })).toBe(0);
    stand.setDown(false);
    const s = data<Started>((await start(cartId)).res);
    const pi = intentOf(s.clientSecret);
    await stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_visa" });
    // The webhook is lost and the page's call fails.
    await stand.flushWebhooks();
    await t.db.stripeEvent.deleteMany({ where: { payload: { contains: pi } } });
    stand.setDown(503);
    expect((await complete(s.placementId)).statusCode).toBe(503);
    stand.setDown(false);
    expect(await t.db.order.count({ where: { placement: { paymentReference: pi } } })).toBe(0);
    t.clock.advance(RECONCILE_AFTER_MS + 1000);
    expect(await reconcilePayments(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await t.db.order.count({ where: { placement: { paymentReference: pi } } })).toBe(1);
  });

  it("a dispute marks the order and tells the operator", async () => {
    const cartId = await cartWith([[variants[0] as number, 1]]);
    const s = data<Started>((await start(cartId)).res);
    const pi = intentOf(s.clientSecret);
    await stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_visa" });
    const n = data<{ order: { orderNumber: number } }>(await complete(s.placementId)).order.orderNumber;
    await fulfilOrder(t.deps, n, { carrier: "UPS", tracking: "1Z1" });
    const charge = stand.paymentIntent(pi).latest_charge as string;
    stand.dispute(typeof charge === "string" ? charge : (charge as { id: string }).id);
    await settleWebhooks();
    expect((await t.db.order.findUniqueOrThrow({ where: { orderNumber: n } })).disputed).toBe(true);
    const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { to: "operator@vela.test" } });
    expect(mail.subject).toContain(String(n));
  });

  it("konbini: the order pending with its stock held, paid by the webhook; unpaid past the deadline it is cancelled and the stock returned", async () => {
    const v = variants[0] as number;
    const inventory = async () =>
      (await t.db.productVariant.findUniqueOrThrow({ where: { id: v } })).inventory;
    const pay = async (discountCodes: string[] = []) => {
      const cartId = await cartWith([[v, 1]], "JPY");
      const s = data<Started>(
        (
          await start(cartId, {
            address: JP_ADDRESS,
            language: "ja-JP",
            email: "mina@example.jp",
            discountCodes,
          })
        ).res,
      );
      const pi = intentOf(s.clientSecret);
      await stand.stripe.paymentIntents.confirm(pi, {
        payment_method_data: {
          type: "konbini",
          billing_details: { name: "Mina Sato", email: "mina@example.jp" },
        },
      } as never);
      return { s, pi, access: "" };
    };
    const before = await inventory();
    const first = await pay();
    const completed = await complete(first.s.placementId);
    const pending = data<{ status: string; konbini: { number: string; expiresAt: string } }>(completed);
    first.access = String(completed.headers["set-cookie"]).split(";")[0] as string;
    expect(pending.status).toBe("pending");
    expect(pending.konbini.number).not.toBe("");
    // The page and the mail show the slip's number and deadline.
    const slip = await t.db.emailOutbox.findFirstOrThrow({
      where: { kind: "payment-slip", to: "mina@example.jp" },
    });
    expect(slip.text).toContain(pending.konbini.number);
    expect(slip.subject).toContain("コンビニ");
    const placedOrder = await t.db.order.findFirstOrThrow({
      where: { placement: { paymentReference: first.pi } },
    });
    expect(placedOrder.financialStatus).toBe("PENDING");
    const page = await t.api("GET", `/api/checkout/orders/${placedOrder.id}`, { cookie: first.access });
    expect(page.statusCode).toBe(200);
    expect(json<{ order: { payment: unknown } }>(page).order.payment).toEqual({
      status: "requires_action",
      disputed: false,
      konbini: {
        number: pending.konbini.number,
        expiresAt: pending.konbini.expiresAt,
        voucherUrl: expect.any(String),
      },
    });
    expect(await inventory()).toBe(before - 1);
    stand.payKonbini(first.pi);
    await settleWebhooks();
    const paid = await t.db.order.findFirstOrThrow({ where: { placement: { paymentReference: first.pi } } });
    expect(paid.financialStatus).toBe("PAID");

    // The second order uses a single-use code: it comes back when the order is cancelled unpaid.
    const code = await t.db.discountCode.create({
      data: { code: `KONBINI-${Date.now()}`, kind: "PERCENT", percentOff: 10, usageLimit: 1 },
    });
    const second = await pay([code.code]);
    expect(data<{ status: string }>(await complete(second.s.placementId)).status).toBe("pending");
    expect((await t.db.discountCode.findUniqueOrThrow({ where: { id: code.id } })).usedCount).toBe(1);
    expect(await inventory()).toBe(before - 2);
    const o = await t.db.order.findFirstOrThrow({ where: { placement: { paymentReference: second.pi } } });
    t.clock.set(new Date((o.paymentDueAt as Date).getTime() + 1000));
    expect(await cancelUnpaidKonbini(t.deps)).toBe(1);
    const gone = await t.db.order.findUniqueOrThrow({ where: { id: o.id } });
    expect(gone.financialStatus).toBe("VOIDED");
    expect(await inventory()).toBe(before - 1);
    expect((await t.db.discountCode.findUniqueOrThrow({ where: { id: code.id } })).usedCount).toBe(0);
    expect(await t.db.discountRedemption.count({ where: { orderId: o.id } })).toBe(0);
    expect(stand.paymentIntent(second.pi).status).toBe("canceled");
  });
});
