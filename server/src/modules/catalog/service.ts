// The catalogue: product cards for the list (type, price range per currency, rating) and the
// product page (images, variants, prices with compare-at). Ratings come from the reviews table.
import {
  CATALOGUE_PAGE_SIZE,
  type CatalogLanguage,
  type CatalogListInput,
  compatibilityHandleOf,
  DEFAULT_CATALOG_LANGUAGE,
  DEFAULT_STOREFRONT_CURRENCY,
  minorDigits,
  STOREFRONT_MESSAGES,
  toGid,
  toMoney,
} from "@vela/shared";
import type {
  Image,
  PriceRange,
  Product,
  ProductCard,
  ProductList,
  Rating,
  VariantPrice,
} from "@vela/shared/api";
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

/**
 * The products whose rounded average rating (as the cards show it) is at least `minRating`: one
 * grouped read of the reviews, a row per reviewed product.
 */
async function productIdsRatedAtLeast(db: Db, minRating: number): Promise<number[]> {
  const rows = await db.review.groupBy({ by: ["productId"], _avg: { rating: true } });
  return rows.filter((r) => (roundRating(r._avg.rating) ?? 0) >= minRating).map((r) => r.productId);
}

/**
 * The catalogue's cards, a page at a time (CATALOGUE_PAGE_SIZE in the shop's order; page 1 unless
 * asked), or exactly the products of a `handles` list, in the order asked for. Every filter is part
 * of the query, so the database counts the matches once and reads only the page's rows: the cost
 * follows the page, not the catalogue. A page beyond the last answers no products and says how
 * many pages there are.
 */
export async function listProducts(deps: Deps, input: CatalogListInput): Promise<ProductList> {
  const language = input?.language ?? DEFAULT_CATALOG_LANGUAGE;
  // Price bounds are in major units of the chosen currency (USD unless told): a product matches
  // when one of its variants' prices lies within them, i.e. its dearest price is at least the
  // minimum and its cheapest at most the maximum.
  const currency = input?.currency ?? DEFAULT_STOREFRONT_CURRENCY;
  // Prices are whole minor units; a bound is taken to them (10.1 dollars: 1010 cents, not 1009.99...).
  const minor = (bound: number) => bound * 10 ** minorDigits(currency);
  const priceAtLeast = (bound: number): Prisma.ProductWhereInput => ({
    variants: {
      some: { prices: { some: { currencyCode: currency, amount: { gte: Math.ceil(minor(bound) - 1e-6) } } } },
    },
  });
  const priceAtMost = (bound: number): Prisma.ProductWhereInput => ({
    variants: {
      some: {
        prices: { some: { currencyCode: currency, amount: { lte: Math.floor(minor(bound) + 1e-6) } } },
      },
    },
  });
  const { minPrice, maxPrice, minRating, handles } = input ?? {};
  const where: Prisma.ProductWhereInput = {
    ...SHOP_VISIBLE,
    ...(input?.type ? { productType: input.type } : {}),
    ...(handles ? { handle: { in: handles } } : {}),
    AND: [
      ...(minPrice !== undefined ? [priceAtLeast(minPrice)] : []),
      ...(maxPrice !== undefined ? [priceAtMost(maxPrice)] : []),
      ...(minRating !== undefined ? [{ id: { in: await productIdsRatedAtLeast(deps.db, minRating) } }] : []),
    ],
  };
  // A handles list is at most CATALOG_HANDLES_MAX products and is answered whole.
  const page = handles ? 1 : (input?.page ?? 1);
  const [total, rows] = await Promise.all([
    handles ? Promise.resolve(-1) : deps.db.product.count({ where }),
    deps.db.product.findMany({
      where,
      orderBy: [{ position: "asc" }, { id: "asc" }],
      ...(handles ? {} : { skip: (page - 1) * CATALOGUE_PAGE_SIZE, take: CATALOGUE_PAGE_SIZE }),
      select: cardSelect(language),
    }),
  ]);
  const ratings = await ratingsFor(
    deps.db,
    rows.map((r) => r.id),
  );
  const products: ProductCard[] = rows.map((p) => {
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
  if (handles) {
    // In the order asked for: the finder lists essentials most important first.
    products.sort((a, b) => handles.indexOf(a.handle) - handles.indexOf(b.handle));
    return { products, pageInfo: { page: 1, pageCount: 1, total: products.length } };
  }
  return {
    products,
    pageInfo: { page, pageCount: Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE)), total },
  };
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
