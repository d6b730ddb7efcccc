// A product's variants added and removed from its admin page. Each happens at the product's
// version the member opened (moved by every write, as a save is): a page opened before someone
// else's change is refused, never written over. A variant that is in orders is never deleted (the
// order lines keep pointing at it): removing it takes it off sale instead. The product's last
// variant stays. Removing a variant deletes its prices, texts, stock history and the shoppers'
// cart lines with it. Each writes its audit row with before and after, and the shop's search
// follows once the change has committed.
import {
  amountToMinor,
  CATALOGUE_CURRENCIES,
  CATALOGUE_ADMIN_MESSAGES as M,
  type VariantAddInput,
  type VariantRemoveInput,
  ZVariantAddInput,
} from "@vela/shared/admin";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";
import { reindexSearch } from "../search/reindex.ts";
import { type ProductDetail, productForStaff, SECOND_LANGUAGE } from "./admin-products.ts";

const stale = () => new AppError("CONFLICT", M.staleVersion, { reason: "staleVersion" });
const notFound = () => new AppError("NOT_FOUND", M.productNotFound);
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === "P2002";

/** Moves the product's version from the one opened, or refuses: nothing else is written before. */
async function atVersion(
  tx: Prisma.TransactionClient,
  productId: number,
  version: number,
  now: Date,
): Promise<void> {
  const moved = await tx.product.updateMany({
    where: { id: productId, version },
    data: { version: { increment: 1 }, updatedAt: now },
  });
  if (moved.count === 1) return;
  const exists = await tx.product.count({ where: { id: productId } });
  throw exists ? stale() : notFound();
}

/** The new variant's prices in minor units, or the field issues that refuse them. */
function pricesOf(variant: VariantAddInput["variant"]) {
  const issues: { path: string; message: string }[] = [];
  const prices = CATALOGUE_CURRENCIES.map((currency) => {
    const given = variant.prices[currency];
    const path = `variant.prices.${currency}`;
    const amount = amountToMinor(given.amount, currency);
    const compareAt = given.compareAt === null ? null : amountToMinor(given.compareAt, currency);
    if (amount === null) issues.push({ path: `${path}.amount`, message: M.amountYen });
    if (given.compareAt !== null && compareAt === null)
      issues.push({ path: `${path}.compareAt`, message: M.amountYen });
    else if (compareAt !== null && amount !== null && compareAt <= amount)
      issues.push({ path: `${path}.compareAt`, message: M.compareAtLow });
    return { currencyCode: currency, amount: amount ?? 0, compareAtAmount: compareAt };
  });
  if (issues.length) throw new AppError("BAD_REQUEST", issues[0]?.message ?? M.amountText, { issues });
  return prices;
}

function actorLabel(actor: Actor): string {
  return actor.type === "operator" ? "operator" : actor.email;
}

/**
 * Adds a variant (last of the product's), with its prices, its Japanese name and the units on
 * hand it starts with (a RECEIVED row in the stock history when there are any). Answers the
 * product as it is now.
 */
export async function addVariant(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  raw: VariantAddInput,
): Promise<ProductDetail> {
  const input = ZVariantAddInput.parse(raw);
  const prices = pricesOf(input.variant);
  const now = deps.clock.now();
  try {
    await deps.db.$transaction(async (tx) => {
      await atVersion(tx, input.productId, input.version, now);
      const last = await tx.productVariant.aggregate({
        where: { productId: input.productId },
        _max: { position: true },
      });
      const v = input.variant;
      const made = await tx.productVariant.create({
        data: {
          productId: input.productId,
          title: v.title,
          sku: v.sku,
          available: v.available,
          imageUrl: "",
          imageAlt: "",
          position: (last._max.position ?? 0) + 1,
          inventory: input.stock,
          prices: { create: prices },
          ...(v.titleJa ? { translations: { create: { language: SECOND_LANGUAGE, title: v.titleJa } } } : {}),
        },
        select: { id: true },
      });
      if (input.stock > 0)
        await tx.stockMovement.create({
          data: {
            variantId: made.id,
            delta: input.stock,
            level: input.stock,
            reason: "RECEIVED",
            note: null,
            staffId: actor.type === "staff" ? actor.staffId : null,
            actorLabel: actorLabel(actor),
            createdAt: now,
          },
        });
      await record(tx, deps, actor, {
        kind: "product.variant-added",
        entityType: "Product",
        entityId: input.productId,
        before: { version: input.version },
        after: {
          version: input.version + 1,
          variantId: made.id,
          title: v.title,
          titleJa: v.titleJa,
          sku: v.sku,
          available: v.available,
          stock: input.stock,
          prices: v.prices,
        },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError("CONFLICT", M.skuTaken, { issues: [{ path: "variant.sku", message: M.skuTaken }] });
    throw err;
  }
  await reindexSearch(deps.db);
  return productForStaff(deps, input.productId);
}

export interface VariantRemoval {
  /** `removed`: gone with its prices, history and cart lines; `offSale`: in orders, kept but off sale. */
  outcome: "removed" | "offSale";
  sku: string;
  product: ProductDetail;
}

/**
 * Removes a variant of the product, at the version opened; refuses the product's last one. A
 * variant that order lines point at is taken off sale instead (`offSale`), so the orders keep it.
 */
export async function removeVariant(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: VariantRemoveInput,
): Promise<VariantRemoval> {
  const now = deps.clock.now();
  const { outcome, sku } = await deps.db.$transaction(async (tx) => {
    await atVersion(tx, input.productId, input.version, now);
    const variant = await tx.productVariant.findFirst({
      where: { id: input.variantId, productId: input.productId },
      select: {
        id: true,
        title: true,
        sku: true,
        available: true,
        inventory: true,
        _count: { select: { lineItems: true, cartLines: true } },
      },
    });
    if (!variant) throw new AppError("NOT_FOUND", M.variantNotFound);
    const others = await tx.productVariant.count({
      where: { productId: input.productId, id: { not: variant.id } },
    });
    if (others === 0) throw new AppError("CONFLICT", M.lastVariant, { reason: "lastVariant" });
    const before = {
      version: input.version,
      variantId: variant.id,
      title: variant.title,
      sku: variant.sku,
      available: variant.available,
      inventory: variant.inventory,
      orderLines: variant._count.lineItems,
      cartLines: variant._count.cartLines,
    };
    if (variant._count.lineItems > 0) {
      await tx.productVariant.update({ where: { id: variant.id }, data: { available: false } });
      await record(tx, deps, actor, {
        kind: "product.variant-taken-off-sale",
        entityType: "Product",
        entityId: input.productId,
        before,
        after: { version: input.version + 1, variantId: variant.id, sku: variant.sku, available: false },
      });
      return { outcome: "offSale" as const, sku: variant.sku };
    }
    // Its prices, Japanese name, stock history and cart lines go with it (onDelete: Cascade).
    await tx.productVariant.delete({ where: { id: variant.id } });
    await record(tx, deps, actor, {
      kind: "product.variant-removed",
      entityType: "Product",
      entityId: input.productId,
      before,
      after: { version: input.version + 1, variantId: variant.id, sku: variant.sku, removed: true },
    });
    return { outcome: "removed" as const, sku: variant.sku };
  });
  await reindexSearch(deps.db);
  return { outcome, sku, product: await productForStaff(deps, input.productId) };
}
