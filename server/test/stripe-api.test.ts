// Stripe over REST and in the order pages' answers, against the tests' Stripe stand-in
// (test/support/stripe): POST /api/checkout/payments and /payments/complete answer what the
// published OpenAPI document says (their successes need a store paying with Stripe, which
// openapi.test.ts's app does not), completing sets a guest's order-access cookie as the tRPC
// procedure does, and one order's answer (the account's and the admin's) carries the payment as
// Stripe reports it, null for an order paid with the test provider.
import { createServer } from "node:net";
import { API_PATHS } from "@vela/shared/api";
import Ajv2020 from "ajv/dist/2020.js";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setPaymentProvider, TestPaymentProvider } from "../src/modules/checkout/payment.ts";
import { fulfilOrder } from "../src/modules/orders/lifecycle.ts";
import { processDueEvents } from "../src/modules/payments/stripe-events.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { type StripeStandIn, startStripeStandIn } from "./support/stripe/stand-in.ts";
import { STRIPE_ONLY_PATHS } from "./support/stripe-api-paths.ts";
import { catalogueVariants, newCustomer, variantGid } from "./support-data.ts";
import { admin, createStaff, signInStaff } from "./support-staff.ts";

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
let doc: { paths: Record<string, Record<string, unknown>> };
const ajv = new Ajv2020({ strict: false, allErrors: true });
let serial = 0;
const newKey = () => `stripe-api-${process.pid}-${Date.now()}-${serial++}`;

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
  const webhookSecret = `whsec_test${"a".repeat(24)}`;
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
    },
  });
  await t.app.listen({ port, host: "127.0.0.1" });
  variants = (await catalogueVariants(t)).available;
  const published = await t.api("GET", "/api/openapi.json");
  expect(published.statusCode).toBe(200);
  doc = json(published);
  ajv.addSchema(doc, "openapi");
});
afterAll(async () => {
  await t.close();
  await stand.close();
  setPaymentProvider(new TestPaymentProvider());
});
beforeEach(() => t.clock.set(new Date()));

const pointer = (...parts: string[]) =>
  parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** The answer against the published document's schema for its path, method and status. */
function documented(method: string, path: string, res: LightMyRequestResponse): string[] {
  const op = doc.paths[path]?.[method] as { responses?: Record<string, unknown> } | undefined;
  if (!op) return [`${method} ${path} is not in the document`];
  if (!op.responses?.[res.statusCode])
    return [`${method} ${path} answered ${res.statusCode}, not documented`];
  const ref = `openapi#/${pointer("paths", path, method, "responses", String(res.statusCode), "content", "application/json", "schema")}`;
  const validate = ajv.getSchema(ref);
  if (!validate) return [`no schema at ${ref}`];
  return validate(res.json())
    ? []
    : [`${method} ${path} ${res.statusCode}: ${ajv.errorsText(validate.errors)}`];
}

async function cartWith(variant: number, currencyCode?: string) {
  const cartId = json<{ cart: { id: string } }>(await t.api("POST", "/api/cart")).cart.id;
  if (currencyCode) await t.db.cart.update({ where: { id: cartId }, data: { currencyCode } });
  const res = await t.api("POST", `/api/cart/${cartId}`, {
    body: { items: [{ merchandiseId: variantGid(variant), quantity: 1 }] },
  });
  expect(res.statusCode).toBe(200);
  return cartId;
}

/** The start of a payment's body, for the cart's quoted total. */
async function startBody(cartId: string, opts: { japan?: boolean; cookie?: string } = {}) {
  const base = {
    cartId,
    email: opts.japan ? "mina@example.jp" : "rest-shopper@example.com",
    address: opts.japan ? JP_ADDRESS : US_ADDRESS,
    shippingMethod: "STANDARD",
    ...(opts.japan ? { language: "ja-JP" } : {}),
  };
  const q = await t.api("POST", "/api/checkout/quote", {
    body: base,
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
  });
  const expectedTotal = json<{ quote: { totalMinor: number } }>(q).quote.totalMinor;
  return { ...base, idempotencyKey: newKey(), expectedTotal };
}

const intentOf = (clientSecret: string) => clientSecret.split("_secret_")[0] as string;
const setCookieLine = (res: LightMyRequestResponse, name: string) =>
  [res.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith(`${name}=`));
/** A Set-Cookie line's attributes without its value and its clock-dependent Expires. */
const attributesOf = (line: string | undefined) =>
  (line ?? "")
    .split(";")
    .slice(1)
    .map((a) => a.trim())
    .filter((a) => !a.startsWith("Expires="))
    .sort();

describe("Stripe over REST", () => {
  it("starts and completes a payment as the document says; a guest gets the order-access cookie as over tRPC", async () => {
    const checked: LightMyRequestResponse[][] = [];
    const record = (path: string, res: LightMyRequestResponse) => {
      checked.push([res]);
      return documented("post", path, res);
    };
    const failures: string[] = [];

    // Started over REST, confirmed by "Stripe.js", completed over REST.
    const body = await startBody(await cartWith(variants[0] as number));
    const started = await t.api("POST", "/api/checkout/payments", { body });
    expect(started.statusCode).toBe(200);
    failures.push(...record("/api/checkout/payments", started));
    const s = json<{ placementId: string; clientSecret: string; amount: number; currencyCode: string }>(
      started,
    );
    expect(s.amount).toBe(body.expectedTotal);
    const pi = intentOf(s.clientSecret);
    expect(stand.paymentIntent(pi).amount).toBe(body.expectedTotal);
    // The same key again: the same intent.
    const again = await t.api("POST", "/api/checkout/payments", { body });
    expect(json<{ clientSecret: string }>(again).clientSecret).toBe(s.clientSecret);

    // Before Stripe.js has confirmed, there is nothing to place yet.
    const early = await t.api("POST", "/api/checkout/payments/complete", {
      body: { placementId: s.placementId },
    });
    expect(early.statusCode).toBe(200);
    failures.push(...record("/api/checkout/payments/complete", early));
    expect(json<{ status: string }>(early).status).not.toBe("placed");

    await stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_visa" });
    const done = await t.api("POST", "/api/checkout/payments/complete", {
      body: { placementId: s.placementId },
    });
    expect(done.statusCode).toBe(200);
    failures.push(...record("/api/checkout/payments/complete", done));
    const placed = json<{ status: string; order: { id: string; orderNumber: number } }>(done);
    expect(placed.status).toBe("placed");
    const restCookie = setCookieLine(done, "vela_order_access");
    expect(restCookie).toBeDefined();
    // The cookie opens the guest's confirmation, and nothing else does.
    const orderId = placed.order.id.split("/").pop();
    const access = restCookie?.split(";")[0] ?? "";
    expect((await t.api("GET", `/api/checkout/orders/${orderId}`, { cookie: access })).statusCode).toBe(200);
    expect((await t.api("GET", `/api/checkout/orders/${orderId}`)).statusCode).toBe(404);

    // The same placement over tRPC: the same cookie's attributes (path, httpOnly, SameSite, Secure, Max-Age).
    const trpcDone = await t.api("POST", "/trpc/checkout.completePayment", {
      body: { placementId: s.placementId },
    });
    expect(trpcDone.statusCode).toBe(200);
    const trpcCookie = setCookieLine(trpcDone, "vela_order_access");
    expect(attributesOf(restCookie)).toEqual(attributesOf(trpcCookie));
    expect(attributesOf(restCookie)).toEqual(
      expect.arrayContaining(["HttpOnly", "Path=/", "SameSite=Lax", "Secure", "Max-Age=3600"]),
    );
    // Asked again, the placement is the same order: still one.
    expect(
      json<{ result: { data: { order: { orderNumber: number } } } }>(trpcDone).result.data.order.orderNumber,
    ).toBe(placed.order.orderNumber);
    expect(await t.db.order.count({ where: { placement: { paymentReference: pi } } })).toBe(1);

    // A konbini slip: pending, with its number, and the cookie too.
    const jp = await startBody(await cartWith(variants[0] as number, "JPY"), { japan: true });
    const konbini = json<{ placementId: string; clientSecret: string }>(
      await t.api("POST", "/api/checkout/payments", { body: jp }),
    );
    await stand.stripe.paymentIntents.confirm(intentOf(konbini.clientSecret), {
      payment_method_data: {
        type: "konbini",
        billing_details: { name: "Mina Sato", email: "mina@example.jp" },
      },
    } as never);
    const pending = await t.api("POST", "/api/checkout/payments/complete", {
      body: { placementId: konbini.placementId },
    });
    failures.push(...record("/api/checkout/payments/complete", pending));
    expect(json<{ status: string; konbini: { number: string } }>(pending)).toMatchObject({
      status: "pending",
      konbini: { number: expect.stringMatching(/\S/) },
    });
    expect(setCookieLine(pending, "vela_order_access")).toBeDefined();

    // A decline: failed, with the generic text, and no cookie.
    const declinedBody = await startBody(await cartWith(variants[0] as number));
    const declined = json<{ placementId: string; clientSecret: string }>(
      await t.api("POST", "/api/checkout/payments", { body: declinedBody }),
    );
    await stand.stripe.paymentIntents
      .confirm(intentOf(declined.clientSecret), { payment_method: "pm_card_chargeDeclined" })
      .catch(() => undefined);
    const failed = await t.api("POST", "/api/checkout/payments/complete", {
      body: { placementId: declined.placementId },
    });
    failures.push(...record("/api/checkout/payments/complete", failed));
    expect(json<{ status: string; message: string }>(failed)).toMatchObject({
      status: "failed",
      message: expect.stringMatching(/\S/),
    });
    expect(setCookieLine(failed, "vela_order_access")).toBeUndefined();

    // Failures: a body that is not one (400), a total that changed (409), an unknown placement (404).
    const bad = await t.api("POST", "/api/checkout/payments", { body: { cartId: body.cartId } });
    expect(bad.statusCode).toBe(400);
    failures.push(...record("/api/checkout/payments", bad));
    const changed = await t.api("POST", "/api/checkout/payments", {
      body: { ...(await startBody(await cartWith(variants[0] as number))), expectedTotal: 1 },
    });
    expect(changed.statusCode).toBe(409);
    failures.push(...record("/api/checkout/payments", changed));
    const unknown = await t.api("POST", "/api/checkout/payments/complete", {
      body: { placementId: "1.not-a-placement" },
    });
    expect(unknown.statusCode).toBe(404);
    failures.push(...record("/api/checkout/payments/complete", unknown));
    const empty = await t.api("POST", "/api/checkout/payments/complete", { body: {} });
    expect(empty.statusCode).toBe(400);
    failures.push(...record("/api/checkout/payments/complete", empty));

    expect(failures).toEqual([]);
    // Every path openapi.test.ts leaves to this file is a documented path, answered here with a success.
    const documentedPaths = API_PATHS.map((p) => `${p.method.toUpperCase()} ${p.path}`);
    expect(STRIPE_ONLY_PATHS.filter((p) => !documentedPaths.includes(p))).toEqual([]);
    expect(STRIPE_ONLY_PATHS).toEqual([
      "POST /api/checkout/payments",
      "POST /api/checkout/payments/complete",
    ]);
  });
});

describe("one order's payment as Stripe reports it", () => {
  it("the account's order and the admin's order carry Stripe's state, the intent and a dispute; a test-provider order has none", async () => {
    const buyer = await newCustomer(t);
    const body = await startBody(await cartWith(variants[0] as number), { cookie: buyer.cookie });
    const s = json<{ placementId: string; clientSecret: string }>(
      await t.api("POST", "/api/checkout/payments", { body, cookie: buyer.cookie }),
    );
    const pi = intentOf(s.clientSecret);
    await stand.stripe.paymentIntents.confirm(pi, { payment_method: "pm_card_visa" });
    const placed = json<{ order: { id: string; orderNumber: number } }>(
      await t.api("POST", "/api/checkout/payments/complete", { body: { placementId: s.placementId } }),
    );
    const id = placed.order.id.split("/").pop();

    const mine = await t.api("GET", `/api/account/orders/${id}`, { cookie: buyer.cookie });
    expect(mine.statusCode).toBe(200);
    expect(documented("get", "/api/account/orders/{id}", mine)).toEqual([]);
    expect(json<{ order: { payment: unknown } }>(mine).order.payment).toEqual({
      status: "requires_capture",
      disputed: false,
      konbini: null,
    });
    const overTrpc = await t.api(
      "GET",
      `/trpc/orders.byId?input=${encodeURIComponent(JSON.stringify({ id }))}`,
      {
        cookie: buyer.cookie,
      },
    );
    expect(
      (overTrpc.json() as { result: { data: { order: { payment: { status: string } } } } }).result.data.order
        .payment.status,
    ).toBe("requires_capture");

    const member = await createStaff(t, "stripe-api-support@vela.test", "support");
    const staff = await signInStaff(t, member);
    type StaffPayment = { payment: { stripe: unknown } };
    const before = await admin<StaffPayment>(
      t,
      "query",
      "orders.get",
      { number: placed.order.orderNumber },
      {
        cookie: staff,
      },
    );
    expect(before.status).toBe(200);
    expect(before.data.payment.stripe).toEqual({ status: "requires_capture", intentId: pi, disputed: false });

    // Shipped (captured: succeeded), then disputed by the cardholder: both pages say so.
    await fulfilOrder(t.deps, placed.order.orderNumber, { carrier: "UPS", tracking: "1Z-STRIPE-API" });
    const charge = stand.paymentIntent(pi).latest_charge as string | { id: string };
    stand.dispute(typeof charge === "string" ? charge : charge.id);
    await stand.flushWebhooks();
    for (let i = 0; i < 200; i++) {
      await processDueEvents(t.deps);
      const o = await t.db.order.findUniqueOrThrow({ where: { orderNumber: placed.order.orderNumber } });
      if (o.disputed) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const after = await admin<StaffPayment>(
      t,
      "query",
      "orders.get",
      { number: placed.order.orderNumber },
      {
        cookie: staff,
      },
    );
    expect(after.data.payment.stripe).toEqual({ status: "succeeded", intentId: pi, disputed: true });
    const mineAfter = await t.api("GET", `/api/account/orders/${id}`, { cookie: buyer.cookie });
    expect(json<{ order: { payment: unknown } }>(mineAfter).order.payment).toEqual({
      status: "succeeded",
      disputed: true,
      konbini: null,
    });

    // An order paid with the test provider (a seeded order of the demo customer, given the test
    // provider's placement): nothing of Stripe's on either page.
    const demoCookie = await t.login();
    const demoOrders = json<{ orders: { edges: { node: { id: string; orderNumber: number } }[] } }>(
      await t.api("GET", "/api/account/orders?limit=1", { cookie: demoCookie }),
    );
    const demo = demoOrders.orders.edges[0]?.node;
    if (!demo) throw new Error("the demo customer has no order");
    const demoId = Number(demo.id.split("/").pop());
    await t.db.orderPlacement.create({
      data: {
        idempotencyKey: newKey(),
        requestHash: "seeded",
        cartId: "seeded",
        status: "COMPLETED",
        orderId: demoId,
        provider: "test",
        paymentReference: "test_ref_1",
        currencyCode: "USD",
      },
    });
    const demoAnswer = await t.api("GET", `/api/account/orders/${demoId}`, { cookie: demoCookie });
    expect(demoAnswer.statusCode).toBe(200);
    expect(documented("get", "/api/account/orders/{id}", demoAnswer)).toEqual([]);
    expect(json<{ order: { payment: unknown } }>(demoAnswer).order.payment).toBeNull();
    const other = await admin<StaffPayment>(
      t,
      "query",
      "orders.get",
      { number: demo.orderNumber },
      {
        cookie: staff,
      },
    );
    expect(other.status).toBe(200);
    expect(other.data.payment.stripe).toBeNull();
  });
});
