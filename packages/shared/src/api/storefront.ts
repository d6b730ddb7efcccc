// The storefront's answers: products, the cart, reviews, compatibility, contact, newsletter.
import { z } from "zod";
import { ZCompatibilityRecord } from "../storefront/compatibility.ts";
import { ZCompatibilityLanguage } from "../storefront/schemas.ts";
import { ZImage, ZMoney } from "./common.ts";

export const ZPriceRange = z.object({
  minVariantPrice: ZMoney,
  maxVariantPrice: ZMoney,
  /** The highest compare-at price of the variants, when any variant has one above its price. */
  compareAtPrice: ZMoney.nullable(),
});
export type PriceRange = z.infer<typeof ZPriceRange>;

export const ZRating = z.object({
  /** Mean of the ratings, one decimal; null without reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
});
export type Rating = z.infer<typeof ZRating>;

export const ZProductCard = z.object({
  id: z.string(),
  handle: z.string(),
  title: z.string(),
  productType: z.string(),
  featuredImage: ZImage.nullable(),
  available: z.boolean(),
  /** The first available variant, for an Add to Cart straight from a list (the finder). */
  defaultVariantId: z.string().nullable(),
  /** Keyed by currency code (USD, JPY). */
  priceRanges: z.record(z.string(), ZPriceRange),
  rating: ZRating,
});
export type ProductCard = z.infer<typeof ZProductCard>;

export const ZVariantPrice = z.object({ price: ZMoney, compareAtPrice: ZMoney.nullable() });
export type VariantPrice = z.infer<typeof ZVariantPrice>;

export const ZProductVariant = z.object({
  id: z.string(),
  title: z.string(),
  sku: z.string(),
  available: z.boolean(),
  /** Units that can be bought now (0 when sold out or off sale): the page's "Only 3 left". */
  quantityAvailable: z.number().int().min(0),
  image: ZImage,
  /** Keyed by currency code. */
  prices: z.record(z.string(), ZVariantPrice),
});
export type ProductVariant = z.infer<typeof ZProductVariant>;

export const ZProduct = ZProductCard.omit({ featuredImage: true, defaultVariantId: true }).extend({
  description: z.string(),
  /** The search engines' description (meta description), set in the admin; "" when none (the description serves). */
  seoDescription: z.string(),
  images: z.array(ZImage),
  variants: z.array(ZProductVariant),
  /** The product whose record the compatibility page shows for this one, or null. */
  compatibilityHandle: z.string().nullable(),
});
export type Product = z.infer<typeof ZProduct>;

export const ZProductList = z.object({
  products: z.array(ZProductCard),
  /**
   * Where this answer lies in the catalogue: the page asked for, how many pages there are (at least
   * one) and how many products match in all. A `handles` list is one page holding them all.
   */
  pageInfo: z.object({
    page: z.number().int().min(1),
    pageCount: z.number().int().min(1),
    total: z.number().int().min(0),
  }),
});
export type ProductList = z.infer<typeof ZProductList>;
export const ZProductAnswer = z.object({ product: ZProduct });

export const ZCartLine = z.object({
  id: z.string(),
  quantity: z.number().int(),
  merchandise: z.object({
    id: z.string(),
    title: z.string(),
    available: z.boolean(),
    /** Units that can be bought now: the most this line can hold (0 when sold out or off sale). */
    quantityAvailable: z.number().int().min(0),
    image: ZImage,
    price: ZMoney,
    product: z.object({ handle: z.string(), title: z.string() }),
  }),
  cost: z.object({ totalAmount: ZMoney }),
});
export type CartLine = z.infer<typeof ZCartLine>;

export const ZCart = z.object({
  id: z.string(),
  currencyCode: z.string(),
  totalQuantity: z.number().int(),
  lines: z.array(ZCartLine),
  cost: z.object({ subtotalAmount: ZMoney }),
});
export type Cart = z.infer<typeof ZCart>;
/**
 * A quantity the cart could not hold in full: it was set to the units in stock instead (an add or
 * a change above the stock). Only in the answer of the change that capped it.
 */
export const ZCartWarning = z.object({
  code: z.literal("QUANTITY_CAPPED_TO_STOCK"),
  message: z.string(),
  merchandiseId: z.string(),
  lineId: z.string(),
  requested: z.number().int(),
  quantity: z.number().int(),
});
export type CartWarning = z.infer<typeof ZCartWarning>;
export const ZCartAnswer = z.object({ cart: ZCart, warnings: z.array(ZCartWarning).optional() });
/** `POST /api/cart`: the new cart's id, as the spec shows it. */
export const ZCartCreated = z.object({ cart: z.object({ id: z.string() }) });

export const ZReview = z.object({
  id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  authorName: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  product: z.object({ handle: z.string(), title: z.string() }),
});
export type Review = z.infer<typeof ZReview>;

export const ZReviewSummary = z.object({
  /** Mean rating, one decimal; null without reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** How many reviews gave 1, 2, 3, 4 and 5 stars. */
  distribution: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
});
export type ReviewSummary = z.infer<typeof ZReviewSummary>;

export const ZReviewsPage = z.object({
  product: z.object({ id: z.string(), handle: z.string(), title: z.string() }).nullable(),
  summary: ZReviewSummary,
  reviews: z.array(ZReview),
  pageInfo: z.object({
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
    total: z.number().int(),
  }),
});
export type ReviewsPage = z.infer<typeof ZReviewsPage>;
export const ZReviewAnswer = z.object({ review: ZReview });

export const ZCompatibilityAnswer = z.object({
  handle: z.string(),
  language: ZCompatibilityLanguage,
  /** False when the language has no record of its own and en-US is served alone. */
  localized: z.boolean(),
  record: ZCompatibilityRecord,
});
export type CompatibilityAnswer = z.infer<typeof ZCompatibilityAnswer>;

export const ZContactSent = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** The message's reference for the customer: "C-12". */
  reference: z.string(),
});

export const ZNewsletterConfirmed = z.object({ ok: z.literal(true), alreadyConfirmed: z.boolean() });
