// Input schemas of the storefront routers, shared by the server (validation) and the client (forms).
import { z } from "zod";
import { ZEmail } from "../schemas.ts";
import { isMultiLineText, isNameText, isSingleLineText, TEXT_FIELD_MESSAGES } from "../text-rules.ts";
import {
  CATALOG_HANDLES_MAX,
  CATALOG_LANGUAGES,
  CATALOGUE_PAGE_MAX,
  COMPATIBILITY_LANGUAGES,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_ORDER_NUMBER_MAX,
  CONTACT_TOPIC_IDS,
  type ContactTopic,
  HANDLE_PATTERN,
  isStoreOrderNumber,
  PRODUCT_TYPES,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_TITLE_MAX,
  REVIEWS_PAGE_SIZE_MAX,
  STOREFRONT_CURRENCIES,
} from "./constants.ts";
import { STOREFRONT_MESSAGES } from "./messages.ts";

export const ZProductType = z.enum(PRODUCT_TYPES);
export const ZStorefrontCurrency = z.enum(STOREFRONT_CURRENCIES);
/** The reader's language for product titles and descriptions (en-US when absent). */
export const ZCatalogLanguage = z.enum(CATALOG_LANGUAGES, {
  error: `language must be one of ${CATALOG_LANGUAGES.join(", ")}`,
});

/** A product handle as it appears in URLs (HANDLE_PATTERN). */
export const ZHandle = z.string().trim().max(120).regex(HANDLE_PATTERN, "Invalid product handle");

const ZPriceBound = z.number().min(0).max(10_000_000);

export const ZCatalogListInput = z
  .strictObject({
    type: ZProductType.optional(),
    /** The currency that minPrice/maxPrice are in (major units: dollars, yen). */
    currency: ZStorefrontCurrency.optional(),
    minPrice: ZPriceBound.optional(),
    maxPrice: ZPriceBound.optional(),
    minRating: z.number().min(1).max(5).optional(),
    handles: z.array(ZHandle).min(1).max(CATALOG_HANDLES_MAX).optional(),
    /**
     * The page of the catalogue, 1-based, CATALOGUE_PAGE_SIZE products a page in the shop's order;
     * page 1 when absent. A `handles` list is answered whole, so it takes no page.
     */
    page: z.number().int().min(1).max(CATALOGUE_PAGE_MAX).optional(),
    language: ZCatalogLanguage.optional(),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: "minPrice must not be above maxPrice",
  })
  .refine((v) => v.page === undefined || v.handles === undefined, {
    message: "page does not go with handles: a handles list is answered whole",
  })
  .optional();
export type CatalogListInput = z.infer<typeof ZCatalogListInput>;

export const ZReviewsListInput = z
  .strictObject({
    handle: ZHandle.nullish(),
    page: z.number().int().min(1).max(10_000).optional(),
    pageSize: z.number().int().min(1).max(REVIEWS_PAGE_SIZE_MAX).optional(),
  })
  .optional();
export type ReviewsListInput = z.infer<typeof ZReviewsListInput>;

export const ZReviewInput = z.strictObject({
  handle: ZHandle,
  rating: z
    .number({ error: STOREFRONT_MESSAGES.ratingRequired })
    .int(STOREFRONT_MESSAGES.ratingRequired)
    .min(REVIEW_RATING_MIN, STOREFRONT_MESSAGES.ratingRequired)
    .max(REVIEW_RATING_MAX, STOREFRONT_MESSAGES.ratingRequired),
  title: z
    .string()
    .trim()
    .min(1, STOREFRONT_MESSAGES.reviewTitleRequired)
    .max(REVIEW_TITLE_MAX)
    .refine(isSingleLineText, TEXT_FIELD_MESSAGES.reviewTitle),
  body: z
    .string()
    .trim()
    .min(REVIEW_BODY_MIN, STOREFRONT_MESSAGES.reviewBodyTooShort)
    .max(REVIEW_BODY_MAX)
    .refine(isMultiLineText, TEXT_FIELD_MESSAGES.reviewBody),
});
export type ReviewInput = z.infer<typeof ZReviewInput>;

export const ZCompatibilityLanguage = z.enum(COMPATIBILITY_LANGUAGES);
export const ZCompatibilityInput = z.strictObject({ language: ZCompatibilityLanguage, handle: ZHandle });
export type CompatibilityInput = z.infer<typeof ZCompatibilityInput>;

export const ZContactInput = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, STOREFRONT_MESSAGES.nameRequired)
    .max(CONTACT_NAME_MAX)
    .refine(isNameText, TEXT_FIELD_MESSAGES.contactName),
  email: ZEmail,
  orderNumber: z
    .string()
    .trim()
    .max(CONTACT_ORDER_NUMBER_MAX, STOREFRONT_MESSAGES.orderNumberInvalid)
    .nullish()
    .transform((v) => (v ? v.replace(/^#/, "") : null))
    .refine((v) => v === null || isStoreOrderNumber(v), STOREFRONT_MESSAGES.orderNumberInvalid),
  topic: z.enum(CONTACT_TOPIC_IDS as [ContactTopic, ...ContactTopic[]], {
    error: STOREFRONT_MESSAGES.topicRequired,
  }),
  message: z
    .string()
    .trim()
    .min(CONTACT_MESSAGE_MIN, STOREFRONT_MESSAGES.messageTooShort)
    .max(CONTACT_MESSAGE_MAX, STOREFRONT_MESSAGES.messageTooLong)
    .refine(isMultiLineText, TEXT_FIELD_MESSAGES.contactMessage),
  /** The page's language; ja-JP messages go to the Japanese support mailbox. */
  locale: z.enum(["en-US", "ja-JP", "zh-CN"]).optional(),
});
export type ContactInput = z.input<typeof ZContactInput>;

export const ZSubscribeInput = z.strictObject({
  email: ZEmail,
  locale: z.enum(["en-US", "ja-JP", "zh-CN"]).optional(),
});

const ZToken = z.string().trim().min(1).max(200);
export const ZNewsletterConfirmInput = z.strictObject({ token: ZToken });
export const ZNewsletterUnsubscribeInput = z.strictObject({
  id: z.union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^[1-9][0-9]{0,11}$/)
      .transform(Number),
  ]),
  token: ZToken,
});
