// One layout for every email the store sends: paragraphs, an optional main link, the brand's
// signature, optional footer links (unsubscribe). Every dynamic value is escaped in the HTML part.
import { BRAND } from "@vela/shared";
import { escapeHtml as esc } from "../http/html.ts";
import type { MailLocale } from "./locale.ts";
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

/** Whom a mail greets: the customer's names, or only a given name where no more is known. */
export type MailName = string | { firstName: string; lastName: string };

/**
 * "Hi Ada," or "こんにちは、佐藤 花子 様" — the greeting every account mail opens with, in the mail's
 * language: a given name in English, the full name in Japanese order (family name first) with 様
 * in Japanese. The store's word comes first in both, so the name never starts a line.
 */
export function greeting(name: MailName, locale: MailLocale = "en-US"): string {
  const { firstName, lastName } = typeof name === "string" ? { firstName: name, lastName: "" } : name;
  if (locale === "ja-JP") {
    const full = [inline(lastName, 100), inline(firstName, 100)].filter(Boolean).join(" ");
    return full ? `こんにちは、${full} 様` : "お客様";
  }
  const given = inline(firstName, 100);
  return given ? `Hi ${given},` : "Hi,";
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

// The HTML part is laid out the way mail clients render reliably: nested tables, every style
// inline (no <style> block, which some clients drop), no image, font or other resource fetched
// from anywhere, the brand as text, the main link as a button with its address written out
// beneath, and the plain-text part beside it.
const FONT = "font-family:Arial,Helvetica,sans-serif;";
const CELL = "padding:8px 32px;";
const BODY_TEXT = `${FONT}font-size:16px;line-height:24px;color:#1f2937;`;
const LINK = "color:#1d4ed8;text-decoration:underline;";

/** The few words of the layout itself, in the mail's language. */
const LAYOUT_TEXT = {
  en: { fallback: "If the button does not work, copy this address into your browser:" },
  ja: { fallback: "ボタンが動作しない場合は、次のアドレスをブラウザに貼り付けてください：" },
} as const;

const row = (style: string, inner: string) => `<tr><td style="${style}">${inner}</td></tr>`;

function button(link: MailLink): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td style="background-color:#111827;border-radius:6px;"><a href="${esc(link.href)}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;line-height:20px;color:#ffffff;text-decoration:none;">${esc(link.label)}</a></td></tr></table>`;
}

function htmlPart(opts: {
  lang: string;
  subject: string;
  paragraphs: string[];
  link: MailLink | undefined;
  more: MailLink[];
  footer: MailLink[];
}): string {
  const words = opts.lang === "ja" ? LAYOUT_TEXT.ja : LAYOUT_TEXT.en;
  const rows = [
    row(
      `padding:24px 32px 8px;${FONT}font-size:20px;font-weight:bold;letter-spacing:2px;color:#111827;`,
      esc(BRAND.name),
    ),
    row(
      CELL,
      `<h1 style="margin:0;${FONT}font-size:22px;line-height:30px;color:#111827;">${esc(opts.subject)}</h1>`,
    ),
    ...opts.paragraphs.map((p) =>
      row(CELL, `<p style="margin:0;${BODY_TEXT}">${esc(p).replace(/\n/g, "<br>")}</p>`),
    ),
    ...(opts.link
      ? [
          row("padding:16px 32px 8px;", button(opts.link)),
          row(
            `padding:0 32px 8px;${FONT}font-size:13px;line-height:20px;color:#4b5563;word-break:break-all;`,
            `${esc(words.fallback)}<br><a href="${esc(opts.link.href)}" style="${LINK}">${esc(opts.link.href)}</a>`,
          ),
        ]
      : []),
    ...opts.more.map((m) =>
      row(
        CELL,
        `<p style="margin:0;${BODY_TEXT}"><a href="${esc(m.href)}" style="${LINK}">${esc(m.label)}</a></p>`,
      ),
    ),
    row(`padding:16px 32px 24px;${BODY_TEXT}`, `— ${esc(BRAND.name)}`),
  ];
  const footer = opts.footer.length
    ? row(
        `padding:12px 32px;${FONT}font-size:12px;line-height:18px;color:#6b7280;text-align:center;`,
        opts.footer
          .map(
            (f) =>
              `<a href="${esc(f.href)}" style="color:#6b7280;text-decoration:underline;">${esc(f.label)}</a>`,
          )
          .join(" · "),
      )
    : "";
  return `<!doctype html><html lang="${esc(opts.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${esc(opts.subject)}</title></head>
<body style="margin:0;padding:0;background-color:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f3f4f6;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background-color:#ffffff;border-radius:8px;">
${rows.join("\n")}
</table>
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;">${footer}</table>
</td></tr></table>
</body></html>`;
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
  const html = htmlPart({ lang, subject, paragraphs, link, more, footer });
  const text = [
    ...paragraphs,
    ...(link ? [`${link.label}: ${link.href}`] : []),
    ...more.map((m) => `${m.label}: ${m.href}`),
    `— ${BRAND.name}`,
    ...footer.map((f) => `${f.label}: ${f.href}`),
  ].join("\n\n");
  return { to, subject, text, html, kind, ...(replyTo ? { replyTo } : {}) };
}
