// Property tests of the order's arithmetic over arbitrary carts, codes, shipping and tax.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SHIPPING_RATES, type ShippingZone } from "../src/modules/checkout/tables.ts";
import { computeTotals } from "../src/modules/checkout/totals.ts";

const line = fc.record({
  unitPrice: fc.integer({ min: 0, max: 500_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});
const discount = fc.oneof(
  fc.record({
    kind: fc.constant("PERCENT" as const),
    percentOff: fc.integer({ min: 0, max: 100 }),
    amountOff: fc.constant(0),
  }),
  fc.record({
    kind: fc.constant("AMOUNT" as const),
    percentOff: fc.constant(0),
    amountOff: fc.integer({ min: 0, max: 10_000_000 }),
  }),
);
const input = fc.record({
  lines: fc.array(line, { maxLength: 20 }),
  discounts: fc.array(discount, { maxLength: 3 }),
  currency: fc.constantFrom("USD", "JPY"),
  zone: fc.constantFrom<ShippingZone>("US", "JP", "INTL"),
  method: fc.constantFrom("STANDARD" as const, "EXPRESS" as const),
  taxBasisPoints: fc.integer({ min: 0, max: 2500 }),
});

describe("order totals", () => {
  it("total = lines + shipping + tax - discount, in integers, never negative, discount within the lines", () => {
    fc.assert(
      fc.property(input, (i) => {
        const rate = SHIPPING_RATES[i.currency]?.[i.zone];
        if (!rate) throw new Error("no rate");
        const t = computeTotals({
          lines: i.lines,
          discounts: i.discounts,
          rate,
          method: i.method,
          taxBasisPoints: i.taxBasisPoints,
        });
        expect(t.taxIncluded).toBe(false);
        for (const v of [t.subtotal, t.discount, t.shipping, t.tax, t.total]) {
          expect(Number.isSafeInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(0);
        }
        expect(t.subtotal).toBe(i.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0));
        expect(t.discount).toBeLessThanOrEqual(t.subtotal);
        expect(t.total).toBe(t.subtotal + t.shipping + t.tax - t.discount);
        // Tax is on the goods after discount, rounded to the nearest minor unit.
        expect(Math.abs(t.tax - ((t.subtotal - t.discount) * i.taxBasisPoints) / 10_000)).toBeLessThanOrEqual(
          0.5,
        );
        if (t.subtotal === 0) expect(t.total).toBe(0);
        if (
          i.method === "STANDARD" &&
          rate.freeStandardFrom !== null &&
          t.subtotal - t.discount >= rate.freeStandardFrom
        )
          expect(t.shipping).toBe(0);
      }),
    );
  });

  it("prices that include the tax (JPY): total = lines + shipping - discount, tax = goods × r/(1+r) rounded down", () => {
    fc.assert(
      fc.property(input, (i) => {
        const rate = SHIPPING_RATES.JPY?.[i.zone];
        if (!rate) throw new Error("no rate");
        const t = computeTotals({
          lines: i.lines,
          discounts: i.discounts,
          rate,
          method: i.method,
          taxBasisPoints: i.taxBasisPoints,
          taxIncluded: true,
        });
        expect(t.taxIncluded).toBe(true);
        const goods = t.subtotal - t.discount;
        expect(t.total).toBe(goods + t.shipping);
        expect(Number.isSafeInteger(t.tax)).toBe(true);
        // The largest whole amount not above the tax the goods' price contains.
        expect(t.tax * (10_000 + i.taxBasisPoints)).toBeLessThanOrEqual(goods * i.taxBasisPoints);
        expect((t.tax + 1) * (10_000 + i.taxBasisPoints)).toBeGreaterThan(goods * i.taxBasisPoints);
      }),
    );
  });

  it("Japan's 10 %: a ¥81,800 product costs ¥81,800 plus shipping, of which ¥7,436 is tax", () => {
    const rate = SHIPPING_RATES.JPY?.JP;
    if (!rate) throw new Error("no rate");
    const t = computeTotals({
      lines: [{ unitPrice: 81_800, quantity: 1 }],
      discounts: [],
      rate,
      method: "STANDARD",
      taxBasisPoints: 1000,
      taxIncluded: true,
    });
    expect(t).toEqual({
      subtotal: 81_800,
      discount: 0,
      shipping: 0,
      tax: 7436,
      total: 81_800,
      taxIncluded: true,
    });
    const express = computeTotals({
      lines: [{ unitPrice: 81_800, quantity: 1 }],
      discounts: [],
      rate,
      method: "EXPRESS",
      taxBasisPoints: 1000,
      taxIncluded: true,
    });
    expect(express.total).toBe(81_800 + rate.express);
  });

  it("express never costs less than standard", () => {
    fc.assert(
      fc.property(input, (i) => {
        const rate = SHIPPING_RATES[i.currency]?.[i.zone];
        if (!rate) throw new Error("no rate");
        const base = { lines: i.lines, discounts: i.discounts, rate, taxBasisPoints: i.taxBasisPoints };
        expect(computeTotals({ ...base, method: "EXPRESS" }).shipping).toBeGreaterThanOrEqual(
          computeTotals({ ...base, method: "STANDARD" }).shipping,
        );
      }),
    );
  });
});
