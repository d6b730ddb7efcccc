import { ADDRESS_MESSAGES as M } from "@vela/shared";

/** The address form's lists and the server's answers to an address that does not fit its country. */
export const addressEnUS = {
  "address.server.countryUnknown": M.countryUnknown,
  "address.server.stateUnknown": M.stateUnknown,
  "address.server.prefectureUnknown": M.prefectureUnknown,
  "address.server.zipUS": M.zipUS,
  "address.server.zipJP": M.zipJP,
  "address.server.zipOther": M.zipOther,
  "address.chooseState": "Choose a state",
  "address.choosePrefecture": "Choose a prefecture",
  "address.zipHintUS": "5 digits, or ZIP+4 (94105-1234)",
  "address.zipHintJP": "7 digits (123-4567)",
} as const;
