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
