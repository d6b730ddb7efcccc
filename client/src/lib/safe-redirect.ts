/** The origin the page is served from: the store's own. */
function currentOrigin(): string {
  return typeof window !== "undefined" ? window.location.origin : "http://localhost";
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/** An absolute URL spelled in full; "http:evil.test" and "http:/x" are relative in browsers' eyes. */
const ABSOLUTE_URL = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * The one rule for every redirect target taken from a URL (`?redirect=`): it is followed only
 * when it names a page of this store. The target is resolved against the store's own origin the
 * way the browser will resolve it (dot segments removed, "\" read as "/", tabs and newlines
 * dropped), and the origins are compared. Beyond that:
 * - backslashes, control characters and whitespace anywhere are refused outright: browsers
 *   drop or rewrite them, so what we check would not be what they follow;
 * - the answer is the normalised path, query and hash, never the raw text, and a path that
 *   normalises to "//..." (from "/.//host" or "/..//host") is refused, because the browser
 *   would read it as another host.
 * Absolute URLs of the store's own origin are accepted and reduced to their path.
 */
export function safeRedirect(
  raw: string | null | undefined,
  fallback: string,
  origin: string = currentOrigin(),
): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return fallback;
  if (raw.includes("\\") || CONTROL_OR_SPACE.test(raw)) return fallback;
  let own: string;
  let url: URL;
  try {
    own = new URL(origin).origin;
    url = new URL(raw, `${own}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== own || own === "null") return fallback;
  // Encoded slashes and backslashes stay encoded in the pathname, so they cannot open a new
  // authority; a pathname that starts with two slashes can.
  if (!url.pathname.startsWith("/") || url.pathname.startsWith("//")) return fallback;
  // A relative target ("account", "?x", "#y", "http:x") depends on the page it is followed from.
  if (!raw.startsWith("/") && !ABSOLUTE_URL.test(raw)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The redirect target if it is safe to follow, else null (to pass along in another link). */
export function sameSitePath(raw: string | null | undefined, origin?: string): string | null {
  return safeRedirect(raw, "", origin) || null;
}
