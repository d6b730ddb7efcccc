import { GUEST_RETURN_PATH, gidTail, ORDER_ACCESS_PATH, ORDER_LOOKUP_PATH } from "@vela/shared";

/**
 * Every client route, in one place. The route table (router.tsx) and every link build on
 * these; the server's emailed links point at `reset`, `activate`, `emailChange` and
 * `emailChangeCancel`.
 */
export const PATHS = {
  home: "/",
  products: "/products",
  product: "/products/:handle",
  // Spec 001's /product/{handle} leads to the product page too.
  productAlias: "/product/:handle",
  reviews: "/reviews",
  compatibility: "/compatibility",
  contact: "/contact",
  finder: "/help-me-choose",
  newsletterConfirm: "/newsletter/confirm",
  newsletterUnsubscribe: "/newsletter/unsubscribe",
  cart: "/cart",
  checkout: "/checkout",
  checkoutConfirmation: "/checkout/confirmation/:orderId",
  checkoutAccountOffer: "/checkout/account",
  checkoutClaimOrders: "/checkout/claim-orders",
  // Where Stripe sends the shopper back after 3-D Secure or a wallet (?placement=...).
  checkoutComplete: "/checkout/complete",
  // A guest's order from any browser: the lookup form, and the link it mails (?token=...).
  orderLookup: ORDER_LOOKUP_PATH,
  orderAccess: ORDER_ACCESS_PATH,
  privacy: "/privacy-policy",
  // The legal and trust pages, linked from every footer (and the terms from checkout).
  shippingPolicy: "/shipping-policy",
  returnsPolicy: "/returns-policy",
  warranty: "/warranty",
  termsOfSale: "/terms-of-sale",
  legalNotice: "/legal-notice",
  account: "/account",
  orders: "/account/orders",
  order: "/account/orders/:orderId",
  addresses: "/account/addresses",
  profile: "/account/profile",
  login: "/account/login",
  // Spec 000 §2 and §7 name /login too (register's fallback); it leads to the sign-in page.
  loginAlias: "/login",
  register: "/account/register",
  recover: "/account/recover",
  reset: "/account/reset",
  activate: "/account/activate",
  // The links of the sign-in email change: confirm (to the new address), stop (to the old one).
  emailChange: "/account/email-change",
  emailChangeCancel: "/account/email-change/cancel",
  // A guest's return page, opened by the link of the shipping mail (?token=...).
  guestReturn: GUEST_RETURN_PATH,
  // The glasses tools (spec 001 §2); the update page's path is not shown in the spec.
  firmwareCalibration: "/firmware/calibration",
  firmwareUpdate: "/firmware/update",
  firmwareColor: "/firmware/color",
  firmwareReleaseNotes: "/release-updates/xr-glasses",
  // Release notes, games, blog and the mobile kit (spec 001 §2)
  releaseNotesApp: "/release-updates/:app",
  games: "/games",
  blog: "/blog",
  blogPost: "/blog/:slug",
  mobile: "/mobile",
  storeMobile: "/store/mobile",
  // The store's search: results for ?q=
  search: "/search",
} as const;

/** Query parameters keep "/" readable: `/account/login?redirect=/account/orders`. */
const queryValue = (value: string): string => encodeURIComponent(value).replace(/%2F/gi, "/");

const withRedirect = (path: string, redirect: string | null | undefined): string =>
  redirect ? `${path}?redirect=${queryValue(redirect)}` : path;

export const loginHref = (redirect?: string | null): string => withRedirect(PATHS.login, redirect);
export const registerHref = (redirect?: string | null): string => withRedirect(PATHS.register, redirect);

/** The order page takes the last path segment of the order's global id. */
export const orderHref = (orderIdOrGid: string | number): string =>
  `${PATHS.orders}/${encodeURIComponent(gidTail(String(orderIdOrGid)))}`;

export const productHref = (handle: string): string => `${PATHS.products}/${encodeURIComponent(handle)}`;

/** `/release-updates/{app}` with its query parameters (spec 001 §2: language, platform). */
export function releaseNotesAppHref(app: string, params: { language?: string; platform?: string } = {}) {
  const query = new URLSearchParams();
  if (params.language) query.set("language", params.language);
  if (params.platform) query.set("platform", params.platform);
  const path = `/release-updates/${encodeURIComponent(app)}`;
  return query.size ? `${path}?${query}` : path;
}

export const blogPostHref = (slug: string): string => `${PATHS.blog}/${encodeURIComponent(slug)}`;

/** `/search?q=...`; the bare page without words. */
export const searchHref = (q: string): string =>
  q.trim() ? `${PATHS.search}?q=${encodeURIComponent(q.trim())}` : PATHS.search;

/** `/reviews?handle=...` (spec 000 §2); no handle for All Products. */
export const reviewsHref = (handle?: string | null): string =>
  handle ? `${PATHS.reviews}?handle=${encodeURIComponent(handle)}` : PATHS.reviews;

/** The compatibility page with its query parameters product, device and language (spec 000 §2). */
export function compatibilityHref(
  params: { product?: string | null; device?: string; language?: string } = {},
) {
  const query = Object.entries(params)
    .filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== "")
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");
  return query ? `${PATHS.compatibility}?${query}` : PATHS.compatibility;
}

/**
 * Where a 401 in the account area sends the visitor (spec 000 §6): the overview goes to plain
 * /account/login; the other account pages come back to where the visitor was going.
 */
export function loginHrefAfter401(pathname: string): string {
  const path = pathname.replace(/\/+$/, "") || "/";
  return path === PATHS.account ? loginHref() : loginHref(path);
}
