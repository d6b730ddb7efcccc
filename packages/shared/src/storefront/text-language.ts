// The language a shopper's text is written in, told by its script: reviews carry no language of
// their own (they are whatever the buyer typed), and a page in another language labels them.

export type TextLanguage = "en-US" | "ja-JP" | "zh-CN";

const KANA = /[\u3040-\u30ff\uff66-\uff9f]/u;
const HAN = /[\u4e00-\u9fff\u3400-\u4dbf]/u;

/**
 * Japanese when the text has kana, Chinese when it has Han characters and no kana, otherwise
 * English (the store's other reviews are in a Latin script).
 */
export function textLanguage(text: string): TextLanguage {
  if (KANA.test(text)) return "ja-JP";
  if (HAN.test(text)) return "zh-CN";
  return "en-US";
}

/** Whether a text in `language` reads as the page's own language (`locale`). */
export const sameLanguage = (language: string, locale: string): boolean =>
  language.split("-")[0] === locale.split("-")[0];
