/** The server's answers to an address that does not fit its country (translated by packages/i18n). */
export const ADDRESS_MESSAGES = {
  countryUnknown: "Choose a country from the list",
  stateUnknown: "Choose a state from the list",
  prefectureUnknown: "Choose a prefecture from the list",
  zipUS: "Enter a 5-digit ZIP code (or ZIP+4)",
  zipJP: "Enter a 7-digit postal code (123-4567)",
  zipOther: "Enter a valid postal code",
} as const;
