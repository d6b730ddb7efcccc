// The admin's products: the list (search, filters, sorts, keyset pages both ways), one product
// with its texts in English and Japanese, its variants, prices and stock history, and the two
// writes on it: a save of its texts, variants and prices, and a change of status. Each write
// happens only at the version the member opened (`Product.version`, moved by every write): a
// save from a page opened before someone else's save is refused, never written over it. Each
// writes its audit row, with what changed before and after, in its own transaction.

import { toMoney } from "@vela/shared";
import {
  amountToMinor,
  CATALOGUE_CURRENCIES,
  type CatalogueCurrency,
  CATALOGUE_ADMIN_MESSAGES as M,
  type ProductCreateInput,
  type ProductListInput,
  type ProductSaveInput,
  type ProductStatus,
  type ProductStatusInput,
  STOCK_HISTORY_SHOWN,
  ZProductListInput,
} from "@vela/shared/admin";
import { engineOfClient, type Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";
import { reindexSearch } from "../search/reindex.ts";

/** The language a product's second set of texts is written in (ProductTranslation.language). */
export const SECOND_LANGUAGE = "ja-JP";

type Db = Deps["db"] | Prisma.TransactionClient;

// ---------------------------------------------------------------------------------------------
// The list

const listSelect = {
  id: true,
  handle: true,
  title: true,
  productType: true,
  status: true,
  position: true,
  updatedAt: true,
  translations: { where: { language: SECOND_LANGUAGE }, select: { title: true } },
  images: { orderBy: { position: "asc" }, take: 1, select: { url: true, altText: true } },
  variants: {
    orderBy: { position: "asc" },
    select: { sku: true, inventory: true, prices: { select: { currencyCode: true, amount: true } } },
  },
} as const satisfies Prisma.ProductSelect;

type ListRow = Prisma.ProductGetPayload<{ select: typeof listSelect }>;

export interface ProductListRow {
  id: number;
  handle: string;
  title: string;
  titleJa: string;
  productType: string;
  status: ProductStatus;
  image: { url: string; altText: string } | null;
  variants: number;
  skus: string[];
  /** Units on hand, every variant together. */
  stock: number;
  /** The lowest and highest variant price per currency, in minor units. */
  prices: Record<string, { min: number; max: number }>;
  updatedAt: string;
}

export interface ProductListPage {
  products: ProductListRow[];
  nextCursor: string | null;
  prevCursor: string | null;
}

type SortKey = { field: "position" | "title" | "updatedAt"; desc: boolean };
const SORTS: Record<string, SortKey> = {
  position: { field: "position", desc: false },
  title: { field: "title", desc: false },
  updated: { field: "updatedAt", desc: true },
};

type KeyValue = number | string;
const keyValueOf = (row: ListRow, sort: SortKey): KeyValue =>
  sort.field === "updatedAt" ? row.updatedAt.getTime() : row[sort.field];

/** A page's edge as `<base64url JSON [sort, value, id]>`: the sort it was read in travels with it. */
function cursorOf(sort: string, row: ListRow, key: SortKey): string {
  return Buffer.from(JSON.stringify([sort, keyValueOf(row, key), row.id])).toString("base64url");
}

function badCursor(): AppError {
  return new AppError("BAD_REQUEST", M.badCursor, { issues: [{ path: "cursor", message: M.badCursor }] });
}

function keyOf(cursor: string, sort: string, key: SortKey): { value: KeyValue; id: number } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== sort) throw badCursor();
  const [, value, id] = parsed as [string, unknown, unknown];
  const valueOk = key.field === "title" ? typeof value === "string" : Number.isSafeInteger(value);
  if (!valueOk || !Number.isSafeInteger(id) || (id as number) < 1) throw badCursor();
  return { value: value as KeyValue, id: id as number };
}

/** Rows after the key in the reading order (`after`), or before it. */
function keysetWhere(
  key: SortKey,
  at: { value: KeyValue; id: number },
  after: boolean,
): Prisma.ProductWhereInput {
  const value = key.field === "updatedAt" ? new Date(at.value as number) : at.value;
  // Reading order is ascending unless the sort is descending; "after" flips with it.
  const greater = after !== key.desc;
  const op = greater ? "gt" : "lt";
  return {
    OR: [{ [key.field]: { [op]: value } }, { [key.field]: value, id: { [op]: at.id } }],
  } as Prisma.ProductWhereInput;
}

function orderOf(key: SortKey, reversed: boolean): Prisma.ProductOrderByWithRelationInput[] {
  const dir = key.desc !== reversed ? "desc" : "asc";
  return [{ [key.field]: dir }, { id: dir }];
}

/** Case-insensitive `contains` on both engines (SQLite's LIKE already is, for ASCII). */
function containsText(db: Db, text: string): Prisma.StringFilter {
  return engineOfClient(db) === "postgresql"
    ? ({ contains: text, mode: "insensitive" } as Prisma.StringFilter)
    : { contains: text };
}

function searchWhere(db: Db, q: string): Prisma.ProductWhereInput {
  // `%` and `_` are LIKE's wildcards (Prisma passes them through on SQLite): searched as nothing.
  const words = q
    .split(/\s+/)
    .map((w) => w.replace(/[%_\\]/g, ""))
    .filter(Boolean);
  return {
    AND: words.map((w) => ({
      OR: [
        { title: containsText(db, w) },
        { handle: containsText(db, w.toLowerCase()) },
        { translations: { some: { title: containsText(db, w) } } },
        { variants: { some: { sku: containsText(db, w) } } },
      ],
    })),
  };
}

function listRowOf(p: ListRow): ProductListRow {
  const prices: Record<string, { min: number; max: number }> = {};
  for (const v of p.variants)
    for (const price of v.prices) {
      const now = prices[price.currencyCode];
      prices[price.currencyCode] = now
        ? { min: Math.min(now.min, price.amount), max: Math.max(now.max, price.amount) }
        : { min: price.amount, max: price.amount };
    }
  return {
    id: p.id,
    handle: p.handle,
    title: p.title,
    titleJa: p.translations[0]?.title ?? "",
    productType: p.productType,
    status: p.status as ProductStatus,
    image: p.images[0] ?? null,
    variants: p.variants.length,
    skus: p.variants.map((v) => v.sku),
    stock: p.variants.reduce((sum, v) => sum + v.inventory, 0),
    prices,
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function listProductsForStaff(
  deps: Pick<Deps, "db">,
  raw: ProductListInput,
): Promise<ProductListPage> {
  const input = ZProductListInput.parse(raw);
  const key = SORTS[input.sort] as SortKey;
  const filters: Prisma.ProductWhereInput[] = [];
  if (input.q) filters.push(searchWhere(deps.db, input.q));
  if (input.type) filters.push({ productType: input.type });
  if (input.status) filters.push({ status: input.status });
  const backwards = Boolean(input.cursor) && input.direction === "prev";
  if (input.cursor) filters.push(keysetWhere(key, keyOf(input.cursor, input.sort, key), !backwards));
  const rows = await deps.db.product.findMany({
    where: { AND: filters },
    orderBy: orderOf(key, backwards),
    take: input.limit + 1,
    select: listSelect,
  });
  const more = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  if (backwards) page.reverse();
  const first = page[0];
  const last = page.at(-1);
  // Going forward, a page before this one exists when we came from a cursor; going back, when
  // more rows lay before it. Likewise for the page after.
  const hasNext = backwards ? true : more;
  const hasPrev = backwards ? more : Boolean(input.cursor);
  return {
    products: page.map(listRowOf),
    nextCursor: hasNext && last ? cursorOf(input.sort, last, key) : null,
    prevCursor: hasPrev && first ? cursorOf(input.sort, first, key) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// One product

const detailSelect = {
  id: true,
  handle: true,
  title: true,
  description: true,
  seoDescription: true,
  productType: true,
  status: true,
  version: true,
  updatedAt: true,
  createdAt: true,
  translations: {
    where: { language: SECOND_LANGUAGE },
    select: { title: true, description: true, seoDescription: true },
  },
  images: { orderBy: { position: "asc" }, select: { url: true, altText: true } },
  variants: {
    orderBy: { position: "asc" },
    select: {
      id: true,
      title: true,
      sku: true,
      available: true,
      inventory: true,
      translations: { where: { language: SECOND_LANGUAGE }, select: { title: true } },
      prices: { select: { currencyCode: true, amount: true, compareAtAmount: true } },
    },
  },
} as const satisfies Prisma.ProductSelect;

type DetailRow = Prisma.ProductGetPayload<{ select: typeof detailSelect }>;

export interface StockHistoryRow {
  id: number;
  variantId: number;
  sku: string;
  variantTitle: string;
  delta: number;
  level: number;
  reason: string;
  note: string | null;
  by: string;
  at: string;
}

export type AdminPrice = { amount: string; compareAt: string | null };

export interface ProductDetail {
  id: number;
  handle: string;
  productType: string;
  status: ProductStatus;
  version: number;
  createdAt: string;
  updatedAt: string;
  texts: {
    en: { title: string; description: string; seoDescription: string };
    ja: { title: string; description: string; seoDescription: string };
  };
  images: { url: string; altText: string }[];
  variants: {
    id: number;
    title: string;
    titleJa: string;
    sku: string;
    available: boolean;
    inventory: number;
    prices: Record<CatalogueCurrency, AdminPrice | null>;
  }[];
  history: StockHistoryRow[];
}

const priceText = (minor: number, currency: string) => toMoney(minor, currency).amount;

function detailOf(p: DetailRow, history: StockHistoryRow[]): ProductDetail {
  const ja = p.translations[0];
  return {
    id: p.id,
    handle: p.handle,
    productType: p.productType,
    status: p.status as ProductStatus,
    version: p.version,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    texts: {
      en: { title: p.title, description: p.description, seoDescription: p.seoDescription },
      ja: {
        title: ja?.title ?? "",
        description: ja?.description ?? "",
        seoDescription: ja?.seoDescription ?? "",
      },
    },
    images: p.images,
    variants: p.variants.map((v) => {
      const prices = {} as Record<CatalogueCurrency, AdminPrice | null>;
      for (const currency of CATALOGUE_CURRENCIES) {
        const row = v.prices.find((x) => x.currencyCode === currency);
        prices[currency] = row
          ? {
              amount: priceText(row.amount, currency),
              compareAt: row.compareAtAmount === null ? null : priceText(row.compareAtAmount, currency),
            }
          : null;
      }
      return {
        id: v.id,
        title: v.title,
        titleJa: v.translations[0]?.title ?? "",
        sku: v.sku,
        available: v.available,
        inventory: v.inventory,
        prices,
      };
    }),
    history,
  };
}

/** The latest stock changes of a product's variants, newest first. */
export async function stockHistory(db: Db, productId: number): Promise<StockHistoryRow[]> {
  const rows = await db.stockMovement.findMany({
    where: { variant: { productId } },
    orderBy: { id: "desc" },
    take: STOCK_HISTORY_SHOWN,
    select: {
      id: true,
      variantId: true,
      delta: true,
      level: true,
      reason: true,
      note: true,
      actorLabel: true,
      createdAt: true,
      variant: { select: { sku: true, title: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    variantId: r.variantId,
    sku: r.variant.sku,
    variantTitle: r.variant.title,
    delta: r.delta,
    level: r.level,
    reason: r.reason,
    note: r.note,
    by: r.actorLabel,
    at: r.createdAt.toISOString(),
  }));
}

const notFound = () => new AppError("NOT_FOUND", M.productNotFound);

export async function productForStaff(deps: Pick<Deps, "db">, productId: number): Promise<ProductDetail> {
  const p = await deps.db.product.findUnique({ where: { id: productId }, select: detailSelect });
  if (!p) throw notFound();
  return detailOf(p, await stockHistory(deps.db, productId));
}

// ---------------------------------------------------------------------------------------------
// Saving

/** What the audit row compares: every field the save can change, flat, by a readable name. */
function snapshotOf(p: DetailRow): Record<string, unknown> {
  const d = detailOf(p, []);
  const out: Record<string, unknown> = {
    handle: d.handle,
    productType: d.productType,
    "en.title": d.texts.en.title,
    "en.description": d.texts.en.description,
    "en.seoDescription": d.texts.en.seoDescription,
    "ja.title": d.texts.ja.title,
    "ja.description": d.texts.ja.description,
    "ja.seoDescription": d.texts.ja.seoDescription,
  };
  for (const v of d.variants) {
    const at = `variant.${v.id}`;
    out[`${at}.title`] = v.title;
    out[`${at}.titleJa`] = v.titleJa;
    out[`${at}.sku`] = v.sku;
    out[`${at}.available`] = v.available;
    for (const c of CATALOGUE_CURRENCIES) {
      out[`${at}.price.${c}`] = v.prices[c]?.amount ?? null;
      out[`${at}.compareAt.${c}`] = v.prices[c]?.compareAt ?? null;
    }
  }
  return out;
}

function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (before[k] !== after[k]) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a };
}

const stale = () => new AppError("CONFLICT", M.staleVersion, { reason: "staleVersion" });

/** Prices in minor units, or the field issues that refuse them. */
function pricesOf(input: ProductSaveInput) {
  const issues: { path: string; message: string }[] = [];
  const prices = input.variants.map((v, i) =>
    CATALOGUE_CURRENCIES.map((currency) => {
      const given = v.prices[currency];
      const path = `variants.${i}.prices.${currency}`;
      const amount = amountToMinor(given.amount, currency);
      const compareAt = given.compareAt === null ? null : amountToMinor(given.compareAt, currency);
      if (amount === null) issues.push({ path: `${path}.amount`, message: M.amountYen });
      if (given.compareAt !== null && compareAt === null)
        issues.push({ path: `${path}.compareAt`, message: M.amountYen });
      else if (compareAt !== null && amount !== null && compareAt <= amount)
        issues.push({ path: `${path}.compareAt`, message: M.compareAtLow });
      return { currency, amount: amount ?? 0, compareAt };
    }),
  );
  const skus = input.variants.map((v) => v.sku);
  skus.forEach((sku, i) => {
    if (skus.indexOf(sku) !== i) issues.push({ path: `variants.${i}.sku`, message: M.skuTaken });
  });
  if (issues.length) throw new AppError("BAD_REQUEST", issues[0]?.message ?? M.amountText, { issues });
  return prices;
}

/**
 * The shop's search finds a saved product by its new words, and only products in the shop. Rebuilt
 * in a transaction of its own once the change has committed (reindexSearch given a transaction's
 * client did not rebuild on PostgreSQL), so for a moment the index may lag the product.
 */
async function searchFollows(deps: Pick<Deps, "db">): Promise<void> {
  await reindexSearch(deps.db);
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === "P2002";

/**
 * Saves a product's texts (English; Japanese, where an empty field falls back to the English one
 * in the shop), handle, type, and each variant's names, SKU, sale state and prices, at the
 * version the member opened. Answers the product as saved.
 */
export async function saveProduct(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: ProductSaveInput,
): Promise<ProductDetail> {
  const prices = pricesOf(input);
  const now = deps.clock.now();
  try {
    await deps.db.$transaction(async (tx) => {
      const before = await tx.product.findUnique({ where: { id: input.productId }, select: detailSelect });
      if (!before) throw notFound();
      const ids = before.variants.map((v) => v.id).sort((a, b) => a - b);
      const sent = input.variants.map((v) => v.id).sort((a, b) => a - b);
      if (ids.length !== sent.length || ids.some((id, i) => id !== sent[i]))
        throw new AppError("BAD_REQUEST", M.variantsMismatch, {
          issues: [{ path: "variants", message: M.variantsMismatch }],
        });
      // The version first: a save from an older page changes nothing, whatever else it says.
      const moved = await tx.product.updateMany({
        where: { id: input.productId, version: input.version },
        data: {
          version: { increment: 1 },
          updatedAt: now,
          handle: input.handle,
          productType: input.productType,
          title: input.texts.en.title,
          description: input.texts.en.description,
          seoDescription: input.texts.en.seoDescription,
        },
      });
      if (moved.count === 0) throw stale();
      await writeSecondLanguage(tx, input);
      for (const [i, v] of input.variants.entries()) {
        await tx.productVariant.update({
          where: { id: v.id },
          data: { title: v.title, sku: v.sku, available: v.available },
        });
        if (v.titleJa) {
          await tx.productVariantTranslation.upsert({
            where: { variantId_language: { variantId: v.id, language: SECOND_LANGUAGE } },
            create: { variantId: v.id, language: SECOND_LANGUAGE, title: v.titleJa },
            update: { title: v.titleJa },
          });
        } else {
          await tx.productVariantTranslation.deleteMany({
            where: { variantId: v.id, language: SECOND_LANGUAGE },
          });
        }
        for (const price of prices[i] ?? []) {
          await tx.variantPrice.upsert({
            where: { variantId_currencyCode: { variantId: v.id, currencyCode: price.currency } },
            create: {
              variantId: v.id,
              currencyCode: price.currency,
              amount: price.amount,
              compareAtAmount: price.compareAt,
            },
            update: { amount: price.amount, compareAtAmount: price.compareAt },
          });
        }
      }
      const after = await tx.product.findUniqueOrThrow({
        where: { id: input.productId },
        select: detailSelect,
      });
      const diff = changes(snapshotOf(before), snapshotOf(after));
      await record(tx, deps, actor, {
        kind: "product.updated",
        entityType: "Product",
        entityId: input.productId,
        before: { version: before.version, ...diff.before },
        after: { version: after.version, ...diff.after },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw await uniqueRefusal(deps, input);
    throw err;
  }
  await searchFollows(deps);
  return productForStaff(deps, input.productId);
}

/** The Japanese texts: one row while any of them is written; none when all are empty. */
async function writeSecondLanguage(tx: Prisma.TransactionClient, input: ProductSaveInput): Promise<void> {
  const ja = input.texts.ja;
  const where = { productId_language: { productId: input.productId, language: SECOND_LANGUAGE } };
  if (!ja.title && !ja.description && !ja.seoDescription) {
    await tx.productTranslation.deleteMany({
      where: { productId: input.productId, language: SECOND_LANGUAGE },
    });
    return;
  }
  await tx.productTranslation.upsert({
    where,
    create: { productId: input.productId, language: SECOND_LANGUAGE, ...ja },
    update: ja,
  });
}

/** Which unique value the save collided with: the handle or a SKU of another product. */
async function uniqueRefusal(deps: Pick<Deps, "db">, input: ProductSaveInput): Promise<AppError> {
  const handle = await deps.db.product.findFirst({
    where: { handle: input.handle, id: { not: input.productId } },
    select: { id: true },
  });
  if (handle)
    return new AppError("CONFLICT", M.handleTaken, { issues: [{ path: "handle", message: M.handleTaken }] });
  const taken = await deps.db.productVariant.findMany({
    where: { sku: { in: input.variants.map((v) => v.sku) }, productId: { not: input.productId } },
    select: { sku: true },
  });
  const issues = input.variants
    .map((v, i) => ({ sku: v.sku, path: `variants.${i}.sku` }))
    .filter((v) => taken.some((t) => t.sku === v.sku))
    .map((v) => ({ path: v.path, message: M.skuTaken }));
  // Two variants of this product swapping their SKUs collide within the save itself.
  return new AppError("CONFLICT", M.skuTaken, {
    issues: issues.length ? issues : [{ path: "variants", message: M.skuTaken }],
  });
}

/**
 * A new product, as a draft (not in the shop until published) with its first variant, its prices
 * and no stock; the member adds stock and publishes it from its page. Answers the product.
 */
export async function createProduct(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: ProductCreateInput,
): Promise<ProductDetail> {
  const asSave: ProductSaveInput = {
    productId: 1,
    version: 0,
    handle: input.handle,
    productType: input.productType,
    texts: input.texts,
    variants: [{ id: 1, ...input.variant }],
  };
  let prices: ReturnType<typeof pricesOf>[number];
  try {
    prices = pricesOf(asSave)[0] ?? [];
  } catch (err) {
    // The new product's one variant is `variant` in its form, not `variants.0`.
    if (err instanceof AppError && err.issues)
      throw new AppError("BAD_REQUEST", err.message, {
        issues: err.issues.map((i) => ({ ...i, path: i.path.replace(/^variants\.0\./, "variant.") })),
      });
    throw err;
  }
  const now = deps.clock.now();
  const ja = input.texts.ja;
  let id: number;
  try {
    id = await deps.db.$transaction(async (tx) => {
      const last = await tx.product.aggregate({ _max: { position: true } });
      const product = await tx.product.create({
        data: {
          handle: input.handle,
          productType: input.productType,
          title: input.texts.en.title,
          description: input.texts.en.description,
          seoDescription: input.texts.en.seoDescription,
          status: "DRAFT",
          position: (last._max.position ?? 0) + 1,
          createdAt: now,
          updatedAt: now,
          ...(ja.title || ja.description || ja.seoDescription
            ? { translations: { create: { language: SECOND_LANGUAGE, ...ja } } }
            : {}),
          variants: {
            create: {
              title: input.variant.title,
              sku: input.variant.sku,
              available: input.variant.available,
              // No picture yet: pictures are added apart from this page.
              imageUrl: "",
              imageAlt: "",
              inventory: 0,
              prices: {
                create: prices.map((p) => ({
                  currencyCode: p.currency,
                  amount: p.amount,
                  compareAtAmount: p.compareAt,
                })),
              },
              ...(input.variant.titleJa
                ? { translations: { create: { language: SECOND_LANGUAGE, title: input.variant.titleJa } } }
                : {}),
            },
          },
        },
        select: detailSelect,
      });
      await record(tx, deps, actor, {
        kind: "product.created",
        entityType: "Product",
        entityId: product.id,
        after: { status: "DRAFT", ...snapshotOf(product) },
      });
      return product.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const refusal = await uniqueRefusal(deps, { ...asSave, productId: 0 });
      throw new AppError("CONFLICT", refusal.message, {
        issues: (refusal.issues ?? []).map((i) => ({
          ...i,
          path: i.path.replace(/^variants\.0\./, "variant."),
        })),
      });
    }
    throw err;
  }
  return productForStaff(deps, id);
}

/** Publishes (ACTIVE), archives or moves back to draft, at the version the member opened. */
export async function setProductStatus(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: ProductStatusInput,
): Promise<ProductDetail> {
  await deps.db.$transaction(async (tx) => {
    const before = await tx.product.findUnique({
      where: { id: input.productId },
      select: { status: true, version: true, _count: { select: { images: true } } },
    });
    if (!before) throw notFound();
    if (before.version !== input.version) throw stale();
    if (before.status === input.status) throw new AppError("CONFLICT", M.statusUnchanged);
    // A product made in the admin has none until pictures can be added: its shop page would show none.
    if (input.status === "ACTIVE" && before._count.images === 0)
      throw new AppError("CONFLICT", M.pictureRequired);
    const moved = await tx.product.updateMany({
      where: { id: input.productId, version: input.version },
      data: { status: input.status, version: { increment: 1 }, updatedAt: deps.clock.now() },
    });
    if (moved.count === 0) throw stale();
    await record(tx, deps, actor, {
      kind: "product.status-changed",
      entityType: "Product",
      entityId: input.productId,
      before: { status: before.status, version: before.version },
      after: { status: input.status, version: before.version + 1 },
    });
  });
  await searchFollows(deps);
  return productForStaff(deps, input.productId);
}
