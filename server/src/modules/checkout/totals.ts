// The order's arithmetic in integer minor units, apart from the database so that property tests
// can run it over any cart. Where prices are tax-exclusive (USD): total = lines + shipping + tax -
// discount. Where prices already include the tax (JPY, Japan's 総額表示; see tables.ts):
// total = lines + shipping - discount, and `tax` is the part of the goods that is tax. Never negative.
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
  /** The tax added to the total, or, when `taxIncluded`, the tax the goods' prices already contain. */
  tax: number;
  total: number;
  /** The prices include the tax (JPY): the tax is shown as "of which tax", never added. */
  taxIncluded: boolean;
}

/** Half away from zero, on integers: what a receipt shows. */
const roundDiv = (n: number, d: number): number => Math.floor((n * 2 + d) / (2 * d));

export function computeTotals(opts: {
  lines: { unitPrice: number; quantity: number }[];
  discounts: TotalsDiscount[];
  rate: ShippingRate;
  method: ShippingMethod;
  taxBasisPoints: number;
  /** The unit prices include the tax (see `pricesIncludeTax` in tables.ts). */
  taxIncluded?: boolean;
}): Totals {
  const taxIncluded = opts.taxIncluded ?? false;
  const subtotal = opts.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  let discount = 0;
  for (const d of opts.discounts) {
    discount += d.kind === "PERCENT" ? Math.floor((subtotal * d.percentOff) / 100) : d.amountOff;
  }
  discount = Math.min(discount, subtotal);
  const goods = subtotal - discount;
  const shipping = subtotal === 0 ? 0 : shippingAmount(opts.rate, opts.method, goods);
  // Included tax: once per order on the goods after discount, rounded down (Japanese practice:
  // price × 10/110, fractions of a yen dropped). Added tax: rounded half away from zero.
  const tax = taxIncluded
    ? Math.floor((goods * opts.taxBasisPoints) / (10_000 + opts.taxBasisPoints))
    : roundDiv(goods * opts.taxBasisPoints, 10_000);
  const total = Math.max(0, subtotal + shipping + (taxIncluded ? 0 : tax) - discount);
  return { subtotal, discount, shipping, tax, total, taxIncluded };
}
