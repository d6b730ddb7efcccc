import { randomBytes } from "node:crypto";
import {
  CART_LINE_QUANTITY_MAX,
  type CatalogLanguage,
  DEFAULT_CATALOG_LANGUAGE,
  DEFAULT_STOREFRONT_CURRENCY,
  MESSAGES,
  numericIdOf,
  type StorefrontCurrency,
  stockCappedMessage,
  toGid,
  toMoney,
} from "@vela/shared";
import type { Cart, CartWarning } from "@vela/shared/api";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { imageSelect, shopImages, titleTranslationOf } from "../catalog/service.ts";

const cartSelect = (language: CatalogLanguage) =>
  ({
    id: true,
    customerId: true,
    currencyCode: true,
    lines: {
      orderBy: { id: "asc" },
      select: {
        id: true,
        quantity: true,
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
                status: true,
                translations: titleTranslationOf(language),
                // Its first uploaded picture, shown instead of the variant's drawing.
                images: {
                  where: { storageKey: { not: null } },
                  orderBy: { position: "asc" },
                  take: 1,
                  select: imageSelect,
                },
              },
            },
            prices: { select: { currencyCode: true, amount: true } },
          },
        },
      },
    },
  }) satisfies Prisma.CartSelect;

type CartRow = Prisma.CartGetPayload<{ select: ReturnType<typeof cartSelect> }>;

function toCart(c: CartRow): Cart {
  let subtotal = 0;
  let totalQuantity = 0;
  const lines = c.lines.map((l) => {
    const unit = l.variant.prices.find((p) => p.currencyCode === c.currencyCode)?.amount ?? 0;
    subtotal += unit * l.quantity;
    totalQuantity += l.quantity;
    return {
      id: toGid("CartLine", l.id),
      quantity: l.quantity,
      merchandise: {
        id: toGid("ProductVariant", l.variant.id),
        title: l.variant.translations[0]?.title ?? l.variant.title,
        // Sold out counts as unavailable: the cart says so before checkout does.
        available: onSale(l.variant) && l.variant.inventory > 0,
        quantityAvailable: unitsToSell(l.variant),
        image: shopImages(l.variant.product.images, DEFAULT_CATALOG_LANGUAGE)[0] ?? {
          url: l.variant.imageUrl,
          altText: l.variant.imageAlt,
        },
        price: toMoney(unit, c.currencyCode),
        product: {
          handle: l.variant.product.handle,
          title: l.variant.product.translations[0]?.title ?? l.variant.product.title,
        },
      },
      cost: { totalAmount: toMoney(unit * l.quantity, c.currencyCode) },
    };
  });
  return {
    id: c.id,
    currencyCode: c.currencyCode,
    totalQuantity,
    lines,
    cost: { subtotalAmount: toMoney(subtotal, c.currencyCode) },
  };
}

/** What decides whether a variant is on sale: its own flag, and its product being in the shop. */
interface Sellable {
  available: boolean;
  inventory: number;
  product: { status: string };
}
/** PRODUCT_STATUS ACTIVE: a draft or archived product's variants are not sold, whatever their flag. */
const onSale = (v: Sellable): boolean => v.available && v.product.status === "ACTIVE";

/** Units of a variant the store can sell now: none when it is off sale. */
const unitsToSell = (v: Sellable): number => (onSale(v) ? Math.max(0, v.inventory) : 0);

/** A variant's selection with what onSale reads. */
const SELLABLE = { available: true, inventory: true, product: { select: { status: true } } } as const;

/** The answer's word that a quantity was set to the stock instead of what was asked. */
function cappedWarning(variantId: number, lineId: number, requested: number, quantity: number): CartWarning {
  return {
    code: "QUANTITY_CAPPED_TO_STOCK",
    message: stockCappedMessage(quantity),
    merchandiseId: toGid("ProductVariant", variantId),
    lineId: toGid("CartLine", lineId),
    requested,
    quantity,
  };
}

/** 128 random bits: the cart id is what lets an anonymous visitor reach their cart. */
const newCartId = (): string => randomBytes(16).toString("base64url");

/**
 * A new cart, priced in the currency of the store the reader buys from (USD unless told). Each
 * client address makes a limited number an hour (RATE_LIMITS.cartCreateIp): a browser makes one on
 * its first Add to Cart, a script that makes thousands gets 429.
 */
export async function createCart(
  deps: Deps,
  customerId: number | null,
  ip: string,
  currencyCode: StorefrontCurrency = DEFAULT_STOREFRONT_CURRENCY,
): Promise<{ cart: { id: string } }> {
  await deps.limiter.hit(`cart-create:ip:${ip}`, deps.limiter.rules.cartCreateIp, () =>
    deps.log.warn({ bucket: "cart-create:ip", key: ip }, "cart creation limit reached"),
  );
  const id = newCartId();
  const now = deps.clock.now();
  await deps.db.cart.create({ data: { id, customerId, currencyCode, createdAt: now, updatedAt: now } });
  return { cart: { id } };
}

/** How long a cart may sit untouched before the sweep removes it (anonymous, or empty). */
export const ABANDONED_CART_DAYS = 30;
/** How often each server instance sweeps, and how soon after it starts. */
export const CART_SWEEP_INTERVAL_MS = 60 * 60_000;
const CART_SWEEP_FIRST_MS = 60_000;

/**
 * Removes the carts nobody will come back to: those untouched (no line added, changed or removed,
 * no currency change) for ABANDONED_CART_DAYS that belong to no customer, or hold nothing. A
 * customer's cart with lines stays, however old. In batches, each delete checked again in its own
 * statement, so a cart touched meanwhile stays. Returns how many were removed.
 */
export async function sweepAbandonedCarts(
  deps: Pick<Deps, "db" | "clock">,
  batchSize = 500,
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - ABANDONED_CART_DAYS * 86_400_000);
  const abandoned = {
    updatedAt: { lt: cutoff },
    OR: [{ customerId: null }, { lines: { none: {} } }],
  } satisfies Prisma.CartWhereInput;
  let removed = 0;
  for (;;) {
    const ids = (
      await deps.db.cart.findMany({ where: abandoned, select: { id: true }, take: batchSize })
    ).map((c) => c.id);
    if (ids.length === 0) return removed;
    const { count } = await deps.db.cart.deleteMany({ where: { ...abandoned, id: { in: ids } } });
    removed += count;
    if (ids.length < batchSize) return removed;
  }
}

/** Sweeps soon after start and then every hour; the returned function stops it (app close). */
export function startCartSweeper(deps: Pick<Deps, "db" | "clock" | "log">): () => void {
  const run = () => {
    sweepAbandonedCarts(deps)
      .then((n) => {
        if (n > 0) deps.log.info({ removed: n }, "abandoned carts removed");
      })
      .catch((err: unknown) => deps.log.warn({ err }, "cart sweep failed"));
  };
  const first = setTimeout(run, CART_SWEEP_FIRST_MS).unref();
  const every = setInterval(run, CART_SWEEP_INTERVAL_MS).unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

type CartReader = Pick<Prisma.TransactionClient, "cart">;

/** A cart that belongs to a customer is reachable only by that customer: the one access rule. */
function reachable<T extends { customerId: number | null }>(cart: T | null, customerId: number | null): T {
  if (!cart || (cart.customerId !== null && cart.customerId !== customerId)) {
    throw new AppError("NOT_FOUND", MESSAGES.cartNotFound);
  }
  return cart;
}

async function loadCart(
  deps: Deps,
  cartId: string,
  customerId: number | null,
  language: CatalogLanguage,
): Promise<CartRow> {
  return reachable(
    await deps.db.cart.findUnique({ where: { id: cartId }, select: cartSelect(language) }),
    customerId,
  );
}

/** The access check before a write: only the owner and currency, not the whole cart. */
async function cartForWrite(db: CartReader, cartId: string, customerId: number | null) {
  const cart = await db.cart.findUnique({
    where: { id: cartId },
    select: { customerId: true, currencyCode: true },
  });
  return reachable(cart, customerId);
}

/** The cart with product and variant names in the reader's language (en-US where untranslated). */
export async function getCart(
  deps: Deps,
  cartId: string,
  customerId: number | null,
  language: CatalogLanguage = DEFAULT_CATALOG_LANGUAGE,
): Promise<{ cart: Cart }> {
  return { cart: toCart(await loadCart(deps, cartId, customerId, language)) };
}

/**
 * Moves the cart to another store's currency (a reader who switched to Japanese buys in yen).
 * Every line must have a price in that currency; otherwise nothing changes.
 */
export async function setCartCurrency(
  deps: Deps,
  cartId: string,
  customerId: number | null,
  currencyCode: StorefrontCurrency,
  language: CatalogLanguage = DEFAULT_CATALOG_LANGUAGE,
): Promise<{ cart: Cart }> {
  await deps.db.$transaction(async (tx) => {
    const cart = await cartForWrite(tx, cartId, customerId);
    if (cart.currencyCode === currencyCode) return;
    const unpriced = await tx.cartLine.findFirst({
      where: { cartId, variant: { prices: { none: { currencyCode } } } },
      select: { variantId: true },
    });
    if (unpriced) {
      throw new AppError(
        "BAD_REQUEST",
        `${MESSAGES.variantUnavailable}: ${toGid("ProductVariant", unpriced.variantId)}`,
      );
    }
    await tx.cart.update({ where: { id: cartId }, data: { currencyCode, updatedAt: deps.clock.now() } });
    // Prices seen in the other currency say nothing about this one.
    await tx.cartLine.updateMany({ where: { cartId }, data: { unitPriceAmount: null } });
  });
  return getCart(deps, cartId, customerId, language);
}

/**
 * Adds items; a variant already in the cart has its quantity raised. Every item is
 * checked before anything is written: one unknown or unavailable variant, and nothing is added.
 * A line never holds more than the units in stock: a quantity above them is set to them, and the
 * answer's `warnings` say so.
 */
export async function addToCart(
  deps: Deps,
  cartId: string,
  customerId: number | null,
  items: { merchandiseId: string | number; quantity: number }[],
  language: CatalogLanguage = DEFAULT_CATALOG_LANGUAGE,
): Promise<{ cart: Cart; warnings?: CartWarning[] }> {
  const wanted = new Map<number, number>();
  for (const item of items) {
    const id = numericIdOf(item.merchandiseId);
    if (id === null)
      throw new AppError(
        "BAD_REQUEST",
        `${MESSAGES.variantUnavailable}: ${String(item.merchandiseId).slice(0, 120)}`,
      );
    wanted.set(id, (wanted.get(id) ?? 0) + item.quantity);
  }
  const warnings = await deps.db.$transaction(async (tx) => {
    const cart = await cartForWrite(tx, cartId, customerId);
    const variants = await tx.productVariant.findMany({
      where: { id: { in: [...wanted.keys()] } },
      select: {
        id: true,
        ...SELLABLE,
        prices: { where: { currencyCode: cart.currencyCode }, select: { amount: true } },
      },
    });
    for (const id of wanted.keys()) {
      const v = variants.find((x) => x.id === id);
      if (!v || !onSale(v) || v.inventory <= 0 || v.prices.length === 0) {
        throw new AppError("BAD_REQUEST", `${MESSAGES.variantUnavailable}: ${toGid("ProductVariant", id)}`);
      }
    }
    const existing = await tx.cartLine.findMany({
      where: { cartId, variantId: { in: [...wanted.keys()] } },
      select: { variantId: true, quantity: true },
    });
    for (const [variantId, quantity] of wanted) {
      const before = existing.find((l) => l.variantId === variantId)?.quantity ?? 0;
      if (before + quantity > CART_LINE_QUANTITY_MAX) {
        throw new AppError(
          "BAD_REQUEST",
          `You can have at most ${CART_LINE_QUANTITY_MAX} of an item in your cart`,
        );
      }
    }
    const capped: CartWarning[] = [];
    for (const [variantId, quantity] of wanted) {
      const before = existing.find((l) => l.variantId === variantId)?.quantity ?? 0;
      const stock = unitsToSell(
        variants.find((v) => v.id === variantId) ?? {
          available: false,
          inventory: 0,
          product: { status: "" },
        },
      );
      // The whole line is written, not incremented: what it holds was read in this transaction.
      // A line already above the stock (the stock fell since) comes down to it.
      const total = Math.min(before + quantity, stock);
      const line = await tx.cartLine.upsert({
        where: { cartId_variantId: { cartId, variantId } },
        // The price seen when the line was added: checkout flags a price that changed since.
        create: {
          cartId,
          variantId,
          quantity: total,
          unitPriceAmount: variants.find((v) => v.id === variantId)?.prices[0]?.amount ?? null,
        },
        update: { quantity: total },
        select: { id: true },
      });
      if (total < before + quantity) capped.push(cappedWarning(variantId, line.id, before + quantity, total));
    }
    await tx.cart.update({ where: { id: cartId }, data: { updatedAt: deps.clock.now() } });
    return capped;
  });
  const answer = await getCart(deps, cartId, customerId, language);
  return warnings.length > 0 ? { ...answer, warnings } : answer;
}

/** The cart was used now: the abandoned-cart sweep counts its days from here. */
async function touch(deps: Deps, cartId: string): Promise<void> {
  await deps.db.cart.updateMany({ where: { id: cartId }, data: { updatedAt: deps.clock.now() } });
}

function lineIdOf(lineId: string | number): number {
  const id = numericIdOf(lineId);
  if (id === null) throw new AppError("NOT_FOUND", MESSAGES.cartLineNotFound);
  return id;
}

/**
 * Sets a line's quantity. A quantity above the units in stock is set to them and the answer's
 * `warnings` say so; a sold-out line can be lowered but not raised (BAD_REQUEST, nothing changes).
 */
export async function updateCartLine(
  deps: Deps,
  cartId: string,
  customerId: number | null,
  lineId: string | number,
  quantity: number,
  language: CatalogLanguage = DEFAULT_CATALOG_LANGUAGE,
): Promise<{ cart: Cart; warnings?: CartWarning[] }> {
  const id = lineIdOf(lineId);
  const warnings = await deps.db.$transaction(async (tx) => {
    await cartForWrite(tx, cartId, customerId);
    const line = await tx.cartLine.findFirst({
      where: { id, cartId },
      select: { quantity: true, variant: { select: { id: true, ...SELLABLE } } },
    });
    if (!line) throw new AppError("NOT_FOUND", MESSAGES.cartLineNotFound);
    const stock = unitsToSell(line.variant);
    // Sold out: nothing to cap to. Lowering the line is harmless (checkout refuses it either way).
    if (stock === 0 && quantity > line.quantity) {
      throw new AppError(
        "BAD_REQUEST",
        `${MESSAGES.variantUnavailable}: ${toGid("ProductVariant", line.variant.id)}`,
      );
    }
    const next = stock === 0 ? quantity : Math.min(quantity, stock);
    await tx.cartLine.update({ where: { id }, data: { quantity: next } });
    await tx.cart.update({ where: { id: cartId }, data: { updatedAt: deps.clock.now() } });
    return next < quantity ? [cappedWarning(line.variant.id, id, quantity, next)] : [];
  });
  const answer = await getCart(deps, cartId, customerId, language);
  return warnings.length > 0 ? { ...answer, warnings } : answer;
}

export async function removeCartLine(
  deps: Deps,
  cartId: string,
  customerId: number | null,
  lineId: string | number,
  language: CatalogLanguage = DEFAULT_CATALOG_LANGUAGE,
): Promise<{ cart: Cart }> {
  await cartForWrite(deps.db, cartId, customerId);
  const { count } = await deps.db.cartLine.deleteMany({ where: { id: lineIdOf(lineId), cartId } });
  if (count === 0) throw new AppError("NOT_FOUND", MESSAGES.cartLineNotFound);
  await touch(deps, cartId);
  return getCart(deps, cartId, customerId, language);
}

/**
 * A signed-in customer's cart follows them: the browser's anonymous cart (if any) is
 * merged into the customer's latest cart, whose id the browser then keeps.
 */
export async function claimCart(
  deps: Deps,
  customerId: number,
  browserCartId: string | null,
  language: CatalogLanguage = DEFAULT_CATALOG_LANGUAGE,
): Promise<{ cart: Cart }> {
  const id = await deps.db.$transaction(async (tx) => {
    const mine = await tx.cart.findFirst({
      where: { customerId },
      orderBy: { updatedAt: "desc" },
      select: { id: true },
    });
    const browser = browserCartId
      ? await tx.cart.findUnique({ where: { id: browserCartId }, select: { id: true, customerId: true } })
      : null;
    const anonymous = browser && browser.customerId === null ? browser : null;
    // Taking or removing the anonymous cart is conditional (still anonymous): of two sign-ins
    // with the same browser cart at once, exactly one merges it, so no line counts twice.
    if (!mine) {
      if (anonymous) {
        const taken = await tx.cart.updateMany({
          where: { id: anonymous.id, customerId: null },
          data: { customerId },
        });
        if (taken.count === 1) return anonymous.id;
        // Another sign-in of this customer took it a moment ago: it is theirs already.
        const now = await tx.cart.findUnique({ where: { id: anonymous.id }, select: { customerId: true } });
        if (now?.customerId === customerId) return anonymous.id;
      }
      const fresh = newCartId();
      const now = deps.clock.now();
      await tx.cart.create({ data: { id: fresh, customerId, createdAt: now, updatedAt: now } });
      return fresh;
    }
    if (anonymous) {
      const lines = await tx.cartLine.findMany({ where: { cartId: anonymous.id } });
      const removed = await tx.cart.deleteMany({ where: { id: anonymous.id, customerId: null } });
      if (removed.count === 0) return mine.id;
      const held = new Map(
        (
          await tx.cartLine.findMany({
            where: { cartId: mine.id, variantId: { in: lines.map((l) => l.variantId) } },
            select: { variantId: true, quantity: true },
          })
        ).map((l) => [l.variantId, l.quantity]),
      );
      const stock = new Map(
        (
          await tx.productVariant.findMany({
            where: { id: { in: lines.map((l) => l.variantId) } },
            select: { id: true, ...SELLABLE },
          })
        ).map((v) => [v.id, unitsToSell(v)]),
      );
      for (const l of lines) {
        // Two lines of one variant merge within the stock too (a sold-out one is left for checkout to say so).
        const units = stock.get(l.variantId) ?? 0;
        const merged = (held.get(l.variantId) ?? 0) + l.quantity;
        const quantity = Math.min(CART_LINE_QUANTITY_MAX, units > 0 ? Math.min(merged, units) : merged);
        await tx.cartLine.upsert({
          where: { cartId_variantId: { cartId: mine.id, variantId: l.variantId } },
          create: { cartId: mine.id, variantId: l.variantId, quantity },
          update: { quantity },
        });
      }
      await tx.cart.update({ where: { id: mine.id }, data: { updatedAt: deps.clock.now() } });
    }
    return mine.id;
  });
  return getCart(deps, id, customerId, language);
}
