// One layout for every email the store sends: paragraphs, an optional main link, the brand's
// signature, optional footer links (unsubscribe). Every dynamic value is escaped in the HTML part.
import { BRAND } from "@vela/shared";
import { escapeHtml as esc } from "../http/html.ts";
import type { OutgoingMail } from "./mailer.ts";

// User text (a name, a message) reaches mail through these helpers, so that none of it can pass
// for a header line ("Bcc: ...") or a block of the store's own: an inline value is one line with
// its whitespace collapsed and never starts a line; a multi-line value is a quoted block, each of
// its lines behind "> ". Values stored before the schemas refused such characters go through
// them too.

/** Controls (tab and line breaks aside), separators and bidi embeddings, overrides, isolates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Every run of whitespace, line breaks and separators included. */
const ANY_SPACE = /[\s\u2028\u2029]+/g;

/** A user's value inside one of our lines: one line, whitespace collapsed, at most `max` characters. */
export function inline(value: string, max = 200): string {
  const line = value.replace(UNPRINTABLE, "").replace(ANY_SPACE, " ").trim();
  const chars = Array.from(line); // by code point, so a cut never splits a surrogate pair
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : line;
}

/** An inline value in quotation marks, where it sits among the store's words. */
export function quoted(value: string, max = 200): string {
  return `“${inline(value, max)}”`;
}

/** "Hi Ada," — the greeting every account mail opens with. */
export function greeting(firstName: string): string {
  const name = inline(firstName, 100);
  return name ? `Hi ${name},` : "Hi,";
}

/** A user's multi-line text as a quoted block: every line starts with "> ", never with their text. */
export function quotedBlock(text: string): string {
  const lines = text
    .replace(UNPRINTABLE, "")
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
    .replace(/\t/g, " ")
    .trim()
    .replace(/\n{3,}/g, "\n\n")
    .split("\n");
  return lines.map((line) => `> ${line.trimEnd()}`.trimEnd()).join("\n");
}

export interface MailLink {
  href: string;
  label: string;
}

export function composeMail(opts: {
  to: string;
  subject: string;
  kind: string;
  replyTo?: string;
  paragraphs: string[];
  link?: MailLink;
  /** Further links after the main one (e.g. a guest's offer of an account). */
  more?: MailLink[];
  footer?: MailLink[];
  lang?: string;
}): OutgoingMail {
  const { to, kind, replyTo, link, more = [], footer = [], lang = "en" } = opts;
  // Whatever a template passes, no control or bidi-override character reaches the mail.
  const subject = inline(opts.subject, 300);
  const paragraphs = opts.paragraphs.map((p) => p.replace(UNPRINTABLE, ""));
  const html = `<!doctype html><html lang="${esc(lang)}"><body><h1>${esc(subject)}</h1>
${paragraphs.map((p) => `<p>${esc(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
${link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : ""}${more.map((m) => `<p><a href="${esc(m.href)}">${esc(m.label)}</a></p>`).join("")}<p>— ${esc(BRAND.name)}</p>
${footer.map((f) => `<p style="font-size:12px"><a href="${esc(f.href)}">${esc(f.label)}</a></p>`).join("\n")}</body></html>`;
  const text = [
    ...paragraphs,
    ...(link ? [`${link.label}: ${link.href}`] : []),
    ...more.map((m) => `${m.label}: ${m.href}`),
    `— ${BRAND.name}`,
    ...footer.map((f) => `${f.label}: ${f.href}`),
  ].join("\n\n");
  return { to, subject, text, html, kind, ...(replyTo ? { replyTo } : {}) };
}
