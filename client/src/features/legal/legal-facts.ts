import {
  type Money,
  RETURN_FEES,
  RETURN_WINDOW_DAYS,
  SELLER,
  STORE_DELIVERY_DAYS,
  STORE_SHIPPING_RATES,
  type StoreShippingRate,
  type StoreShippingZone,
  toMoney,
  WARRANTY_MONTHS,
} from "@vela/shared";

/**
 * The figures the legal pages state, taken from the settings the store runs on: the checkout's
 * shipping table (its shared copy, held equal by server/test/seo.test.ts), the return window and
 * fees, the warranty, delivery times and the seller (server/test/legal-facts.test.ts holds the
 * rest equal to what the server does).
 */
export const LEGAL_PARAMS = {
  seller: SELLER.name,
  email: SELLER.email,
  windowDays: RETURN_WINDOW_DAYS,
  warrantyMonths: WARRANTY_MONTHS,
  // Japan's delivery times, which the legal notice states.
  jpStandardMin: STORE_DELIVERY_DAYS.JP.STANDARD[0],
  jpStandardMax: STORE_DELIVERY_DAYS.JP.STANDARD[1],
  jpExpressMin: STORE_DELIVERY_DAYS.JP.EXPRESS[0],
  jpExpressMax: STORE_DELIVERY_DAYS.JP.EXPRESS[1],
} as const;

/** Which sentence says who pays the return postage. */
export const RETURN_FEES_KEY = `legal.returns.fees.${RETURN_FEES}` as const;

/** Delivery times by destination, the reader's country first (Japan on Japanese pages). */
export function deliveryRows(firstZone: StoreShippingZone) {
  const zones: StoreShippingZone[] = firstZone === "JP" ? ["JP", "US", "INTL"] : ["US", "JP", "INTL"];
  return zones.map((zone) => ({ zone, ...STORE_DELIVERY_DAYS[zone] }));
}

/** The zones in the order the tables list them, the reader's currency's home first. */
const ZONE_ORDER: Record<string, StoreShippingZone[]> = {
  USD: ["US", "JP", "INTL"],
  JPY: ["JP", "US", "INTL"],
};

export interface ShippingRow {
  zone: StoreShippingZone;
  standard: Money;
  express: Money;
  /** null: standard shipping is never free there. */
  freeFrom: Money | null;
}

export interface ShippingTable {
  currencyCode: string;
  rows: ShippingRow[];
}

/** The shipping tables, the currency of the reader's pages first. */
export function shippingTables(firstCurrency: string): ShippingTable[] {
  const currencies = Object.keys(STORE_SHIPPING_RATES).sort((a, b) =>
    a === firstCurrency ? -1 : b === firstCurrency ? 1 : 0,
  );
  return currencies.map((currencyCode) => {
    const table: Partial<Record<StoreShippingZone, StoreShippingRate>> =
      STORE_SHIPPING_RATES[currencyCode] ?? {};
    const zones = ZONE_ORDER[currencyCode] ?? (Object.keys(table) as StoreShippingZone[]);
    return {
      currencyCode,
      rows: zones.flatMap((zone) => {
        const rate = table[zone];
        if (!rate) return [];
        return [
          {
            zone,
            standard: toMoney(rate.standard, currencyCode),
            express: toMoney(rate.express, currencyCode),
            freeFrom: rate.freeStandardFrom === null ? null : toMoney(rate.freeStandardFrom, currencyCode),
          },
        ];
      }),
    };
  });
}
