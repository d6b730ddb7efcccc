// A Stripe-compatible server for the tests: a real HTTP server on loopback that the official `stripe`
// client talks to, keeping PaymentIntents, charges, refunds, disputes and events in memory with
// Stripe's state machine for the parts the store uses. Every request it receives and every answer it
// gives is validated against the subset of Stripe's OpenAPI document (openapi-subset.json; README.md).
//
//   const stripe = await startStripeStandIn({ webhookUrl, webhookSecret });
//   stripe.stripe                      an official client (`new Stripe(key, {host, port, protocol: "http"})`)
//   stripe.client({maxNetworkRetries}) another client pointed at it
//   stripe.url / host / port / apiKey / webhookSecret
//   stripe.requests                    every request: method, path, params, idempotencyKey, status, answer, replayed
//   stripe.violations / takeViolations()  requests and answers that broke the OpenAPI document
//   stripe.completeThreeDS(id) / failThreeDS(id)   the shopper finishes or abandons 3-D Secure (or a PayPay redirect)
//   stripe.payKonbini(id) / expireKonbini(id)       the voucher is paid at the shop, or runs out
//   stripe.dispute(chargeId, opts?)   the cardholder disputes a charge (charge.dispute.created)
//   stripe.setDown(mode)               false | 500 | 503 | "drop" (connection closed, nothing done)
//                                      | "drop-after" (done, then the connection closed: the answer is lost)
//   stripe.tamperAnswers(fn)           rewrite answers before they are validated (to prove the validator)
//   stripe.events                      every event made (also at GET /v1/events/{id}); with webhookUrl each is
//                                      delivered as it happens, signed; flushWebhooks() waits for deliveries
//   stripe.makeEvent(type, object) / deliver(event, opts) / sendEvent(type, object, opts)
//                                      opts: {twice, timestamp (seconds; an old one is "late"),
//                                      signature: "valid" | "none" | "bad", url, secret}
//   stripe.deliveries                  every webhook delivery: event id, type, HTTP status, body
//   await stripe.close()               stops it; throws when a request or answer broke the document
//
// Test payment methods (as in Stripe's test mode): pm_card_visa, pm_card_mastercard, pm_card_jcb, pm_card_amex
// (authorized), pm_card_chargeDeclined, pm_card_chargeDeclinedInsufficientFunds, pm_card_chargeDeclinedExpiredCard
// (declined, 402), pm_card_threeDSecure2Required / pm_card_authenticationRequired (requires_action),
// payment_method_data[type]=konbini with billing_details name and email (a voucher), pm_paypay (a redirect).
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import {
  decodeForm,
  operationOf,
  type Violation,
  validateAnswer,
  validateRequest,
  validateSchema,
} from "./openapi.ts";

// Stripe's objects as the stand-in keeps them; their shape is checked against the OpenAPI document.
// biome-ignore lint/suspicious/noExplicitAny: API objects read and written field by field, validated by Ajv.
type Json = Record<string, any>;
export type DownMode = false | 500 | 503 | "drop" | "drop-after";
export type RecordedRequest = {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | null;
  stripeVersion: string | null;
  status: number;
  answer: unknown;
  replayed: boolean;
};
export type DeliverOptions = {
  twice?: boolean;
  timestamp?: number;
  signature?: "valid" | "none" | "bad";
  url?: string;
  secret?: string;
};
export type Delivery = { eventId: string; type: string; status: number; body: string; header: string | null };

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}
const invalid = (message: string, extra: Json = {}) =>
  new StripeFailure(400, { type: "invalid_request_error", message, ...extra });

const now = () => Math.floor(Date.now() / 1000);
const token = (n = 14) =>
  randomBytes(n)
    .toString("base64")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, n)
    .padEnd(n, "0");
const clone = <T>(v: T): T => structuredClone(v);
const CURRENCIES = new Set(["usd", "jpy", "eur", "gbp", "cad", "aud", "nzd", "krw", "twd", "hkd", "sgd"]);
const MINIMUM: Record<string, number> = { usd: 50, jpy: 50, eur: 50, gbp: 30 };
const CARDS: Record<string, { brand: string; last4: string; decline?: string; threeDS?: boolean }> = {
  pm_card_visa: { brand: "visa", last4: "4242" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444" },
  pm_card_jcb: { brand: "jcb", last4: "0000" },
  pm_card_amex: { brand: "amex", last4: "8431" },
  pm_card_chargeDeclined: { brand: "visa", last4: "0002", decline: "generic_decline" },
  pm_card_chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995", decline: "insufficient_funds" },
  pm_card_chargeDeclinedExpiredCard: { brand: "visa", last4: "0069", decline: "expired_card" },
  pm_card_threeDSecure2Required: { brand: "visa", last4: "3220", threeDS: true },
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", threeDS: true },
};
const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  expired_card: "Your card has expired.",
};

type Pending =
  | { kind: "card"; pm: string; card: (typeof CARDS)[string] }
  | { kind: "konbini"; pm: string }
  | { kind: "paypay"; pm: string };

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

export async function startStripeStandIn(
  options: { webhookUrl?: string; webhookSecret?: string; apiKey?: string; maxNetworkRetries?: number } = {},
) {
  const apiKey = options.apiKey ?? `sk_test_standin${token(20)}`;
  const webhookSecret = options.webhookSecret ?? `whsec_standin${token(24)}`;
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const pending = new Map<string, Pending>(); // intent id → what its requires_action waits for
  const idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const requests: RecordedRequest[] = [];
  const violations: Violation[] = [];
  const events: Json[] = [];
  const deliveries: Delivery[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let down: DownMode = false;
  let tamper: ((path: string, body: Json) => Json) | null = null;
  let base = "";

  // ----- events and webhooks -----
  const makeEvent = (type: string, object: Json): Json => {
    const event = {
      id: `evt_${token(24)}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: clone(object) },
      livemode: false,
      pending_webhooks: options.webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    const problem =
      validateSchema("event", event) ??
      (typeof object.object === "string" ? validateSchema(object.object, event.data.object) : null);
    if (problem)
      throw new Error(`stand-in event ${type} does not match Stripe's OpenAPI document: ${problem}`);
    return event;
  };
  const deliver = async (event: Json, opts: DeliverOptions = {}): Promise<Delivery[]> => {
    const url = opts.url ?? options.webhookUrl;
    if (!url) throw new Error("no webhook URL: pass webhookUrl to startStripeStandIn or url to deliver()");
    const payload = JSON.stringify(event, null, 2);
    const mode = opts.signature ?? "valid";
    const header =
      mode === "none"
        ? null
        : Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: mode === "bad" ? `whsec_wrong${token(24)}` : (opts.secret ?? webhookSecret),
            ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
          });
    const out: Delivery[] = [];
    for (let i = 0; i < (opts.twice ? 2 : 1); i++) {
      let status = 0;
      let body = "";
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json; charset=utf-8",
            "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
            ...(header ? { "stripe-signature": header } : {}),
          },
          body: payload,
        });
        status = res.status;
        body = await res.text();
      } catch (error) {
        body = String(error);
      }
      const d = { eventId: String(event.id), type: String(event.type), status, body, header };
      deliveries.push(d);
      out.push(d);
    }
    return out;
  };
  let queue: Promise<unknown> = Promise.resolve();
  const emit = (type: string, object: Json) => {
    const event = makeEvent(type, object);
    events.push(event);
    if (options.webhookUrl) {
      // Delivered one after another, in the order they happened (as Stripe mostly, not always, does).
      queue = queue.then(() => deliver(event)).catch(() => undefined);
      const p = queue;
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
  };

  // ----- objects -----
  const chargeOf = (
    pi: Json,
    pm: string,
    details: Json,
    failure?: { code: string; decline: string },
  ): Json => {
    const id = `ch_${token(24)}`;
    const charge = {
      id,
      object: "charge",
      amount: pi.amount,
      amount_captured: 0,
      amount_refunded: 0,
      balance_transaction: null,
      billing_details: { address: null, email: null, name: null, phone: null },
      captured: false,
      created: now(),
      currency: pi.currency,
      description: pi.description,
      disputed: false,
      failure_code: failure ? failure.code : null,
      failure_message: failure ? DECLINE_MESSAGES[failure.decline] : null,
      livemode: false,
      metadata: clone(pi.metadata),
      outcome: failure
        ? { network_status: "declined_by_network", reason: failure.decline, type: "issuer_declined" }
        : { network_status: "approved_by_network", reason: null, type: "authorized" },
      paid: !failure,
      payment_intent: pi.id,
      payment_method: pm,
      payment_method_details: details,
      refunded: false,
      refunds: { object: "list", data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
      status: failure ? "failed" : "succeeded",
    };
    charges.set(id, charge);
    pi.latest_charge = id;
    return charge;
  };
  const cardDetails = (card: (typeof CARDS)[string]) => ({
    type: "card",
    card: {
      brand: card.brand,
      country: "US",
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      funding: "credit",
      last4: card.last4,
      network: card.brand,
    },
  });
  const authorized = (pi: Json, pm: string, details: Json, manual: boolean) => {
    const charge = chargeOf(pi, pm, details);
    pi.next_action = null;
    pi.last_payment_error = null;
    pending.delete(pi.id);
    if (manual) {
      pi.status = "requires_capture";
      pi.amount_capturable = pi.amount;
      emit("payment_intent.amount_capturable_updated", pi);
    } else {
      capture(pi, charge, pi.amount);
    }
  };
  const capture = (pi: Json, charge: Json, amount: number) => {
    pi.status = "succeeded";
    pi.amount_capturable = 0;
    pi.amount_received = amount;
    charge.captured = true;
    charge.amount_captured = amount;
    charge.balance_transaction = `txn_${token(24)}`;
    emit("payment_intent.succeeded", pi);
  };
  const failed = (pi: Json, error: Json) => {
    pi.status = "requires_payment_method";
    pi.next_action = null;
    pi.last_payment_error = error;
    pending.delete(pi.id);
    emit("payment_intent.payment_failed", pi);
  };
  const manualFor = (pi: Json, type: string) =>
    (type === "card" && pi.payment_method_options?.card?.capture_method === "manual") ||
    pi.capture_method === "manual";
  const intentOf = (id: string) => {
    const pi = intents.get(id);
    if (!pi)
      throw new StripeFailure(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        message: `No such payment_intent: '${id}'`,
        param: "intent",
      });
    return pi;
  };
  const unexpected = (pi: Json, action: string, allowed: string[]) =>
    invalid(
      `You cannot ${action} this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be ${action === "capture" ? "captured" : `${action}ed`}: ${allowed.join(", ")}.`,
      { code: "payment_intent_unexpected_state", payment_intent: clone(pi) },
    );

  // ----- operations -----
  const createIntent = (p: Json): Json => {
    const currency = String(p.currency).toLowerCase();
    if (!CURRENCIES.has(currency))
      throw invalid(`Invalid currency: ${p.currency}.`, { param: "currency", code: "parameter_invalid" });
    if (p.amount < (MINIMUM[currency] ?? 50)) {
      throw invalid(`Amount must be at least ${MINIMUM[currency] ?? 50} (${currency})`, {
        code: "amount_too_small",
        param: "amount",
      });
    }
    const explicit = p.allowed_payment_method_types as string[] | undefined;
    if (p.automatic_payment_methods?.enabled === true && explicit) {
      throw invalid(
        "You may only specify one of these parameters: automatic_payment_methods, allowed_payment_method_types.",
        { param: "automatic_payment_methods" },
      );
    }
    // Since 2023-08-16 a PaymentIntent without a list of methods takes the account's automatic ones.
    const automatic = !explicit && p.automatic_payment_methods?.enabled !== false;
    const manual = p.capture_method === "manual";
    let types: string[] = explicit ?? [
      "card",
      ...(automatic && currency === "jpy" ? ["konbini", "paypay"] : []),
    ];
    const excluded = Array.isArray(p.excluded_payment_method_types)
      ? (p.excluded_payment_method_types as string[])
      : [];
    types = types.filter((t) => !excluded.includes(t));
    // Konbini takes no manual capture: automatic methods leave it out, an explicit list is refused.
    if (manual && automatic) types = types.filter((t) => t !== "konbini");
    if (manual && types.includes("konbini")) {
      throw invalid("The following payment method types do not support manual capture: konbini.", {
        param: "capture_method",
      });
    }
    for (const t of types) {
      if ((t === "konbini" || t === "paypay") && currency !== "jpy") {
        throw invalid(
          `The currency provided (${currency}) is invalid for one or more payment method types on this PaymentIntent: ${t}.`,
          { param: "currency" },
        );
      }
    }
    const id = `pi_${token(24)}`;
    const pi = {
      id,
      object: "payment_intent",
      amount: p.amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: automatic ? { enabled: true } : null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: p.capture_method ?? "automatic_async",
      client_secret: `${id}_secret_${token(24)}`,
      confirmation_method: p.confirmation_method ?? "automatic",
      created: now(),
      currency,
      customer: null,
      description: p.description ?? null,
      invoice: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: { ...(p.metadata ?? {}) },
      next_action: null,
      on_behalf_of: null,
      payment_method: p.payment_method ?? null,
      payment_method_options: p.payment_method_options ?? {},
      allowed_payment_method_types: explicit ?? null,
      excluded_payment_method_types: excluded.length ? excluded : null,
      payment_method_types: types,
      processing: null,
      receipt_email: p.receipt_email ?? null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: p.payment_method ? "requires_confirmation" : "requires_payment_method",
      transfer_data: null,
      transfer_group: null,
    };
    intents.set(id, pi);
    if (p.confirm === true) return confirmIntent(pi, p);
    return pi;
  };

  const updateIntent = (pi: Json, p: Json): Json => {
    const allowed = ["requires_payment_method", "requires_confirmation", "requires_action"];
    if (!allowed.includes(pi.status)) throw unexpected(pi, "update", allowed);
    if (p.amount !== undefined) pi.amount = p.amount;
    if (Array.isArray(p.allowed_payment_method_types)) {
      pi.allowed_payment_method_types = p.allowed_payment_method_types;
      pi.payment_method_types = p.allowed_payment_method_types;
      pi.automatic_payment_methods = null;
    }
    if (p.description !== undefined) pi.description = p.description || null;
    if (p.receipt_email !== undefined) pi.receipt_email = p.receipt_email || null;
    if (p.payment_method !== undefined) {
      pi.payment_method = p.payment_method;
      pi.status = "requires_confirmation";
    }
    if (p.metadata === "") pi.metadata = {};
    else {
      for (const [k, v] of Object.entries((p.metadata ?? {}) as Json)) {
        if (v === "") delete pi.metadata[k];
        else pi.metadata[k] = v;
      }
    }
    return pi;
  };

  const confirmIntent = (pi: Json, p: Json): Json => {
    const allowed = ["requires_payment_method", "requires_confirmation", "requires_action"];
    if (!allowed.includes(pi.status)) throw unexpected(pi, "confirm", allowed);
    const data = p.payment_method_data as Json | undefined;
    const method: string | undefined = data?.type
      ? `pm_${data.type}`
      : (p.payment_method ?? pi.payment_method ?? undefined);
    if (!method) {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. Update it with a payment_method, or confirm it with payment_method or payment_method_data.",
        {
          code: "payment_intent_unexpected_state",
          param: "payment_method",
        },
      );
    }
    const card = CARDS[method];
    const type = card
      ? "card"
      : method === "pm_konbini"
        ? "konbini"
        : method === "pm_paypay"
          ? "paypay"
          : null;
    if (!type)
      throw invalid(`No such PaymentMethod: '${method}'`, {
        code: "resource_missing",
        param: "payment_method",
      });
    if (!pi.payment_method_types.includes(type)) {
      throw invalid(
        `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${pi.payment_method_types.join(", ")}.`,
        {
          code: "payment_intent_invalid_parameter",
          param: "payment_method",
        },
      );
    }
    const pm = `pm_${token(24)}`;
    pi.payment_method = pm;
    if (type === "konbini") {
      const billing = (data?.billing_details ?? {}) as Json;
      if (!billing.name || !billing.email) {
        throw invalid(
          "Konbini payments require the customer's name and email: payment_method_data[billing_details][name] and [email].",
          {
            param: billing.name
              ? "payment_method_data[billing_details][email]"
              : "payment_method_data[billing_details][name]",
          },
        );
      }
      const code = () => String(Math.floor(1e10 + Math.random() * 9e10));
      pi.status = "requires_action";
      pi.next_action = {
        type: "konbini_display_details",
        konbini_display_details: {
          expires_at: now() + 3 * 86400,
          hosted_voucher_url: `${base}/test/konbini/${pi.id}`,
          stores: {
            familymart: { confirmation_number: code(), payment_code: code().slice(0, 6) },
            lawson: { confirmation_number: code(), payment_code: code().slice(0, 6) },
            ministop: { confirmation_number: code(), payment_code: code().slice(0, 6) },
            seicomart: { confirmation_number: code(), payment_code: code().slice(0, 6) },
          },
        },
      };
      pending.set(pi.id, { kind: "konbini", pm });
      emit("payment_intent.requires_action", pi);
      return pi;
    }
    if (type === "paypay") {
      pi.status = "requires_action";
      pi.next_action = {
        type: "redirect_to_url",
        redirect_to_url: { url: `${base}/test/redirect/${pi.id}`, return_url: p.return_url ?? null },
      };
      pending.set(pi.id, { kind: "paypay", pm });
      emit("payment_intent.requires_action", pi);
      return pi;
    }
    const c = card as (typeof CARDS)[string];
    if (c.decline) {
      const charge = chargeOf(pi, pm, cardDetails(c), { code: "card_declined", decline: c.decline });
      const error = {
        type: "card_error",
        code: c.decline === "expired_card" ? "expired_card" : "card_declined",
        decline_code: c.decline,
        message: DECLINE_MESSAGES[c.decline],
        charge: charge.id,
        doc_url: "https://stripe.com/docs/error-codes/card-declined",
        payment_method: { id: pm, object: "payment_method", type: "card" },
      };
      failed(pi, error);
      throw new StripeFailure(402, { ...error, payment_intent: clone(pi) });
    }
    if (c.threeDS) {
      pi.status = "requires_action";
      pi.next_action = p.return_url
        ? {
            type: "redirect_to_url",
            redirect_to_url: { url: `${base}/test/redirect/${pi.id}`, return_url: p.return_url },
          }
        : {
            type: "use_stripe_sdk",
            use_stripe_sdk: { type: "three_d_secure_redirect", stripe_js: `${base}/test/redirect/${pi.id}` },
          };
      pending.set(pi.id, { kind: "card", pm, card: c });
      emit("payment_intent.requires_action", pi);
      return pi;
    }
    authorized(pi, pm, cardDetails(c), manualFor(pi, "card"));
    return pi;
  };

  const captureIntent = (pi: Json, p: Json): Json => {
    if (pi.status !== "requires_capture") throw unexpected(pi, "capture", ["requires_capture"]);
    const amount = p.amount_to_capture ?? pi.amount_capturable;
    if (amount > pi.amount_capturable || amount <= 0) {
      throw invalid(
        `The amount_to_capture (${amount}) must be greater than zero and at most the amount_capturable (${pi.amount_capturable}).`,
        {
          code: "amount_too_large",
          param: "amount_to_capture",
        },
      );
    }
    capture(pi, charges.get(pi.latest_charge) as Json, amount);
    return pi;
  };

  const cancelIntent = (pi: Json, p: Json): Json => {
    const allowed = [
      "requires_payment_method",
      "requires_capture",
      "requires_confirmation",
      "requires_action",
      "processing",
    ];
    if (!allowed.includes(pi.status)) throw unexpected(pi, "cancel", allowed);
    if (pi.status === "requires_capture") {
      // The authorization is released: Stripe refunds the uncaptured charge in full.
      const charge = charges.get(pi.latest_charge) as Json;
      const refund = refundOf(charge, pi, charge.amount, null);
      charge.refunds.data.unshift(refund);
      charge.amount_refunded = charge.amount;
      charge.refunded = true;
    }
    pi.status = "canceled";
    pi.canceled_at = now();
    pi.cancellation_reason = p.cancellation_reason ?? null;
    pi.amount_capturable = 0;
    pi.next_action = null;
    pending.delete(pi.id);
    emit("payment_intent.canceled", pi);
    return pi;
  };

  const refundOf = (
    charge: Json,
    pi: Json | null,
    amount: number,
    reason: string | null,
    metadata: Json = {},
  ) => {
    const refund = {
      id: `re_${token(24)}`,
      object: "refund",
      amount,
      balance_transaction: `txn_${token(24)}`,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata,
      payment_intent: pi?.id ?? null,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    return refund;
  };

  const createRefund = (p: Json): Json => {
    let charge: Json | undefined;
    let pi: Json | null = null;
    if (p.payment_intent) {
      pi = intentOf(p.payment_intent);
      charge = pi.latest_charge ? charges.get(pi.latest_charge) : undefined;
      if (!charge || pi.status !== "succeeded") {
        throw invalid(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
          code: "charge_not_refundable",
          param: "payment_intent",
        });
      }
    } else if (p.charge) {
      charge = charges.get(p.charge);
      if (!charge)
        throw new StripeFailure(404, {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such charge: '${p.charge}'`,
          param: "charge",
        });
      pi = charge.payment_intent ? (intents.get(charge.payment_intent) ?? null) : null;
    } else {
      throw invalid(
        "One of the following params should be provided for this request: payment_intent or charge.",
        { param: "payment_intent" },
      );
    }
    if (!charge.captured)
      throw invalid(`Charge ${charge.id} has not been captured.`, {
        code: "charge_not_refundable",
        param: "charge",
      });
    const left = charge.amount_captured - charge.amount_refunded;
    if (left <= 0)
      throw invalid(`Charge ${charge.id} has already been refunded.`, {
        code: "charge_already_refunded",
        param: "charge",
      });
    const amount = p.amount ?? left;
    if (amount > left || amount <= 0) {
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`, {
        code: "amount_too_large",
        param: "amount",
      });
    }
    const refund = refundOf(charge, pi, amount, p.reason ?? null, { ...(p.metadata ?? {}) });
    charge.refunds.data.unshift(refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount_captured;
    emit("charge.refunded", charge);
    return refund;
  };

  const handle = (method: string, template: string, ids: Record<string, string>, p: Json): unknown => {
    const key = `${method} ${template}`;
    switch (key) {
      case "POST /v1/payment_intents":
        return createIntent(p);
      case "GET /v1/payment_intents/{intent}":
        return intentOf(ids.intent as string);
      case "POST /v1/payment_intents/{intent}":
        return updateIntent(intentOf(ids.intent as string), p);
      case "POST /v1/payment_intents/{intent}/confirm":
        return confirmIntent(intentOf(ids.intent as string), p);
      case "POST /v1/payment_intents/{intent}/capture":
        return captureIntent(intentOf(ids.intent as string), p);
      case "POST /v1/payment_intents/{intent}/cancel":
        return cancelIntent(intentOf(ids.intent as string), p);
      case "POST /v1/refunds":
        return createRefund(p);
      case "GET /v1/refunds/{refund}": {
        const r = refunds.get(ids.refund as string);
        if (!r)
          throw new StripeFailure(404, {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such refund: '${ids.refund}'`,
            param: "id",
          });
        return r;
      }
      case "GET /v1/charges/{charge}": {
        const c = charges.get(ids.charge as string);
        if (!c)
          throw new StripeFailure(404, {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such charge: '${ids.charge}'`,
            param: "id",
          });
        return c;
      }
      case "GET /v1/events/{id}": {
        const e = events.find((x) => x.id === ids.id);
        if (!e)
          throw new StripeFailure(404, {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such event: '${ids.id}'`,
            param: "id",
          });
        return e;
      }
      case "GET /v1/events":
        return { object: "list", data: [...events].reverse(), has_more: false, url: "/v1/events" };
    }
    throw new StripeFailure(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${template}).`,
    });
  };

  // ----- HTTP -----
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const url = new URL(req.url ?? "/", base);
      const raw = Buffer.concat(chunks).toString("utf8");
      const params = method === "GET" ? decodeForm(url.search.slice(1)) : decodeForm(raw);
      const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
      const entry: RecordedRequest = {
        method,
        path: url.pathname,
        params,
        idempotencyKey,
        stripeVersion: (req.headers["stripe-version"] as string | undefined) ?? null,
        status: 0,
        answer: null,
        replayed: false,
      };
      requests.push(entry);
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        entry.status = status;
        entry.answer = body;
        res.writeHead(status, {
          "content-type": "application/json",
          "request-id": `req_${token(14)}`,
          "stripe-version": entry.stripeVersion ?? Stripe.API_VERSION,
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
          ...headers,
        });
        res.end(JSON.stringify(body));
      };
      if (url.pathname.startsWith("/test/")) {
        // The page a redirect or a voucher link opens: the test drives the outcome with the helpers.
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(`<!doctype html><title>Stripe stand-in</title><p>${url.pathname}</p>`);
        return;
      }
      if (down === 500 || down === 503) {
        return send(down, {
          error: { type: "api_error", message: "The stand-in is down (as Stripe can be): try again later." },
        });
      }
      if (down === "drop") {
        entry.status = -1;
        req.socket.destroy();
        return;
      }
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });
      }
      const op = operationOf(method, url.pathname);
      if (!op)
        return send(404, {
          error: {
            type: "invalid_request_error",
            message: `Unrecognized request URL (${method}: ${url.pathname}).`,
          },
        });
      const problem = validateRequest(method, op.template, params);
      if (problem) {
        violations.push({ kind: "request", method, path: url.pathname, errors: problem });
        return send(400, {
          error: {
            type: "invalid_request_error",
            message: `Invalid request (against Stripe's OpenAPI document): ${problem}`,
          },
        });
      }
      const fingerprint = JSON.stringify([method, url.pathname, params]);
      if (method === "POST" && idempotencyKey) {
        const seen = idempotency.get(idempotencyKey);
        if (seen && seen.fingerprint !== fingerprint) {
          return send(400, {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        if (seen) {
          entry.replayed = true;
          if (down === "drop-after") {
            entry.status = -1;
            req.socket.destroy();
            return;
          }
          return send(seen.status, seen.body, { "idempotent-replayed": "true" });
        }
      }
      let status = 200;
      let body: unknown;
      try {
        body = clone(handle(method, op.template, op.params, params));
      } catch (error) {
        if (!(error instanceof StripeFailure)) throw error;
        status = error.status;
        body = { error: error.error };
      }
      if (tamper) body = tamper(url.pathname, body as Json);
      const wrong = validateAnswer(method, op.template, status, body);
      if (wrong) {
        violations.push({ kind: "answer", method, path: url.pathname, errors: wrong });
        return send(500, {
          error: {
            type: "api_error",
            message: `Stand-in answer does not match Stripe's OpenAPI document: ${wrong}`,
          },
        });
      }
      if (method === "POST" && idempotencyKey) idempotency.set(idempotencyKey, { fingerprint, status, body });
      if (down === "drop-after") {
        entry.status = -1;
        req.socket.destroy();
        return;
      }
      send(status, body, method === "POST" && idempotencyKey ? { "original-request": entry.path } : {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const host = "127.0.0.1";
  base = `http://${host}:${port}`;
  const client = (extra: { maxNetworkRetries?: number; timeout?: number } = {}) =>
    new Stripe(apiKey, {
      host,
      port,
      protocol: "http",
      telemetry: false,
      maxNetworkRetries: options.maxNetworkRetries ?? 0,
      ...extra,
    });

  const waiting = (id: string, kind: Pending["kind"] | Pending["kind"][]) => {
    const pi = intentOf(id);
    const p = pending.get(id);
    const kinds = Array.isArray(kind) ? kind : [kind];
    if (pi.status !== "requires_action" || !p || !kinds.includes(p.kind)) {
      throw new Error(`${id} is not waiting for ${kinds.join(" or ")} (status ${pi.status})`);
    }
    return { pi, p };
  };

  return {
    url: base,
    host,
    port,
    apiKey,
    webhookSecret,
    stripe: client(),
    client,
    requests,
    violations,
    events,
    deliveries,
    /** The violations seen so far, cleared (a test that provokes one takes it). */
    takeViolations: () => violations.splice(0),
    paymentIntent: (id: string) => clone(intentOf(id)),
    charge: (id: string) => clone(charges.get(id)),
    /** The shopper passes 3-D Secure (or approves the PayPay redirect). */
    completeThreeDS(id: string) {
      const { pi, p } = waiting(id, ["card", "paypay"]);
      if (p.kind === "card") authorized(pi, p.pm, cardDetails(p.card), manualFor(pi, "card"));
      else authorized(pi, p.pm, { type: "paypay", paypay: {} }, manualFor(pi, "paypay"));
      return clone(pi);
    },
    /** The shopper fails or abandons 3-D Secure (or the PayPay redirect). */
    failThreeDS(id: string) {
      const { pi, p } = waiting(id, ["card", "paypay"]);
      failed(pi, {
        type: "invalid_request_error",
        code: "payment_intent_authentication_failure",
        message:
          "The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.",
        payment_method: { id: p.pm, object: "payment_method", type: p.kind },
      });
      return clone(pi);
    },
    /** The voucher is paid at the shop: the PaymentIntent succeeds (konbini is captured at once). */
    payKonbini(id: string) {
      const { pi, p } = waiting(id, "konbini");
      authorized(pi, p.pm, { type: "konbini", konbini: { store: { chain: "familymart" } } }, false);
      return clone(pi);
    },
    /**
     * The voucher runs out unpaid. By default as Stripe documents it for vouchers: back to
     * requires_payment_method with payment_intent.payment_failed; `{cancel: true}` cancels it instead
     * (as the store does when it gives up on the order).
     */
    expireKonbini(id: string, opts: { cancel?: boolean } = {}) {
      const { pi } = waiting(id, "konbini");
      if (opts.cancel) return clone(cancelIntent(pi, { cancellation_reason: "abandoned" }));
      failed(pi, {
        type: "invalid_request_error",
        code: "payment_intent_payment_attempt_expired",
        message: "The payment attempt for this PaymentIntent has expired.",
      });
      return clone(pi);
    },
    /** The cardholder disputes a captured charge. */
    dispute(chargeId: string, opts: { amount?: number; reason?: string } = {}) {
      const charge = charges.get(chargeId);
      if (!charge?.captured) throw new Error(`${chargeId} is not a captured charge`);
      charge.disputed = true;
      const dispute = {
        id: `dp_${token(24)}`,
        object: "dispute",
        amount: opts.amount ?? charge.amount_captured - charge.amount_refunded,
        balance_transactions: [],
        charge: charge.id,
        created: now(),
        currency: charge.currency,
        evidence: {},
        evidence_details: {
          due_by: now() + 7 * 86400,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        is_charge_refundable: false,
        livemode: false,
        metadata: {},
        payment_intent: charge.payment_intent,
        reason: opts.reason ?? "fraudulent",
        status: "needs_response",
      };
      emit("charge.dispute.created", dispute);
      return dispute;
    },
    setDown(mode: DownMode) {
      down = mode;
    },
    tamperAnswers(fn: ((path: string, body: Json) => Json) | null) {
      tamper = fn;
    },
    makeEvent,
    deliver,
    /** Builds an event for `object` (validated against the document) and delivers it. */
    sendEvent: (type: string, object: Json, opts: DeliverOptions = {}) =>
      deliver(makeEvent(type, object), opts),
    async flushWebhooks() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
    async close() {
      while (inFlight.size) await Promise.all([...inFlight]);
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      if (violations.length) {
        throw new Error(
          `Stripe stand-in: requests or answers broke Stripe's OpenAPI document:\n${violations
            .map((v) => `${v.kind} ${v.method} ${v.path}: ${v.errors}`)
            .join("\n")}`,
        );
      }
    },
  };
}
