/**
 * The leading hoisted elements React writes before the first element of a tree that is not a
 * whole document (<title>, <meta>, <link>, async <script src>, resource hints): they belong in the
 * page's <head>. The app's own markup starts with the layout's element. (An inline JSON-LD script
 * is not hoisted: it stays where the page renders it, which search engines read as well.)
 */
const HOISTED = /^(?:<(?:meta|link|base)\b[^>]*>|<(title|script|style|noscript)\b[^>]*>[\s\S]*?<\/\1>)/;

export function splitHoisted(html: string): { head: string; body: string } {
  let rest = html;
  let head = "";
  for (let m = HOISTED.exec(rest); m; m = HOISTED.exec(rest)) {
    head += m[0];
    rest = rest.slice(m[0].length);
  }
  return { head, body: rest };
}
