export interface Money {
  amount: string;
  currencyCode: string;
}

/** ISO 4217 minor-unit digits for the currencies the store sells in. */
const MINOR_DIGITS: Record<string, number> = { USD: 2, JPY: 0, CNY: 2, EUR: 2 };

export const minorDigits = (currencyCode: string): number => MINOR_DIGITS[currencyCode] ?? 2;

/** Integer minor units to the API's decimal string: 12999 USD -> "129.99", 1500 JPY -> "1500". */
export function toMoney(minor: number, currencyCode: string): Money {
  const digits = minorDigits(currencyCode);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (digits === 0) return { amount: `${sign}${abs}`, currencyCode };
  const base = 10 ** digits;
  const whole = Math.floor(abs / base);
  const frac = String(abs % base).padStart(digits, "0");
  return { amount: `${sign}${whole}.${frac}`, currencyCode };
}

/**
 * Currencies whose shown prices already include tax: JPY, for Japan's rule that consumer prices
 * are shown tax-inclusive (総額表示). Their orders show the tax contained (うち消費税), never add it.
 * The rule and its arithmetic: server/src/modules/checkout/tables.ts beside the tax table.
 */
export const pricesIncludeTax = (currencyCode: string): boolean => currencyCode === "JPY";

/**
 * Whether a stored order's tax was contained in its prices (total = subtotal − discount +
 * shipping) rather than added to them. Orders placed before JPY prices were tax-inclusive had
 * their tax added, and keep showing it that way. Amounts in any one unit (minor units or the
 * API's decimal strings as numbers).
 */
export function taxIncludedInOrder(o: {
  currencyCode: string;
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}): boolean {
  if (!pricesIncludeTax(o.currencyCode)) return false;
  return o.tax === 0 || o.total === Math.max(0, o.subtotal - o.discount + o.shipping);
}
