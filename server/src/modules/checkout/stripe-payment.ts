// Checkout with Stripe (docs/checkout.md, "Stripe"): startPayment makes one PaymentIntent per
// placement attempt (its idempotency key), for the server's total, authorized only
// (capture_method=manual); the page confirms it with Stripe.js; settleIntent, run by the page's
// completePayment and by Stripe's webhook alike, reads the intent's state and places the order
// once (whichever comes first), or lets the placement go when the payment failed. An intent
// authorized while its order can no longer be made (sold out meanwhile, a code used up, the cart
// already ordered from another tab) is cancelled, and the shopper is told by mail.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { CHECKOUT_MESSAGES, toGid, type ZPlaceOrderInput } from "@vela/shared";
import type Stripe from "stripe";
import type { z } from "zod";
import { bumpPublicDataVersion } from "../../db/public-data-version.ts";
import type { Deps } from "../../deps.ts";
import { AppError, REQUEST_ERRORS, toAppError } from "../../errors.ts";
import { paymentProvider } from "./payment.ts";
import { accessTokenFor, countPlacement, createOrder, type Placer, soldOutError } from "./placement.ts";
import { quoteCart } from "./quote.ts";
import { paymentNotPlacedMail, paymentSlipMail } from "./stripe-mails.ts";
import { isStripeUnavailable, StripePaymentProvider, stripeCurrency } from "./stripe-provider.ts";

export type StartPaymentInput = Omit<z.output<typeof ZPlaceOrderInput>, "card">;

export interface StartedPayment {
  placementId: string;
  clientSecret: string;
  amount: number;
  currencyCode: string;
}

export type PaymentOutcome =
  | {
      status: "placed";
      order: { id: string; orderNumber: number };
      cartId: string;
      accessToken: string | null;
    }
  | {
      status: "pending";
      order: { id: string; orderNumber: number };
      cartId: string;
      accessToken: string | null;
      konbini: { number: string; expiresAt: string; voucherUrl: string };
    }
  | { status: "requires_action" }
  | { status: "failed"; message: string }
  | { status: "processing" };

/**
 * The Stripe client of the configured provider. A store that takes no payments at all answers 503,
 * as placing an order does; a store that takes them another way (the test provider's card form)
 * has no Stripe payment to start or settle: 404.
 */
export function stripeOf(deps: Pick<Deps, "config">): Stripe {
  const provider = paymentProvider();
  if (deps.config.paymentProvider === null)
    throw new AppError("SERVICE_UNAVAILABLE", CHECKOUT_MESSAGES.paymentsUnavailable);
  if (deps.config.paymentProvider !== "stripe" || !(provider instanceof StripePaymentProvider))
    throw new AppError("NOT_FOUND", REQUEST_ERRORS.notFound);
  return provider.stripe;
}

/** The page's handle on a placement: its row id and an HMAC of it, so that no one can guess another's. */
export function placementHandle(secret: string, id: number): string {
  return `${id}.${createHmac("sha256", secret).update(`stripe-placement:${id}`).digest("base64url").slice(0, 32)}`;
}

function placementIdOf(secret: string, handle: string): number | null {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(handle);
  if (!m) return null;
  const id = Number(m[1]);
  const want = Buffer.from(placementHandle(secret, id));
  const got = Buffer.from(handle);
  return want.length === got.length && timingSafeEqual(want, got) ? id : null;
}

function requestHashOf(input: StartPaymentInput, customerId: number | null): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash("sha256")
    .update(JSON.stringify({ ...rest, customerId, provider: "stripe" }))
    .digest("base64url");
}

/** Stripe's Idempotency-Key for the intent of a placement attempt. */
export const intentKeyOf = (placementKey: string) => `placement:${placementKey}`;

export async function startPayment(
  deps: Deps,
  input: StartPaymentInput,
  placer: Placer,
): Promise<StartedPayment> {
  const stripe = stripeOf(deps);
  const { customerId, ip } = placer;
  const key = input.idempotencyKey;
  const requestHash = requestHashOf(input, customerId);
  const now = deps.clock.now();

  const known = await deps.db.orderPlacement.findUnique({ where: { idempotencyKey: key } });
  if (known) {
    if (known.requestHash !== requestHash) throw new AppError("CONFLICT", CHECKOUT_MESSAGES.keyReused);
    // A declined attempt may be tried again with another card: the same intent.
    if ((known.status !== "PENDING" && known.status !== "DECLINED") || !known.paymentReference)
      throw new AppError("CONFLICT", CHECKOUT_MESSAGES.placementInProgress);
    const intent = await retrieve(stripe, known.paymentReference);
    return answer(deps, known.id, intent);
  }

  await countPlacement(deps, { ...input, card: { number: "", expiry: "", cvc: "" } }, ip);
  // Nothing is taken yet: stock and codes are checked, and taken when the payment is authorized.
  const quote = await quoteCart(deps.db, input, customerId, now);
  const soldOut = quote.lines.find((l) => !l.available || l.inventory < l.quantity);
  if (soldOut) throw soldOutError(soldOut);
  if (quote.totals.total !== input.expectedTotal)
    throw new AppError("CONFLICT", CHECKOUT_MESSAGES.totalChanged);

  let placementId: number;
  try {
    placementId = (
      await deps.db.orderPlacement.create({
        data: {
          idempotencyKey: key,
          requestHash,
          cartId: input.cartId,
          customerId,
          status: "PENDING",
          provider: "stripe",
          currencyCode: quote.currencyCode,
          authorizedAmount: quote.totals.total,
          request: JSON.stringify(input),
          createdAt: now,
        },
        select: { id: true },
      })
    ).id;
  } catch (err) {
    if ((err as { code?: string }).code === "P2002")
      throw new AppError("CONFLICT", CHECKOUT_MESSAGES.placementInProgress);
    throw err;
  }

  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: quote.totals.total,
        currency: stripeCurrency(quote.currencyCode),
        // Authorized now, captured at the first shipment. Konbini cannot be captured later, so a
        // yen intent holds cards (and PayPay) for capture and lets konbini be paid outright.
        ...(quote.currencyCode === "JPY"
          ? { payment_method_options: { card: { capture_method: "manual" as const } } }
          : { capture_method: "manual" as const }),
        automatic_payment_methods: { enabled: true },
        receipt_email: input.email,
        metadata: { placement: String(placementId), cart: input.cartId },
      },
      { idempotencyKey: intentKeyOf(key) },
    );
  } catch (err) {
    deps.log.warn({ error: err instanceof Error ? err.message : "unknown" }, "stripe: intent not made");
    // Nothing exists at Stripe for this attempt: the key is let go, so a retry starts afresh.
    await deps.db.orderPlacement.deleteMany({ where: { id: placementId, orderId: null } });
    if (isStripeUnavailable(err))
      throw new AppError("SERVICE_UNAVAILABLE", CHECKOUT_MESSAGES.paymentError, { retryAfterSeconds: 2 });
    throw new AppError("BAD_REQUEST", CHECKOUT_MESSAGES.paymentError);
  }
  await deps.db.orderPlacement.update({
    where: { id: placementId },
    data: { paymentReference: intent.id },
  });
  return answer(deps, placementId, intent);
}

function answer(
  deps: Pick<Deps, "config">,
  placementId: number,
  intent: Stripe.PaymentIntent,
): StartedPayment {
  return {
    placementId: placementHandle(deps.config.sessionSecret, placementId),
    clientSecret: intent.client_secret ?? "",
    amount: intent.amount,
    currencyCode: intent.currency.toUpperCase(),
  };
}

async function retrieve(stripe: Stripe, id: string): Promise<Stripe.PaymentIntent> {
  try {
    return await stripe.paymentIntents.retrieve(id, { expand: ["latest_charge"] });
  } catch (err) {
    if (isStripeUnavailable(err))
      throw new AppError("SERVICE_UNAVAILABLE", CHECKOUT_MESSAGES.paymentError, { retryAfterSeconds: 2 });
    throw err;
  }
}

/** The page's call once Stripe.js has confirmed (or the return page): the placement settled now. */
export async function completePayment(deps: Deps, handle: string): Promise<PaymentOutcome> {
  const stripe = stripeOf(deps);
  const id = placementIdOf(deps.config.sessionSecret, handle);
  const placement = id === null ? null : await deps.db.orderPlacement.findUnique({ where: { id } });
  if (!placement?.paymentReference) throw new AppError("NOT_FOUND", CHECKOUT_MESSAGES.orderNotFound);
  const intent = await retrieve(stripe, placement.paymentReference);
  return settleIntent(deps, intent);
}

/** Which intent statuses hold money for an order: authorized, paid, or a konbini voucher issued. */
function konbiniOf(intent: Stripe.PaymentIntent) {
  const details = intent.next_action?.konbini_display_details;
  if (intent.status !== "requires_action" || !details) return null;
  const number =
    details.stores?.familymart?.payment_code ??
    details.stores?.lawson?.payment_code ??
    details.stores?.ministop?.payment_code ??
    details.stores?.seicomart?.payment_code ??
    "";
  return {
    number,
    expiresAt: new Date(details.expires_at * 1000),
    voucherUrl: details.hosted_voucher_url ?? "",
  };
}

/**
 * The placement of an intent brought to the intent's state: the order placed once (authorized,
 * paid, or pending with a konbini voucher), the payment's status kept on the order, or the
 * placement failed. The page's completePayment and the webhook both run it; whichever comes
 * second finds the order placed.
 */
export async function settleIntent(deps: Deps, intent: Stripe.PaymentIntent): Promise<PaymentOutcome> {
  const placement = await deps.db.orderPlacement.findFirst({
    where: { provider: "stripe", paymentReference: intent.id },
    include: { order: { select: { id: true, orderNumber: true, financialStatus: true, customerId: true } } },
  });
  if (!placement) {
    deps.log.warn({ intent: intent.id }, "stripe: an intent of no placement");
    return { status: "failed", message: CHECKOUT_MESSAGES.cardDeclined };
  }
  const konbini = konbiniOf(intent);
  const holdsMoney =
    intent.status === "requires_capture" || intent.status === "succeeded" || konbini !== null;
  const cartIdAfter = async (customerId: number | null) =>
    customerId === null
      ? ""
      : ((
          await deps.db.cart.findFirst({
            where: { customerId },
            orderBy: { updatedAt: "desc" },
            select: { id: true },
          })
        )?.id ?? "");
  const accessToken =
    placement.customerId === null
      ? accessTokenFor(deps.config.sessionSecret, placement.idempotencyKey)
      : null;

  let order = placement.order;
  if (order) {
    await deps.db.order.updateMany({
      where: { id: order.id },
      data: {
        paymentStatus: intent.status,
        // A konbini voucher paid at the shop: the order is paid.
        ...(order.financialStatus === "PENDING" && intent.status === "succeeded"
          ? { financialStatus: "PAID", paymentDueAt: null }
          : {}),
      },
    });
  } else if (
    holdsMoney &&
    (placement.status === "PENDING" || placement.status === "DECLINED") &&
    placement.request
  ) {
    const input = JSON.parse(placement.request) as StartPaymentInput;
    try {
      const placed = await createOrder(deps, {
        input,
        customerId: placement.customerId,
        placementId: placement.id,
        accessToken,
        expectedTotal: placement.authorizedAmount,
        financialStatus: konbini ? "PENDING" : intent.status === "succeeded" ? "PAID" : "AUTHORIZED",
        paymentStatus: intent.status,
        ...(konbini ? { paymentDueAt: konbini.expiresAt } : {}),
      });
      if (konbini)
        await deps.mailer.enqueue(
          deps.db,
          paymentSlipMail({
            to: input.email,
            locale: input.language === "ja-JP" ? "ja-JP" : "en-US",
            orderNumber: placed.orderNumber,
            number: konbini.number,
            expiresAt: konbini.expiresAt,
            voucherUrl: konbini.voucherUrl,
          }),
        );
      deps.mailer.kick();
      // Stock was taken: every instance's cached pages follow (a webhook has no page answer to do it).
      await bumpPublicDataVersion(deps.db).catch((err: unknown) =>
        deps.log.warn({ err }, "moving the public-data version failed"),
      );
      order = {
        id: placed.orderId,
        orderNumber: placed.orderNumber,
        financialStatus: konbini ? "PENDING" : "AUTHORIZED",
        customerId: placement.customerId,
      };
      const card = await chargeOf(deps, intent);
      await deps.db.orderPlacement.update({
        where: { id: placement.id },
        data: {
          ...(card?.payment_method_details?.card
            ? {
                cardBrand: card.payment_method_details.card.brand,
                cardLast4: card.payment_method_details.card.last4,
              }
            : {}),
          ...(konbini
            ? {
                voucherNumber: konbini.number,
                voucherExpiresAt: konbini.expiresAt,
                voucherUrl: konbini.voucherUrl,
              }
            : {}),
        },
      });
    } catch (err) {
      const again = await deps.db.orderPlacement.findUnique({
        where: { id: placement.id },
        include: {
          order: { select: { id: true, orderNumber: true, financialStatus: true, customerId: true } },
        },
      });
      if (again?.order) {
        // The other caller (the page or the webhook) placed it meanwhile.
        order = again.order;
      } else if (toAppError(err).code === "SERVICE_UNAVAILABLE") {
        throw err;
      } else {
        // The order cannot be made any more: the authorization is let go and the shopper told.
        const message = err instanceof AppError ? err.message : CHECKOUT_MESSAGES.paymentError;
        await cancelUnplaceable(deps, placement.id, intent, message, input);
        return { status: "failed", message };
      }
    }
  } else if (!placement.order && (intent.status === "canceled" || intent.last_payment_error)) {
    await deps.db.orderPlacement.updateMany({
      where: { id: placement.id, status: "PENDING", orderId: null },
      data: { status: "DECLINED", failureMessage: CHECKOUT_MESSAGES.cardDeclined },
    });
    return { status: "failed", message: CHECKOUT_MESSAGES.cardDeclined };
  }

  if (order) {
    const cartId = await cartIdAfter(order.customerId);
    const ref = { id: toGid("Order", order.id), orderNumber: order.orderNumber };
    const fresh = await deps.db.orderPlacement.findUnique({
      where: { id: placement.id },
      select: { voucherNumber: true, voucherExpiresAt: true, voucherUrl: true },
    });
    const k = konbini ?? (fresh?.voucherNumber ? fresh : null);
    if (intent.status === "requires_action" && k) {
      const number = "number" in k ? k.number : (fresh?.voucherNumber ?? "");
      const expiresAt = "expiresAt" in k ? k.expiresAt : (fresh?.voucherExpiresAt ?? new Date(0));
      return {
        status: "pending",
        order: ref,
        cartId,
        accessToken,
        konbini: { number, expiresAt: expiresAt.toISOString(), voucherUrl: k.voucherUrl ?? "" },
      };
    }
    return { status: "placed", order: ref, cartId, accessToken };
  }
  if (intent.status === "requires_action" || intent.status === "requires_confirmation")
    return { status: "requires_action" };
  if (intent.status === "processing") return { status: "processing" };
  if (placement.status === "FAILED" || placement.status === "DECLINED")
    return { status: "failed", message: placement.failureMessage ?? CHECKOUT_MESSAGES.cardDeclined };
  // requires_payment_method with no error yet: the page has not confirmed it.
  return { status: "requires_action" };
}

/** The intent's charge (for the card's brand and last four digits), expanded or fetched. */
async function chargeOf(deps: Deps, intent: Stripe.PaymentIntent): Promise<Stripe.Charge | null> {
  const c = intent.latest_charge;
  if (!c) return null;
  if (typeof c === "object") return c;
  try {
    return await stripeOf(deps).charges.retrieve(c);
  } catch {
    // The brand and digits are for show; the order stands without them.
    return null;
  }
}

/** An authorization whose order cannot be made: cancelled at Stripe, the placement failed, the shopper emailed. */
async function cancelUnplaceable(
  deps: Deps,
  placementId: number,
  intent: Stripe.PaymentIntent,
  message: string,
  input: StartPaymentInput,
): Promise<void> {
  const claimed = await deps.db.orderPlacement.updateMany({
    where: { id: placementId, status: "PENDING", orderId: null },
    data: { status: "FAILED", failureMessage: message },
  });
  if (claimed.count === 0) return;
  try {
    await stripeOf(deps).paymentIntents.cancel(
      intent.id,
      {},
      { idempotencyKey: `placement-cancel:${intent.id}` },
    );
  } catch (err) {
    // Stripe lets an uncaptured authorization lapse by itself; the reconciliation tries again.
    deps.log.error(
      { intent: intent.id, error: err instanceof Error ? err.message : "unknown" },
      "stripe: cancel failed",
    );
  }
  await deps.mailer.enqueue(
    deps.db,
    paymentNotPlacedMail({
      to: input.email,
      locale: input.language === "ja-JP" ? "ja-JP" : "en-US",
      reason: message,
    }),
  );
  deps.mailer.kick();
}
