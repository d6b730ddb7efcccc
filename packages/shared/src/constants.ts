/** Business constants of spec 000 §9 and the account rules (the storefront's are in storefront/constants.ts). */
export const ACTIVATION_TOKEN_TTL_SECONDS = 172_800;
export const RESET_TOKEN_TTL_SECONDS = 86_400;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OVERVIEW_ORDER_COUNT = 3;
export const ORDERS_PAGE_DEFAULT = 10;
export const ORDERS_PAGE_MAX = 50;
export const BUY_AGAIN_REDIRECT_MS = 3_000;
export const LOGOUT_REFRESH_MS = 500;
export const CART_LINE_QUANTITY_MIN = 1;
export const CART_LINE_QUANTITY_MAX = 99;
/** Browser storage key of the cart id (spec 000 §3). */
export const CART_ID_STORAGE_KEY = "cartId";

/** How long the link that confirms a new sign-in email, and the link that stops the change, work. */
export const EMAIL_CHANGE_TOKEN_TTL_SECONDS = 86_400;
/**
 * Session lifetimes (docs/sessions-and-tokens.md): the server's defaults (server/src/config.ts),
 * named here so that the privacy policy states them; a server test holds the two equal.
 */
export const SESSION_IDLE_DAYS = 14;
export const SESSION_ABSOLUTE_DAYS = 30;

/** The most calls one tRPC batch may hold: the server refuses more, the client never sends more. */
export const TRPC_MAX_BATCH = 10;

/**
 * The store's returns, as its products' structured data states them (MerchantReturnPolicy,
 * packages/shared/src/seo/merchant.ts) and the returns policy (/returns-policy): within this many
 * days of the order's latest shipment (docs/admin.md, "Returns"), sent back by mail, the customer
 * paying the return postage.
 */
export const RETURN_WINDOW_DAYS = 30;
export const RETURN_METHOD: "BY_MAIL" = "BY_MAIL";
export const RETURN_FEES: "FREE" | "CUSTOMER_PAYS" = "CUSTOMER_PAYS";

/**
 * The store's own warranty on what it sells, in months from the day the item shipped: the warranty page
 * (/warranty), the terms of sale and the legal notice state it.
 */
export const WARRANTY_MONTHS = 12;

/**
 * How long delivery takes, in business days from the day an order ships, by destination and
 * method: the checkout's table (server/src/modules/checkout/tables.ts, DELIVERY_DAYS), written
 * here for the shipping policy and the legal notice; server/test/legal-facts.test.ts holds the two
 * equal.
 */
export const STORE_DELIVERY_DAYS = {
  US: { STANDARD: [3, 5], EXPRESS: [1, 2] },
  JP: { STANDARD: [2, 4], EXPRESS: [1, 2] },
  INTL: { STANDARD: [7, 14], EXPRESS: [3, 5] },
} as const satisfies Record<"US" | "JP" | "INTL", Record<"STANDARD" | "EXPRESS", readonly [number, number]>>;
