/**
 * How the store's pages are addressed for search engines and link previews, shared by the
 * client's page metadata and the server's sitemap, robots.txt and X-Robots-Tag rule.
 *
 * A language is chosen with `?lang=` (remembered in a cookie); a path without it is negotiated
 * (cookie, then Accept-Language). So each language's page is `path?lang=<locale>`, the canonical
 * URL of a page is its own language's, and the bare path is the `x-default` alternate.
 */

/** The languages every public page is offered in (the general languages of @vela/i18n). */
export const SEO_LOCALES = ["en-US", "ja-JP"] as const;
export type SeoLocale = (typeof SEO_LOCALES)[number];

/** The query parameter that picks a page's language (@vela/i18n's LANG_QUERY_PARAM). */
const LANG_PARAM = "lang";

/** `https://store.example` + `/products/x` (+ `?lang=ja-JP`). The origin has no trailing slash. */
export function pageUrl(origin: string, path: string, locale?: string | null): string {
  const base = `${origin.replace(/\/+$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
  return locale
    ? `${base}${base.includes("?") ? "&" : "?"}${LANG_PARAM}=${encodeURIComponent(locale)}`
    : base;
}

export interface Alternate {
  /** A BCP 47 tag or `x-default`. */
  hreflang: string;
  href: string;
}

/** The `hreflang` alternates of a page: one per language, and the negotiated bare path. */
export function alternatesOf(
  origin: string,
  path: string,
  locales: readonly string[] = SEO_LOCALES,
): Alternate[] {
  return [
    ...locales.map((locale) => ({ hreflang: locale, href: pageUrl(origin, path, locale) })),
    { hreflang: "x-default", href: pageUrl(origin, path) },
  ];
}

/** Open Graph writes locales with an underscore: `ja_JP`. */
export const ogLocale = (locale: string): string => locale.replace("-", "_");

/**
 * Pages that are private to a reader (their account, cart, checkout, the sign-in pages and their
 * emailed-link pages), tools for developers, or the staff's admin: never indexed. robots.txt
 * disallows them, their answers carry `X-Robots-Tag: noindex` and their HTML
 * `<meta name="robots" content="noindex">`.
 */
export const PRIVATE_PAGE_PREFIXES = ["/account", "/login", "/cart", "/checkout", "/dev", "/admin"] as const;

/** True for a private page path (`/account`, `/account/orders/7`, `/cart/`), false for `/accounts`. */
export function isPrivatePagePath(urlPath: string): boolean {
  const path = (urlPath.split(/[?#]/)[0] ?? "/").toLowerCase();
  return PRIVATE_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
