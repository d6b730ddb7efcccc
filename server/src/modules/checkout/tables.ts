// The store's shipping and tax tables. The tax table is a demonstration (docs/checkout.md): a
// real store takes its rates from a tax service or its accountant, not from this file.
import { countryCode, pricesIncludeTax, type ShippingMethod, usStateCode } from "@vela/shared";

/** Where an order ships, for the tables: the address's country (a code, or a name stored before the country was a list). */
export type ShippingZone = "US" | "JP" | "INTL";

export function zoneOf(country: string | undefined): ShippingZone {
  const code = countryCode(country);
  return code === "US" || code === "JP" ? code : "INTL";
}

export interface ShippingRate {
  standard: number;
  express: number;
  /** Standard shipping is free when the lines (after discount) reach this; null: never free. */
  freeStandardFrom: number | null;
}

/** Rates in minor units, by the cart's currency, then by zone. */
export const SHIPPING_RATES: Record<string, Record<ShippingZone, ShippingRate>> = {
  USD: {
    US: { standard: 800, express: 2500, freeStandardFrom: 10_000 },
    JP: { standard: 2500, express: 4500, freeStandardFrom: null },
    INTL: { standard: 2500, express: 4500, freeStandardFrom: null },
  },
  JPY: {
    JP: { standard: 800, express: 2000, freeStandardFrom: 15_000 },
    US: { standard: 3500, express: 6000, freeStandardFrom: null },
    INTL: { standard: 3500, express: 6000, freeStandardFrom: null },
  },
};

export function shippingRate(currencyCode: string, zone: ShippingZone): ShippingRate {
  const byZone = SHIPPING_RATES[currencyCode] ?? SHIPPING_RATES.USD;
  return (byZone as Record<ShippingZone, ShippingRate>)[zone];
}

export function shippingAmount(rate: ShippingRate, method: ShippingMethod, goods: number): number {
  if (method === "EXPRESS") return rate.express;
  return rate.freeStandardFrom !== null && goods >= rate.freeStandardFrom ? 0 : rate.standard;
}

/**
 * Demonstration tax rates in basis points (1 % = 100): Japan's consumption tax, a few US states'
 * base sales tax (no local rates), nothing elsewhere. Tax is charged on the lines after discount;
 * shipping is not taxed.
 */
export const TAX_RATES: { JP: number; US: Record<string, number>; INTL: number } = {
  JP: 1000,
  US: { CA: 725, NY: 400, TX: 625, WA: 650, IL: 625, MA: 625 },
  INTL: 0,
};

/**
 * Currencies whose catalogue prices are the consumer price, tax included. Japanese law (総額表示)
 * requires prices shown to consumers to include consumption tax, so the stored JPY price IS the
 * price a shopper pays for the goods: it is shown as is everywhere (marked 税込), never raised at
 * checkout, and the order shows the tax it contains (うち消費税) instead of adding it. The contained
 * tax is worked out once per order, on the goods after discount, at the rate of `taxRateBasisPoints`,
 * rounded down: floor(goods × 10/110) in Japan (and at Japan's rate while the address is not yet
 * known). Shipping is not taxed here either. A JPY order to an address outside Japan costs the
 * same (the shown price is the price) and contains the destination's rate. USD prices stay tax-exclusive: tax is added at checkout, as US shoppers expect.
 * Orders placed before this rule keep what they were charged (their stored amounts are shown as
 * stored; `taxIncludedInOrder` in @vela/shared tells the two kinds apart).
 */
export { pricesIncludeTax };

export function taxRateBasisPoints(zone: ShippingZone, province: string | undefined): number {
  if (zone === "JP") return TAX_RATES.JP;
  if (zone === "US") {
    const code = usStateCode(province);
    return code ? (TAX_RATES.US[code] ?? 0) : 0;
  }
  return TAX_RATES.INTL;
}

/**
 * How long delivery takes, in business days from dispatch, by zone and method: the range the
 * confirmation mail states. A demonstration like the rates above; a real store takes it from its
 * carriers.
 */
export const DELIVERY_DAYS: Record<ShippingZone, Record<ShippingMethod, readonly [number, number]>> = {
  US: { STANDARD: [3, 5], EXPRESS: [1, 2] },
  JP: { STANDARD: [2, 4], EXPRESS: [1, 2] },
  INTL: { STANDARD: [7, 14], EXPRESS: [3, 5] },
};
