// Markdown from the server (release notes, blog posts) to HTML: rendered by `marked`, then
// sanitised by DOMPurify before it reaches the DOM, so no script, event handler, frame or
// javascript: URL survives whatever the stored text holds. Only lazy pages import this file, so
// neither library lands in the entry chunk.
import DOMPurify from "dompurify";
import { Marked } from "marked";
import { useMemo } from "react";
import "./markdown.css";

const instances = new Map<number, Marked>();

/** A marked instance per heading offset: notes under a page's own h2 start their headings lower. */
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

/**
 * One sanitiser instance of our own, so its hooks never touch another use of DOMPurify. The
 * server renderer has no window; it hands in jsdom's (app/entry-server.tsx).
 */
const purify = DOMPurify(
  typeof window === "undefined"
    ? (globalThis as unknown as { __VELA_SERVER_DOM__: Window & typeof globalThis }).__VELA_SERVER_DOM__
    : window,
);

// Links that leave the site open in a new window without handing it `window.opener`.
purify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName !== "A") return;
  const href = node.getAttribute("href") ?? "";
  if (/^https?:\/\//i.test(href)) {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  } else {
    node.removeAttribute("target");
  }
});

const CONFIG = {
  USE_PROFILES: { html: true },
  // Nothing that runs, embeds, submits or restyles the page.
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed", "svg"],
  FORBID_ATTR: ["style", "srcset", "formaction"],
  ALLOW_DATA_ATTR: false,
};

/** Sanitised HTML of untrusted HTML. */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, CONFIG);
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Markdown to sanitised HTML; a text marked cannot read is shown as plain text. `headingOffset`
 * moves every heading down that many levels (## becomes h3 with 1).
 */
export function renderMarkdown(markdown: string, headingOffset = 0): string {
  let html: string;
  try {
    html = markedFor(headingOffset).parse(markdown, { async: false });
  } catch {
    html = `<p>${escapeHtml(markdown)}</p>`;
  }
  return sanitizeHtml(html);
}

export function Markdown({
  source,
  className,
  headingOffset = 0,
}: {
  source: string;
  className?: string;
  headingOffset?: number;
}) {
  const html = useMemo(() => renderMarkdown(source, headingOffset), [source, headingOffset]);
  return (
    <div
      className={["markdown", className].filter(Boolean).join(" ")}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderMarkdown.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
