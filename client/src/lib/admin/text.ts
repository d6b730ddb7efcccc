// The admin's texts on top of the shop's i18n machinery (lib/i18n.tsx): the same provider,
// language cookie and `t`, plus the admin's own catalogue (@vela/i18n/admin) and its errors.
import { CATALOGUES, type Locale, type MessageKey } from "@vela/i18n";
import { serverAnswered, serverMessage } from "../errors.ts";
import { useI18n } from "../i18n.tsx";

let reverse: Map<string, MessageKey> | undefined;

/** The admin's key of a server answer in English (`admin.server.*`), once the admin's texts are loaded. */
function adminServerKey(message: string): MessageKey | undefined {
  if (!reverse || reverse.size === 0) {
    reverse = new Map(
      (Object.entries(CATALOGUES["en-US"]) as [MessageKey, string][])
        .filter(([key]) => key.startsWith("admin.server."))
        .map(([key, text]) => [text, key]),
    );
  }
  return reverse.get(message);
}

/** A server answer in the reader's language: the admin's texts first, then the shop's. */
export function adminServerText(locale: Locale, message: string, general: (m: string) => string): string {
  const key = adminServerKey(message);
  if (key) return CATALOGUES[locale][key] ?? CATALOGUES["en-US"][key] ?? message;
  return general(message);
}

const dateTimeFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A moment with its date and time, in the reader's language and time zone. */
export function formatDateTime(locale: Locale, value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
    dateTimeFormats.set(locale, format);
  }
  return format.format(date);
}

export function useAdminText() {
  const i18n = useI18n();
  return {
    ...i18n,
    dateTime: (value: string | Date) => formatDateTime(i18n.locale, value),
    /** What to say about a failed call: the server's words in the reader's language, else a fallback. */
    errorText(err: unknown): string {
      const message = serverMessage(err);
      if (message) return adminServerText(i18n.locale, message, i18n.serverText);
      return serverAnswered(err) ? i18n.t("admin.shell.error") : i18n.t("admin.shell.error.network");
    },
  };
}
