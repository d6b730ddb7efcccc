// Stripe's settings checked at start, the CSP with and without Stripe, and the webhook route's
// refusals: unsigned, badly signed or too old is 400 and records nothing; the same-origin JSON
// rule leaves that one path alone and no other.
import { CHECKOUT_MESSAGES } from "@vela/shared";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { CSP } from "../src/http/security.ts";
import { setPaymentProvider, TestPaymentProvider } from "../src/modules/checkout/payment.ts";
import { processDueEvents } from "../src/modules/payments/stripe-events.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

const SECRET = `whsec_test${"s".repeat(24)}`;
const STRIPE_ENV = {
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_abcdefgh12345678",
  STRIPE_PUBLISHABLE_KEY: "pk_test_abcdefgh12345678",
  STRIPE_WEBHOOK_SECRET: SECRET,
};
const base = { NODE_ENV: "test", SESSION_SECRET: "t".repeat(43), DATABASE_URL: "file:./data/unused.db" };

describe("Stripe's settings", () => {
  it("names each missing setting", () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: "stripe" })).toThrow(
      /STRIPE_SECRET_KEY is required.*STRIPE_PUBLISHABLE_KEY is required.*STRIPE_WEBHOOK_SECRET is required/,
    );
  });
  it("names each malformed one", () => {
    const bad = (k: string, v: string) => () => loadConfig({ ...base, ...STRIPE_ENV, [k]: v });
    expect(bad("STRIPE_SECRET_KEY", "pk_test_abcdefgh12345678")).toThrow(
      "STRIPE_SECRET_KEY must look like sk_test_…, sk_live_… or rk_live_…",
    );
    expect(bad("STRIPE_PUBLISHABLE_KEY", "sk_test_abcdefgh12345678")).toThrow(
      "STRIPE_PUBLISHABLE_KEY must look like pk_test_… or pk_live_…",
    );
    expect(bad("STRIPE_WEBHOOK_SECRET", "secret")).toThrow("STRIPE_WEBHOOK_SECRET must look like whsec_…");
    expect(bad("STRIPE_PUBLISHABLE_KEY", "pk_live_abcdefgh12345678")).toThrow(
      "STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys",
    );
    expect(bad("STRIPE_API_URL", "ftp://x")).toThrow("STRIPE_API_URL must be an http(s) URL");
    expect(bad("PAYMENT_PROVIDER", "paypal")).toThrow(
      "PAYMENT_PROVIDER must be test (the built-in test mode) or stripe (real payments through Stripe)",
    );
  });
  it("refuses the tests' stand-in addresses in production", () => {
    expect(() =>
      loadConfig({
        ...base,
        ...STRIPE_ENV,
        NODE_ENV: "production",
        PUBLIC_URL: "https://shop.example.com",
        STRIPE_API_URL: "http://127.0.0.1:12111",
      }),
    ).toThrow("STRIPE_API_URL is for tests only and is refused in production");
  });
  it("reads good keys, and none without PAYMENT_PROVIDER=stripe", () => {
    const c = loadConfig({ ...base, ...STRIPE_ENV, STRIPE_API_URL: "http://127.0.0.1:12111" });
    expect(c.stripe).toMatchObject({
      secretKey: STRIPE_ENV.STRIPE_SECRET_KEY,
      publishableKey: STRIPE_ENV.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: SECRET,
      api: { origin: "http://127.0.0.1:12111", host: "127.0.0.1", port: 12111, protocol: "http" },
      jsUrl: "https://js.stripe.com/v3/",
    });
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: "nonsense" }).stripe).toBeNull();
  });
});

describe("with Stripe", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...STRIPE_ENV, STRIPE_API_URL: "http://127.0.0.1:9" } });
  });
  afterAll(async () => {
    await t.close();
    setPaymentProvider(new TestPaymentProvider());
  });

  const event = {
    id: "evt_test_webhook_1",
    object: "event",
    type: "customer.created",
    created: 1,
    data: { object: { id: "cus_1", object: "customer" } },
  };
  const post = (payload: string, headers: Record<string, string>, url = "/api/payments/stripe/webhook") =>
    t.app.inject({
      method: "POST",
      url,
      headers: { host: "store.vela.test", "content-type": "application/json; charset=utf-8", ...headers },
      payload,
    });
  const nowS = () => Math.floor(t.clock.now().getTime() / 1000);
  const sign = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? SECRET,
      timestamp: opts.timestamp ?? nowS(),
    });

  it("opens the CSP to Stripe's script, frames and API (and the stand-in's address)", async () => {
    const res = await t.api("GET", "/checkout");
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    expect(csp).toContain(
      "connect-src 'self' https://api.stripe.com https://*.stripe.com http://127.0.0.1:9",
    );
  });

  it("paymentMode names Stripe and hands the page its publishable key", async () => {
    const res = await t.api("GET", "/trpc/checkout.paymentMode");
    expect((res.json() as { result: { data: unknown } }).result.data).toEqual({
      mode: "live",
      provider: "stripe",
      publishableKey: STRIPE_ENV.STRIPE_PUBLISHABLE_KEY,
      stripeJsUrl: "https://js.stripe.com/v3/",
    });
  });

  it("refuses a card sent to the test provider's place (Stripe takes cards on the page), recording nothing", async () => {
    const res = await t.api("POST", "/api/checkout/orders", {
      body: {
        cartId: "no-such-cart",
        email: "a@example.com",
        address: {
          firstName: "A",
          lastName: "B",
          address1: "1 Main St",
          city: "Austin",
          province: "TX",
          country: "US",
          zip: "73301",
        },
        shippingMethod: "STANDARD",
        card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" },
        idempotencyKey: "stripe-place-refused-0001",
        expectedTotal: 100,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: CHECKOUT_MESSAGES.paymentError });
    expect(await t.db.orderPlacement.count({ where: { idempotencyKey: "stripe-place-refused-0001" } })).toBe(
      0,
    );
  });

  it("accepts a signed event from another origin, in any content type (its signature is its proof), once", async () => {
    const payload = JSON.stringify(event);
    const first = await post(payload, {
      "stripe-signature": sign(payload),
      origin: "https://evil.example",
      "content-type": "text/plain",
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const again = await post(payload, { "stripe-signature": sign(payload) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(await t.db.stripeEvent.count({ where: { eventId: event.id } })).toBe(1);
  });

  it("refuses unsigned, badly signed, tampered and too old events with 400, recording nothing", async () => {
    const payload = JSON.stringify({ ...event, id: "evt_test_refused" });
    const cases: Record<string, string>[] = [
      {},
      { "stripe-signature": "" },
      { "stripe-signature": sign(payload, { secret: `whsec_other${"x".repeat(24)}` }) },
      { "stripe-signature": sign(payload.replace("cus_1", "cus_2")) },
      { "stripe-signature": sign(payload, { timestamp: nowS() - 301 }) },
      { "stripe-signature": "t=1,v1=deadbeef" },
    ];
    for (const [i, headers] of cases.entries()) {
      const res = await post(payload, headers);
      expect(res.statusCode, `case ${i}`).toBe(400);
    }
    expect(await t.db.stripeEvent.count({ where: { eventId: "evt_test_refused" } })).toBe(0);
  });

  it("an event is processed once when several instances look at once (its lease)", async () => {
    const now = t.clock.now();
    const row = await t.db.stripeEvent.create({
      data: {
        eventId: "evt_test_lease",
        type: "customer.updated",
        payload: JSON.stringify({ ...event, id: "evt_test_lease", type: "customer.updated" }),
        receivedAt: now,
        nextAttemptAt: now,
      },
    });
    const done = await Promise.all([1, 2, 3].map(() => processDueEvents(t.deps)));
    const after = await t.db.stripeEvent.findUniqueOrThrow({ where: { id: row.id } });
    expect(after.attempts).toBe(1);
    expect(after.processedAt).not.toBeNull();
    expect(done.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
  });

  it("refuses a body over 1 MiB", async () => {
    const payload = JSON.stringify({ ...event, pad: "x".repeat(1024 * 1024) });
    const res = await post(payload, { "stripe-signature": sign(payload) });
    expect(res.statusCode).toBe(413);
  });

  it("the same-origin JSON rule still holds on every other path, the webhook's neighbours included", async () => {
    for (const url of [
      "/api/payments/stripe/webhook2",
      "/api/payments/stripe/webhook/x",
      "/api/payments/stripe",
      "/api/checkout/orders",
    ]) {
      const res = await post("{}", { origin: "https://evil.example" }, url);
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe("without Stripe", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("the CSP stays closed to Stripe, and there is no webhook route to exempt", async () => {
    const res = await t.api("GET", "/checkout");
    expect(res.headers["content-security-policy"]).toBe(CSP);
    expect(String(res.headers["content-security-policy"])).not.toContain("stripe");
    const hook = await t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { host: "store.vela.test", "content-type": "application/json" },
      payload: "{}",
    });
    expect(hook.statusCode).toBe(404);
  });
});
