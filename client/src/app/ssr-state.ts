import type { DehydratedState } from "@tanstack/react-query";
import type { Locale } from "@vela/i18n";
import type { HydrationState } from "react-router-dom";

/**
 * What a server-rendered page hands to the client so that it hydrates instead of rendering from
 * scratch: the language the server rendered in, the router's loader data, and the query cache
 * the page was rendered from (so the client does not fetch it again). It travels as inert JSON
 * in `<script type="application/json" id="vela-ssr-state">`, which no browser runs and the CSP
 * has nothing to say about.
 */
export interface SsrState {
  locale: Locale;
  router: HydrationState;
  queries: DehydratedState;
}

export const SSR_STATE_ID = "vela-ssr-state";

/**
 * JSON that is safe between `<script>` and `</script>`: every `<`, `>` and `&` (so no `</script>`
 * and no `<!--` can end or change the element) and the line separators U+2028/U+2029 (which old
 * JavaScript parsers take as line ends) are written as \u escapes. JSON.parse reads them back
 * unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** The server's state in this page, or null when the page arrived as the client-rendered shell. */
export function readSsrState(doc: Document = document): SsrState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as SsrState;
  } catch {
    return null;
  }
}
