// Checkout's quote: the cart priced now (current prices, shipping, tax, codes). The browser's
// prices and totals are never used: it sends what it saw (expectedTotal) only so that a changed
// total is shown to the shopper before anything is charged.

import {
  type CatalogLanguage,
  CHECKOUT_MESSAGES,
  DEFAULT_CATALOG_LANGUAGE,
  defaultCountry,
  MESSAGES,
  type Money,
  SHIPPING_METHODS,
  type ShippingMethod,
  toGid,
  toMoney,
  type ZCheckoutQuoteInput,
} from "@vela/shared";
import type { z } from "zod";
import type { Db, Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { titleTranslationOf } from "../catalog/service.ts";
import { type ResolvedCode, resolveCodes } from "../discounts/checkout-rules.ts";
import {
  pricesIncludeTax,
  shippingAmount,
  shippingRate,
  TAX_RATES,
  taxRateBasisPoints,
  zoneOf,
} from "./tables.ts";
import { computeTotals, type Totals } from "./totals.ts";

type QuoteInput = z.output<typeof ZCheckoutQuoteInput>;
export type Tx = Prisma.TransactionClient | Db;

const checkoutCartSelect = (language: CatalogLanguage) =>
  ({
    id: true,
    customerId: true,
    currencyCode: true,
    lines: {
      orderBy: { id: "asc" },
      select: {
        id: true,
        quantity: true,
        unitPriceAmount: true,
        variant: {
          select: {
            id: true,
            title: true,
            imageUrl: true,
            imageAlt: true,
            available: true,
            inventory: true,
            translations: titleTranslationOf(language),
            product: {
              select: {
                handle: true,
                title: true,
                // A draft or archived product's variants are not sold (the cart's onSale rule).
                status: true,
                translations: titleTranslationOf(language),
                // Its first uploaded picture, shown (and kept on the order) instead of the drawing.
                images: {
                  where: { storageKey: { not: null } },
                  orderBy: { position: "asc" },
                  take: 1,
                  select: { url: true, altText: true },
                },
              },
            },
            prices: { select: { currencyCode: true, amount: true } },
          },
        },
      },
    },
  }) satisfies Prisma.CartSelect;

export interface QuoteLine {
  variantId: number;
  title: string;
  variantTitle: string;
  productHandle: string;
  imageUrl: string;
  imageAlt: string;
  quantity: number;
  unitPrice: number;
  /** The price when the line was added, when it has changed since. */
  previousUnitPrice: number | null;
  /** Units left; fewer than the quantity means the line cannot be bought as it is. */
  inventory: number;
  available: boolean;
}

export interface Quote {
  cartId: string;
  customerId: number | null;
  currencyCode: string;
  lines: QuoteLine[];
  codes: ResolvedCode[];
  method: ShippingMethod;
  totals: Totals;
  shippingOptions: { method: ShippingMethod; amount: number }[];
}

/** The cart priced now, or NOT_FOUND for a cart that is not the reader's (the cart's own rule). */
export async function quoteCart(
  db: Tx,
  input: Pick<
    QuoteInput,
    "cartId" | "shippingMethod" | "discountCodes" | "email" | "address" | "language"
  > & {
    country?: QuoteInput["country"];
  },
  customerId: number | null,
  now: Date,
): Promise<Quote> {
  const cart = await db.cart.findUnique({
    where: { id: input.cartId },
    select: checkoutCartSelect(input.language ?? DEFAULT_CATALOG_LANGUAGE),
  });
  if (!cart || (cart.customerId !== null && cart.customerId !== customerId)) {
    throw new AppError("NOT_FOUND", MESSAGES.cartNotFound);
  }
  const cur = cart.currencyCode;
  const lines: QuoteLine[] = cart.lines.map((l) => {
    const unitPrice = l.variant.prices.find((p) => p.currencyCode === cur)?.amount;
    if (unitPrice === undefined) {
      throw new AppError(
        "BAD_REQUEST",
        `${MESSAGES.variantUnavailable}: ${toGid("ProductVariant", l.variant.id)}`,
      );
    }
    return {
      variantId: l.variant.id,
      title: l.variant.product.translations[0]?.title ?? l.variant.product.title,
      variantTitle: l.variant.translations[0]?.title ?? l.variant.title,
      productHandle: l.variant.product.handle,
      imageUrl: l.variant.product.images[0]?.url ?? l.variant.imageUrl,
      imageAlt: l.variant.product.images[0]?.altText ?? l.variant.imageAlt,
      quantity: l.quantity,
      unitPrice,
      previousUnitPrice:
        l.unitPriceAmount !== null && l.unitPriceAmount !== unitPrice ? l.unitPriceAmount : null,
      inventory: l.variant.inventory,
      available: l.variant.available && l.variant.product.status === "ACTIVE",
    };
  });
  if (lines.length === 0) throw new AppError("BAD_REQUEST", CHECKOUT_MESSAGES.cartEmpty);
  const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const codes = await resolveCodes(db, input.discountCodes, {
    email: input.email ?? null,
    customerId,
    currencyCode: cur,
    subtotal,
    now,
  });
  // The address's country; before it is complete, the country chosen or the reader's store's.
  const zone = zoneOf(input.address?.country ?? input.country ?? defaultCountry(input.language));
  const rate = shippingRate(cur, zone);
  const totals = computeTotals({
    lines,
    discounts: codes.map((c) => c.discount),
    rate,
    method: input.shippingMethod,
    // JPY prices contain Japan's consumption tax even before the address is known.
    taxBasisPoints: input.address
      ? taxRateBasisPoints(zone, input.address.province)
      : pricesIncludeTax(cur)
        ? TAX_RATES.JP
        : 0,
    taxIncluded: pricesIncludeTax(cur),
  });
  const goods = totals.subtotal - totals.discount;
  return {
    cartId: cart.id,
    customerId: cart.customerId,
    currencyCode: cur,
    lines,
    codes,
    method: input.shippingMethod,
    totals,
    shippingOptions: SHIPPING_METHODS.map((method) => ({
      method,
      amount: shippingAmount(rate, method, goods),
    })),
  };
}

export interface QuoteDto {
  cartId: string;
  currencyCode: string;
  lines: {
    merchandiseId: string;
    title: string;
    variantTitle: string;
    productHandle: string;
    image: { url: string; altText: string };
    quantity: number;
    price: Money;
    previousPrice: Money | null;
    totalPrice: Money;
    soldOut: boolean;
    /** Units left when fewer than the quantity wanted. */
    available: number;
  }[];
  discountCodes: string[];
  shippingMethod: ShippingMethod;
  shippingOptions: { method: ShippingMethod; price: Money }[];
  subtotalPrice: Money;
  discountPrice: Money;
  shippingPrice: Money;
  taxPrice: Money;
  totalPrice: Money;
  /** The total in minor units, to send back as `expectedTotal` when paying. */
  totalMinor: number;
}

function toQuoteDto(q: Quote): QuoteDto {
  const m = (n: number) => toMoney(n, q.currencyCode);
  return {
    cartId: q.cartId,
    currencyCode: q.currencyCode,
    lines: q.lines.map((l) => ({
      merchandiseId: toGid("ProductVariant", l.variantId),
      title: l.title,
      variantTitle: l.variantTitle,
      productHandle: l.productHandle,
      image: { url: l.imageUrl, altText: l.imageAlt },
      quantity: l.quantity,
      price: m(l.unitPrice),
      previousPrice: l.previousUnitPrice === null ? null : m(l.previousUnitPrice),
      totalPrice: m(l.unitPrice * l.quantity),
      soldOut: !l.available || l.inventory <= 0,
      available: Math.max(0, Math.min(l.inventory, l.quantity)),
    })),
    discountCodes: q.codes.map((c) => c.code),
    shippingMethod: q.method,
    shippingOptions: q.shippingOptions.map((o) => ({ method: o.method, price: m(o.amount) })),
    subtotalPrice: m(q.totals.subtotal),
    discountPrice: m(q.totals.discount),
    shippingPrice: m(q.totals.shipping),
    taxPrice: m(q.totals.tax),
    totalPrice: m(q.totals.total),
    totalMinor: q.totals.total,
  };
}

export async function quoteCheckout(
  deps: Deps,
  input: QuoteInput,
  customerId: number | null,
): Promise<{ quote: QuoteDto }> {
  return { quote: toQuoteDto(await quoteCart(deps.db, input, customerId, deps.clock.now())) };
}
