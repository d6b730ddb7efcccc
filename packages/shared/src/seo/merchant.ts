/**
 * What a product's Offer says about shipping and returns (schema.org OfferShippingDetails and
 * MerchantReturnPolicy, Google's merchant listings), from the store's own rules.
 */
import { RETURN_FEES, RETURN_METHOD, RETURN_WINDOW_DAYS } from "../constants.ts";
import { minorDigits, toMoney } from "../money.ts";

/** Where the checkout's tables send an order: a country of its own, or everywhere else. */
export type StoreShippingZone = "US" | "JP" | "INTL";

export interface StoreShippingRate {
  /** Minor units of the table's currency. */
  standard: number;
  express: number;
  /** Standard shipping is free when the goods reach this; null: never free. */
  freeStandardFrom: number | null;
}

/**
 * The checkout's shipping table (server/src/modules/checkout/tables.ts, SHIPPING_RATES), as the
 * pages' structured data states it: rates in minor units by the cart's currency, then by zone.
 * The client cannot read the server's table, so it is written here too and a server test
 * (server/test/seo.test.ts) holds the two equal.
 */
export const STORE_SHIPPING_RATES: Record<string, Record<StoreShippingZone, StoreShippingRate>> = {
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

/**
 * The countries the structured data names: the zones that are one country. The INTL zone (every
 * other country) has no DefinedRegion short of listing each country, so the data leaves it out.
 */
export const SHIPPING_COUNTRIES = ["US", "JP"] as const satisfies readonly StoreShippingZone[];

const SCHEMA = "https://schema.org/";
const RETURN_METHODS = { BY_MAIL: `${SCHEMA}ReturnByMail` } as const;
const RETURN_FEE_KINDS = {
  FREE: `${SCHEMA}FreeReturn`,
  CUSTOMER_PAYS: `${SCHEMA}ReturnFeesCustomerResponsibility`,
} as const;

/** Decimal text of a price ("499.00", "74800") in minor units. */
function minorOf(price: string, currencyCode: string): number {
  return Math.round(Number(price) * 10 ** minorDigits(currencyCode));
}

/**
 * One OfferShippingDetails per country and shipping method for one unit at `price`: the rate the
 * checkout would charge (standard is free once the price reaches the zone's threshold). Empty for
 * a currency the table does not have (the checkout would not quote in it either).
 */
export function offerShippingDetails(price: string, currencyCode: string): Record<string, unknown>[] {
  const table = STORE_SHIPPING_RATES[currencyCode];
  if (!table) return [];
  const goods = minorOf(price, currencyCode);
  return SHIPPING_COUNTRIES.flatMap((country) => {
    const rate = table[country];
    const standard = rate.freeStandardFrom !== null && goods >= rate.freeStandardFrom ? 0 : rate.standard;
    return (
      [
        ["Standard", standard],
        ["Express", rate.express],
      ] as const
    ).map(([label, minor]) => ({
      "@type": "OfferShippingDetails",
      shippingLabel: label,
      shippingDestination: { "@type": "DefinedRegion", addressCountry: country },
      shippingRate: {
        "@type": "MonetaryAmount",
        value: toMoney(minor, currencyCode).amount,
        currency: currencyCode,
      },
    }));
  });
}

/** The store's returns (constants.ts) in the countries the data names. */
export function merchantReturnPolicy(): Record<string, unknown> {
  return {
    "@type": "MerchantReturnPolicy",
    applicableCountry: [...SHIPPING_COUNTRIES],
    returnPolicyCategory: `${SCHEMA}MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: RETURN_WINDOW_DAYS,
    returnMethod: RETURN_METHODS[RETURN_METHOD],
    returnFees: RETURN_FEE_KINDS[RETURN_FEES],
  };
}
