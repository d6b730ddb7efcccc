// One layout for every email the store sends: paragraphs, an optional main link, the brand's
// signature, optional footer links (unsubscribe). Every dynamic value is escaped in the HTML part.
import { BRAND } from "@vela/shared";
import { escapeHtml as esc } from "../http/html.ts";
import type { OutgoingMail } from "./mailer.ts";

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
  footer?: MailLink[];
  lang?: string;
}): OutgoingMail {
  const { to, subject, kind, replyTo, paragraphs, link, footer = [], lang = "en" } = opts;
  const html = `<!doctype html><html lang="${esc(lang)}"><body><h1>${esc(subject)}</h1>
${paragraphs.map((p) => `<p>${esc(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
${link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : ""}<p>— ${esc(BRAND.name)}</p>
${footer.map((f) => `<p style="font-size:12px"><a href="${esc(f.href)}">${esc(f.label)}</a></p>`).join("\n")}</body></html>`;
  const text = [
    ...paragraphs,
    ...(link ? [`${link.label}: ${link.href}`] : []),
    `— ${BRAND.name}`,
    ...footer.map((f) => `${f.label}: ${f.href}`),
  ].join("\n\n");
  return { to, subject, text, html, kind, ...(replyTo ? { replyTo } : {}) };
}
