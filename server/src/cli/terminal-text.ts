// What the CLI prints comes partly from people (names, emails, line titles, tracking numbers,
// a provider's message). A terminal obeys control characters (ESC starts an ANSI sequence that can
// recolour, retitle or rewrite the screen) and bidi controls reorder what follows them, so such
// characters are printed as visible escapes instead: "\u001b", "\u202e".

/**
 * Control characters (C0, DEL, C1), format characters (bidi embeddings, overrides, isolates and
 * marks, zero-width characters; not the zero-width joiner of emoji sequences), line and paragraph
 * separators, and lone surrogates.
 */
const UNSAFE = /(?!\u200d)[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** "\u001b"; "\u{e0001}" beyond the basic plane. */
function visible(ch: string): string {
  const hex = (ch.codePointAt(0) ?? 0).toString(16);
  return hex.length > 4 ? `\\u{${hex}}` : `\\u${hex.padStart(4, "0")}`;
}

/** One line as the terminal may show it: every unsafe character as a visible \uXXXX escape. */
export function forTerminal(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** Several lines (a usage text, an error with a list): each line made safe, the line breaks kept. */
export function linesForTerminal(text: string): string {
  return text.split("\n").map(forTerminal).join("\n");
}
