// Checkout against card testing: placements are limited per client address, per email and per
// cart (a declined card counts twice), every decline answers the same text, and the operator's log
// says when a limit trips. Which provider runs: test mode outside production by default; in
// production only when PAYMENT_PROVIDER says so (and then the pages and mails say "test mode"),
// otherwise placing an order answers 503.
import { CHECKOUT_MESSAGES, MESSAGES, TEST_CARDS } from "@vela/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { LimitRule, RateLimits } from "../src/auth/rate-limit.ts";
import { loadConfig } from "../src/config.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";
import { catalogueVariants, variantGid } from "./support-data.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";

const US_ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Market St",
  city: "San Francisco",
  province: "CA",
  country: "United States",
  zip: "94105",
};
const CARD = { number: TEST_CARDS.success, expiry: "12/40", cvc: "123" };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

let serial = 0;
const newKey = () => `abuse-${process.pid}-${Date.now()}-${serial++}`;
const small = (limit: number): LimitRule => ({ limit, windowSeconds: 3600 });

async function appWith(limits: Partial<RateLimits> = {}, env: Record<string, string> = {}): Promise<TestApp> {
  t = await createTestApp({ rateLimits: { ...GENEROUS_LIMITS, ...limits }, env });
  return t;
}

async function cartWith(app: TestApp, ip = "127.0.0.1"): Promise<string> {
  const [v] = (await catalogueVariants(app)).available as [number];
  const cartId = json<{ cart: { id: string } }>(await app.api("POST", "/api/cart", { ip })).cart.id;
  const added = await app.api("POST", `/api/cart/${cartId}`, {
    body: { items: [{ merchandiseId: variantGid(v), quantity: 1 }] },
    ip,
  });
  expect(added.statusCode).toBe(200);
  return cartId;
}

interface Attempt {
  cartId: string;
  email?: string;
  ip?: string;
  card?: string;
  language?: string;
}

async function place(app: TestApp, a: Attempt): Promise<LightMyRequestResponse> {
  const ip = a.ip ?? "127.0.0.1";
  const email = a.email ?? "shopper@example.com";
  const q = await app.api("POST", "/api/checkout/quote", {
    body: { cartId: a.cartId, email, address: US_ADDRESS },
    ip,
  });
  const expectedTotal =
    q.statusCode === 200 ? json<{ quote: { totalMinor: number } }>(q).quote.totalMinor : 0;
  return app.api("POST", "/api/checkout/orders", {
    body: {
      cartId: a.cartId,
      email,
      address: US_ADDRESS,
      card: { ...CARD, number: a.card ?? CARD.number },
      idempotencyKey: newKey(),
      expectedTotal,
      ...(a.language ? { language: a.language } : {}),
    },
    ip,
  });
}

function expectLimited(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(429);
  expect(json(res).message).toBe(MESSAGES.tooManyRequests);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
}

/** The warn lines that alert the operator to a tripped checkout limit. */
const alerts = (app: TestApp) =>
  app.logs
    .flatMap((chunk) => chunk.split("\n").filter((l) => l.startsWith("{")))
    .map((l) => JSON.parse(l) as { level: number; msg?: string; bucket?: string; key?: string })
    .filter((l) => l.msg?.startsWith("checkout limit reached"));

describe("placement limits", () => {
  it("per address: the attempt over the limit gets 429 and one warn line; other addresses go on", async () => {
    const app = await appWith({ checkoutIp: small(3) });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      // A new cart and email each time, as a card tester would: only the address counter stops it.
      const cartId = await cartWith(app, "198.51.100.20");
      statuses.push(
        (await place(app, { cartId, email: `tester${i}@example.com`, ip: "198.51.100.20" })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200]);
    const cartId = await cartWith(app, "198.51.100.20");
    const orders = await app.db.order.count();
    expectLimited(await place(app, { cartId, email: "tester9@example.com", ip: "198.51.100.20" }));
    expectLimited(await place(app, { cartId, email: "tester10@example.com", ip: "198.51.100.20" }));
    expect(await app.db.order.count()).toBe(orders);
    // No placement was recorded for the refused attempts.
    expect(await app.db.orderPlacement.count({ where: { cartId } })).toBe(0);
    // The operator hears once per window, with the bucket and the address; never a card number.
    const lines = alerts(app);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, bucket: "checkout:ip", key: "198.51.100.20" });
    expect(app.logs.join("")).not.toContain(TEST_CARDS.success);
    // Someone else is not held up.
    expect((await place(app, { cartId, email: "other@example.com", ip: "198.51.100.21" })).statusCode).toBe(
      200,
    );
  });

  it("per email: ever-new addresses and carts still end in 429 for one email", async () => {
    const app = await appWith({ checkoutEmail: small(2) });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const ip = `203.0.113.${i + 1}`;
      const cartId = await cartWith(app, ip);
      statuses.push((await place(app, { cartId, email: "Same@Example.com", ip })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(alerts(app)[0]).toMatchObject({ bucket: "checkout:email", key: "same@example.com" });
  });

  it("per cart: declines count double, and the alert names the cart's HMAC, never its id", async () => {
    const app = await appWith({ checkoutCart: small(4) });
    const cartId = await cartWith(app);
    const statuses: number[] = [];
    // Two declines from ever-new addresses and emails use up the cart's four...
    for (let i = 0; i < 2; i++) {
      statuses.push(
        (
          await place(app, {
            cartId,
            card: TEST_CARDS.declined,
            email: `d${i}@example.com`,
            ip: `192.0.2.${i}`,
          })
        ).statusCode,
      );
    }
    // ...so even a good card on that cart now waits.
    statuses.push((await place(app, { cartId, email: "late@example.com", ip: "192.0.2.99" })).statusCode);
    expect(statuses).toEqual([400, 400, 429]);
    const [line] = alerts(app);
    expect(line?.bucket).toBe("checkout:cart");
    expect(line?.key).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(JSON.stringify(line)).not.toContain(cartId);
  });

  it("a shopper who mistypes a card a few times still pays at the default limits", async () => {
    const app = await createTestApp();
    t = app;
    const cartId = await cartWith(app);
    for (let i = 0; i < 3; i++)
      expect((await place(app, { cartId, card: TEST_CARDS.declined })).statusCode).toBe(400);
    expect((await place(app, { cartId })).statusCode).toBe(200);
    expect(alerts(app)).toHaveLength(0);
  });

  it("60 declined cards from one address at the default limits: 10 reach the provider, 50 get 429", async () => {
    const app = await createTestApp({ rateLimits: { cartCreateIp: small(1000) } });
    t = app;
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      // A card tester's list: a new cart and email each time, every card declined (two counts each).
      const cartId = await cartWith(app);
      statuses.push(
        (await place(app, { cartId, card: TEST_CARDS.declined, email: `ct${i}@example.com` })).statusCode,
      );
    }
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(50).fill(429)]);
    expect(alerts(app)).toEqual([expect.objectContaining({ bucket: "checkout:ip", key: "127.0.0.1" })]);
  });
});

describe("declines", () => {
  it("every kind of decline answers the same text, on the first answer and on a replay", async () => {
    const app = await appWith();
    for (const card of [TEST_CARDS.declined, TEST_CARDS.insufficientFunds, "4111111111111111"]) {
      const cartId = await cartWith(app);
      const res = await place(app, { cartId, card });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        message: CHECKOUT_MESSAGES.cardDeclined,
        error: CHECKOUT_MESSAGES.cardDeclined,
      });
    }
    const failures = await app.db.orderPlacement.findMany({
      where: { status: "DECLINED" },
      select: { failureMessage: true },
    });
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(new Set(failures.map((f) => f.failureMessage))).toEqual(new Set([CHECKOUT_MESSAGES.cardDeclined]));
  });
});

describe("which payment provider runs", () => {
  const env = (extra: Record<string, string>) => ({ SESSION_SECRET: "t".repeat(43), ...extra });

  it("test mode outside production; none in production unless PAYMENT_PROVIDER names one", () => {
    expect(loadConfig(env({ NODE_ENV: "development" })).paymentProvider).toBe("test");
    expect(loadConfig(env({ NODE_ENV: "test" })).paymentProvider).toBe("test");
    expect(loadConfig(env({ NODE_ENV: "production" })).paymentProvider).toBeNull();
    expect(loadConfig(env({ NODE_ENV: "production", PAYMENT_PROVIDER: "test" })).paymentProvider).toBe(
      "test",
    );
    // Stripe is a provider now; it needs its keys (stripe-config-webhook.test.ts holds each message).
    expect(() => loadConfig(env({ NODE_ENV: "production", PAYMENT_PROVIDER: "stripe" }))).toThrow(
      /STRIPE_SECRET_KEY is required/,
    );
    expect(() => loadConfig(env({ NODE_ENV: "production", PAYMENT_PROVIDER: "paypal" }))).toThrow(
      /PAYMENT_PROVIDER/,
    );
  });

  it("production with no provider: the store serves, and placing an order is 503 with a clear text", async () => {
    const app = await appWith({}, { NODE_ENV: "production" });
    expect((await app.api("GET", "/api/health")).statusCode).toBe(200);
    const cartId = await cartWith(app);
    // The summary still prices the cart; only paying is refused.
    const q = await app.api("POST", "/api/checkout/quote", { body: { cartId } });
    expect(q.statusCode).toBe(200);
    const [orders, placements] = [await app.db.order.count(), await app.db.orderPlacement.count()];
    const res = await place(app, { cartId });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({
      message: CHECKOUT_MESSAGES.paymentsUnavailable,
      error: CHECKOUT_MESSAGES.paymentsUnavailable,
    });
    expect(await app.db.order.count()).toBe(orders);
    expect(await app.db.orderPlacement.count()).toBe(placements);
    expect(await callerFor(app).checkout.paymentMode()).toEqual({ mode: "unavailable", provider: null });
  });

  it("production with PAYMENT_PROVIDER=test: orders go through, and the mail says test mode (en-US, ja-JP)", async () => {
    const app = await appWith({}, { NODE_ENV: "production", PAYMENT_PROVIDER: "test" });
    expect(await callerFor(app).checkout.paymentMode()).toEqual({ mode: "test", provider: "test" });
    const en = await place(app, { cartId: await cartWith(app), email: "en@example.com" });
    expect(en.statusCode, en.body).toBe(200);
    const ja = await place(app, { cartId: await cartWith(app), email: "ja@example.com", language: "ja-JP" });
    expect(ja.statusCode, ja.body).toBe(200);
    const mail = (to: string) =>
      app.db.emailOutbox.findFirstOrThrow({ where: { to, kind: "order-confirmation" } });
    const enMail = await mail("en@example.com");
    expect(enMail.subject).toMatch(/^\[Test mode\] Order #\d+ confirmed$/);
    expect(enMail.text).toContain("Test mode: this order was paid with a test card. No money was taken.");
    expect(enMail.html).toContain("Test mode");
    const jaMail = await mail("ja@example.com");
    expect(jaMail.subject.startsWith("［テストモード］")).toBe(true);
    expect(jaMail.text).toContain("テストモード");
  });

  it("outside production the default is test mode, and the mail says so", async () => {
    const app = await appWith();
    expect(await callerFor(app).checkout.paymentMode()).toEqual({ mode: "test", provider: "test" });
    const res = await place(app, { cartId: await cartWith(app), email: "dev@example.com" });
    expect(res.statusCode).toBe(200);
    const m = await app.db.emailOutbox.findFirstOrThrow({ where: { to: "dev@example.com" } });
    expect(m.subject.startsWith("[Test mode]")).toBe(true);
  });
});
