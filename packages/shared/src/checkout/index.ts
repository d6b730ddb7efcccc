// Checkout's inputs and texts, shared by the server (validation) and the checkout form. The card
// rules (Luhn, expiry, CVC) run in both places; the server never keeps more of a card than its
// brand and last four digits.
import { z } from "zod";
import { SHIP_COUNTRIES } from "../address/countries.ts";
import { ZAddressInput, ZCartId, ZEmail, ZPassword } from "../schemas.ts";
import { ZCatalogLanguage } from "../storefront/schemas.ts";

import { CHECKOUT_MESSAGES } from "./messages.ts";

export * from "./delivery.ts";
// The texts apart, without zod: the language catalogues carry them on every page.
export * from "./messages.ts";

/** `key` comes from the guest's confirmation page or the link in the confirmation email. */
export const ZAccountOfferInput = z.strictObject({
  orderId: z.union([z.string().trim().min(1).max(120), z.number().int().positive()]),
  key: z.string().trim().min(1).max(100),
});
export type AccountOfferInput = z.infer<typeof ZAccountOfferInput>;

/**
 * The link mailed to an existing account's address: following it proves the email. `password`
 * sets the account's password as a reset does: required when the account's address was never
 * proven (ACCOUNT_OFFER_MESSAGES.claimNeedsPassword), since the account may be someone else's.
 */
export const ZClaimOrdersInput = z.strictObject({
  token: z.string().trim().min(1).max(200),
  password: ZPassword.optional(),
});
export type ClaimOrdersInput = z.infer<typeof ZClaimOrdersInput>;

export const SHIPPING_METHODS = ["STANDARD", "EXPRESS"] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];
export const ZShippingMethod = z.enum(SHIPPING_METHODS);

/** A typed code: letters, digits and dashes, compared in upper case. */
export const ZDiscountCodeText = z
  .string()
  .trim()
  .min(1, CHECKOUT_MESSAGES.codeUnknown)
  .max(40, CHECKOUT_MESSAGES.codeUnknown)
  .regex(/^[A-Za-z0-9-]+$/, CHECKOUT_MESSAGES.codeUnknown)
  .transform((v) => v.toUpperCase());

/** At most this many codes on one order (and only one when any is not combinable). */
export const DISCOUNT_CODES_MAX = 3;

/** True when the digits pass the Luhn check every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card's brand from its number, for the order and the receipt. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  if (/^35/.test(digits)) return "JCB";
  return "Card";
}

/** A card expires at the end of its month. */
export function cardExpired(month: number, year: number, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return year < y || (year === y && month < m);
}

/** "MM/YY" (or "MM/YYYY") to month and four-digit year; null when it is not a date. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const year = m[2]?.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

export const ZCardInput = z.strictObject({
  number: z
    .string()
    .max(40, CHECKOUT_MESSAGES.cardNumber)
    .transform((v) => v.replace(/[\s-]/g, ""))
    .refine(luhnValid, CHECKOUT_MESSAGES.cardNumber),
  expiry: z
    .string()
    .max(10, CHECKOUT_MESSAGES.cardExpiry)
    .refine((v) => parseExpiry(v) !== null, CHECKOUT_MESSAGES.cardExpiry),
  cvc: z.string().regex(/^\d{3,4}$/, CHECKOUT_MESSAGES.cardCvc),
});
export type CardInput = z.infer<typeof ZCardInput>;

const ZCheckoutBase = z.strictObject({
  cartId: ZCartId,
  /** The reader's language: product names in the answer, and the order's emails. */
  language: ZCatalogLanguage.optional(),
  shippingMethod: ZShippingMethod.default("STANDARD"),
  discountCodes: z.array(ZDiscountCodeText).max(DISCOUNT_CODES_MAX).default([]),
});

/** A quote: the address (for shipping and tax) and email (for codes bound to one) may come later. */
export const ZCheckoutQuoteInput = ZCheckoutBase.extend({
  email: ZEmail.optional(),
  address: ZAddressInput.optional(),
  /**
   * The country chosen before the rest of the address is complete: the estimate's shipping. With
   * neither, the estimate is for the reader's store (Japan on Japanese pages, else the US).
   */
  country: z.enum(SHIP_COUNTRIES).optional(),
});
export type CheckoutQuoteInput = z.input<typeof ZCheckoutQuoteInput>;

/** One attempt to pay: the browser makes the key once per attempt and sends it again on a retry. */
export const ZIdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, "Invalid idempotency key");

export const ZPlaceOrderInput = ZCheckoutBase.extend({
  email: ZEmail,
  address: ZAddressInput,
  card: ZCardInput,
  idempotencyKey: ZIdempotencyKey,
  /** The total the shopper saw, in minor units: a different total on the server refuses the order. */
  expectedTotal: z.number().int().min(0).max(1_000_000_000),
  /** A signed-in customer may keep the typed address in their address book. */
  saveAddress: z.boolean().optional(),
});
export type PlaceOrderInput = z.input<typeof ZPlaceOrderInput>;

/** Paying with Stripe: the placement's request without a card (the page confirms with Stripe.js). */
export const ZStartPaymentInput = ZPlaceOrderInput.omit({ card: true });
export type StartPaymentInput = z.input<typeof ZStartPaymentInput>;

/** The page's handle on a Stripe placement, from startPayment's answer. */
export const ZCompletePaymentInput = z.strictObject({
  placementId: z.string().trim().min(1).max(120),
});

export const ZCheckoutOrderInput = z.strictObject({
  orderId: z.union([z.string().trim().min(1).max(120), z.number().int().positive()]),
});

/** The test-mode provider's card numbers (docs/checkout.md). */
export const TEST_CARDS = {
  success: "4242424242424242",
  successMastercard: "5555555555554444",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  error: "4000000000000119",
} as const;
