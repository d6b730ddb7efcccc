// Stock and delivery as the shopper sees them before paying: how many are left, when an order
// arrives, which shipping method takes how long, and how far the cart is from free shipping. The
// figures come from the store's tables (STORE_DELIVERY_DAYS, STORE_SHIPPING_RATES), which server
// tests hold equal to the checkout's own.
import { countryCode } from "../address/countries.ts";
import { STORE_DELIVERY_DAYS } from "../constants.ts";
import { type Money, minorDigits, toMoney } from "../money.ts";
import { STORE_SHIPPING_RATES, type StoreShippingZone } from "../seo/merchant.ts";

/** At or below this many units a product page says "Only N left" instead of "In stock". */
export const LOW_STOCK_THRESHOLD = 5;

export type StockLevel = "in" | "low" | "out";

/** What a product page says about a variant with this many units to sell. */
export function stockLevel(quantityAvailable: number): StockLevel {
  if (quantityAvailable <= 0) return "out";
  return quantityAvailable <= LOW_STOCK_THRESHOLD ? "low" : "in";
}

/** The zone of the store's tables an address in this country ships to. */
export function shippingZoneOf(country: string | null | undefined): StoreShippingZone {
  const code = countryCode(country);
  return code === "US" || code === "JP" ? code : "INTL";
}

/** Business days from dispatch to the door, [fastest, slowest], for a country and method. */
export function deliveryDays(
  country: string | null | undefined,
  method: "STANDARD" | "EXPRESS",
): readonly [number, number] {
  return STORE_DELIVERY_DAYS[shippingZoneOf(country)][method];
}

/**
 * The store's time zone for each store: the calendar day an order is placed on is the store's
 * (the US store counts in New York, the Japanese one in Tokyo).
 */
export const STORE_TIME_ZONES = { US: "America/New_York", JP: "Asia/Tokyo" } as const;

/** The calendar day (as UTC midnight) that `now` is in the given time zone. */
function calendarDay(now: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(n("year"), n("month") - 1, n("day")));
}

const weekend = (d: Date): boolean => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** `day` moved on by `n` business days (Monday to Friday; an n of 0 on a weekend moves to Monday). */
export function addBusinessDays(day: Date, n: number): Date {
  const d = new Date(day.getTime());
  while (weekend(d)) d.setUTCDate(d.getUTCDate() + 1);
  for (let left = n; left > 0; ) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (!weekend(d)) left--;
  }
  return d;
}

/**
 * The latest day an order placed at `now` arrives by: the order ships on the day it is placed (the
 * next business day when that is a weekend), then takes the slowest of the method's business days.
 * The answer is a calendar day at UTC midnight: format it with `timeZone: "UTC"`.
 */
export function arrivesBy(now: Date, store: "US" | "JP", method: "STANDARD" | "EXPRESS" = "STANDARD"): Date {
  const [, slowest] = deliveryDays(store, method);
  return addBusinessDays(calendarDay(now, STORE_TIME_ZONES[store]), slowest);
}

/**
 * How much more of the goods (after discount) makes standard shipping free to `country`, or null
 * when it is free already or never free there. The same rule as the checkout's shipping table.
 */
export function freeShippingGap(
  currencyCode: string,
  country: string | null | undefined,
  goods: Money,
): Money | null {
  const rate = STORE_SHIPPING_RATES[currencyCode]?.[shippingZoneOf(country)];
  if (!rate || rate.freeStandardFrom === null) return null;
  const minor = Math.round(Number(goods.amount) * 10 ** minorDigits(currencyCode));
  const gap = rate.freeStandardFrom - minor;
  return gap > 0 ? toMoney(gap, currencyCode) : null;
}

/** The cart's answer when a quantity was set to the units in stock (the page says it in its language). */
export const stockCappedMessage = (available: number): string =>
  `Only ${available} available; your quantity was set to ${available}`;
