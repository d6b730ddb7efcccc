/** Every locale the store has a catalogue for. en-US is the source of the keys. */
export const LOCALES = ["en-US", "ja-JP", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en-US";

/**
 * The languages offered everywhere (spec 000 §9). zh-CN exists for the compatibility pages;
 * elsewhere it falls back to en-US key by key, so it is not offered in the general switch.
 */
export const GENERAL_LOCALES = ["en-US", "ja-JP"] as const satisfies readonly Locale[];

/** Each language named in itself, so a reader finds their own whatever the current language. */
export const LOCALE_NAMES: Record<Locale, string> = {
  "en-US": "English",
  "ja-JP": "日本語",
  "zh-CN": "简体中文",
};

/** The query parameter that picks a language for one visit (and is remembered in the cookie). */
export const LANG_QUERY_PARAM = "lang";
/** The cookie that remembers the chosen language; the server may read it too (emails, headers). */
export const LANG_COOKIE = "lang";
export const LANG_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** "ja", "ja-jp", "JA_JP" -> "ja-JP"; anything without a general catalogue -> null. */
export function matchGeneralLocale(tag: string): Locale | null {
  const lang = tag.trim().toLowerCase().split(/[-_]/)[0];
  return GENERAL_LOCALES.find((l) => l.toLowerCase().startsWith(`${lang}-`)) ?? null;
}

/** The first value of a query parameter in a `location.search` string. */
export function readQueryParam(search: string, name: string): string | null {
  for (const part of search.replace(/^\?/, "").split("&")) {
    const eq = part.indexOf("=");
    const key = eq === -1 ? part : part.slice(0, eq);
    if (key !== name) continue;
    try {
      return decodeURIComponent((eq === -1 ? "" : part.slice(eq + 1)).replace(/\+/g, " "));
    } catch {
      return null;
    }
  }
  return null;
}

/** The value of one cookie in a `document.cookie` string. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The cookie that remembers a language for a year, as `document.cookie` takes it and as a
 * Set-Cookie header says it. `secure` when the store is served over HTTPS: the browser then sends
 * it back only over HTTPS.
 */
export function langCookie(locale: Locale, opts: { secure?: boolean } = {}): string {
  return `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${LANG_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${opts.secure ? "; Secure" : ""}`;
}

export interface LocaleSources {
  /** `location.search`, e.g. "?lang=ja-JP". */
  search?: string;
  /** `document.cookie`. */
  cookie?: string;
  /** `navigator.languages`. */
  languages?: readonly string[];
}

/**
 * The language to show: an explicit `?lang=` (any catalogue, zh-CN included), then the
 * remembered cookie, then the browser's preferences among the general languages, then en-US.
 */
export function resolveLocale({ search = "", cookie = "", languages = [] }: LocaleSources): Locale {
  const fromQuery = readQueryParam(search, LANG_QUERY_PARAM);
  if (isLocale(fromQuery)) return fromQuery;
  const fromCookie = readCookie(cookie, LANG_COOKIE);
  if (isLocale(fromCookie)) return fromCookie;
  for (const tag of languages) {
    const match = matchGeneralLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
