import { type CatalogLanguage, type StorefrontCurrency, storeCurrencyFor } from "@vela/shared";
import { useI18n } from "./i18n.tsx";

/**
 * The `language` of a catalogue or cart request for the reader's language: nothing for en-US
 * (the catalogue's own language, and the server's default), so English requests stay as they were.
 */
export function catalogLanguage(locale: CatalogLanguage): { language?: CatalogLanguage } {
  return locale === "en-US" ? {} : { language: locale };
}

/**
 * Prices show in the currency of the store the reader buys from: yen on Japanese pages, USD
 * otherwise. The cart follows the same rule (use-cart.ts moves it when the language changes).
 */
export function useStoreCurrency(): StorefrontCurrency {
  return storeCurrencyFor(useI18n().locale);
}
