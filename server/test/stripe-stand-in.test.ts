// The Stripe stand-in the payment tests run against, exercised through the official `stripe` client:
// its state machine, idempotency, failures, webhook signatures, and the OpenAPI validation that keeps
// it honest.
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decodeForm, SUBSET } from "./support/stripe/openapi.ts";
import { type StripeStandIn, startStripeStandIn } from "./support/stripe/stand-in.ts";

let s: StripeStandIn;
beforeEach(async () => {
  s = await startStripeStandIn();
});
afterEach(async () => {
  await s.close(); // throws when a request or answer broke the document
});

const card = (amount = 12_345, currency = "usd") =>
  s.stripe.paymentIntents.create({
    amount,
    currency,
    capture_method: "manual",
    allowed_payment_method_types: ["card"],
    metadata: { order: "1027" },
  });

async function stripeError(p: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error("expected a Stripe error");
}

describe("Stripe stand-in", () => {
  it("create → confirm → capture (partial) → refunds, with Stripe's amounts and events", async () => {
    const pi = await card();
    expect(pi).toMatchObject({
      object: "payment_intent",
      status: "requires_payment_method",
      amount: 12_345,
      metadata: { order: "1027" },
    });
    expect(pi.client_secret).toMatch(new RegExp(`^${pi.id}_secret_`));

    const confirmed = await s.stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    expect(confirmed).toMatchObject({
      status: "requires_capture",
      amount_capturable: 12_345,
      amount_received: 0,
    });

    const captured = await s.stripe.paymentIntents.capture(pi.id, { amount_to_capture: 10_000 });
    expect(captured).toMatchObject({ status: "succeeded", amount_received: 10_000, amount_capturable: 0 });
    const chargeId = String(captured.latest_charge);
    const charge = await s.stripe.charges.retrieve(chargeId);
    expect(charge).toMatchObject({ captured: true, amount_captured: 10_000, amount_refunded: 0, paid: true });
    expect(charge.payment_method_details?.card).toMatchObject({ brand: "visa", last4: "4242" });

    const partial = await s.stripe.refunds.create({ payment_intent: pi.id, amount: 4_000 });
    expect(partial).toMatchObject({ object: "refund", amount: 4_000, status: "succeeded", charge: chargeId });
    const over = await stripeError(s.stripe.refunds.create({ payment_intent: pi.id, amount: 6_001 }));
    expect(over).toMatchObject({
      statusCode: 400,
      code: "amount_too_large",
      type: "StripeInvalidRequestError",
    });
    const rest = await s.stripe.refunds.create({ payment_intent: pi.id }); // what is left
    expect(rest.amount).toBe(6_000);
    expect(await s.stripe.charges.retrieve(chargeId)).toMatchObject({
      amount_refunded: 10_000,
      refunded: true,
    });
    const again = await stripeError(s.stripe.refunds.create({ payment_intent: pi.id, amount: 1 }));
    expect(again.code).toBe("charge_already_refunded");

    expect(s.events.map((e) => e.type)).toEqual([
      "payment_intent.amount_capturable_updated",
      "payment_intent.succeeded",
      "charge.refunded",
      "charge.refunded",
    ]);
    const event = await s.stripe.events.retrieve(String(s.events[1]?.id));
    expect(event.data.object).toMatchObject({ id: pi.id, status: "succeeded" });
    // Every request carried the client's API version and form-encoded parameters.
    expect(s.requests.find((r) => r.path.endsWith("/capture"))).toMatchObject({
      params: { amount_to_capture: 10_000 },
    });
    expect(s.requests.every((r) => r.stripeVersion === Stripe.API_VERSION)).toBe(true);
  });

  it("an idempotency key replays the first answer, and is refused with other parameters", async () => {
    const params = {
      amount: 5_000,
      currency: "jpy",
      capture_method: "manual" as const,
      allowed_payment_method_types: ["card"],
    };
    const first = await s.stripe.paymentIntents.create(params, { idempotencyKey: "order-1-authorize" });
    const replay = await s.stripe.paymentIntents.create(params, { idempotencyKey: "order-1-authorize" });
    expect(replay.id).toBe(first.id);
    expect(s.requests.at(-1)?.replayed).toBe(true);
    expect(s.requests.filter((r) => r.path === "/v1/payment_intents")).toHaveLength(2);

    const conflict = await stripeError(
      s.stripe.paymentIntents.create({ ...params, amount: 5_001 }, { idempotencyKey: "order-1-authorize" }),
    );
    expect(conflict).toMatchObject({ statusCode: 400, type: "StripeIdempotencyError" });
    expect(conflict.message).toMatch(/same parameters/);

    // A capture retried with its key moves money once.
    await s.stripe.paymentIntents.confirm(first.id, { payment_method: "pm_card_jcb" });
    await s.stripe.paymentIntents.capture(first.id, {}, { idempotencyKey: "order-1-capture" });
    const retried = await s.stripe.paymentIntents.capture(
      first.id,
      {},
      { idempotencyKey: "order-1-capture" },
    );
    expect(retried).toMatchObject({ status: "succeeded", amount_received: 5_000 });
    expect(s.events.filter((e) => e.type === "payment_intent.succeeded")).toHaveLength(1);
  });

  it("a declined card answers 402 card_declined and leaves the intent to try another card", async () => {
    const pi = await card();
    const declined = await stripeError(
      s.stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_chargeDeclined" }),
    );
    expect(declined).toMatchObject({
      statusCode: 402,
      type: "StripeCardError",
      code: "card_declined",
      decline_code: "generic_decline",
    });
    expect(declined.payment_intent).toMatchObject({ id: pi.id, status: "requires_payment_method" });
    const after = await s.stripe.paymentIntents.retrieve(pi.id);
    expect(after.last_payment_error).toMatchObject({ code: "card_declined", type: "card_error" });
    expect(s.events.at(-1)?.type).toBe("payment_intent.payment_failed");

    const funds = await stripeError(
      s.stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_chargeDeclinedInsufficientFunds" }),
    );
    expect(funds.decline_code).toBe("insufficient_funds");
    // Then a good card authorizes the same intent.
    expect(
      (await s.stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_mastercard" })).status,
    ).toBe("requires_capture");
    // Capturing or confirming in the wrong state is refused with Stripe's code.
    const twice = await stripeError(
      s.stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" }),
    );
    expect(twice.code).toBe("payment_intent_unexpected_state");
  });

  it("3-D Secure: requires_action with a redirect, then completed or abandoned", async () => {
    const pi = await card();
    const action = await s.stripe.paymentIntents.confirm(pi.id, {
      payment_method: "pm_card_threeDSecure2Required",
      return_url: "http://localhost:3000/checkout/return",
    });
    expect(action.status).toBe("requires_action");
    expect(action.next_action).toMatchObject({
      type: "redirect_to_url",
      redirect_to_url: { return_url: "http://localhost:3000/checkout/return" },
    });
    expect((await fetch(String(action.next_action?.redirect_to_url?.url))).status).toBe(200);
    s.completeThreeDS(pi.id);
    expect(await s.stripe.paymentIntents.retrieve(pi.id)).toMatchObject({
      status: "requires_capture",
      amount_capturable: 12_345,
    });

    const other = await card();
    const sdk = await s.stripe.paymentIntents.confirm(other.id, {
      payment_method: "pm_card_authenticationRequired",
    });
    expect(sdk.next_action?.type).toBe("use_stripe_sdk");
    s.failThreeDS(other.id);
    const failed = await s.stripe.paymentIntents.retrieve(other.id);
    expect(failed).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "payment_intent_authentication_failure" },
    });
    expect(() => s.completeThreeDS(other.id)).toThrow(/not waiting/);
    const canceled = await s.stripe.paymentIntents.cancel(other.id, { cancellation_reason: "abandoned" });
    expect(canceled).toMatchObject({ status: "canceled", cancellation_reason: "abandoned" });
    expect(s.events.map((e) => e.type)).toEqual([
      "payment_intent.requires_action",
      "payment_intent.amount_capturable_updated",
      "payment_intent.requires_action",
      "payment_intent.payment_failed",
      "payment_intent.canceled",
    ]);
  });

  it("konbini: a voucher with each store's numbers, then paid or expired", async () => {
    const refused = await stripeError(
      s.stripe.paymentIntents.create({
        amount: 3_000,
        currency: "jpy",
        capture_method: "manual",
        allowed_payment_method_types: ["card", "konbini"],
      }),
    );
    expect(refused.message).toMatch(/do not support manual capture: konbini/);
    const mixed = await s.stripe.paymentIntents.create({
      amount: 3_000,
      currency: "jpy",
      allowed_payment_method_types: ["card", "konbini"],
      payment_method_options: { card: { capture_method: "manual" } },
    });
    const voucher = await s.stripe.paymentIntents.confirm(mixed.id, {
      payment_method_data: {
        type: "konbini",
        billing_details: { name: "山田 太郎", email: "taro@example.jp" },
      },
    });
    expect(voucher.status).toBe("requires_action");
    const details = voucher.next_action?.konbini_display_details;
    expect(details?.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(details?.hosted_voucher_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/test\/konbini\//);
    expect(details?.stores.familymart?.confirmation_number).toMatch(/^\d{11}$/);
    s.payKonbini(mixed.id);
    const paid = await s.stripe.paymentIntents.retrieve(mixed.id);
    expect(paid).toMatchObject({ status: "succeeded", amount_received: 3_000 });
    expect((await s.stripe.charges.retrieve(String(paid.latest_charge))).payment_method_details?.type).toBe(
      "konbini",
    );

    const late = await s.stripe.paymentIntents.create({
      amount: 2_000,
      currency: "jpy",
      automatic_payment_methods: { enabled: true },
    });
    expect(late.payment_method_types).toEqual(["card", "konbini", "paypay"]);
    const noName = await stripeError(
      s.stripe.paymentIntents.confirm(late.id, { payment_method_data: { type: "konbini" } }),
    );
    expect(noName.param).toBe("payment_method_data[billing_details][name]");
    await s.stripe.paymentIntents.confirm(late.id, {
      payment_method_data: { type: "konbini", billing_details: { name: "Ada", email: "ada@example.com" } },
    });
    s.expireKonbini(late.id);
    expect(await s.stripe.paymentIntents.retrieve(late.id)).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { code: "payment_intent_payment_attempt_expired" },
    });
    await s.stripe.paymentIntents.confirm(late.id, {
      payment_method_data: { type: "konbini", billing_details: { name: "Ada", email: "ada@example.com" } },
    });
    expect(s.expireKonbini(late.id, { cancel: true })).toMatchObject({
      status: "canceled",
      cancellation_reason: "abandoned",
    });
  });

  it("automatic methods in yen (PayPay redirects), updates and the events list", async () => {
    const pi = await s.stripe.paymentIntents.create({
      amount: 8_800,
      currency: "jpy",
      capture_method: "manual",
      metadata: { cart: "c1" },
    });
    // Automatic payment methods by default; konbini is left out of a manual capture.
    expect(pi).toMatchObject({
      automatic_payment_methods: { enabled: true },
      allowed_payment_method_types: null,
      payment_method_types: ["card", "paypay"],
    });
    const updated = await s.stripe.paymentIntents.update(pi.id, {
      amount: 9_000,
      metadata: { cart: "", placement: "7" },
    });
    expect(updated).toMatchObject({ amount: 9_000, metadata: { placement: "7" } });
    expect(updated.metadata).not.toHaveProperty("cart");
    const redirect = await s.stripe.paymentIntents.confirm(pi.id, {
      payment_method: "pm_paypay",
      return_url: "http://localhost:3000/checkout/return",
    });
    expect(redirect.next_action?.type).toBe("redirect_to_url");
    s.completeThreeDS(pi.id);
    const paid = await s.stripe.paymentIntents.retrieve(pi.id);
    expect(paid).toMatchObject({ status: "requires_capture", amount_capturable: 9_000 });
    expect(s.charge(String(paid.latest_charge))?.payment_method_details).toMatchObject({ type: "paypay" });
    const usd = await stripeError(
      s.stripe.paymentIntents.create({
        amount: 500,
        currency: "usd",
        allowed_payment_method_types: ["paypay"],
      }),
    );
    expect(usd.param).toBe("currency");
    const list = await s.stripe.events.list();
    expect(list.data.map((e) => e.type)).toEqual([
      "payment_intent.amount_capturable_updated",
      "payment_intent.requires_action",
    ]);
  });

  it("cancelling an authorized intent releases it; a captured one cannot be cancelled", async () => {
    const pi = await card();
    await s.stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    const canceled = await s.stripe.paymentIntents.cancel(pi.id, {
      cancellation_reason: "requested_by_customer",
    });
    expect(canceled).toMatchObject({
      status: "canceled",
      amount_capturable: 0,
      cancellation_reason: "requested_by_customer",
    });
    expect(s.charge(String(canceled.latest_charge))).toMatchObject({
      refunded: true,
      amount_refunded: 12_345,
    });

    const done = await s.stripe.paymentIntents.create({
      amount: 900,
      currency: "usd",
      confirm: true,
      payment_method: "pm_card_visa",
    });
    expect(done.status).toBe("succeeded");
    const refused = await stripeError(s.stripe.paymentIntents.cancel(done.id));
    expect(refused).toMatchObject({ statusCode: 400, code: "payment_intent_unexpected_state" });
    const missing = await stripeError(s.stripe.paymentIntents.retrieve("pi_missing"));
    expect(missing).toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("Stripe down: 500 and 503 answers, dropped connections, and an answer lost after the work was done", async () => {
    s.setDown(503);
    const unavailable = await stripeError(card());
    expect(unavailable).toMatchObject({ statusCode: 503, type: "StripeAPIError" });
    s.setDown(500);
    expect((await stripeError(card())).statusCode).toBe(500);
    s.setDown("drop");
    expect((await stripeError(card())).type).toBe("StripeConnectionError");

    // The work is done but the answer never arrives; a retry with the same key gets the first answer.
    s.setDown("drop-after");
    const params = { amount: 700, currency: "usd", allowed_payment_method_types: ["card"] };
    expect(
      (await stripeError(s.stripe.paymentIntents.create(params, { idempotencyKey: "lost-answer" }))).type,
    ).toBe("StripeConnectionError");
    s.setDown(false);
    const retried = await s.stripe.paymentIntents.create(params, { idempotencyKey: "lost-answer" });
    expect(s.requests.at(-1)?.replayed).toBe(true);
    // The official client retries a closed connection once by itself, even with retries off (with the
    // same key): two lost answers, then the replay.
    expect(
      s.requests.filter((r) => r.idempotencyKey === "lost-answer").map((r) => [r.status, r.replayed]),
    ).toEqual([
      [-1, false],
      [-1, true],
      [200, true],
    ]);
    expect(retried.amount).toBe(700);

    // The official client's own retries (same key, after a 503) reach the stand-in too.
    const retrying = s.client({ maxNetworkRetries: 1 });
    s.setDown(503);
    const gaveUp = await stripeError(retrying.paymentIntents.create(params));
    expect(gaveUp.statusCode).toBe(503);
    const lastTwo = s.requests.slice(-2);
    expect(lastTwo[0]?.idempotencyKey).toBeTruthy();
    expect(lastTwo[1]?.idempotencyKey).toBe(lastTwo[0]?.idempotencyKey);
    s.setDown(false);
  });

  it("the validator refuses a request that breaks Stripe's document, and an answer of the wrong shape", async () => {
    // An amount with letters, sent as the store would if it passed a string through.
    const wrong = await stripeError(
      s.stripe.paymentIntents.create({
        amount: "12abc" as unknown as number,
        currency: "usd",
        allowed_payment_method_types: ["card"],
      }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.message).toMatch(/\/amount must be integer/);
    const unknown = await stripeError(
      s.stripe.paymentIntents.create({
        amount: 100,
        currency: "usd",
        capture: "manual",
      } as unknown as Stripe.PaymentIntentCreateParams),
    );
    expect(unknown.message).toMatch(/additional properties.*capture/);
    // `payment_method_types` left the request parameters in the client's API version (2026-09-30.endive).
    const removed = await stripeError(
      s.stripe.paymentIntents.create({
        amount: 100,
        currency: "usd",
        payment_method_types: ["card"],
      } as unknown as Stripe.PaymentIntentCreateParams),
    );
    expect(removed.message).toMatch(/additional properties.*payment_method_types/);
    expect(s.takeViolations().map((v) => [v.kind, v.path])).toEqual([
      ["request", "/v1/payment_intents"],
      ["request", "/v1/payment_intents"],
      ["request", "/v1/payment_intents"],
    ]);

    s.tamperAnswers((path, body) =>
      path === "/v1/payment_intents" ? { ...body, status: "paid", amount: "1000" } : body,
    );
    const shape = await stripeError(card());
    expect(shape.statusCode).toBe(500);
    expect(shape.message).toMatch(/\/status must be equal to one of the allowed values/);
    expect(shape.message).toMatch(/\/amount must be integer/);
    s.tamperAnswers(null);
    expect(s.takeViolations()).toMatchObject([{ kind: "answer", path: "/v1/payment_intents" }]);

    // Events are held to the document too.
    expect(() => s.makeEvent("payment_intent.succeeded", { object: "payment_intent", id: "pi_1" })).toThrow(
      /must have required property 'amount'/,
    );
  });

  it("decodes Stripe's bracket form encoding, indexed or not", () => {
    expect(
      decodeForm(
        "metadata[order]=1&payment_method_types[]=card&payment_method_types[]=konbini&automatic_payment_methods[enabled]=true",
      ),
    ).toEqual({
      metadata: { order: "1" },
      payment_method_types: ["card", "konbini"],
      automatic_payment_methods: { enabled: "true" },
    });
    expect(
      decodeForm("expand[0]=latest_charge&payment_method_data[billing_details][name]=%E5%B1%B1%E7%94%B0"),
    ).toEqual({
      expand: ["latest_charge"],
      payment_method_data: { billing_details: { name: "山田" } },
    });
    expect(SUBSET.info.version).toBe("2020-08-27");
  });
});

describe("Stripe stand-in webhooks", () => {
  let receiver: http.Server;
  let received: { body: string; signature: string | undefined }[];
  let hook: StripeStandIn;
  beforeEach(async () => {
    received = [];
    receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        received.push({ body, signature: req.headers["stripe-signature"] as string | undefined });
        res.writeHead(200).end("{}");
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    hook = await startStripeStandIn({
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/stripe/webhook`,
      webhookSecret: "whsec_test_standin_secret",
    });
  });
  afterEach(async () => {
    await hook.close();
    await new Promise<void>((r) => receiver.close(() => r()));
  });

  it("delivers each event as it happens, signed so that stripe.webhooks.constructEvent accepts it", async () => {
    const pi = await hook.stripe.paymentIntents.create({
      amount: 4_200,
      currency: "usd",
      capture_method: "manual",
      allowed_payment_method_types: ["card"],
    });
    await hook.stripe.paymentIntents.confirm(pi.id, { payment_method: "pm_card_visa" });
    await hook.stripe.paymentIntents.capture(pi.id);
    await hook.flushWebhooks();
    const verified = received.map((r) =>
      Stripe.webhooks.constructEvent(r.body, String(r.signature), "whsec_test_standin_secret"),
    );
    expect(verified.map((e) => e.type)).toEqual([
      "payment_intent.amount_capturable_updated",
      "payment_intent.succeeded",
    ]);
    expect(verified[1]?.data.object).toMatchObject({
      id: pi.id,
      status: "succeeded",
      amount_received: 4_200,
    });
    expect(hook.deliveries.every((d) => d.status === 200)).toBe(true);
    // Another secret does not verify.
    expect(() =>
      Stripe.webhooks.constructEvent(
        String(received[0]?.body),
        String(received[0]?.signature),
        "whsec_other",
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });

  it("sends an event twice, out of order, late, unsigned or badly signed; and disputes", async () => {
    const pi = await hook.stripe.paymentIntents.create({
      amount: 4_200,
      currency: "usd",
      allowed_payment_method_types: ["card"],
      confirm: true,
      payment_method: "pm_card_visa",
    });
    await hook.flushWebhooks();
    received.length = 0;
    const succeeded = hook.makeEvent("payment_intent.succeeded", hook.paymentIntent(pi.id));
    const refundedCharge = hook.charge(String(pi.latest_charge));
    const refunded = hook.makeEvent("charge.refunded", {
      ...refundedCharge,
      amount_refunded: 4_200,
      refunded: true,
    });
    await hook.deliver(refunded); // out of order: the refund before the payment
    await hook.deliver(succeeded, { twice: true });
    expect(received.map((r) => JSON.parse(r.body).id)).toEqual([refunded.id, succeeded.id, succeeded.id]);

    const verify = (i: number, tolerance?: number) =>
      Stripe.webhooks.constructEvent(
        String(received[i]?.body),
        String(received[i]?.signature),
        "whsec_test_standin_secret",
        tolerance,
      );
    await hook.sendEvent("payment_intent.canceled", hook.paymentIntent(pi.id), {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() => verify(3)).toThrow(/Timestamp outside the tolerance zone/);
    await hook.sendEvent("payment_intent.canceled", hook.paymentIntent(pi.id), { signature: "none" });
    expect(received[4]?.signature).toBeUndefined();
    await hook.sendEvent("payment_intent.canceled", hook.paymentIntent(pi.id), { signature: "bad" });
    expect(() => verify(5)).toThrow(/No signatures found matching the expected signature/);

    const dispute = hook.dispute(String(pi.latest_charge), { reason: "product_not_received" });
    await hook.flushWebhooks();
    const event = verify(6);
    expect(event).toMatchObject({
      type: "charge.dispute.created",
      data: { object: { id: dispute.id, amount: 4_200, status: "needs_response" } },
    });
    expect(hook.charge(String(pi.latest_charge))?.disputed).toBe(true);
  });
});
