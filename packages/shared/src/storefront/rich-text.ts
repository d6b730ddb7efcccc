// A tiny, safe subset of HTML for the texts that carry markup (compatibility descriptionHTML,
// banner titleHtml/descriptionHtml). It is parsed into nodes that the client renders as React
// elements; nothing reaches innerHTML. Unknown tags are dropped (their text is kept), and links
// may only point at our own paths or at https addresses.

export type RichNode =
  | { kind: "text"; text: string }
  | { kind: "br" }
  | { kind: "element"; tag: RichTag; href?: string; children: RichNode[] };

export const RICH_TAGS = ["p", "strong", "em", "b", "i", "ul", "ol", "li", "a", "span"] as const;
export type RichTag = (typeof RICH_TAGS)[number];

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  apos: "'",
  nbsp: "\u00a0",
};

function decode(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (ENTITIES[lower] !== undefined) return ENTITIES[lower];
    if (lower.startsWith("#x")) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return whole;
  });
}

export function safeHref(href: string): string | null {
  const value = href.trim();
  if (/^\/(?!\/)/.test(value)) return value;
  if (/^https:\/\/[^\s"'<>]+$/i.test(value)) return value;
  if (/^mailto:[^\s"'<>]+$/i.test(value)) return value;
  return null;
}

const isTag = (t: string): t is RichTag => (RICH_TAGS as readonly string[]).includes(t);

export function parseRichText(html: string): RichNode[] {
  const root: RichNode[] = [];
  const stack: { tag: RichTag | null; children: RichNode[] }[] = [{ tag: null, children: root }];
  const re = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|(<)/g;
  const top = () => stack[stack.length - 1] ?? { tag: null, children: root };
  for (let m = re.exec(html); m !== null; m = re.exec(html)) {
    const [, closing, rawTag, attrs, text, lone] = m;
    if (text !== undefined || lone !== undefined) {
      top().children.push({ kind: "text", text: decode(text ?? "<") });
      continue;
    }
    const tag = (rawTag ?? "").toLowerCase();
    if (tag === "br") {
      top().children.push({ kind: "br" });
      continue;
    }
    if (!isTag(tag)) continue;
    if (closing) {
      const at = stack.map((s) => s.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    const node: RichNode = { kind: "element", tag, children: [] };
    if (tag === "a") {
      const href = /href\s*=\s*("([^"]*)"|'([^']*)')/i.exec(attrs ?? "");
      const safe = href ? safeHref(decode(href[2] ?? href[3] ?? "")) : null;
      if (safe) node.href = safe;
    }
    top().children.push(node);
    stack.push({ tag, children: node.children });
  }
  return root;
}

/** The plain text of some rich text (for alt texts, titles, tests). */
export function richTextToPlain(html: string): string {
  const walk = (nodes: RichNode[]): string =>
    nodes.map((n) => (n.kind === "text" ? n.text : n.kind === "br" ? " " : walk(n.children))).join("");
  return walk(parseRichText(html));
}
