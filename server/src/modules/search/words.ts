// The words of a query, and the near-match measure used when no text holds them as typed: the
// trigram similarity of pg_trgm (the share of the two words' three-letter pieces they have in
// common, each word padded as pg_trgm pads it), so both engines judge a typo the same way.

import { SEARCH_WORDS_MAX } from "@vela/shared";

/** Letters and digits; everything else separates words (SKUs' dashes included). */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The query's words (split at spaces, the ideographic space included), lower-case, each once, at
 * most SEARCH_WORDS_MAX. Punctuation stays: the texts are matched as they are stored ("登場：" is
 * held as typed, a SKU keeps its dashes).
 */
export function queryWords(q: string): string[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}

/** Characters, not UTF-16 units: a word of three kanji is three long. */
export const charLength = (s: string): number => [...s].length;

export function trigramsOf(word: string): Set<string> {
  const chars = [..." ", ..." ", ...word.toLowerCase(), ..." "];
  const out = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
  return out;
}

/** pg_trgm's similarity of two words: shared trigrams over all trigrams, 0 to 1. */
export function similarity(a: string, b: string): number {
  const x = trigramsOf(a);
  const y = trigramsOf(b);
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  return shared / (x.size + y.size - shared);
}

/** Below this a word is not taken for a misspelling of another (pg_trgm's default threshold). */
export const NEAR_MATCH = 0.3;

/**
 * How near a text comes to holding every query word: for each word, its best similarity with a
 * word of the text (1 when the text holds it); the least of those, 0 when a word finds nothing
 * near. Texts are short (a product's names), so every pair is compared.
 */
export function nearness(queryWordList: readonly string[], text: string): number {
  const words = [...new Set(text.normalize("NFKC").toLowerCase().match(WORD) ?? [])];
  let least = 1;
  for (const q of queryWordList) {
    let best = 0;
    for (const w of words) {
      best = Math.max(best, w.includes(q) ? 1 : similarity(q, w));
      if (best === 1) break;
    }
    least = Math.min(least, best);
  }
  return least < NEAR_MATCH ? 0 : least;
}

/**
 * The pieces an engine looks the query's near matches up by: each word's trigrams of three
 * letters or digits (the padded ones are pg_trgm's; FTS5's trigram tokenizer has none).
 */
export function lookupTrigrams(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    const chars = [...w];
    for (let i = 0; i + 3 <= chars.length; i++) out.add(chars.slice(i, i + 3).join(""));
  }
  return [...out];
}
