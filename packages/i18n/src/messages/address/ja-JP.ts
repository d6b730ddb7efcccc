import type { addressEnUS } from "./en-US.ts";

/** Japanese texts of the address form's lists and the server's answers about an address. */
export const addressJaJP = {
  "address.server.countryUnknown": "一覧から国を選択してください",
  "address.server.stateUnknown": "一覧から州を選択してください",
  "address.server.prefectureUnknown": "一覧から都道府県を選択してください",
  "address.server.zipUS": "ZIPコードは5桁（またはZIP+4）で入力してください",
  "address.server.zipJP": "郵便番号は7桁（123-4567）で入力してください",
  "address.server.zipOther": "正しい郵便番号を入力してください",
  "address.chooseState": "州を選択",
  "address.choosePrefecture": "都道府県を選択",
  "address.zipHintUS": "5桁、またはZIP+4（94105-1234）",
  "address.zipHintJP": "7桁（123-4567）",
} as const satisfies Record<keyof typeof addressEnUS, string>;
