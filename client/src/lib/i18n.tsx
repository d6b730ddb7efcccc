import {
  createTranslator,
  type DateStyle,
  DEFAULT_LOCALE,
  formatDate,
  formatMoney,
  formatPrice,
  GENERAL_LOCALES,
  isLocaleLoaded,
  LOCALES,
  type Locale,
  langCookie,
  loadLanguage,
  loadLocale,
  localizeServerText,
  type MessageKey,
  type MoneyValue,
  type ParamsArg,
  type ParamValue,
  type PluralKey,
  resolveLocale,
  type Translate,
  translateKey,
  translatePlural,
} from "@vela/i18n";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useState,
} from "react";
import { matchPath, useLocation } from "react-router-dom";
import { serverAnswered, serverMessage } from "./errors.ts";
import { PATHS } from "./routes.ts";

/** Areas of spec 000 §8 with a pair of fallbacks: the failure answer, then the network error. */
export type FallbackArea =
  | "login"
  | "register"
  | "recover"
  | "activate"
  | "reset"
  | "password"
  | "profile"
  | "addressSave"
  | "addressDelete"
  | "setDefault"
  | "customer"
  | "addresses"
  | "orders"
  | "orderDetail"
  | "logout"
  | "cart"
  | "cartUpdate"
  | "emailChange"
  | "emailChangeCancel";

export interface I18n {
  /** The language the page is shown in. */
  locale: Locale;
  /** The language the reader chose (cookie, ?lang=); zh-CN shows only on its own pages. */
  chosenLocale: Locale;
  /** The languages this page can be shown in: every one on zh-CN's pages, else the general ones. */
  pageLocales: readonly Locale[];
  t: Translate;
  /** A counted text in the language's plural form for `count` ("1 review", "2 reviews"). */
  tn<K extends PluralKey>(key: K, count: number, ...params: ParamsArg<K>): string;
  /** For a key chosen at run time; prefer `t`, which checks the parameters. */
  tKey(key: MessageKey, params?: Record<string, ParamValue>): string;
  setLocale(locale: Locale): void;
  money(value: MoneyValue): string;
  price(amount: string | number, currencyCode?: string): string;
  date(value: string | Date, style?: DateStyle): string;
  /** A text the server sent, in the reader's language when the catalogue knows it. */
  serverText(message: string): string;
  /** The server's text for an error, else the §8 fallback of the area. */
  errorText(err: unknown, area: FallbackArea): string;
}

const I18nContext = createContext<I18n | null>(null);

export function detectLocale(): Locale {
  if (typeof window === "undefined") return "en-US";
  return resolveLocale({
    search: window.location.search,
    cookie: document.cookie,
    languages: navigator.languages,
  });
}

/**
 * zh-CN is a language of the compatibility pages and the release-notes viewer only (spec 000 §9,
 * spec 001 §9). Elsewhere a reader who chose it sees the store in en-US, whole (texts, dates,
 * numbers, <html lang>), rather than a page translated key by key.
 */
const ALL_LOCALE_PAGES: readonly string[] = [
  PATHS.compatibility,
  PATHS.firmwareReleaseNotes,
  PATHS.releaseNotesApp,
];

export function pageShowsAllLocales(pathname: string): boolean {
  return ALL_LOCALE_PAGES.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** The language a page is shown in, for the reader's choice. */
export function pageLocale(chosen: Locale, pathname: string): Locale {
  if (pageShowsAllLocales(pathname)) return chosen;
  return (GENERAL_LOCALES as readonly Locale[]).includes(chosen) ? chosen : DEFAULT_LOCALE;
}

/** Tells the provider which page is shown (it sits above the router). */
const PathSyncContext = createContext<(pathname: string) => void>(() => undefined);

export function I18nProvider({
  initialLocale,
  initialPathname,
  children,
}: {
  initialLocale?: Locale;
  /** Where there is no browser address (the server renderer): the page's path. */
  initialPathname?: string;
  children: ReactNode;
}) {
  const [chosen, setChosen] = useState<Locale>(() => initialLocale ?? detectLocale());
  // The page's path, from the router (PageLanguageSync); until it reports, the browser's address.
  const [pathname, setPathname] = useState<string | null>(() =>
    typeof window === "undefined" ? (initialPathname ?? null) : window.location.pathname,
  );
  const locale = pathname === null ? chosen : pageLocale(chosen, pathname);
  const pageLocales = pathname !== null && !pageShowsAllLocales(pathname) ? GENERAL_LOCALES : LOCALES;

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; the value is built by langCookie.
    document.cookie = langCookie(next, { secure: window.location.protocol === "https:" });
    // The page changes language once the language's texts are here (at once when they are).
    // Should they fail to load, the page stays as it is; the cookie brings the language next time.
    loadLocale(next).then(
      () => setChosen(next),
      () => undefined,
    );
  }, []);

  const value = useMemo<I18n>(() => {
    const t = createTranslator(locale);
    const serverText = (message: string) => localizeServerText(locale, message);
    return {
      locale,
      chosenLocale: chosen,
      pageLocales,
      t,
      tn: (key, count, ...params) => translatePlural(locale, key, count, ...params),
      tKey: (key, params) => translateKey(locale, key, params),
      setLocale,
      money: (m) => formatMoney(locale, m),
      price: (amount, currencyCode) => formatPrice(locale, amount, currencyCode),
      date: (v, style) => formatDate(locale, v, style),
      serverText,
      errorText(err, area) {
        const message = serverMessage(err);
        if (message) return serverText(message);
        return serverAnswered(err) ? t(`error.${area}`) : t(`error.${area}.network`);
      },
    };
  }, [locale, chosen, pageLocales, setLocale]);

  return (
    <PathSyncContext.Provider value={setPathname}>
      <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
    </PathSyncContext.Provider>
  );
}

/**
 * Inside the router: reports the page's path to the I18nProvider, before the browser paints, so
 * a page is never drawn in a language it does not have.
 */
export function PageLanguageSync() {
  const { pathname } = useLocation();
  const sync = useContext(PathSyncContext);
  useLayoutEffect(() => sync(pathname), [sync, pathname]);
  return null;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n needs an <I18nProvider> above it");
  return value;
}

/**
 * A translator for a page's own language (the compatibility records, the release notes), which
 * may differ from the reader's. Its texts load on first use; until they are here the page shows
 * en-US's, then it renders again in its language.
 */
export function useTranslatorFor(language: Locale): Translate {
  const ready = isLocaleLoaded(language);
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!ready) loadLanguage(language).then(loaded, () => undefined);
  }, [language, ready]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new translator once the texts are in, so memoised children see them.
  return useMemo(() => createTranslator(language), [language, ready]);
}
