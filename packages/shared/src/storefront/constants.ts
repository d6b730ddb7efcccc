// Storefront rules of spec 000 (§1, §3, §4, §9) and the limits we chose where the spec says "not shown".
import { BRAND, handle } from "../brand.ts";

export const PRODUCT_TYPES = ["glasses", "accessories", "packs"] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** The currencies every product is priced in. The cart (and so the storefront) defaults to USD. */
export const STOREFRONT_CURRENCIES = ["USD", "JPY"] as const;
export type StorefrontCurrency = (typeof STOREFRONT_CURRENCIES)[number];
export const DEFAULT_STOREFRONT_CURRENCY: StorefrontCurrency = "USD";

/** Catalogue list: at most this many handles in one `handles` filter. */
export const CATALOG_HANDLES_MAX = 50;
/** The catalogue's page (/products, /api/products): this many products on a page, in the shop's order. */
export const CATALOGUE_PAGE_SIZE = 24;
/** The highest page number the catalogue list accepts (a bound on the input, not on the catalogue). */
export const CATALOGUE_PAGE_MAX = 10_000;

// Reviews
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEWS_PAGE_SIZE = 5;
export const REVIEWS_PAGE_SIZE_MAX = 50;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 4000;
/** The reviews page's query parameter (spec 000 §2: /reviews?handle={productHandle}). */
export const REVIEWS_HANDLE_PARAM = "handle";

// Compatibility (spec 000 §2, §3, §7, §9)
export const COMPATIBILITY_SCROLL_DELAY_MS = 2_000;
export const COMPATIBILITY_COLLAPSED_HEIGHT_PX = 260;
export const COMPATIBILITY_LANGUAGES = ["en-US", "ja-JP", "zh-CN"] as const;
export type CompatibilityLanguage = (typeof COMPATIBILITY_LANGUAGES)[number];
/**
 * The records of the compatibility page, one section each: the five handles of §7 (glasses,
 * neckband, mobile dock, Lightning HDMI adapter, USB-C charging adapter), with every other glasses
 * model after the first glasses.
 */
export const COMPATIBILITY_HANDLES = [
  handle("luma-pro-xr-glasses"),
  handle("luma-ultra-xr-glasses"),
  handle("pro-xr-glasses"),
  handle("one-xr-glasses"),
  handle("one-lite-xr-glasses"),
  handle("one-neckband"),
  handle("pro-mobile-dock"),
  handle("lightning-hdmi-adapter"),
  handle("usb-c-charging-adapter"),
] as const;
/**
 * Products answered by another product's record: each pack by the glasses it is built on, and the
 * first edition of One by One. Keys and values without the brand prefix. A product that is neither
 * here nor in COMPATIBILITY_HANDLES has no record, and its page has no compatibility link.
 */
export const COMPATIBILITY_RECORD_OF: Readonly<Record<string, string>> = {
  "one-xr-glasses-classic": "one-xr-glasses",
  "luma-pro-ultimate-collection": "luma-pro-xr-glasses",
  "luma-pro-cloud-pack": "luma-pro-xr-glasses",
  "luma-pro-dock-pack": "luma-pro-xr-glasses",
  "luma-pro-duo-pack": "luma-pro-xr-glasses",
  "luma-pro-gaming-pack": "luma-pro-xr-glasses",
  "luma-pro-usb-c-iphone-pack": "luma-pro-xr-glasses",
  "luma-pro-lightning-iphone-pack": "luma-pro-xr-glasses",
  "pro-ultimate-collection": "pro-xr-glasses",
  "pro-duo-pack": "pro-xr-glasses",
  "pro-usb-c-iphone-pack": "pro-xr-glasses",
  "pro-lightning-iphone-pack": "pro-xr-glasses",
  "pro-cloud-pack": "pro-xr-glasses",
  "pro-dock-pack": "pro-xr-glasses",
};
/** The compatibility record of a product (its full handle), or null when it has none. */
export function compatibilityHandleOf(productHandle: string): string | null {
  if ((COMPATIBILITY_HANDLES as readonly string[]).includes(productHandle)) return productHandle;
  const prefix = `${BRAND.slug}-`;
  if (!productHandle.startsWith(prefix)) return null;
  const target = COMPATIBILITY_RECORD_OF[productHandle.slice(prefix.length)];
  return target && Object.hasOwn(COMPATIBILITY_RECORD_OF, productHandle.slice(prefix.length))
    ? handle(target)
    : null;
}
/** `device` query parameter -> index of the first tab (spec 000 §2). */
export const COMPATIBILITY_DEVICE_TABS = { handheld: 0, phone: 1, laptop: 2 } as const;
export type CompatibilityDevice = keyof typeof COMPATIBILITY_DEVICE_TABS;

// Contact (spec 000 §1)
/** The department mailboxes of §1, in the order the page lists them. */
export const CONTACT_DEPARTMENTS = [
  { id: "support", mailbox: `support@${BRAND.domain}` },
  { id: "media", mailbox: `media@${BRAND.domain}` },
  { id: "creators", mailbox: `creators@${BRAND.domain}` },
  { id: "partnerships", mailbox: `partnerships@${BRAND.domain}` },
  { id: "channel", mailbox: `channel@${BRAND.domain}` },
  { id: "careers", mailbox: `careers@${BRAND.domain}` },
] as const;
export type ContactDepartment = (typeof CONTACT_DEPARTMENTS)[number]["id"];

/** The form's topics and the department each one reaches. */
export const CONTACT_TOPICS = {
  order: "support",
  product: "support",
  media: "media",
  creators: "creators",
  partnerships: "partnerships",
  channel: "channel",
  careers: "careers",
  other: "support",
} as const satisfies Record<string, ContactDepartment>;
export type ContactTopic = keyof typeof CONTACT_TOPICS;
export const CONTACT_TOPIC_IDS = Object.keys(CONTACT_TOPICS) as ContactTopic[];

/** The Japanese page shows one support mailbox and its business hours (§1); ja-JP messages go there. */
export const JP_SUPPORT = {
  mailbox: `support-jp@${BRAND.domain}`,
  opens: "11:00",
  closes: "19:00",
} as const;

export const CONTACT_NAME_MAX = 100;
export const CONTACT_ORDER_NUMBER_MAX = 20;
/**
 * The store's order numbers: whole numbers from 1 (checkout counts on from 1001, fixtures may
 * bring their own up to this bound), shown as "#1042". A visitor may type the "#".
 */
export const ORDER_NUMBER_MAX = 2_000_000_000;
export const isStoreOrderNumber = (text: string): boolean =>
  /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= ORDER_NUMBER_MAX;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
/** Messages per IP address and window. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 3600 } as const;

// Newsletter and the subscribe dialog (spec 000 §4, §9)
export const SUBSCRIBE_DIALOG_DELAY_MS = 5_000;
export const SUBSCRIBE_COOKIE_MAX_AGE_SECONDS = 86_400;
export const SUBSCRIBE_DISCOUNT_PERCENT = 10;
/** The first-visit counter in localStorage. */
export const SUBSCRIBE_COUNTER_STORAGE_KEY = "subscribeVisitCount";
/** The cookie set on the next visit instead of showing the dialog, for one day. */
export const SUBSCRIBED_COOKIE = "subscribed";
/** What that cookie holds: an anonymous placeholder, never a real address. */
export const SUBSCRIBED_PLACEHOLDER_EMAIL = `anonymous@${BRAND.domain}`;
/** After a real sign-up the dialog stays away for a year (same cookie, same placeholder). */
export const SUBSCRIBED_AFTER_SIGNUP_MAX_AGE_SECONDS = 365 * 86_400;
export const NEWSLETTER_CONFIRM_TTL_SECONDS = 7 * 86_400;
export const NEWSLETTER_RATE_LIMIT_IP = { limit: 10, windowSeconds: 3600 } as const;
export const NEWSLETTER_RATE_LIMIT_EMAIL = { limit: 3, windowSeconds: 3600 } as const;
/** The welcome code can be used once and expires after this many days. */
export const WELCOME_CODE_VALID_DAYS = 90;

// Share bar (spec 000 §3, §9)
export const SHARE_POPUP = { width: 600, height: 400 } as const;
export const COPY_CONFIRMATION_MS = 2_000;
export const SHARE_MAX_HASHTAGS = 3;
export const SHARE_DEFAULT_HASHTAGS = [BRAND.name, "XR", "Technology"] as const;
/** The fixed share-via handle is "not shown" in the spec; ours is the brand's slug. */
export const SHARE_VIA = BRAND.slug;

/**
 * A product handle (and a post's slug) as it appears in URLs: lower-case words joined by hyphens.
 * The one rule for the schemas, the product page and the server's page hints.
 */
export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isHandle = (value: string): boolean => HANDLE_PATTERN.test(value);

// Catalogue languages and the store each language buys from
/**
 * The languages a reader may ask the catalogue in. Product texts exist in en-US and ja-JP;
 * a language without a product's translation (zh-CN, or a product not yet translated) reads en-US.
 */
export const CATALOG_LANGUAGES = ["en-US", "ja-JP", "zh-CN"] as const;
export type CatalogLanguage = (typeof CATALOG_LANGUAGES)[number];
export const DEFAULT_CATALOG_LANGUAGE: CatalogLanguage = "en-US";

/**
 * The currency of the store a reader buys from: the Japanese store sells in yen, every other
 * language in the default currency (USD).
 */
export function storeCurrencyFor(language: string): StorefrontCurrency {
  return language === "ja-JP" ? "JPY" : DEFAULT_STOREFRONT_CURRENCY;
}

// Banners (spec 000 §1)
export const BANNER_BACKGROUND_AUTOPLAY_MS = 5_000;
export const BANNER_CARD_AUTOPLAY_MS = 3_000;
