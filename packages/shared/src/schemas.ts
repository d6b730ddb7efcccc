import { z } from "zod";
import {
  countryCode,
  isShipCountry,
  normalisePhone,
  normalisePostalCode,
  prefecture,
  usStateCode,
} from "./address/countries.ts";
import { ADDRESS_MESSAGES } from "./address/messages.ts";
import { numericIdOf } from "./brand.ts";
import {
  CART_LINE_QUANTITY_MAX,
  CART_LINE_QUANTITY_MIN,
  ORDERS_PAGE_MAX,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "./constants.ts";
import { MESSAGES } from "./errors.ts";
import { isNameText, isSingleLineText, TEXT_FIELD_MESSAGES, type TextField } from "./text-rules.ts";

/** Input schemas shared by the server (validation) and the client (forms). Unknown keys are refused. */

/** One line of text, trimmed; control and bidi-override characters get the field's own text. */
const trimmed = (max: number, field: TextField) =>
  z.string().trim().max(max).refine(isSingleLineText, TEXT_FIELD_MESSAGES[field]);
const required = (max: number, label: string, field: TextField) =>
  trimmed(max, field).min(1, `${label} is required`);
/** A first or last name: required, one line, and no invisible format character (text-rules.ts). */
const personName = (label: string, field: "firstName" | "lastName") =>
  z.string().trim().max(100).refine(isNameText, TEXT_FIELD_MESSAGES[field]).min(1, `${label} is required`);
const optionalText = (max: number, field?: TextField) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => field === undefined || isSingleLineText(v), field ? TEXT_FIELD_MESSAGES[field] : undefined)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZEmail = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email("Enter a valid email address"))
  .transform((v) => v.toLowerCase());

export const ZPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A password typed at sign-in is never trimmed and only bounded, so the answer reveals nothing of the rules. */
const ZAnyPassword = z
  .string()
  .min(1, MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH * 4);

export const ZLoginInput = z.strictObject({ email: ZEmail, password: ZAnyPassword });
export type LoginInput = z.infer<typeof ZLoginInput>;

export const ZRegisterInput = z.strictObject({
  firstName: personName("First name", "firstName"),
  lastName: personName("Last name", "lastName"),
  email: ZEmail,
  password: ZPassword,
});
export type RegisterInput = z.infer<typeof ZRegisterInput>;

export const ZRecoverInput = z.strictObject({ email: ZEmail });

const ZCustomerIdParam = z.union([z.string().trim().min(1).max(100), z.number().int().positive()]);
const ZToken = z.string().trim().min(1).max(200);
const ZSyclid = z.string().max(200).nullish();

export const ZResetInput = z.strictObject({
  customerId: ZCustomerIdParam,
  resetToken: ZToken,
  syclid: ZSyclid,
  password: ZPassword,
});
export type ResetInput = z.infer<typeof ZResetInput>;

export const ZActivateInput = z.strictObject({
  customerId: ZCustomerIdParam,
  activationToken: ZToken,
  syclid: ZSyclid,
  password: ZPassword,
});
export type ActivateInput = z.infer<typeof ZActivateInput>;

export const ZChangePasswordInput = z.strictObject({
  currentPassword: ZAnyPassword,
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, MESSAGES.newPasswordTooShort)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});
export type ChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

export const ZPhone = optionalText(40)
  // Full-width digits and hyphens ("０３－１２３４－５６７８") are stored as ASCII.
  .transform((v) => (v === null ? null : normalisePhone(v)))
  .refine((v) => v === null || /^[+()0-9 .-]{3,40}$/.test(v), {
    message: "Enter a valid phone number",
  });

export const ZProfileInput = z.strictObject({
  firstName: personName("First name", "firstName"),
  lastName: personName("Last name", "lastName"),
  email: ZEmail,
  phone: ZPhone,
  acceptsMarketing: z.boolean(),
  /** Asked again when the email changes. */
  currentPassword: z
    .string()
    .max(PASSWORD_MAX_LENGTH * 4)
    .optional(),
});
export type ProfileInput = z.infer<typeof ZProfileInput>;

/** The token of an emailed email-change link (confirm or stop). */
export const ZEmailChangeTokenInput = z.strictObject({ token: ZToken });
export type EmailChangeTokenInput = z.infer<typeof ZEmailChangeTokenInput>;

/** An address's fields one by one; ZAddressInput adds the rules that follow the country. */
export const ZAddressFields = z.strictObject({
  firstName: personName("First name", "firstName"),
  lastName: personName("Last name", "lastName"),
  company: optionalText(100, "company"),
  address1: required(200, "Address", "address1"),
  address2: optionalText(200, "address2"),
  city: required(100, "City", "city"),
  province: required(100, "Province/State/Region", "province"),
  // One of the countries the store ships to, stored by its code; the names people typed before
  // the country was a list ("United States", "日本") are taken too.
  country: required(100, "Country", "country")
    .transform((v) => countryCode(v) ?? v)
    .refine(isShipCountry, ADDRESS_MESSAGES.countryUnknown),
  zip: required(20, "Postal/ZIP code", "zip"),
  phone: ZPhone,
});

/**
 * An address whose state or prefecture and postal code fit its country: a US state or a Japanese
 * prefecture from the lists (stored as the state's code, the prefecture's romaji), a US ZIP or
 * ZIP+4, a Japanese 7-digit code (stored 123-4567), a permissive code elsewhere.
 */
export const ZAddressInput = ZAddressFields.superRefine((a, ctx) => {
  if (!isShipCountry(a.country)) return;
  // A field its text rule already refused keeps that one message.
  if (a.province && isSingleLineText(a.province)) {
    if (a.country === "US" && !usStateCode(a.province))
      ctx.addIssue({ code: "custom", path: ["province"], message: ADDRESS_MESSAGES.stateUnknown });
    if (a.country === "JP" && !prefecture(a.province))
      ctx.addIssue({ code: "custom", path: ["province"], message: ADDRESS_MESSAGES.prefectureUnknown });
  }
  if (a.zip && isSingleLineText(a.zip) && normalisePostalCode(a.country, a.zip) === null) {
    const message =
      a.country === "US"
        ? ADDRESS_MESSAGES.zipUS
        : a.country === "JP"
          ? ADDRESS_MESSAGES.zipJP
          : ADDRESS_MESSAGES.zipOther;
    ctx.addIssue({ code: "custom", path: ["zip"], message });
  }
}).overwrite((a) => ({
  ...a,
  province:
    a.country === "US"
      ? (usStateCode(a.province) ?? a.province)
      : a.country === "JP"
        ? (prefecture(a.province)?.[0] ?? a.province)
        : a.province,
  zip: normalisePostalCode(a.country, a.zip) ?? a.zip,
}));
export type AddressInput = z.infer<typeof ZAddressInput>;

/** A numeric id, or a global id whose last segment is numeric. */
export const ZNumericId = z
  .union([z.number().int().positive(), z.string().trim().max(120)])
  .transform((v, ctx) => {
    const id = numericIdOf(v);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: "Invalid id" });
      return z.NEVER;
    }
    return id;
  });

export const ZOrdersListInput = z
  .strictObject({
    limit: z.coerce.number().int().min(1).max(ORDERS_PAGE_MAX).optional(),
    cursor: z.string().max(200).nullish(),
    /** Sent by tRPC's infinite queries; pages only go forward. */
    direction: z.literal("forward").optional(),
  })
  .optional();
export type OrdersListInput = z.infer<typeof ZOrdersListInput>;

export const ZCartId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{10,64}$/, "Invalid cart id");

export const ZCartItem = z.strictObject({
  merchandiseId: z.union([z.string().trim().min(1).max(120), z.number().int().positive()]),
  quantity: z.number().int().min(CART_LINE_QUANTITY_MIN).max(CART_LINE_QUANTITY_MAX),
});
export const ZCartAddInput = z.strictObject({ items: z.array(ZCartItem).min(1).max(50) });
export const ZCartLineQuantity = z.number().int().min(CART_LINE_QUANTITY_MIN).max(CART_LINE_QUANTITY_MAX);
