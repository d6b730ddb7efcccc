// The checkout's discount rules, kept with the codes' admin so both read one set of rules:
// which codes an order may carry (resolveCodes, run by every quote and again under placement's
// write), and the writes that spend them (claimCodeUses, recordRedemptions), each race-safe.
import { CHECKOUT_MESSAGES } from "@vela/shared";
import type { Db, Prisma } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { TotalsDiscount } from "../checkout/totals.ts";
import { customerKeyOf } from "./rules.ts";

type Tx = Prisma.TransactionClient | Db;

export interface ResolvedCode {
  id: number;
  code: string;
  discount: TotalsDiscount;
  /** Who uses it (customerKeyOf; "" while no email is known). */
  customerKey: string;
  /** The customer's use's number when the code limits uses per customer, else null. */
  useNumber: number | null;
}

/**
 * The codes of an order, each checked: unknown, disabled, not started, expired, used up overall or
 * by this customer, for another email, without an amount in this currency, under its minimum in
 * this currency. Several codes only when every one is combinable. Each refusal names the code.
 */
export async function resolveCodes(
  db: Tx,
  typed: string[],
  ctx: {
    email: string | null;
    customerId: number | null;
    currencyCode: string;
    subtotal: number;
    now: Date;
  },
): Promise<ResolvedCode[]> {
  const wanted = [...new Set(typed)];
  if (wanted.length === 0) return [];
  const rows = await db.discountCode.findMany({
    where: { code: { in: wanted } },
    include: { currencies: true },
  });
  const customerKey = customerKeyOf(ctx.customerId, ctx.email);
  const resolved: ResolvedCode[] = [];
  for (const text of wanted) {
    const row = rows.find((r) => r.code === text);
    const fail = (message: string) => new AppError("BAD_REQUEST", `${message}: ${text}`);
    if (!row) throw fail(CHECKOUT_MESSAGES.codeUnknown);
    if (row.disabledAt) throw fail(CHECKOUT_MESSAGES.codeDisabled);
    if (row.startsAt && row.startsAt > ctx.now) throw fail(CHECKOUT_MESSAGES.codeNotStarted);
    if (row.expiresAt && row.expiresAt <= ctx.now) throw fail(CHECKOUT_MESSAGES.codeExpired);
    if (row.usageLimit !== null && row.usedCount >= row.usageLimit) throw fail(CHECKOUT_MESSAGES.codeUsed);
    if (row.email && ctx.email && row.email.toLowerCase() !== ctx.email.toLowerCase())
      throw fail(CHECKOUT_MESSAGES.codeNotForEmail);
    const terms = row.currencies.find((c) => c.currencyCode === ctx.currencyCode);
    if (row.kind === "AMOUNT" && (terms?.amountOff ?? null) === null)
      throw fail(CHECKOUT_MESSAGES.codeCurrency);
    if (terms?.minimumSubtotal != null && ctx.subtotal < terms.minimumSubtotal)
      throw fail(CHECKOUT_MESSAGES.codeMinimum);
    // Counted over the customer's redemptions. Placing the order numbers the use, and a unique
    // index on (code, customer, number) refuses a second order racing for the same last use.
    let useNumber: number | null = null;
    if (row.perCustomerLimit !== null && customerKey !== null) {
      const uses = await db.discountRedemption.count({
        where: { discountCodeId: row.id, customerKey },
      });
      if (uses >= row.perCustomerLimit) throw fail(CHECKOUT_MESSAGES.codeUsedByCustomer);
      useNumber = uses + 1;
    }
    resolved.push({
      id: row.id,
      code: row.code,
      discount: {
        kind: row.kind === "AMOUNT" ? "AMOUNT" : "PERCENT",
        percentOff: row.percentOff,
        amountOff: terms?.amountOff ?? 0,
      },
      customerKey: customerKey ?? "",
      useNumber,
    });
  }
  if (resolved.length > 1 && rows.some((r) => !r.combinable)) {
    const lone = rows.find((r) => !r.combinable);
    throw new AppError("BAD_REQUEST", `${CHECKOUT_MESSAGES.codeNotCombinable}: ${lone?.code ?? ""}`);
  }
  return resolved;
}

/**
 * Takes one use of each code from its overall limit, in placement's transaction: the one
 * conditional statement that makes a limited code's last use go to one order, whatever runs
 * beside it. Refused (the code named) when none is left.
 */
export async function claimCodeUses(tx: Tx, codes: ResolvedCode[]): Promise<void> {
  for (const c of codes) {
    const rows = await tx.$executeRaw`UPDATE "DiscountCode" SET "usedCount" = "usedCount" + 1
      WHERE "id" = ${c.id} AND ("usageLimit" IS NULL OR "usedCount" < "usageLimit")`;
    if (rows === 0) throw new AppError("BAD_REQUEST", `${CHECKOUT_MESSAGES.codeUsed}: ${c.code}`);
  }
}

/** The order's uses of its codes, numbered per customer where the code limits them. */
export async function recordRedemptions(
  tx: Tx,
  order: { id: number; discount: number },
  codes: ResolvedCode[],
  now: Date,
): Promise<void> {
  for (const c of codes) {
    try {
      await tx.discountRedemption.create({
        data: {
          orderId: order.id,
          discountCodeId: c.id,
          code: c.code,
          // One code per order in practice; several combinable ones share the discount evenly enough.
          amount: Math.floor(order.discount / codes.length),
          createdAt: now,
          customerKey: c.customerKey,
          useNumber: c.useNumber,
        },
      });
    } catch (err) {
      // Another order of this customer took the same numbered use meanwhile: their last one.
      if ((err as { code?: unknown } | null)?.code === "P2002")
        throw new AppError("BAD_REQUEST", `${CHECKOUT_MESSAGES.codeUsedByCustomer}: ${c.code}`);
      throw err;
    }
  }
}
