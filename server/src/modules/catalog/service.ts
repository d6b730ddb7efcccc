// The catalogue: product cards for the list (type, price range per currency, rating) and the
// product page (images, variants, prices with compare-at). Ratings come from the reviews table.
import {
  type CatalogLanguage,
  type CatalogListInput,
  compatibilityHandleOf,
  DEFAULT_CATALOG_LANGUAGE,
  STOREFRONT_MESSAGES,
  toGid,
  toMoney,
} from "@vela/shared";
import type { Image, PriceRange, Product, ProductCard, Rating, VariantPrice } from "@vela/shared/api";
import type { Db, Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { shownPicture } from "../media/pictures.ts";

const priceSelect = {
  currencyCode: true,
  amount: true,
  compareAtAmount: true,
} satisfies Prisma.VariantPriceSelect;

/**
 * A product's texts in the reader's language come with the product, in the same query: the
 * translation rows of that language only (none for en-US, the products' own language).
 */
export const translationOf = (language: CatalogLanguage) => ({
  where: { language: language === DEFAULT_CATALOG_LANGUAGE ? { in: [] } : language },
  take: 1,
});

/** A product's or variant's translated name only (cart and checkout lines). */
export const titleTranslationOf = (language: CatalogLanguage) => ({
  ...translationOf(language),
  select: { title: true },
});

/** A picture's row: a drawing (url and English alt text) or an uploaded picture (its storage key and size). */
export const imageSelect = {
  url: true,
  altText: true,
  altTextJa: true,
  storageKey: true,
  format: true,
  width: true,
  height: true,
} satisfies Prisma.ProductImageSelect;

type ImageRow = Prisma.ProductImageGetPayload<{ select: typeof imageSelect }>;

/**
 * The pictures a shopper sees: the uploaded ones when the product has any (with their sizes, and
 * their alt text in the reader's language, Japanese falling back to English), else the store's
 * drawings. Uploaded pictures are positioned before the drawings, so a first picture read by
 * position is an uploaded one when there is one.
 */
export function shopImages(rows: ImageRow[], language: CatalogLanguage): Image[] {
  const uploaded = rows.filter((r) => r.storageKey);
  if (uploaded.length === 0) return rows.map((r) => ({ url: r.url, altText: r.altText }));
  return uploaded.map((r) => ({
    ...shownPicture({
      storageKey: r.storageKey ?? "",
      format: r.format ?? "jpeg",
      width: r.width ?? 0,
      height: r.height ?? 0,
    }),
    altText: (language === "ja-JP" && r.altTextJa) || r.altText,
  }));
}

const cardSelect = (language: CatalogLanguage) =>
  ({
    id: true,
    handle: true,
    title: true,
    productType: true,
    translations: { ...translationOf(language), select: { title: true } },
    images: { orderBy: { position: "asc" }, take: 1, select: imageSelect },
    variants: {
      orderBy: { position: "asc" },
      select: { id: true, available: true, inventory: true, prices: { select: priceSelect } },
    },
  }) satisfies Prisma.ProductSelect;

/** A variant can be bought when it is on sale and has units left (sold out shows as unavailable). */
const inStock = (v: { available: boolean; inventory: number }): boolean => v.available && v.inventory > 0;

const productSelect = (language: CatalogLanguage) =>
  ({
    id: true,
    handle: true,
    title: true,
    description: true,
    seoDescription: true,
    productType: true,
    translations: {
      ...translationOf(language),
      select: { title: true, description: true, seoDescription: true },
    },
    images: { orderBy: { position: "asc" }, select: imageSelect },
    variants: {
      orderBy: { position: "asc" },
      select: {
        id: true,
        title: true,
        sku: true,
        available: true,
        inventory: true,
        imageUrl: true,
        imageAlt: true,
        translations: { ...translationOf(language), select: { title: true } },
        prices: { select: priceSelect },
      },
    },
  }) satisfies Prisma.ProductSelect;

/**
 * The translated text when there is one, else the en-US text of the row itself (an empty
 * translated field, left blank in the admin, falls back too).
 */
function localized<T extends object, K extends keyof T>(row: T, translations: Partial<T>[], key: K): T[K] {
  return translations[0]?.[key] || row[key];
}

/** The products a shopper sees: drafts are not out yet, archived ones are gone (their page answers 404). */
export const SHOP_VISIBLE = { status: "ACTIVE" } as const satisfies Prisma.ProductWhereInput;

type PriceRow = { currencyCode: string; amount: number; compareAtAmount: number | null };

function priceRanges(prices: PriceRow[]): Record<string, PriceRange> {
  const byCurrency = new Map<string, PriceRow[]>();
  for (const p of prices) byCurrency.set(p.currencyCode, [...(byCurrency.get(p.currencyCode) ?? []), p]);
  const out: Record<string, PriceRange> = {};
  for (const [currency, rows] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
    const amounts = rows.map((r) => r.amount);
    const compare = rows
      .filter((r) => r.compareAtAmount !== null && r.compareAtAmount > r.amount)
      .map((r) => r.compareAtAmount as number);
    out[currency] = {
      minVariantPrice: toMoney(Math.min(...amounts), currency),
      maxVariantPrice: toMoney(Math.max(...amounts), currency),
      compareAtPrice: compare.length ? toMoney(Math.max(...compare), currency) : null,
    };
  }
  return out;
}

function variantPrices(prices: PriceRow[]): Record<string, VariantPrice> {
  const out: Record<string, VariantPrice> = {};
  for (const p of [...prices].sort((a, b) => a.currencyCode.localeCompare(b.currencyCode))) {
    out[p.currencyCode] = {
      price: toMoney(p.amount, p.currencyCode),
      compareAtPrice:
        p.compareAtAmount !== null && p.compareAtAmount > p.amount
          ? toMoney(p.compareAtAmount, p.currencyCode)
          : null,
    };
  }
  return out;
}

const roundRating = (avg: number | null): number | null => (avg === null ? null : Math.round(avg * 10) / 10);

/** Average and count per product, in one query. */
export async function ratingsFor(db: Db, productIds: number[]): Promise<Map<number, Rating>> {
  const rows = productIds.length
    ? await db.review.groupBy({
        by: ["productId"],
        where: { productId: { in: productIds } },
        _avg: { rating: true },
        _count: { _all: true },
      })
    : [];
  const map = new Map<number, Rating>();
  for (const r of rows) map.set(r.productId, { average: roundRating(r._avg.rating), count: r._count._all });
  return map;
}

const NO_RATING: Rating = { average: null, count: 0 };

export async function listProducts(
  deps: Deps,
  input: CatalogListInput,
): Promise<{ products: ProductCard[] }> {
  const language = input?.language ?? DEFAULT_CATALOG_LANGUAGE;
  const rows = await deps.db.product.findMany({
    where: {
      ...SHOP_VISIBLE,
      ...(input?.type ? { productType: input.type } : {}),
      ...(input?.handles ? { handle: { in: input.handles } } : {}),
    },
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: cardSelect(language),
  });
  const ratings = await ratingsFor(
    deps.db,
    rows.map((r) => r.id),
  );
  let products: ProductCard[] = rows.map((p) => {
    const firstAvailable = p.variants.find(inStock);
    return {
      id: toGid("Product", p.id),
      handle: p.handle,
      title: localized(p, p.translations, "title"),
      productType: p.productType,
      featuredImage: shopImages(p.images, language)[0] ?? null,
      available: p.variants.some(inStock),
      defaultVariantId: firstAvailable ? toGid("ProductVariant", firstAvailable.id) : null,
      priceRanges: priceRanges(p.variants.flatMap((v) => v.prices)),
      rating: ratings.get(p.id) ?? NO_RATING,
    };
  });
  // Price bounds are in major units of the chosen currency (USD unless told): a product
  // matches when one of its variants' prices lies within them.
  const currency = input?.currency ?? "USD";
  const { minPrice, maxPrice, minRating } = input ?? {};
  if (minPrice !== undefined || maxPrice !== undefined) {
    products = products.filter((p) => {
      const range = p.priceRanges[currency];
      if (!range) return false;
      const lo = Number(range.minVariantPrice.amount);
      const hi = Number(range.maxVariantPrice.amount);
      return (minPrice === undefined || hi >= minPrice) && (maxPrice === undefined || lo <= maxPrice);
    });
  }
  if (minRating !== undefined) {
    products = products.filter((p) => p.rating.average !== null && p.rating.average >= minRating);
  }
  if (input?.handles) {
    // In the order asked for: the finder lists essentials most important first.
    const order = input.handles;
    products.sort((a, b) => order.indexOf(a.handle) - order.indexOf(b.handle));
  }
  return { products };
}

export async function getProduct(
  deps: Deps,
  handle: string,
  language: CatalogLanguage = DEFAULT_CATALOG_LANGUAGE,
): Promise<{ product: Product }> {
  const p = await deps.db.product.findUnique({
    where: { handle, ...SHOP_VISIBLE },
    select: productSelect(language),
  });
  if (!p) throw new AppError("NOT_FOUND", STOREFRONT_MESSAGES.productNotFound);
  const rating = (await ratingsFor(deps.db, [p.id])).get(p.id) ?? NO_RATING;
  const images = shopImages(p.images, language);
  // A product with uploaded pictures shows its first for every variant (the drawings are by colour).
  const uploadedFirst = p.images.some((i) => i.storageKey) ? images[0] : undefined;
  return {
    product: {
      id: toGid("Product", p.id),
      handle: p.handle,
      title: localized(p, p.translations, "title"),
      description: localized(p, p.translations, "description"),
      seoDescription: localized(p, p.translations, "seoDescription"),
      productType: p.productType,
      available: p.variants.some(inStock),
      images,
      priceRanges: priceRanges(p.variants.flatMap((v) => v.prices)),
      rating,
      variants: p.variants.map((v) => ({
        id: toGid("ProductVariant", v.id),
        title: localized(v, v.translations, "title"),
        sku: v.sku,
        available: inStock(v),
        quantityAvailable: inStock(v) ? v.inventory : 0,
        image: uploadedFirst ?? { url: v.imageUrl, altText: v.imageAlt },
        prices: variantPrices(v.prices),
      })),
      compatibilityHandle: compatibilityHandleOf(p.handle),
    },
  };
}

/** Id, handle and title of every product: the reviews page's dropdown (spec 000 §3). */
export async function filterProducts(
  deps: Deps,
  language: CatalogLanguage = DEFAULT_CATALOG_LANGUAGE,
): Promise<{ products: { id: string; handle: string; title: string }[] }> {
  const rows = await deps.db.product.findMany({
    where: SHOP_VISIBLE,
    orderBy: [{ position: "asc" }, { id: "asc" }],
    select: {
      id: true,
      handle: true,
      title: true,
      translations: { ...translationOf(language), select: { title: true } },
    },
  });
  return {
    products: rows.map((r) => ({
      id: toGid("Product", r.id),
      handle: r.handle,
      title: localized(r, r.translations, "title"),
    })),
  };
}

/**
 * The URL of a product's first picture (the main image of its page, gallery.tsx), or null for an
 * unknown handle or a product without pictures. The page's preload hint (page-hints.ts).
 */
export async function productMainImageUrl(db: Db, handle: string): Promise<string | null> {
  return (await productMainImage(db, handle))?.url ?? null;
}

/** The product page's first picture as the shop answers it (an uploaded one with its sizes), or null. */
export async function productMainImage(db: Db, handle: string): Promise<Image | null> {
  const image = await db.productImage.findFirst({
    where: { product: { handle, ...SHOP_VISIBLE } },
    orderBy: { position: "asc" },
    select: imageSelect,
  });
  return image ? (shopImages([image], DEFAULT_CATALOG_LANGUAGE)[0] ?? null) : null;
}
