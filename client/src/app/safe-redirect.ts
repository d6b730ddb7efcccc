/**
 * A redirect target taken from the URL is followed only when it is a path on this site:
 * one leading "/", then not "/" or "\" (browsers read "//host" and "/\host" as another host),
 * no backslash or control character anywhere (browsers drop tabs and newlines, so "/\t/evil"
 * becomes "//evil"), and it must still resolve to this origin. Anything else gives the fallback.
 */
export function safeRedirect(raw: string | null | undefined, fallback: string): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return fallback;
  if (!raw.startsWith("/") || raw.startsWith("//")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return fallback;
  const base = "https://store.invalid";
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The redirect target if it is safe to follow, else null (to pass along in another link). */
export function sameSitePath(raw: string | null | undefined): string | null {
  return safeRedirect(raw, "") || null;
}
