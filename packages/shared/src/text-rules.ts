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
