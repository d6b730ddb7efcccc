import type { Locale } from "./locales.ts";

/** `{amount: "129.99", currencyCode: "USD"}`, as the API sends money. */
export interface MoneyValue {
  amount: string | number;
  currencyCode: string;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

function toNumber(amount: string | number): number {
  const n = typeof amount === "number" ? amount : Number.parseFloat(amount);
  return Number.isFinite(n) ? n : 0;
}

/** Money with the currency's own decimals (order and cart screens: the order's currency). */
export function formatMoney(locale: Locale, money: MoneyValue): string {
  return numberFormat(locale, { style: "currency", currency: money.currencyCode }).format(
    toNumber(money.amount),
  );
}

/** The generic price of spec 000 §9: zero decimals, USD unless told otherwise. */
export function formatPrice(locale: Locale, amount: string | number, currencyCode = "USD"): string {
  return numberFormat(locale, {
    style: "currency",
    currency: currencyCode,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(toNumber(amount));
}

export function formatNumber(locale: Locale, value: number): string {
  return numberFormat(locale, {}).format(value);
}

export type DateStyle = "long" | "medium" | "short";

/** A calendar date in the reader's time zone; an unreadable value is returned as it came. */
export function formatDate(locale: Locale, value: string | Date, style: DateStyle = "long"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const key = `${locale}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: style });
    dateFormats.set(key, format);
  }
  return format.format(date);
}
