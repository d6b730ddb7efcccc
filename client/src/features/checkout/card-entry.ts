// What the shopper types into the card fields, made readable as they type and plain when sent:
// the number in groups of four with its brand, the expiry as MM/YY however it was typed.
import { cardBrand } from "@vela/shared";

/** The longest card number there is (ISO/IEC 7812). */
const CARD_DIGITS_MAX = 19;

export const cardDigits = (text: string): string => text.replace(/\D/g, "").slice(0, CARD_DIGITS_MAX);

/** "4242424242" → "4242 4242 42": anything but digits is dropped. */
export function formatCardNumber(text: string): string {
  return cardDigits(text).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Where the caret goes in `formatted` so that it stays after the same `digits` digits it followed. */
export function caretAfterDigits(formatted: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted.charAt(i))) seen++;
    if (seen === digits) return i + 1;
  }
  return formatted.length;
}

/** The brand the number's first digits name, or null until they name one the store knows. */
export function brandOf(text: string): string | null {
  const digits = cardDigits(text);
  if (digits.length < 2 && !digits.startsWith("4")) return null;
  const brand = cardBrand(digits);
  return brand === "Card" ? null : brand;
}

/**
 * "1230", "12/30", "12 / 30", "1/30" or "12/2030" as "MM/YY"; null when it is not a month and a
 * year (the shopper then sees what they typed and the form's error).
 */
export function normaliseExpiry(text: string): string | null {
  const m =
    /^\s*(\d{1,2})\s*[/\-.]\s*(\d{2}|\d{4})\s*$/.exec(text) ?? /^\s*(\d{2})\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return `${String(month).padStart(2, "0")}/${(m[2] ?? "").slice(-2)}`;
}
