// What a text field may hold, shared by the forms and the server (the zod schemas use these),
// apart from zod so that the client's message catalogue can import the texts.
//
// Refused in every field a person types into:
// - C0 and C1 control characters and DEL (NUL, ESC, backspace, NEL ...), which no keyboard
//   types and which terminals, mail clients and logs interpret;
// - the line and paragraph separators U+2028 and U+2029;
// - the bidirectional embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, which
//   reorder what follows them on screen ("Trojan Source"), so a name could show as something it
//   is not. The single marks LRM, RLM and ALM stay allowed: right-to-left names use them.
// Single-line fields (names, address lines, titles) refuse tab, CR and LF as well; multi-line
// fields (a message, a review) keep CR and LF.

/** Characters no field may hold; see above. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const NEVER = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** Line breaks: allowed in multi-line fields only. */
const LINE_BREAK = /[\r\n]/;

/** One line of text: no control, separator or bidi-override character, no line break. */
export function isSingleLineText(value: string): boolean {
  return !NEVER.test(value) && !LINE_BREAK.test(value);
}

/** Several lines of text: line breaks allowed, but no other control or bidi-override character. */
export function isMultiLineText(value: string): boolean {
  return !NEVER.test(value);
}

// Names (first and last names wherever a person types them: registration, profile, addresses,
// checkout, the contact form) also refuse the invisible format characters, Unicode's category Cf:
// zero-width space U+200B, word joiner U+2060, the byte order mark U+FEFF, the tag characters
// U+E0000–E007F, the soft hyphen, the deprecated format controls... A name holding one shows as
// another name, or as nothing, while comparing and searching differently. Two kinds stay allowed,
// because names are spelled with them: the marks LRM, RLM and ALM (above), and the zero-width
// non-joiner and joiner U+200C/U+200D between two letters of a script that shapes with them
// (Persian and Arabic, the Indic scripts, Sinhala ...): "نیک‌نام", "क्‍ष".

/** Unicode's format characters (category Cf). */
const FORMAT = /\p{Cf}/u;
/** Format characters a name may hold anywhere: the single direction marks LRM, RLM and ALM. */
const NAME_MARKS = new Set(["\u200e", "\u200f", "\u061c"]);
/** ZWNJ and ZWJ: allowed only between two characters of a JOINING_SCRIPT. */
const JOINERS = new Set(["\u200c", "\u200d"]);
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Mongolian}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** A name: one line (isSingleLineText) without invisible format characters, see above. */
export function isNameText(value: string): boolean {
  if (!isSingleLineText(value)) return false;
  if (!FORMAT.test(value)) return true;
  const chars = Array.from(value);
  return chars.every((c, i) => {
    if (!FORMAT.test(c) || NAME_MARKS.has(c)) return true;
    if (!JOINERS.has(c)) return false;
    const before = chars[i - 1] ?? "";
    const after = chars[i + 1] ?? "";
    return JOINING_SCRIPT.test(before) && JOINING_SCRIPT.test(after);
  });
}

/**
 * Each field's text when it holds a character it may not. Concrete sentences rather than one
 * pattern, so the client's catalogue can translate each (it recognises the server's texts whole).
 */
export const TEXT_FIELD_MESSAGES = {
  firstName: "First name must be a single line without control characters",
  lastName: "Last name must be a single line without control characters",
  company: "Company must be a single line without control characters",
  address1: "Address must be a single line without control characters",
  address2: "Apartment, suite, etc. must be a single line without control characters",
  city: "City must be a single line without control characters",
  province: "Province/State/Region must be a single line without control characters",
  country: "Country must be a single line without control characters",
  zip: "Postal/ZIP code must be a single line without control characters",
  contactName: "Name must be a single line without control characters",
  reviewTitle: "Title must be a single line without control characters",
  contactMessage: "Message must not contain control characters",
  reviewBody: "Review must not contain control characters",
} as const;
export type TextField = keyof typeof TEXT_FIELD_MESSAGES;
