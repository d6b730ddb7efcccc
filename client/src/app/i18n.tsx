import {
  createTranslator,
  type DateStyle,
  formatDate,
  formatMoney,
  formatPrice,
  isLocaleLoaded,
  type Locale,
  langCookie,
  loadLanguage,
  loadLocale,
  localizeServerText,
  type MessageKey,
  type MoneyValue,
  type ParamValue,
  resolveLocale,
  type Translate,
  translateKey,
} from "@vela/i18n";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useState,
} from "react";
import { serverAnswered, serverMessage } from "./errors.ts";

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
  locale: Locale;
  t: Translate;
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

export function I18nProvider({ initialLocale, children }: { initialLocale?: Locale; children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(() => initialLocale ?? detectLocale());

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; the value is built by langCookie.
    document.cookie = langCookie(next);
    // The page changes language once the language's texts are here (at once when they are).
    // Should they fail to load, the page stays as it is; the cookie brings the language next time.
    loadLocale(next).then(
      () => setLocaleState(next),
      () => undefined,
    );
  }, []);

  const value = useMemo<I18n>(() => {
    const t = createTranslator(locale);
    const serverText = (message: string) => localizeServerText(locale, message);
    return {
      locale,
      t,
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
  }, [locale, setLocale]);

  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
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
