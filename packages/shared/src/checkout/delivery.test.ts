import { describe, expect, it } from "vitest";
import { toMoney } from "../money.ts";
import {
  addBusinessDays,
  arrivesBy,
  deliveryDays,
  freeShippingGap,
  LOW_STOCK_THRESHOLD,
  stockLevel,
} from "./delivery.ts";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const ymd = (d: Date) => d.toISOString().slice(0, 10);

describe("stockLevel", () => {
  it("says sold out at 0, low up to the threshold, in stock above it", () => {
    expect(LOW_STOCK_THRESHOLD).toBe(5);
    expect(stockLevel(0)).toBe("out");
    expect(stockLevel(1)).toBe("low");
    expect(stockLevel(5)).toBe("low");
    expect(stockLevel(6)).toBe("in");
  });
});

describe("business days", () => {
  it("skips weekends", () => {
    // 2026-11-27 is a Friday.
    expect(ymd(addBusinessDays(day("2026-11-27"), 1))).toBe("2026-11-30");
    expect(ymd(addBusinessDays(day("2026-11-27"), 5))).toBe("2026-12-04");
    expect(ymd(addBusinessDays(day("2026-11-28"), 0))).toBe("2026-11-30");
    expect(ymd(addBusinessDays(day("2026-11-29"), 1))).toBe("2026-12-01");
    expect(ymd(addBusinessDays(day("2026-11-24"), 2))).toBe("2026-11-26");
  });

  it("counts from the store's own calendar day", () => {
    // 2026-11-27 20:00 UTC: still Friday in New York, already Saturday in Tokyo.
    const now = new Date("2026-11-27T20:00:00Z");
    // US standard: 5 business days from Friday.
    expect(deliveryDays("US", "STANDARD")).toEqual([3, 5]);
    expect(ymd(arrivesBy(now, "US"))).toBe("2026-12-04");
    // Japan standard: 4 business days, shipped on Monday.
    expect(deliveryDays("JP", "STANDARD")).toEqual([2, 4]);
    expect(ymd(arrivesBy(now, "JP"))).toBe("2026-12-04");
    expect(ymd(arrivesBy(now, "JP", "EXPRESS"))).toBe("2026-12-02");
  });
});

describe("freeShippingGap", () => {
  it("is what the goods lack of the threshold, in the cart's currency", () => {
    expect(freeShippingGap("USD", "US", toMoney(6_000, "USD"))).toEqual({
      amount: "40.00",
      currencyCode: "USD",
    });
    expect(freeShippingGap("USD", "US", toMoney(10_000, "USD"))).toBeNull();
    expect(freeShippingGap("JPY", "JP", toMoney(12_000, "JPY"))).toEqual({
      amount: "3000",
      currencyCode: "JPY",
    });
    // Never free abroad.
    expect(freeShippingGap("USD", "JP", toMoney(100, "USD"))).toBeNull();
    expect(freeShippingGap("USD", "DE", toMoney(100, "USD"))).toBeNull();
  });
});
