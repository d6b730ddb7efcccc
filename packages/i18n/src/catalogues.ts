import type { Locale } from "./locales.ts";
import { type Catalogue, enUS } from "./messages/en-US.ts";

/**
 * The texts loaded so far, by language. Only en-US's general texts are part of the first
 * screen's JavaScript; another language, and the texts of an area with pages of its own (the
 * glasses tools), arrive as separate chunks when they are needed (bench/, "Pages": every
 * language in the entry cost the storefront pages ~20 kB gzip). A text not loaded yet falls
 * back to en-US, then to its key.
 */
export const CATALOGUES: Record<Locale, Partial<Catalogue>> = {
  "en-US": { ...enUS },
  "ja-JP": {},
  "zh-CN": {},
};

/** Areas whose texts load with their pages rather than with the language. */
export const MESSAGE_AREAS = ["firmware", "privacy", "legal"] as const;
export type MessageArea = (typeof MESSAGE_AREAS)[number];
type Loaders = Partial<Record<Locale, () => Promise<Partial<Catalogue>>>>;
type Part = "general" | MessageArea | RegisteredArea;

/**
 * An area whose entry names its texts itself (the admin, `@vela/i18n/admin`): the shop's code
 * never refers to them, so not even a lazy chunk of them is in the shop's build.
 */
export type RegisteredArea = "admin";

const LOADERS: Partial<Record<Part, Loaders>> = {
  general: {
    "ja-JP": async () => (await import("./messages/ja-JP.ts")).jaJP,
    "zh-CN": async () => (await import("./messages/zh-CN.ts")).zhCN,
  },
  firmware: {
    "en-US": async () => (await import("./messages/firmware/en-US.ts")).firmwareEnUS,
    "ja-JP": async () => (await import("./messages/firmware/ja-JP.ts")).firmwareJaJP,
  },
  privacy: {
    "en-US": async () => (await import("./messages/privacy/en-US.ts")).privacyEnUS,
    "ja-JP": async () => (await import("./messages/privacy/ja-JP.ts")).privacyJaJP,
  },
  legal: {
    "en-US": async () => (await import("./messages/legal/en-US.ts")).legalEnUS,
    "ja-JP": async () => (await import("./messages/legal/ja-JP.ts")).legalJaJP,
  },
};

/** Names the loaders of an area for an entry of its own; `loadArea(area)` then loads it. */
export function registerMessageArea(area: RegisteredArea, loaders: Loaders): void {
  LOADERS[area] = loaders;
}

const pending = new Map<string, Promise<void>>();
const loaded = new Set<string>();
const wantedParts = new Set<Part>(["general"]);
/** The languages whose texts are in use: en-US beneath the chosen one. */
let active: Locale[] = ["en-US"];

function loadPart(part: Part, locale: Locale): Promise<void> {
  const key = `${part} ${locale}`;
  let promise = pending.get(key);
  if (!promise) {
    const loader = LOADERS[part]?.[locale];
    promise = loader
      ? loader().then((texts) => {
          Object.assign(CATALOGUES[locale], texts);
          loaded.add(key);
        })
      : Promise.resolve().then(() => {
          loaded.add(key);
        });
    // A chunk that failed to load (a dropped connection) is tried again next time.
    promise.catch(() => pending.delete(key));
    pending.set(key, promise);
  }
  return promise;
}

const loadWanted = (locales: Locale[]): Promise<unknown> =>
  Promise.all([...wantedParts].flatMap((part) => locales.map((locale) => loadPart(part, locale))));

const withEnglish = (locale: Locale): Locale[] => (locale === "en-US" ? ["en-US"] : ["en-US", locale]);

/**
 * Loads a language's texts (for every area asked for so far) without making it the language in
 * use: for a page that shows content in a language of its own (compatibility, release notes).
 */
export async function loadLanguage(locale: Locale): Promise<void> {
  await loadWanted(withEnglish(locale));
}

/** Loads a language's texts, for every area asked for so far; resolves once they can be shown. */
export async function loadLocale(locale: Locale): Promise<void> {
  const locales = withEnglish(locale);
  await loadWanted(locales);
  active = locales;
  // An area asked for while the language loaded.
  await loadWanted(locales);
}

/** Loads an area's texts in the language in use (and en-US), and in any language chosen later. */
export async function loadArea(area: MessageArea | RegisteredArea): Promise<void> {
  wantedParts.add(area);
  await loadWanted(active);
}

/** Whether a language's texts (and those of every area asked for) are loaded. */
export function isLocaleLoaded(locale: Locale): boolean {
  return [...wantedParts].every((part) =>
    withEnglish(locale).every((l) => !LOADERS[part]?.[l] || loaded.has(`${part} ${l}`)),
  );
}

/** Every text of every language and area: for tests, and for tools that list them. */
export async function loadAllMessages(): Promise<void> {
  for (const area of Object.keys(LOADERS) as Part[]) wantedParts.add(area);
  await loadWanted(Object.keys(CATALOGUES) as Locale[]);
}
