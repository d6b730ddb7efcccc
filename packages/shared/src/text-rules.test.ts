import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ZFixtureCustomer } from "./fixtures.ts";
import { ZAddressInput, ZProfileInput, ZRegisterInput } from "./schemas.ts";
import { ZContactInput, ZReviewInput } from "./storefront/schemas.ts";
import { isMultiLineText, isNameText, isSingleLineText, TEXT_FIELD_MESSAGES } from "./text-rules.ts";

/** Every character a typed field must never hold (samples of each range). */
const NEVER = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b",
  "\u001f",
  "\u007f",
  "\u0080",
  "\u0085",
  "\u009f",
  "\u2028",
  "\u2029",
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
];
const LINE = ["\n", "\r", "\r\n", "\t"];

describe("text rules", () => {
  it.each([
    "Ada",
    "José Ñúñez",
    "山田 太郎",
    "O'Brien-Smith",
    "محمد\u200f",
    "שלום\u200e",
    "1-2-3 Shibuya #402",
  ])("a single line of ordinary text passes: %s", (text) => {
    expect(isSingleLineText(text)).toBe(true);
    expect(isMultiLineText(text)).toBe(true);
  });

  it.each(NEVER.map((c) => [JSON.stringify(c), c]))("%s is refused everywhere", (_label, c) => {
    expect(isSingleLineText(`Ada${c}Bcc: x@evil.test`)).toBe(false);
    expect(isMultiLineText(`Hello${c}there`)).toBe(false);
  });

  it.each(LINE.map((c) => [JSON.stringify(c), c]))("%s is refused on a single line", (_label, c) => {
    expect(isSingleLineText(`Ada${c}Bcc: x@evil.test`)).toBe(false);
  });

  it("multi-line text keeps CR and LF but not tab", () => {
    expect(isMultiLineText("line one\nline two\r\nline three")).toBe(true);
    expect(isMultiLineText("a\tb")).toBe(false);
  });

  it("any text with one forbidden character is refused, wherever it sits", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...NEVER), fc.string(), (a, c, b) => {
        expect(isSingleLineText(a + c + b)).toBe(false);
        expect(isMultiLineText(a + c + b)).toBe(false);
      }),
    );
  });
});

const ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  company: "Analytical Engines",
  address1: "1 Main St",
  address2: "Suite 2",
  city: "London",
  province: "London",
  country: "United Kingdom",
  zip: "SW1A 1AA",
  phone: null,
};

function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]);
}

describe("the shared schemas refuse such characters with the field's message", () => {
  it.each([
    ["firstName", TEXT_FIELD_MESSAGES.firstName],
    ["lastName", TEXT_FIELD_MESSAGES.lastName],
    ["company", TEXT_FIELD_MESSAGES.company],
    ["address1", TEXT_FIELD_MESSAGES.address1],
    ["address2", TEXT_FIELD_MESSAGES.address2],
    ["city", TEXT_FIELD_MESSAGES.city],
    ["province", TEXT_FIELD_MESSAGES.province],
    ["country", TEXT_FIELD_MESSAGES.country],
    ["zip", TEXT_FIELD_MESSAGES.zip],
  ] as const)("address %s", (field, message) => {
    for (const bad of ["A\nBcc: x@evil.test", "A\u0000", "A\u202eevil", "A\rSubject: hi"]) {
      expect(messagesOf(ZAddressInput.safeParse({ ...ADDRESS, [field]: bad }))).toEqual([[field, message]]);
    }
    expect(ZAddressInput.safeParse(ADDRESS).success).toBe(true);
  });

  it("register and profile names", () => {
    const reg = { firstName: "Ada", lastName: "Lovelace", email: "ada@vela.test", password: "long-enough" };
    expect(messagesOf(ZRegisterInput.safeParse({ ...reg, firstName: "Ada\r\nBcc: x@evil.test" }))).toEqual([
      ["firstName", TEXT_FIELD_MESSAGES.firstName],
    ]);
    const profile = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@vela.test",
      phone: null,
      acceptsMarketing: false,
    };
    expect(messagesOf(ZProfileInput.safeParse({ ...profile, lastName: "\u202eecalevoL" }))).toEqual([
      ["lastName", TEXT_FIELD_MESSAGES.lastName],
    ]);
    // Whitespace at either end is trimmed away, not refused.
    expect(ZRegisterInput.parse({ ...reg, firstName: " Ada\n" }).firstName).toBe("Ada");
  });

  it("contact: the name is one line, the message keeps its lines", () => {
    const contact = {
      name: "Ada",
      email: "ada@vela.test",
      topic: "order",
      message: "My order has not arrived.\nIt was placed a week ago.",
    };
    expect(ZContactInput.safeParse(contact).success).toBe(true);
    expect(messagesOf(ZContactInput.safeParse({ ...contact, name: "Ada\nSubject: x" }))).toEqual([
      ["name", TEXT_FIELD_MESSAGES.contactName],
    ]);
    expect(
      messagesOf(ZContactInput.safeParse({ ...contact, message: `${contact.message}\u0000\u202e` })),
    ).toEqual([["message", TEXT_FIELD_MESSAGES.contactMessage]]);
  });

  it("review: the title is one line, the body keeps its lines", () => {
    const review = { handle: "vela-one", rating: 5, title: "Great", body: "Bright and clear.\nLight too." };
    expect(ZReviewInput.safeParse(review).success).toBe(true);
    expect(messagesOf(ZReviewInput.safeParse({ ...review, title: "Great\nBcc: x" }))).toEqual([
      ["title", TEXT_FIELD_MESSAGES.reviewTitle],
    ]);
    expect(messagesOf(ZReviewInput.safeParse({ ...review, body: `${review.body}\u2066hidden` }))).toEqual([
      ["body", TEXT_FIELD_MESSAGES.reviewBody],
    ]);
  });
});

describe("names refuse invisible format characters (Unicode category Cf)", () => {
  /** Samples of category Cf, none of which a name is spelled with. */
  const INVISIBLE = [
    "\u00ad", // soft hyphen
    "\u180e", // Mongolian vowel separator
    "\u200b", // zero-width space
    "\u2060", // word joiner
    "\u2061", // function application
    "\u2064", // invisible plus
    "\u206a", // inhibit symmetric swapping (deprecated)
    "\u206f", // nominal digit shapes (deprecated)
    "\ufeff", // byte order mark, zero-width no-break space
    "\ufff9", // interlinear annotation anchor
    "\u{1d173}", // musical symbol begin beam
    "\u{e0001}", // language tag
    "\u{e0020}", // tag space
    "\u{e0041}", // tag latin capital letter A
    "\u{e007f}", // cancel tag
  ];
  const NAME_FIELDS = [
    ["firstName", TEXT_FIELD_MESSAGES.firstName],
    ["lastName", TEXT_FIELD_MESSAGES.lastName],
  ] as const;

  it.each(INVISIBLE.map((c) => [`U+${c.codePointAt(0)?.toString(16).toUpperCase()}`, c]))(
    "%s is refused in a name, wherever it sits",
    (_label, c) => {
      for (const name of [`Ada${c}`, `${c}Ada`, `A${c}da`, `山田${c}太郎`, `Ada ${c}Lovelace`]) {
        expect(isNameText(name)).toBe(false);
      }
    },
  );

  it("names with the marks and joiners they are spelled with pass", () => {
    for (const name of [
      "Ada",
      "José Ñúñez",
      "山田 太郎",
      "O'Brien-Smith",
      "محمد\u200f",
      "שלום\u200e",
      "نیک\u200cنام", // Persian: a zero-width non-joiner inside a surname
      "क्\u200dष", // Devanagari: a zero-width joiner after the virama
      "\u0645\u061c\u0627", // Arabic letter mark
    ]) {
      expect(isNameText(name), JSON.stringify(name)).toBe(true);
    }
  });

  it("a joiner outside a script that shapes with it is refused", () => {
    for (const name of ["A\u200cda", "A\u200dda", "\u200cنام", "نام\u200d", "Ada \u200cنام", "山\u200d田"]) {
      expect(isNameText(name), JSON.stringify(name)).toBe(false);
    }
  });

  it("any text with an unallowed Cf character is refused as a name, wherever it sits", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...INVISIBLE), fc.string(), (a, c, b) => {
        expect(isNameText(a + c + b)).toBe(false);
      }),
    );
  });

  it.each(NAME_FIELDS)(
    "registration, profile, address (and so checkout) refuse them in %s",
    (field, message) => {
      const reg = { firstName: "Ada", lastName: "Lovelace", email: "ada@vela.test", password: "long-enough" };
      const profile = {
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@vela.test",
        phone: null,
        acceptsMarketing: false,
      };
      for (const c of ["\u200b", "\u2060", "\ufeff", "\u{e0041}"]) {
        const bad = `Ada${c}Lovelace`;
        expect(messagesOf(ZRegisterInput.safeParse({ ...reg, [field]: bad }))).toEqual([[field, message]]);
        expect(messagesOf(ZProfileInput.safeParse({ ...profile, [field]: bad }))).toEqual([[field, message]]);
        expect(messagesOf(ZAddressInput.safeParse({ ...ADDRESS, [field]: bad }))).toEqual([[field, message]]);
      }
      expect(ZAddressInput.safeParse({ ...ADDRESS, [field]: "نیک\u200cنام" }).success).toBe(true);
    },
  );

  it("the contact form's name and a fixtures file's customer names refuse them too", () => {
    const contact = {
      name: "Ada\u200bLovelace",
      email: "ada@vela.test",
      topic: "order",
      message: "My order has not arrived.",
    };
    expect(messagesOf(ZContactInput.safeParse(contact))).toEqual([["name", TEXT_FIELD_MESSAGES.contactName]]);
    const customer = { email: "ada@vela.test", firstName: "Ada\u2060", lastName: "Lovelace" };
    expect(messagesOf(ZFixtureCustomer.safeParse({ ...customer, firstName: "A\u2060da" }))).toEqual([
      ["firstName", TEXT_FIELD_MESSAGES.firstName],
    ]);
    expect(ZFixtureCustomer.safeParse({ ...customer, firstName: "Ada" }).success).toBe(true);
  });
});
