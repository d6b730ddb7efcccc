// A variant's units on hand, changed by staff: set to a counted level, or adjusted by units
// received or damaged. Each change is one conditional write on the level (an increment that
// cannot go below zero, or a set at the level read), its history row (StockMovement: the
// delta, the level it left, the reason, who) and its audit row, in one transaction: two members
// adjusting at once both count, and orders taking units meanwhile are never lost.
import { CATALOGUE_ADMIN_MESSAGES as M, type StockAdjustInput } from "@vela/shared/admin";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";
import { type StockHistoryRow, stockHistory } from "./admin-products.ts";

/** A set's read-then-write loses to a concurrent change at most this many times before giving up. */
const SET_ATTEMPTS = 5;

const refuse = (message: string) =>
  new AppError("BAD_REQUEST", message, { issues: [{ path: "quantity", message }] });

function checkReason(reason: StockAdjustInput["reason"], delta: number): void {
  if (reason === "RECEIVED" && delta <= 0) throw refuse(M.receivedAddsUnits);
  if (reason === "DAMAGED" && delta >= 0) throw refuse(M.damagedRemovesUnits);
}

/** The change's delta and the level it left, written with the level in one statement. */
async function change(
  tx: Prisma.TransactionClient,
  input: StockAdjustInput,
): Promise<{ delta: number; level: number }> {
  if (input.mode === "adjust") {
    const delta = input.quantity;
    if (delta === 0) throw refuse(M.adjustZero);
    checkReason(input.reason, delta);
    // Atomic: the database adds to the level as it is now, and refuses to go below zero.
    const moved = await tx.productVariant.updateMany({
      where: { id: input.variantId, inventory: { gte: -delta } },
      data: { inventory: { increment: delta } },
    });
    if (moved.count === 0) {
      const exists = await tx.productVariant.count({ where: { id: input.variantId } });
      throw exists ? new AppError("CONFLICT", M.belowZero) : new AppError("NOT_FOUND", M.variantNotFound);
    }
    const { inventory } = await tx.productVariant.findUniqueOrThrow({
      where: { id: input.variantId },
      select: { inventory: true },
    });
    return { delta, level: inventory };
  }
  if (input.quantity < 0) throw refuse(M.belowZero);
  for (let attempt = 0; attempt < SET_ATTEMPTS; attempt++) {
    const now = await tx.productVariant.findUnique({
      where: { id: input.variantId },
      select: { inventory: true },
    });
    if (!now) throw new AppError("NOT_FOUND", M.variantNotFound);
    const delta = input.quantity - now.inventory;
    if (input.reason !== "COUNTED") checkReason(input.reason, delta);
    // Only at the level read: an order or another member changing it meanwhile is read again.
    const moved = await tx.productVariant.updateMany({
      where: { id: input.variantId, inventory: now.inventory },
      data: { inventory: input.quantity },
    });
    if (moved.count === 1) return { delta, level: input.quantity };
  }
  throw new AppError("CONFLICT", M.staleStock);
}

export interface StockAnswer {
  variantId: number;
  level: number;
  delta: number;
  history: StockHistoryRow[];
}

export async function adjustStock(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: StockAdjustInput,
): Promise<StockAnswer> {
  const now = deps.clock.now();
  const result = await deps.db.$transaction(async (tx) => {
    const { delta, level } = await change(tx, input);
    const variant = await tx.productVariant.findUniqueOrThrow({
      where: { id: input.variantId },
      select: { productId: true, sku: true },
    });
    const movement = await tx.stockMovement.create({
      data: {
        variantId: input.variantId,
        delta,
        level,
        reason: input.reason,
        note: input.note || null,
        staffId: actor.type === "staff" ? actor.staffId : null,
        actorLabel: actor.type === "operator" ? "operator" : actor.email,
        createdAt: now,
      },
      select: { id: true },
    });
    await record(tx, deps, actor, {
      kind: "stock.adjusted",
      entityType: "ProductVariant",
      entityId: input.variantId,
      before: { sku: variant.sku, level: level - delta },
      after: {
        sku: variant.sku,
        level,
        delta,
        reason: input.reason,
        ...(input.note ? { note: input.note } : {}),
        movementId: movement.id,
      },
    });
    return { delta, level, productId: variant.productId };
  });
  return {
    variantId: input.variantId,
    level: result.level,
    delta: result.delta,
    history: await stockHistory(deps.db, result.productId),
  };
}
