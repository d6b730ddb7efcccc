// The order's arithmetic in integer minor units, apart from the database so that property tests
// can run it over any cart: total = lines + shipping + tax - discount, never negative.
import type { ShippingMethod } from "@vela/shared";
import { type ShippingRate, shippingAmount } from "./tables.ts";

export interface TotalsDiscount {
  kind: "PERCENT" | "AMOUNT";
  percentOff: number;
  amountOff: number;
}

export interface Totals {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}

/** Half away from zero, on integers: what a receipt shows. */
const roundDiv = (n: number, d: number): number => Math.floor((n * 2 + d) / (2 * d));

export function computeTotals(opts: {
  lines: { unitPrice: number; quantity: number }[];
  discounts: TotalsDiscount[];
  rate: ShippingRate;
  method: ShippingMethod;
  taxBasisPoints: number;
}): Totals {
  const subtotal = opts.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  let discount = 0;
  for (const d of opts.discounts) {
    discount += d.kind === "PERCENT" ? Math.floor((subtotal * d.percentOff) / 100) : d.amountOff;
  }
  discount = Math.min(discount, subtotal);
  const goods = subtotal - discount;
  const shipping = subtotal === 0 ? 0 : shippingAmount(opts.rate, opts.method, goods);
  const tax = roundDiv(goods * opts.taxBasisPoints, 10_000);
  const total = Math.max(0, subtotal + shipping + tax - discount);
  return { subtotal, discount, shipping, tax, total };
}
