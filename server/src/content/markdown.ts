// Markdown to safe HTML, done once when a text is saved (blog posts, release notes): the HTML is
// stored beside its markdown and pages and the API serve it as it is (ADR 017). `marked` renders
// (GitHub-flavoured), then sanitize-html keeps only what a text needs. sanitize-html parses with
// htmlparser2, so no DOM is needed here (nor jsdom, nor a window) at save time or at request time.
//
// The policy: nothing that runs, embeds, submits or restyles the page (no script, style, form,
// input, button, textarea, select, iframe, object, embed, svg, math; no style, srcset, formaction,
// on* or data-* attribute; no id or name, which could shadow the page's own globals); URLs only
// http(s), mailto or relative, however a scheme is spelt (entities, tabs, case); a link that
// leaves the site opens a new window without handing it `window.opener`.
//
// Every writer of such a text stores what `renderForStorage` answers; nothing renders markdown
// when a page is asked for.
import { Marked } from "marked";
import type sanitizeHtml from "sanitize-html";
import { requiredOnFirstUse } from "../lazy-require.ts";

// sanitize-html (with htmlparser2 and postcss) is required when a text is first saved, not when the
// server starts: it cost the start 45 ms and 11 MiB that a store serving pages never uses.
const theSanitizer = requiredOnFirstUse<typeof sanitizeHtml>("sanitize-html");

const instances = new Map<number, Marked>();

/** A marked instance per heading offset: a text under a page's own h2 starts its headings lower. */
function markedFor(headingOffset: number): Marked {
  let instance = instances.get(headingOffset);
  if (!instance) {
    instance = new Marked({
      gfm: true,
      breaks: false,
      async: false,
      walkTokens(token) {
        if (token.type === "heading" && headingOffset) token.depth = Math.min(6, token.depth + headingOffset);
      },
    });
    instances.set(headingOffset, instance);
  }
  return instance;
}

/** The text elements a post or a note may hold; anything else is dropped (its text kept). */
const ALLOWED_TAGS = [
  "a",
  "abbr",
  "b",
  "bdi",
  "bdo",
  "blockquote",
  "br",
  "caption",
  "cite",
  "code",
  "col",
  "colgroup",
  "dd",
  "del",
  "details",
  "dfn",
  "div",
  "dl",
  "dt",
  "em",
  "figcaption",
  "figure",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "i",
  "img",
  "ins",
  "kbd",
  "li",
  "mark",
  "ol",
  "p",
  "pre",
  "q",
  "rp",
  "rt",
  "ruby",
  "s",
  "samp",
  "small",
  "span",
  "strong",
  "sub",
  "summary",
  "sup",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "time",
  "tr",
  "u",
  "ul",
  "var",
  "wbr",
];

/** Dropped with everything inside them, text too: what they hold is code, styles or another namespace. */
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "textarea",
  "select",
  "option",
  "noscript",
  "noembed",
  "noframes",
  "template",
  "title",
  "xmp",
  "iframe",
  "object",
  "svg",
  "math",
  "head",
];

/** A link that leaves the site: an absolute http(s) URL or a protocol-relative one. */
const EXTERNAL = /^\s*(?:https?:)?[/\\]{2}/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    "*": ["title", "lang", "dir"],
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height"],
    ol: ["start", "reversed"],
    li: ["value"],
    th: ["align", "colspan", "rowspan", "scope"],
    td: ["align", "colspan", "rowspan"],
    col: ["span"],
    colgroup: ["span"],
    details: ["open"],
    time: ["datetime"],
    blockquote: ["cite"],
    q: ["cite"],
    del: ["cite", "datetime"],
    ins: ["cite", "datetime"],
    code: ["class"],
  },
  // Fenced code's language (```ts gives class="language-ts"), nothing else.
  allowedClasses: { code: ["language-*"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: true,
  allowedStyles: {},
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_CONTENT,
  allowVulnerableTags: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  transformTags: {
    // The target and rel are ours alone: a new window, without window.opener, for a link that
    // leaves the site; none for the others. (An href sanitize-html refuses is dropped after this,
    // and only http(s) links get a target, which it never refuses.)
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: EXTERNAL.test(rest.href ?? "")
          ? { ...rest, target: "_blank", rel: "noopener noreferrer" }
          : rest,
      };
    },
  },
};

/** Untrusted HTML, sanitised by the store's policy (above). */
export function sanitizeForStorage(html: string): string {
  return theSanitizer()(html, OPTIONS);
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface RenderOptions {
  /** Moves every heading down that many levels (## becomes h3 with 1), at most to h6. */
  headingOffset?: number;
}

/**
 * The safe HTML to store beside a markdown text: what every writer of a blog post or a release
 * note calls, and what pages show as it is. A text marked cannot read is kept as escaped plain text.
 */
export function renderForStorage(markdown: string, { headingOffset = 0 }: RenderOptions = {}): string {
  let html: string;
  try {
    html = markedFor(headingOffset).parse(markdown, { async: false });
  } catch {
    html = `<p>${escapeHtml(markdown)}</p>`;
  }
  return sanitizeForStorage(html);
}
