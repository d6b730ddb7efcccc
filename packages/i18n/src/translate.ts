import { CATALOGUES } from "./catalogues.ts";
import type { Locale } from "./locales.ts";
import { type EnglishTexts, enUS, type MessageKey } from "./messages/en-US.ts";

/** The `{name}` placeholders of a text, as a union of names. */
export type Placeholders<S> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

export type ParamValue = string | number;

/** A key whose text has placeholders takes them all; a key without takes nothing. */
export type ParamsArg<K extends MessageKey> = [Placeholders<EnglishTexts[K]>] extends [never]
  ? []
  : [params: Record<Placeholders<EnglishTexts[K]>, ParamValue>];

export type Translate = <K extends MessageKey>(key: K, ...params: ParamsArg<K>) => string;

/** Whether a key has an English text loaded (the general texts always are). */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGUES["en-US"], key);
}

/** The text of a key: the language's, else en-US's, else (an area not loaded yet) the key. */
const textOf = (locale: Locale, key: MessageKey): string =>
  CATALOGUES[locale][key] ?? CATALOGUES["en-US"][key] ?? key;

/** Replaces each `{name}` with its value; an unknown name is left as written. */
export function interpolate(text: string, params: Record<string, ParamValue> | undefined): string {
  if (!params) return text;
  return text.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The text of a key in a locale, falling back to en-US key by key. */
export function translate<K extends MessageKey>(locale: Locale, key: K, ...params: ParamsArg<K>): string {
  return interpolate(textOf(locale, key), params[0] as Record<string, ParamValue> | undefined);
}

/** For a key chosen at run time (a status label): parameters are not checked. */
export function translateKey(locale: Locale, key: MessageKey, params?: Record<string, ParamValue>): string {
  return interpolate(textOf(locale, key), params);
}

/** A `t(key, params)` bound to one locale. */
export function createTranslator(locale: Locale): Translate {
  return (key, ...params) => translate(locale, key, ...params);
}

let reverse: Map<string, MessageKey> | undefined;

/**
 * The server answers in English (spec 000 §8 takes its texts word for word). A text the
 * catalogue knows is shown in the reader's language; a text with a detail after ": " keeps
 * the detail; anything else is shown as the server wrote it.
 */
export function localizeServerText(locale: Locale, message: string): string {
  if (locale === "en-US") return message;
  reverse ??= new Map(
    (Object.entries(enUS) as [MessageKey, string][])
      .filter(([, text]) => !text.includes("{"))
      .map(([key, text]) => [text, key]),
  );
  const key = reverse.get(message);
  if (key) return CATALOGUES[locale][key] ?? message;
  const sep = message.indexOf(": ");
  if (sep > 0) {
    const head = reverse.get(message.slice(0, sep));
    if (head) return `${CATALOGUES[locale][head] ?? message.slice(0, sep)}: ${message.slice(sep + 2)}`;
  }
  return message;
}

/**
 * A key with plural forms: beside its text (the "other" form, used by every language without
 * another form of its own) the catalogue holds `${key}#one` and so on, one per category of
 * `Intl.PluralRules` the language needs ("1 review", "2 reviews").
 */
export type PluralKey = {
  [K in MessageKey]: `${K}#one` extends MessageKey ? K : never;
}[MessageKey];

const pluralRules = new Map<Locale, Intl.PluralRules>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * The text of a counted key for `count`: the form `Intl.PluralRules` picks for the language,
 * else the key's own text. Numbers among the parameters are written the language's way (1,234).
 */
export function translatePlural<K extends PluralKey>(
  locale: Locale,
  key: K,
  count: number,
  ...params: ParamsArg<K>
): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  let numbers = numberFormats.get(locale);
  if (!numbers) {
    numbers = new Intl.NumberFormat(locale);
    numberFormats.set(locale, numbers);
  }
  const form = `${key}#${rules.select(count)}`;
  const chosen: MessageKey = isMessageKey(form) ? form : key;
  const given = (params[0] ?? {}) as Record<string, ParamValue>;
  const formatted = Object.fromEntries(
    Object.entries(given).map(([name, value]) => [
      name,
      typeof value === "number" ? numbers.format(value) : value,
    ]),
  );
  return interpolate(textOf(locale, chosen), formatted);
}
