// Every /api path, declared once: what it reads and what it answers. The server publishes the
// OpenAPI document built from this list (openapi.ts) and a test holds the real answers to it.
import { z } from "zod";
import {
  ZAccountOfferInput,
  ZCheckoutQuoteInput,
  ZClaimOrdersInput,
  ZCompletePaymentInput,
  ZPlaceOrderInput,
  ZStartPaymentInput,
} from "../checkout/index.ts";
import { ZBlogListInput } from "../content/blog-input.ts";
import { ZGamesSearchInput } from "../content/games-input.ts";
import { ZAppReleaseNoteInput, ZSystemReleaseNoteInput } from "../content/release-notes-input.ts";
import {
  ZActivateInput,
  ZAddressInput,
  ZCartAddInput,
  ZChangePasswordInput,
  ZEmailChangeTokenInput,
  ZLoginInput,
  ZOrdersListInput,
  ZProfileInput,
  ZRecoverInput,
  ZRegisterInput,
  ZResetInput,
} from "../schemas.ts";
import { ZSearchInput, ZSearchSuggestInput } from "../search.ts";
import {
  ZCatalogLanguage,
  ZCatalogListInput,
  ZCompatibilityInput,
  ZContactInput,
  ZNewsletterConfirmInput,
  ZNewsletterUnsubscribeInput,
  ZReviewInput,
  ZReviewsListInput,
  ZSubscribeInput,
} from "../storefront/schemas.ts";
import {
  ZAddressAnswer,
  ZAddressBook,
  ZAddressDeleted,
  ZCustomerAnswer,
  ZEmailChangeConfirmed,
} from "./account.ts";
import {
  ZAccountOfferAnswer,
  ZCheckoutOrderAnswer,
  ZCheckoutPlacedAnswer,
  ZCheckoutQuoteAnswer,
  ZClaimOrdersAnswer,
  ZCompletePaymentAnswer,
  ZStartPaymentAnswer,
} from "./checkout.ts";
import { ZOk, ZOkMessage } from "./common.ts";
import {
  ZAppReleaseNotes,
  ZBlogList,
  ZBlogPostAnswer,
  ZFirmwareList,
  ZGamesSearchResult,
  ZSystemReleaseNotes,
  ZTrendingGames,
} from "./content.ts";
import { ZFirmwareListInput } from "./firmware-input.ts";
import { ZOrderAnswer, ZOrdersPage } from "./orders.ts";
import { ZSearchAnswer, ZSearchSuggestions } from "./search.ts";
import {
  ZCartAnswer,
  ZCartCreated,
  ZCompatibilityAnswer,
  ZContactSent,
  ZNewsletterConfirmed,
  ZProductAnswer,
  ZProductList,
  ZReviewAnswer,
  ZReviewsPage,
} from "./storefront.ts";

export type ApiMethod = "get" | "post" | "put" | "patch" | "delete";

/** The document's tags, in its order, each with what its paths are for. */
export const API_TAGS = {
  Store: "Whether the store answers",
  Account: "Sign-in, registration, the emailed account links, password and profile (spec 000)",
  Orders: "The signed-in customer's orders (spec 000)",
  Addresses: "The signed-in customer's address book (spec 000)",
  Cart: "Carts, a guest's or the signed-in customer's",
  Checkout: "Prices by the server, paying, placing the order and a guest order's account",
  Storefront: "The catalogue, reviews, the compatibility records and the contact form",
  Newsletter: "The double opt-in sign-up and its emailed links",
  "Glasses tools": "Firmware releases and their images for the browser's glasses tools (spec 001)",
  "Release notes": "System and app release notes, on the cloud paths of spec 001",
  Games: "The games search (spec 001)",
  Blog: "The marketing site's posts (spec 001)",
  Search: "Products and posts by their words, in any of the catalogue's languages",
} as const satisfies Record<string, string>;
export type ApiTag = keyof typeof API_TAGS;

export interface ApiParameter {
  name: string;
  in: "path" | "query";
  description?: string;
  required?: boolean;
  /**
   * What the value may be. A query parameter's is the very field of the input schema the server
   * validates it with, so that a client generated from the document cannot send what is refused.
   */
  schema: z.ZodType;
}

/**
 * Who may call a path, which the document says as the operation's `security`:
 * - `public`: anyone, and no cookie changes the answer (`security: []`);
 * - `session-optional`: anyone; the session cookie, when sent, makes it the customer's (their
 *   cart, their checkout, ending their session) (`[{}, {session: []}]`);
 * - `signed-in`: only with the session cookie, 401 without (`[{session: []}]`);
 * - `buyer`: the order's buyer, by the session of its customer or by a guest's order-access
 *   cookie (`[{session: []}, {orderAccess: []}]`).
 */
export type ApiAccess = "public" | "session-optional" | "signed-in" | "buyer";

export interface ApiPath {
  method: ApiMethod;
  /** OpenAPI's form: `/api/account/addresses/{id}`. */
  path: string;
  tag: ApiTag;
  summary: string;
  /** `public` when absent. */
  access?: ApiAccess;
  parameters?: ApiParameter[];
  body?: z.ZodType;
  /** The answer of 200, as JSON; absent for a binary answer (`binary`). */
  answer?: z.ZodType;
  /** A binary answer of 200, with its media type. */
  binary?: string;
  /** The failure statuses the path answers with the error body (besides 429 and 5xx, which any may). */
  errors: number[];
}

const text = z.string();
const query = (name: string, schema: z.ZodType, description?: string, required = false): ApiParameter => ({
  name,
  in: "query",
  schema,
  required,
  ...(description ? { description } : {}),
});
const pathParam = (name: string, description: string): ApiParameter => ({
  name,
  in: "path",
  required: true,
  description,
  schema: text,
});

const cartLineBody = z.object({ quantity: z.number().int() });
const catalogLanguageQuery = query("language", ZCatalogLanguage, "The language of the texts");

// The fields of the inputs the REST adapters hand their query strings to.
const catalog = ZCatalogListInput.unwrap().shape;
const reviews = ZReviewsListInput.unwrap().shape;
const games = ZGamesSearchInput.unwrap().shape;
const blog = ZBlogListInput.shape;
const orders = ZOrdersListInput.unwrap().shape;
const search = ZSearchInput.shape;

/** Every `/api` path of the store (spec 000 §7, spec 001 §7 and the storefront's own). */
export const API_PATHS: readonly ApiPath[] = [
  {
    method: "get",
    path: "/api/health",
    tag: "Store",
    summary: "The store answers",
    answer: z.object({ ok: z.literal(true) }),
    errors: [],
  },

  // Account (spec 000 §7)
  {
    method: "get",
    path: "/api/account/customer",
    tag: "Account",
    summary: "The signed-in customer",
    access: "signed-in",
    answer: ZCustomerAnswer,
    errors: [401],
  },
  {
    method: "post",
    path: "/api/account/login",
    tag: "Account",
    summary: "Sign in: sets the session cookie",
    body: ZLoginInput,
    answer: ZCustomerAnswer,
    errors: [400, 401],
  },
  {
    method: "post",
    path: "/api/account/logout",
    tag: "Account",
    summary: "Sign out: ends the session",
    access: "session-optional",
    answer: ZOk,
    errors: [],
  },
  {
    method: "post",
    path: "/api/account/register",
    tag: "Account",
    summary: "Create an account (the answer never tells whether the email was known)",
    body: ZRegisterInput,
    answer: ZOkMessage,
    errors: [400],
  },
  {
    method: "post",
    path: "/api/account/recover",
    tag: "Account",
    summary: "Mail a password reset link",
    body: ZRecoverInput,
    answer: ZOkMessage,
    errors: [400],
  },
  {
    method: "post",
    path: "/api/account/reset",
    tag: "Account",
    summary: "Set a new password with a reset link's token",
    body: ZResetInput,
    answer: ZOk,
    errors: [400],
  },
  {
    method: "post",
    path: "/api/account/activate",
    tag: "Account",
    summary: "Activate an invited account with its link's token",
    body: ZActivateInput,
    answer: ZOk,
    errors: [400],
  },
  {
    method: "post",
    path: "/api/account/password",
    tag: "Account",
    summary: "Change the password",
    access: "signed-in",
    body: ZChangePasswordInput,
    answer: ZOk,
    errors: [400, 401],
  },
  {
    method: "put",
    path: "/api/account/profile",
    tag: "Account",
    summary: "Change name, phone, marketing choice or (by mailed link) the sign-in email",
    access: "signed-in",
    body: ZProfileInput,
    answer: ZCustomerAnswer,
    errors: [400, 401, 409],
  },
  {
    method: "post",
    path: "/api/account/email-change/confirm",
    tag: "Account",
    summary: "Confirm a new sign-in email (the link mailed to it)",
    access: "session-optional",
    body: ZEmailChangeTokenInput,
    answer: ZEmailChangeConfirmed,
    errors: [400, 409],
  },
  {
    method: "post",
    path: "/api/account/email-change/cancel",
    tag: "Account",
    summary: "Stop a sign-in email change (the link mailed to the old address)",
    body: ZEmailChangeTokenInput,
    answer: ZOk,
    errors: [400],
  },

  // Orders (spec 000 §7)
  {
    method: "get",
    path: "/api/account/orders",
    tag: "Orders",
    summary: "The customer's orders, newest first, by cursor",
    access: "signed-in",
    parameters: [
      query("limit", orders.limit, "Orders per page (10 by default)"),
      query("cursor", orders.cursor, "The endCursor of the page before"),
    ],
    answer: ZOrdersPage,
    errors: [400, 401],
  },
  {
    method: "get",
    path: "/api/account/orders/{id}",
    tag: "Orders",
    summary: "One of the customer's orders",
    access: "signed-in",
    parameters: [pathParam("id", "The order's number, the last segment of its global id")],
    answer: ZOrderAnswer,
    errors: [401, 404],
  },

  // Addresses (spec 000 §7)
  {
    method: "get",
    path: "/api/account/addresses",
    tag: "Addresses",
    summary: "The address book",
    access: "signed-in",
    answer: ZAddressBook,
    errors: [401],
  },
  {
    method: "post",
    path: "/api/account/addresses",
    tag: "Addresses",
    summary: "Add an address",
    access: "signed-in",
    body: ZAddressInput,
    answer: ZAddressAnswer,
    errors: [400, 401],
  },
  {
    method: "put",
    path: "/api/account/addresses/{id}",
    tag: "Addresses",
    summary: "Change an address",
    access: "signed-in",
    parameters: [pathParam("id", "The address's number")],
    body: ZAddressInput,
    answer: ZAddressAnswer,
    errors: [400, 401, 404],
  },
  {
    method: "delete",
    path: "/api/account/addresses/{id}",
    tag: "Addresses",
    summary: "Delete an address",
    access: "signed-in",
    parameters: [pathParam("id", "The address's number")],
    answer: ZAddressDeleted,
    errors: [400, 401, 404],
  },
  {
    method: "post",
    path: "/api/account/addresses/{id}/default",
    tag: "Addresses",
    summary: "Make an address the default",
    access: "signed-in",
    parameters: [pathParam("id", "The address's number")],
    answer: ZAddressBook,
    errors: [400, 401, 404],
  },

  // Cart (spec 000 §7)
  {
    method: "post",
    path: "/api/cart",
    tag: "Cart",
    summary: "A new cart",
    access: "session-optional",
    answer: ZCartCreated,
    errors: [],
  },
  {
    method: "get",
    path: "/api/cart/{cartId}",
    tag: "Cart",
    summary: "A cart",
    access: "session-optional",
    parameters: [pathParam("cartId", "The cart's id")],
    answer: ZCartAnswer,
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/api/cart/{cartId}",
    tag: "Cart",
    summary: "Add lines to a cart",
    access: "session-optional",
    parameters: [pathParam("cartId", "The cart's id")],
    body: ZCartAddInput,
    answer: ZCartAnswer,
    errors: [400, 404],
  },
  {
    method: "patch",
    path: "/api/cart/{cartId}/lines/{lineId}",
    tag: "Cart",
    summary: "Change a line's quantity",
    access: "session-optional",
    parameters: [pathParam("cartId", "The cart's id"), pathParam("lineId", "The line's id")],
    body: cartLineBody,
    answer: ZCartAnswer,
    errors: [400, 404],
  },
  {
    method: "delete",
    path: "/api/cart/{cartId}/lines/{lineId}",
    tag: "Cart",
    summary: "Remove a line",
    access: "session-optional",
    parameters: [pathParam("cartId", "The cart's id"), pathParam("lineId", "The line's id")],
    answer: ZCartAnswer,
    errors: [400, 404],
  },

  // Checkout
  {
    method: "post",
    path: "/api/checkout/quote",
    tag: "Checkout",
    summary: "The cart priced by the server: lines, shipping, tax, discount codes, total",
    access: "session-optional",
    body: ZCheckoutQuoteInput,
    answer: ZCheckoutQuoteAnswer,
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/api/checkout/orders",
    tag: "Checkout",
    summary: "Pay and place the order, once per idempotency key (a guest gets the order-access cookie)",
    access: "session-optional",
    body: ZPlaceOrderInput,
    answer: ZCheckoutPlacedAnswer,
    errors: [400, 404, 409],
  },
  {
    method: "post",
    path: "/api/checkout/payments",
    tag: "Checkout",
    summary:
      "Stripe: start paying, once per idempotency key: the server's total as a PaymentIntent for Stripe.js to confirm",
    access: "session-optional",
    body: ZStartPaymentInput,
    answer: ZStartPaymentAnswer,
    errors: [400, 404, 409],
  },
  {
    method: "post",
    path: "/api/checkout/payments/complete",
    tag: "Checkout",
    summary:
      "Stripe: settle the payment from its PaymentIntent: the order placed (a guest gets the order-access cookie), pending, or why not",
    body: ZCompletePaymentInput,
    answer: ZCompletePaymentAnswer,
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/api/checkout/orders/{orderId}",
    tag: "Checkout",
    summary: "The order's confirmation, for its buyer only (session or order-access cookie)",
    access: "buyer",
    parameters: [pathParam("orderId", "The order's number in its id")],
    answer: ZCheckoutOrderAnswer,
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/api/checkout/account-offer",
    tag: "Checkout",
    summary:
      "A guest's order asks for an account: an activation (or, for a known email, a claim) link goes to the order's email",
    body: ZAccountOfferInput,
    answer: ZAccountOfferAnswer,
    errors: [400],
  },
  {
    method: "post",
    path: "/api/checkout/claim-orders",
    tag: "Checkout",
    summary: "Follow the claim link mailed to an account's address: its guest orders join the account",
    body: ZClaimOrdersInput,
    answer: ZClaimOrdersAnswer,
    errors: [400, 409],
  },

  // Storefront
  {
    method: "get",
    path: "/api/products",
    tag: "Storefront",
    summary: "The catalogue, filtered, a page at a time",
    parameters: [
      query("type", catalog.type, "The kind of product"),
      query("currency", catalog.currency, "The currency of minPrice and maxPrice"),
      query("minPrice", catalog.minPrice),
      query("maxPrice", catalog.maxPrice),
      query("minRating", catalog.minRating),
      query("handles", catalog.handles, "Product handles, comma-separated or repeated"),
      query("page", catalog.page, "The page of the catalogue, 1-based (1 when absent); not with handles"),
      catalogLanguageQuery,
    ],
    answer: ZProductList,
    errors: [400],
  },
  {
    method: "get",
    path: "/api/products/{handle}",
    tag: "Storefront",
    summary: "A product with its variants",
    parameters: [pathParam("handle", "The product's handle"), catalogLanguageQuery],
    answer: ZProductAnswer,
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/api/reviews",
    tag: "Storefront",
    summary: "Reviews, of one product or all",
    parameters: [
      query("handle", reviews.handle, "The product's handle"),
      query("page", reviews.page),
      query("pageSize", reviews.pageSize),
    ],
    answer: ZReviewsPage,
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/api/reviews",
    tag: "Storefront",
    summary: "Review a product the customer ordered",
    access: "signed-in",
    body: ZReviewInput,
    answer: ZReviewAnswer,
    errors: [400, 401, 403, 404, 409],
  },
  {
    method: "get",
    path: "/api/compatibility",
    tag: "Storefront",
    summary: "A product's compatibility record",
    parameters: [
      query("language", ZCompatibilityInput.shape.language, "The record's language", true),
      query("handle", ZCompatibilityInput.shape.handle, "The product's handle", true),
    ],
    answer: ZCompatibilityAnswer,
    errors: [400, 404],
  },
  {
    method: "post",
    path: "/api/contact",
    tag: "Storefront",
    summary: "Send a message to the store",
    body: ZContactInput,
    answer: ZContactSent,
    errors: [400],
  },
  {
    method: "post",
    path: "/api/newsletter/subscribe",
    tag: "Newsletter",
    summary: "Subscribe (a confirmation link is mailed)",
    body: ZSubscribeInput,
    answer: ZOkMessage,
    errors: [400],
  },
  {
    method: "post",
    path: "/api/newsletter/confirm",
    tag: "Newsletter",
    summary: "Confirm a subscription with its link's token",
    body: ZNewsletterConfirmInput,
    answer: ZNewsletterConfirmed,
    errors: [400],
  },
  {
    method: "post",
    path: "/api/newsletter/unsubscribe",
    tag: "Newsletter",
    summary: "Unsubscribe with a mail's link",
    body: ZNewsletterUnsubscribeInput,
    answer: ZOk,
    errors: [400],
  },

  // Content (spec 001)
  {
    method: "get",
    path: "/api/firmware",
    tag: "Glasses tools",
    summary: "The firmware releases of a glasses model",
    parameters: [query("model", ZFirmwareListInput.shape.model, "The model's slug", true)],
    answer: ZFirmwareList,
    errors: [400],
  },
  {
    method: "get",
    path: "/api/firmware/{id}/image",
    tag: "Glasses tools",
    summary:
      "A firmware image, gzip-compressed (X-Firmware-Sha256 and X-Firmware-Size describe it uncompressed)",
    parameters: [pathParam("id", "The release's id")],
    binary: "application/octet-stream",
    errors: [404],
  },
  {
    method: "get",
    path: "/api/cloud/system/releasenote",
    tag: "Release notes",
    summary: "System release notes of a product's models (spec 001 §7)",
    parameters: [query("product", ZSystemReleaseNoteInput.shape.product, "The product", true)],
    answer: ZSystemReleaseNotes,
    errors: [400],
  },
  {
    method: "post",
    path: "/api/cloud/academy/releasenote",
    tag: "Release notes",
    summary: "An app's release notes on a platform (spec 001 §7)",
    body: ZAppReleaseNoteInput,
    answer: ZAppReleaseNotes,
    errors: [400],
  },
  {
    method: "get",
    path: "/api/games",
    tag: "Games",
    summary: "Search the games",
    parameters: [
      query("q", games.q, "Words of the name"),
      query("platform", games.platforms, "Platforms, comma-separated or repeated"),
      query("genre", games.genres, "Genres, comma-separated or repeated"),
      query("sort", games.sort, "1 Featured, 2 A to Z, 3 Z to A"),
      query("page", games.page),
      query("pageSize", games.pageSize),
    ],
    answer: ZGamesSearchResult,
    errors: [400],
  },
  {
    method: "get",
    path: "/api/games/trending",
    tag: "Games",
    summary: "The names of the trending games",
    answer: ZTrendingGames,
    errors: [],
  },
  {
    method: "get",
    path: "/api/blog",
    tag: "Blog",
    summary: "The newest posts",
    parameters: [
      query("language", blog.language, "The posts' language (en-US by default)"),
      query("limit", blog.limit),
    ],
    answer: ZBlogList,
    errors: [400],
  },
  {
    method: "get",
    path: "/api/blog/{slug}",
    tag: "Blog",
    summary: "A post",
    parameters: [
      pathParam("slug", "The post's slug"),
      query("language", blog.language, "The post's language (en-US by default)"),
    ],
    answer: ZBlogPostAnswer,
    errors: [400, 404],
  },

  // Search
  {
    method: "get",
    path: "/api/search",
    tag: "Search",
    summary: "Products and posts that hold the words (near matches when none holds them as typed)",
    parameters: [
      query("q", search.q, "The words: of a title, description, variant or SKU, in any language", true),
      query("language", search.language, "The language of the answer's texts (en-US by default)"),
      query("limit", search.limit, "Products at most"),
    ],
    answer: ZSearchAnswer,
    errors: [400],
  },
  {
    method: "get",
    path: "/api/search/suggest",
    tag: "Search",
    summary: "A few products and posts for the words typed so far",
    parameters: [
      query("q", ZSearchSuggestInput.shape.q, "The words typed so far", true),
      query("language", ZSearchSuggestInput.shape.language, "The language of the titles (en-US by default)"),
    ],
    answer: ZSearchSuggestions,
    errors: [400],
  },
];
