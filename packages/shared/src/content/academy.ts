// The academy site (spec 001 §2): English by default, the Japanese site for ja-JP.
import { BRAND } from "../brand.ts";

export const ACADEMY_SITES = {
  "en-US": `https://academy.${BRAND.domain}/`,
  "ja-JP": `https://jp.academy.${BRAND.domain}/`,
} as const;

/** The academy site for a language: the Japanese site for ja-JP, the English one otherwise. */
export const academySite = (language: string): string =>
  language === "ja-JP" ? ACADEMY_SITES["ja-JP"] : ACADEMY_SITES["en-US"];
