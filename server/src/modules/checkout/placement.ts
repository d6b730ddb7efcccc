// Checkout's placement: turns a cart into a paid order exactly once per attempt (its idempotency
// key), under the placement limits, with the provider's authorization before the order exists.

import { createHash, createHmac, randomBytes } from "node:crypto";
import { CHECKOUT_MESSAGES, parseExpiry, personName, toGid, type ZPlaceOrderInput } from "@vela/shared";
import type { z } from "zod";
import { hashToken } from "../../auth/tokens.ts";
import { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError, toAppError } from "../../errors.ts";
import { claimCodeUses, recordRedemptions } from "../discounts/checkout-rules.ts";
import { captureOrder } from "../orders/lifecycle.ts";
import { accountOfferUrl } from "./account-offer.ts";
import { PaymentProviderError } from "./payment.ts";
import { checkoutProvider, paymentModeOf } from "./provider-choice.ts";
import { type QuoteLine, quoteCart, type Tx } from "./quote.ts";
import { orderConfirmationMail } from "./templates.ts";

type PlaceInput = z.output<typeof ZPlaceOrderInput>;

export interface PlacedOrder {
  order: { id: string; orderNumber: number };
  /** The cart the browser keeps from now on (the old one is closed). */
  cartId: string;
  /** A guest's key to the confirmation page, for the cookie; null when signed in. */
  accessToken: string | null;
}

/** The guest's key to an order, derived from the attempt so that a replayed attempt gets it too. */
export function accessTokenFor(secret: string, idempotencyKey: string): string {
  return createHmac("sha256", secret).update(`order-access:${idempotencyKey}`).digest("base64url");
}

function requestHashOf(input: PlaceInput, customerId: number | null): string {
  const { card, idempotencyKey: _key, ...rest } = input;
  // The card's last digits only: a retried attempt with the same card is the same request.
  return createHash("sha256")
    .update(JSON.stringify({ ...rest, customerId, last4: card.number.slice(-4) }))
    .digest("base64url");
}

/** Placements under way in this process, by key: a double-click waits for the first request's outcome. */
const inFlight = new Map<string, Promise<PlacedOrder>>();

/** Who is placing the order: the signed-in customer (or null) and the client's address. */
export interface Placer {
  customerId: number | null;
  ip: string;
}

export function placeOrder(deps: Deps, input: PlaceInput, placer: Placer): Promise<PlacedOrder> {
  const { customerId } = placer;
  const running = inFlight.get(input.idempotencyKey);
  if (running) {
    const hash = requestHashOf(input, customerId);
    return running.then(async (r) => {
      await replay(deps, input.idempotencyKey, hash, customerId);
      return r;
    });
  }
  const attempt = placeOnce(deps, input, placer).finally(() => inFlight.delete(input.idempotencyKey));
  inFlight.set(input.idempotencyKey, attempt);
  return attempt;
}

/** The outcome of an attempt already made with this key. */
async function replay(
  deps: Deps,
  key: string,
  requestHash: string,
  customerId: number | null,
): Promise<PlacedOrder> {
  const p = await deps.db.orderPlacement.findUnique({
    where: { idempotencyKey: key },
    select: {
      requestHash: true,
      status: true,
      failureMessage: true,
      order: { select: { id: true, orderNumber: true } },
    },
  });
  if (!p) throw new AppError("CONFLICT", CHECKOUT_MESSAGES.placementInProgress);
  if (p.requestHash !== requestHash) throw new AppError("CONFLICT", CHECKOUT_MESSAGES.keyReused);
  if (p.status === "COMPLETED" && p.order) {
    const next = await deps.db.cart.findFirst({
      where: customerId === null ? { id: "" } : { customerId },
      orderBy: { updatedAt: "desc" },
      select: { id: true },
    });
    return {
      order: { id: toGid("Order", p.order.id), orderNumber: p.order.orderNumber },
      cartId: next?.id ?? "",
      accessToken: customerId === null ? accessTokenFor(deps.config.sessionSecret, key) : null,
    };
  }
  if (p.status === "PENDING") throw new AppError("CONFLICT", CHECKOUT_MESSAGES.placementInProgress);
  throw new AppError(
    p.status === "DECLINED" ? "BAD_REQUEST" : "CONFLICT",
    p.failureMessage ?? CHECKOUT_MESSAGES.paymentError,
  );
}

/**
 * The counters a placement counts against: the client's address, the order's email and the cart.
 * They stop a script that tries card after card (card testing) whichever of the three it varies.
 */
function placementLimits(deps: Deps, input: PlaceInput, ip: string) {
  const { rules } = deps.limiter;
  return [
    { bucket: "checkout:ip", value: ip, rule: rules.checkoutIp },
    { bucket: "checkout:email", value: input.email.toLowerCase(), rule: rules.checkoutEmail },
    { bucket: "checkout:cart", value: input.cartId, rule: rules.checkoutCart },
  ];
}

/**
 * The operator's alert when a placement limit first trips in its window: the bucket and what it
 * counts. A cart id is the key to a cart, so the line names its HMAC (the counter row's key), not it.
 */
function alertOnTrip(deps: Deps, bucket: string, value: string): () => void {
  const key = bucket === "checkout:cart" ? hashToken(deps.config.sessionSecret, value) : value;
  return () => deps.log.warn({ bucket, key }, "checkout limit reached: possible card testing");
}

/** One placement attempt against every counter; 429 once any is used up. */
export async function countPlacement(deps: Deps, input: PlaceInput, ip: string): Promise<void> {
  for (const l of placementLimits(deps, input, ip)) {
    await deps.limiter.hit(`${l.bucket}:${l.value}`, l.rule, alertOnTrip(deps, l.bucket, l.value));
  }
}

/** A declined card costs one more on every counter: card testing is mostly declines. */
async function countDecline(deps: Deps, input: PlaceInput, ip: string): Promise<void> {
  for (const l of placementLimits(deps, input, ip)) {
    await deps.limiter.penalize(`${l.bucket}:${l.value}`, l.rule, alertOnTrip(deps, l.bucket, l.value));
  }
}

async function placeOnce(deps: Deps, input: PlaceInput, placer: Placer): Promise<PlacedOrder> {
  const { customerId, ip } = placer;
  // No provider configured (production without PAYMENT_PROVIDER): nothing is counted or recorded.
  const provider = checkoutProvider(deps.config);
  // With Stripe the card never reaches the store: the page pays through startPayment instead.
  if (provider.name === "stripe") throw new AppError("BAD_REQUEST", CHECKOUT_MESSAGES.paymentError);
  const key = input.idempotencyKey;
  const requestHash = requestHashOf(input, customerId);
  const now = deps.clock.now();
  const expiry = parseExpiry(input.card.expiry);
  if (!expiry) throw new AppError("BAD_REQUEST", CHECKOUT_MESSAGES.cardExpiry);
  const y = now.getUTCFullYear();
  const mo = now.getUTCMonth() + 1;
  if (expiry.year < y || (expiry.year === y && expiry.month < mo))
    throw new AppError("BAD_REQUEST", CHECKOUT_MESSAGES.cardExpired);

  const known = await deps.db.orderPlacement.findUnique({
    where: { idempotencyKey: key },
    select: { id: true },
  });
  if (known) return replay(deps, key, requestHash, customerId);

  await countPlacement(deps, input, ip);
  // The checks that need no lock, before anything is recorded: a wrong cart or code changes nothing.
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
          currencyCode: quote.currencyCode,
          createdAt: now,
        },
        select: { id: true },
      })
    ).id;
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") return replay(deps, key, requestHash, customerId);
    throw err;
  }

  const fail = async (status: "DECLINED" | "FAILED", message: string) => {
    await deps.db.orderPlacement.update({
      where: { id: placementId },
      data: { status, failureMessage: message },
    });
  };
  // A failure that says "try again" (the provider or the database busy for a moment, 503) holds
  // nothing on the card and made no order: the key is let go, so the shopper's retry with the
  // same key places the order instead of replaying the failure.
  const release = async (err: unknown) => {
    await deps.db.orderPlacement
      .deleteMany({ where: { id: placementId, orderId: null } })
      .catch((e: unknown) => {
        deps.log.warn({ error: e instanceof Error ? e.message : "unknown" }, "placement key not released");
      });
    deps.log.warn(
      { error: err instanceof Error ? err.message : "unknown" },
      "placement failed for now; key released",
    );
  };
  let auth: Awaited<ReturnType<typeof provider.authorize>>;
  try {
    auth = await provider.authorize({
      amount: quote.totals.total,
      currencyCode: quote.currencyCode,
      card: { number: input.card.number, expMonth: expiry.month, expYear: expiry.year, cvc: input.card.cvc },
      idempotencyKey: key,
    });
  } catch (err) {
    // The provider's own text may say anything; the log gets its class and message, never the card.
    deps.log.warn(
      { provider: provider.name, error: err instanceof Error ? err.message : "unknown" },
      "payment provider failed",
    );
    if (err instanceof PaymentProviderError) {
      await release(err);
      throw new AppError("SERVICE_UNAVAILABLE", CHECKOUT_MESSAGES.paymentError, { retryAfterSeconds: 2 });
    }
    await fail("FAILED", CHECKOUT_MESSAGES.paymentError);
    throw new AppError("INTERNAL_SERVER_ERROR", CHECKOUT_MESSAGES.paymentError);
  }
  if (!auth.ok) {
    // However the card was declined, the shopper (and a card tester) hears the same: which check
    // failed is the provider's to tell the card's owner, not ours to tell whoever holds the number.
    deps.log.info({ provider: provider.name, reason: auth.message }, "card declined");
    await fail("DECLINED", CHECKOUT_MESSAGES.cardDeclined);
    await countDecline(deps, input, ip);
    throw new AppError("BAD_REQUEST", CHECKOUT_MESSAGES.cardDeclined);
  }
  await deps.db.orderPlacement.update({
    where: { id: placementId },
    data: {
      provider: provider.name,
      paymentReference: auth.reference,
      cardBrand: auth.brand,
      cardLast4: auth.last4,
      authorizedAmount: quote.totals.total,
    },
  });

  const accessToken = customerId === null ? accessTokenFor(deps.config.sessionSecret, key) : null;
  let placed: { orderId: number; orderNumber: number; cartId: string };
  try {
    placed = await createOrder(deps, {
      input,
      customerId,
      placementId,
      accessToken,
      expectedTotal: quote.totals.total,
      financialStatus: "AUTHORIZED",
    });
  } catch (err) {
    await provider.void({ reference: auth.reference, idempotencyKey: `${key}:void` }).catch(() => undefined);
    if (toAppError(err).code === "SERVICE_UNAVAILABLE") {
      await release(err);
      throw err;
    }
    const app = err instanceof AppError ? err : null;
    await fail("FAILED", app?.message ?? CHECKOUT_MESSAGES.paymentError);
    throw err;
  }
  deps.mailer.kick();

  try {
    // The order's first move in its lifecycle (orders/lifecycle.ts): claimed, then captured once.
    await captureOrder(deps, placed.orderNumber);
  } catch (err) {
    // The order stands, authorized: the operator captures it later (orders show tells).
    deps.log.error(
      { orderId: placed.orderId, error: err instanceof Error ? err.message : "unknown" },
      "capture failed",
    );
  }
  return {
    order: { id: toGid("Order", placed.orderId), orderNumber: placed.orderNumber },
    cartId: placed.cartId,
    accessToken,
  };
}

/** What an order is made from: the placement's request, its row, and how the payment stands. */
export interface OrderDraft {
  input: Omit<PlaceInput, "card">;
  customerId: number | null;
  placementId: number;
  accessToken: string | null;
  /** The total the payment was authorized for: a different total now refuses the order. */
  expectedTotal: number;
  /** AUTHORIZED (held on the card), PAID, or PENDING (a konbini voucher not paid yet). */
  financialStatus: "AUTHORIZED" | "PAID" | "PENDING";
  /** The payment as Stripe reports it; absent with the test provider. */
  paymentStatus?: string;
  /** A konbini order's deadline. */
  paymentDueAt?: Date;
}

/**
 * The order, in one transaction: the cart, prices and codes checked again under the write lock,
 * the stock and the codes taken, the order written, the placement completed, the cart closed and
 * a new one started, and the confirmation mail queued. Throws (rolled back, nothing taken) when
 * the total changed, a line sold out or a code was used meanwhile.
 */
export async function createOrder(
  deps: Deps,
  d: OrderDraft,
): Promise<{ orderId: number; orderNumber: number; cartId: string }> {
  const { input, customerId, placementId, accessToken } = d;
  const now = deps.clock.now();
  return deps.db.$transaction(async (tx) => {
    // One order per placement, whoever places it (the page, Stripe's webhook): the second finds it taken.
    const open = await tx.orderPlacement.updateMany({
      // DECLINED too: a Stripe intent declined once may be paid on a second try with another card.
      where: { id: placementId, status: { in: ["PENDING", "DECLINED"] }, orderId: null },
      data: { status: "PENDING" },
    });
    if (open.count === 0) throw new AppError("CONFLICT", CHECKOUT_MESSAGES.placementInProgress);
    // Everything again under the write lock: the cart, prices and codes as they are now.
    const q = await quoteCart(tx, input, customerId, now);
    if (q.totals.total !== d.expectedTotal) throw new AppError("CONFLICT", CHECKOUT_MESSAGES.totalChanged);
    if (!(await takeStock(tx, q.lines))) {
      const now = await tx.productVariant.findMany({
        where: { id: { in: q.lines.map((l) => l.variantId) } },
        select: { id: true, inventory: true, available: true },
      });
      const short =
        q.lines.find((l) => {
          const v = now.find((x) => x.id === l.variantId);
          return !v?.available || (v?.inventory ?? 0) < l.quantity;
        }) ?? q.lines[0];
      throw soldOutError(short as QuoteLine);
    }
    // One conditional statement per code takes a use from its limit, whatever runs beside it.
    await claimCodeUses(tx, q.codes);
    const last = await tx.order.findFirst({
      orderBy: { orderNumber: "desc" },
      select: { orderNumber: true },
    });
    const orderNumber = (last?.orderNumber ?? 1000) + 1;
    const a = input.address;
    const locale = input.language === "ja-JP" ? "ja-JP" : "en-US";
    const order = await tx.order.create({
      data: {
        orderNumber,
        customerId,
        email: input.email,
        locale,
        processedAt: now,
        createdAt: now,
        financialStatus: d.financialStatus,
        paymentStatus: d.paymentStatus ?? null,
        paymentDueAt: d.paymentDueAt ?? null,
        fulfillmentStatus: "UNFULFILLED",
        currencyCode: q.currencyCode,
        subtotalAmount: q.totals.subtotal,
        shippingAmount: q.totals.shipping,
        taxAmount: q.totals.tax,
        discountAmount: q.totals.discount,
        totalAmount: q.totals.total,
        shippingMethod: q.method,
        // The name as the order's language writes it (family name first in Japanese).
        shipName: personName(locale, a.firstName, a.lastName),
        shipAddress1: a.address1,
        shipAddress2: a.address2,
        shipCity: a.city,
        shipProvince: a.province,
        shipZip: a.zip,
        shipCountry: a.country,
        shipPhone: a.phone,
        accessTokenHash: accessToken ? hashToken(deps.config.sessionSecret, accessToken) : null,
        lineItems: {
          create: q.lines.map((l, i) => ({
            position: i,
            title: l.title,
            variantTitle: l.variantTitle,
            quantity: l.quantity,
            unitPriceAmount: l.unitPrice,
            originalTotalAmount: l.unitPrice * l.quantity,
            imageUrl: l.imageUrl,
            imageAlt: l.imageAlt,
            productHandle: l.productHandle,
            variantId: l.variantId,
          })),
        },
        events: { create: { kind: "PLACED", amount: q.totals.total, createdAt: now } },
      },
      select: { id: true, orderNumber: true },
    });
    await recordRedemptions(tx, { id: order.id, discount: q.totals.discount }, q.codes, now);
    await tx.orderPlacement.update({
      where: { id: placementId },
      data: { status: "COMPLETED", orderId: order.id },
    });
    // The cart is closed; the shopper carries on with a new, empty one in the same currency.
    await tx.cart.delete({ where: { id: q.cartId } });
    const fresh = randomBytes(16).toString("base64url");
    await tx.cart.create({
      data: { id: fresh, customerId, currencyCode: q.currencyCode, createdAt: now, updatedAt: now },
    });
    if (customerId !== null && input.saveAddress) {
      const count = await tx.address.count({ where: { customerId } });
      if (count < 50) await tx.address.create({ data: { customerId, ...a } });
    }
    await deps.mailer.enqueue(
      tx,
      orderConfirmationMail({
        to: input.email,
        locale,
        orderNumber,
        currencyCode: q.currencyCode,
        lines: q.lines.map((l) => ({
          title: l.title,
          variantTitle: l.variantTitle,
          quantity: l.quantity,
          total: l.unitPrice * l.quantity,
        })),
        totals: q.totals,
        address: a,
        shippingMethod: q.method,
        orderUrl: orderPageUrl(deps, customerId, order.id),
        accountOfferUrl: customerId === null ? accountOfferUrl(deps, order.id) : null,
        testMode: paymentModeOf(deps.config) === "test",
        placedAt: now,
      }),
    );
    return { orderId: order.id, orderNumber: order.orderNumber, cartId: fresh };
  });
}

/**
 * Takes every line's units in one statement, whatever the number of lines, and only when every
 * line has enough: the row count tells whether all did (the caller's transaction rolls back
 * otherwise). Plain SQL with quoted identifiers, the same on SQLite and PostgreSQL.
 */
export async function takeStock(
  tx: Tx,
  lines: readonly { variantId: number; quantity: number }[],
): Promise<boolean> {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.variantId, (wanted.get(l.variantId) ?? 0) + l.quantity);
  if (wanted.size === 0) return true;
  const ids = [...wanted.keys()];
  const qty = Prisma.sql`CASE "id" ${Prisma.join(
    // Typed parameters: PostgreSQL cannot infer a CASE branch's type from a bare placeholder.
    ids.map((id) => Prisma.sql`WHEN CAST(${id} AS INTEGER) THEN CAST(${wanted.get(id)} AS INTEGER)`),
    " ",
  )} END`;
  const rows = await tx.$executeRaw`UPDATE "ProductVariant" SET "inventory" = "inventory" - ${qty}
    WHERE "id" IN (${Prisma.join(ids)}) AND "available" = TRUE AND "inventory" >= ${qty}`;
  return rows === wanted.size;
}

export function soldOutError(l: QuoteLine): AppError {
  const text =
    l.inventory <= 0 || !l.available ? CHECKOUT_MESSAGES.soldOut : CHECKOUT_MESSAGES.notEnoughStock;
  return new AppError("CONFLICT", `${text}: ${l.title} (${l.variantTitle})`);
}

/** Where the order's emails link: the account's order page, or the guest's confirmation page. */
export function orderPageUrl(deps: Pick<Deps, "config">, customerId: number | null, orderId: number): string {
  return customerId === null
    ? `${deps.config.publicUrl}/checkout/confirmation/${orderId}`
    : `${deps.config.publicUrl}/account/orders/${orderId}`;
}
