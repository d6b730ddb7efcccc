// The admin's catalogue area (products and stock): its procedures' inputs, shared with the admin
// client's forms, and the server's answers (English; the admin's catalogue holds every language,
// keyed `admin.server.catalogue.*`).
import { z } from "zod";
import { HANDLE_PATTERN, PRODUCT_TYPES } from "../storefront/constants.ts";
import { isMultiLineText, isSingleLineText } from "../text-rules.ts";

export const CATALOGUE_ADMIN_MESSAGES = {
  productNotFound: "No product has this id",
  variantNotFound: "No variant has this id",
  staleVersion: "This product changed since you opened it: open it again before you save",
  handleTaken: "Another product has this handle",
  skuTaken: "Another variant has this SKU",
  variantsMismatch: "Send every variant of the product, each once",
  searchTooLong: "Search for at most 200 characters",
  badCursor: "This page link is no longer valid: start from the first page",
  titleRequired: "Enter the title",
  titleText: "One line of at most 200 characters",
  handleText: "Lower-case letters, digits and dashes, at most 120 characters",
  descriptionText: "At most 5000 characters",
  seoText: "One line of at most 320 characters",
  skuText: "Letters, digits, dots, dashes and underscores, at most 64",
  amountText: "Enter an amount such as 20.00 (no currency sign)",
  amountYen: "Yen amounts are whole numbers",
  compareAtLow: "The compare-at price must be higher than the price",
  quantityText: "Enter a whole number",
  adjustZero: "An adjustment changes the stock by at least one unit",
  receivedAddsUnits: "Received units add to the stock",
  damagedRemovesUnits: "Damaged units are taken off the stock",
  belowZero: "The stock cannot go below zero",
  staleStock: "The stock kept changing while it was being set: try again",
  noteText: "One line of at most 200 characters",
  statusUnchanged: "The product already has this status",
  pictureRequired: "Add a picture before publishing: the shop shows every product with its pictures",
  lastVariant: "A product keeps at least one variant: add another before removing this one",
  variantOrdered: "This variant is in orders: it was taken off sale instead of removed",
} as const;

const M = CATALOGUE_ADMIN_MESSAGES;

/** Draft (not in the shop), active (in the shop), archived (its page answers 404). */
export const PRODUCT_STATUSES = ["DRAFT", "ACTIVE", "ARCHIVED"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const isProductStatus = (v: string): v is ProductStatus =>
  (PRODUCT_STATUSES as readonly string[]).includes(v);

/** Why a variant's stock changed. */
export const STOCK_REASONS = ["RECEIVED", "COUNTED", "DAMAGED"] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The currencies a variant has a price in; the languages a product's texts are written in. */
export const CATALOGUE_CURRENCIES = ["USD", "JPY"] as const;
export type CatalogueCurrency = (typeof CATALOGUE_CURRENCIES)[number];

export const PRODUCT_SORTS = ["position", "title", "updated"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const PRODUCT_SEARCH_MAX = 200;
export const PRODUCT_PAGE_MAX = 100;
export const PRODUCT_PAGE_DEFAULT = 25;
export const PRODUCT_TITLE_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRODUCT_SEO_MAX = 320;
export const STOCK_QUANTITY_MAX = 1_000_000;
/** Stock history rows a product's page shows, newest first. */
export const STOCK_HISTORY_SHOWN = 50;

const MAX_ID = 2_147_483_647;
export const ZProductId = z.number().int().positive().max(MAX_ID);
export const ZVariantId = z.number().int().positive().max(MAX_ID);
/** The product's version the member opened: a save made from an older one is refused. */
export const ZProductVersion = z.number().int().min(0).max(MAX_ID);

export const ZProductListInput = z
  .strictObject({
    /** Words of the title (English or Japanese), the handle, or a variant's SKU. */
    q: z.string().trim().max(PRODUCT_SEARCH_MAX, M.searchTooLong).optional(),
    type: z.enum(PRODUCT_TYPES).optional(),
    status: z.enum(PRODUCT_STATUSES).optional(),
    /** The shop's order (position), by title (A–Z), or the latest saved first. */
    sort: z.enum(PRODUCT_SORTS).default("position"),
    /** `nextCursor` (with `direction: "next"`) or `prevCursor` (`"prev"`) of the page shown. */
    cursor: z.string().max(400).optional(),
    direction: z.enum(["next", "prev"]).default("next"),
    limit: z.number().int().min(1).max(PRODUCT_PAGE_MAX).default(PRODUCT_PAGE_DEFAULT),
  })
  .default({ sort: "position", direction: "next", limit: PRODUCT_PAGE_DEFAULT });
export type ProductListInput = z.input<typeof ZProductListInput>;

export const ZProductRefInput = z.strictObject({ productId: ZProductId });
export type ProductRefInput = z.infer<typeof ZProductRefInput>;

const oneLine = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).refine(isSingleLineText, tooLong);
const title = oneLine(PRODUCT_TITLE_MAX, M.titleText);
const description = z
  .string()
  .trim()
  .max(PRODUCT_DESCRIPTION_MAX, M.descriptionText)
  .refine(isMultiLineText, M.descriptionText);
const seo = oneLine(PRODUCT_SEO_MAX, M.seoText);

/** The English texts (required title); the Japanese ones fall back to them field by field when empty. */
export const ZProductTexts = z.strictObject({
  en: z.strictObject({
    title: title.pipe(z.string().min(1, M.titleRequired)),
    description,
    seoDescription: seo,
  }),
  ja: z.strictObject({ title, description, seoDescription: seo }),
});
export type ProductTexts = z.infer<typeof ZProductTexts>;

/** An amount in a currency's major units as text: "399.00", JPY "59800". */
export const ZAmountText = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, M.amountText);

const ZVariantPrice = z.strictObject({
  amount: ZAmountText,
  /** The crossed-out "was" price; none when absent. */
  compareAt: ZAmountText.nullable(),
});

export const ZSku = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, M.skuText);

export const ZVariantEdit = z.strictObject({
  id: ZVariantId,
  title,
  titleJa: title,
  sku: ZSku,
  /** On sale: a variant off sale shows as unavailable, whatever its stock. */
  available: z.boolean(),
  prices: z.strictObject({ USD: ZVariantPrice, JPY: ZVariantPrice }),
});
export type VariantEdit = z.infer<typeof ZVariantEdit>;

export const ZProductSaveInput = z.strictObject({
  productId: ZProductId,
  version: ZProductVersion,
  handle: z.string().trim().max(120, M.handleText).regex(HANDLE_PATTERN, M.handleText),
  productType: z.enum(PRODUCT_TYPES),
  texts: ZProductTexts,
  /** Every variant of the product, each once (this page edits them; it adds and removes none). */
  variants: z.array(ZVariantEdit).min(1, M.variantsMismatch).max(100),
});
export type ProductSaveInput = z.infer<typeof ZProductSaveInput>;

/** A new product: its texts, handle and type, and its first variant; it starts as a draft with no stock. */
export const ZProductCreateInput = z.strictObject({
  handle: ZProductSaveInput.shape.handle,
  productType: z.enum(PRODUCT_TYPES),
  texts: ZProductTexts,
  variant: ZVariantEdit.omit({ id: true }),
});
export type ProductCreateInput = z.infer<typeof ZProductCreateInput>;

export const ZProductStatusInput = z.strictObject({
  productId: ZProductId,
  version: ZProductVersion,
  status: z.enum(PRODUCT_STATUSES),
});
export type ProductStatusInput = z.infer<typeof ZProductStatusInput>;

export const ZStockAdjustInput = z.strictObject({
  variantId: ZVariantId,
  /** `set`: the units counted on hand; `adjust`: units added (positive) or taken off (negative). */
  mode: z.enum(["set", "adjust"]),
  quantity: z
    .number({ error: M.quantityText })
    .int(M.quantityText)
    .min(-STOCK_QUANTITY_MAX, M.quantityText)
    .max(STOCK_QUANTITY_MAX, M.quantityText),
  reason: z.enum(STOCK_REASONS),
  note: oneLine(200, M.noteText).optional(),
});
export type StockAdjustInput = z.infer<typeof ZStockAdjustInput>;

/** A new variant of an existing product, at the version opened, with the units it starts with. */
export const ZVariantAddInput = z.strictObject({
  productId: ZProductId,
  version: ZProductVersion,
  variant: ZVariantEdit.omit({ id: true }),
  /** Units on hand from the start, into the stock history as received (none when 0). */
  stock: z
    .number({ error: M.quantityText })
    .int(M.quantityText)
    .min(0, M.belowZero)
    .max(STOCK_QUANTITY_MAX, M.quantityText)
    .default(0),
});
export type VariantAddInput = z.input<typeof ZVariantAddInput>;

/**
 * A variant removed, at the product's version opened: refused for the product's last one; a
 * variant in orders is taken off sale instead (its order lines keep pointing at it).
 */
export const ZVariantRemoveInput = z.strictObject({
  productId: ZProductId,
  version: ZProductVersion,
  variantId: ZVariantId,
});
export type VariantRemoveInput = z.infer<typeof ZVariantRemoveInput>;

/** Major-unit text to minor units ("399.00" USD -> 39900, "59800" JPY -> 59800); null when the yen text has decimals. */
export function amountToMinor(text: string, currency: CatalogueCurrency): number | null {
  const [whole = "0", frac = ""] = text.split(".");
  if (currency === "JPY") return frac && /[^0]/.test(frac) ? null : Number(whole);
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}
