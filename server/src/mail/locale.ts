// The language of a mail: en-US or ja-JP, the store's general languages. A zh-CN reader gets
// en-US, as on every page of the store but the compatibility ones.
import { isLocale, LANG_COOKIE, readCookie, resolveLocale } from "@vela/i18n";

export type MailLocale = "en-US" | "ja-JP";

export const DEFAULT_MAIL_LOCALE: MailLocale = "en-US";

/** Any stored or requested locale as a mail language. */
export function mailLocale(locale: string | null | undefined): MailLocale {
  return locale === "ja-JP" ? "ja-JP" : "en-US";
}

/** The `lang` attribute of a mail's HTML part. */
export function htmlLang(locale: MailLocale): "en" | "ja" {
  return locale === "ja-JP" ? "ja" : "en";
}

/** "ja,en-US;q=0.9,en;q=0.8" -> ["ja", "en-US", "en"], most preferred first. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.tag !== "*" && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}

/**
 * The language a request was made in, the way the client picks the page's language: the `lang`
 * cookie the language switch writes, else the browser's preferences (Accept-Language, which
 * mirrors navigator.languages), else en-US.
 */
export function requestLocale(headers: {
  cookie?: string | undefined;
  "accept-language"?: string | undefined;
}): MailLocale {
  return mailLocale(
    resolveLocale({ cookie: headers.cookie ?? "", languages: acceptedLanguages(headers["accept-language"]) }),
  );
}

/**
 * The language a request states (a valid `lang` cookie, or Accept-Language), or undefined when it
 * states none. Only a stated language is recorded on an account (Customer.locale): a call without
 * one (a script, curl) leaves the account's language as it is, and the account's mails follow it.
 */
export function statedLocale(headers: {
  cookie?: string | undefined;
  "accept-language"?: string | undefined;
}): MailLocale | undefined {
  const cookie = readCookie(headers.cookie ?? "", LANG_COOKIE);
  const stated = isLocale(cookie) || acceptedLanguages(headers["accept-language"]).length > 0;
  return stated ? requestLocale(headers) : undefined;
}
