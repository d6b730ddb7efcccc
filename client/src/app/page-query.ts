import { PATHS } from "../lib/routes.ts";

/**
 * The query parameters each server-rendered page reads, by its route's path pattern (PATHS). The
 * server keys its page cache by a page's path and these parameters only (and `lang`, which every
 * page reads), and renders the page from that URL: a parameter no page reads (`?utm_source=`, a
 * random one) neither makes a new cache entry nor a new render (docs/decisions/013-server-rendering.md).
 * A page that starts reading another parameter names it here (page-query.test.ts checks the
 * pages' sources against this table). A route not named here reads none.
 */
export const PAGE_QUERY: Readonly<Record<string, readonly string[]>> = {
  // q: a search in the catalogue's URL, which leads to /search (shop-routes.tsx); page: its pages
  [PATHS.products]: ["type", "page", "q"],
  [PATHS.search]: ["q"],
  [PATHS.reviews]: ["handle", "page"],
  [PATHS.compatibility]: ["product", "device", "language"],
  [PATHS.finder]: ["use", "device"],
  [PATHS.games]: ["q", "platform", "genre", "sort", "page"],
  [PATHS.firmwareReleaseNotes]: ["product", "language"],
  [PATHS.releaseNotesApp]: ["platform", "language"],
};

const NONE: readonly string[] = [];

/** `/release-updates/:app` -> a case-insensitive pattern, with or without a trailing slash, as the router matches. */
const patternOf = (path: string): RegExp => {
  const parts = path
    .split("/")
    .filter(Boolean)
    .map((seg) => (seg.startsWith(":") ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^/${parts.join("/")}/?$`, "i");
};

// As the router ranks them: a static path before a pattern (/release-updates/xr-glasses before
// /release-updates/:app). Compiled once: the server asks on every page request.
const MATCHERS = Object.entries(PAGE_QUERY)
  .map(([path, params]) => ({ re: patternOf(path), params, dynamic: path.includes(":") }))
  .sort((a, b) => Number(a.dynamic) - Number(b.dynamic));

/** The query parameters the page at `pathname` reads, `lang` aside. */
export function pageQueryParams(pathname: string): readonly string[] {
  for (const m of MATCHERS) if (m.re.test(pathname)) return m.params;
  return NONE;
}
