// The storefront's emails (contact messages, newsletter). Every dynamic value is escaped in
// the HTML part, as in mail/templates.ts.
import { BRAND } from "@vela/shared";
import type { OutgoingMail } from "../../mail/mailer.ts";

export const esc = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export interface MailLink {
  href: string;
  label: string;
}

/** A mail of paragraphs, an optional main link first, and optional footer links (unsubscribe). */
export function storefrontMail(opts: {
  to: string;
  subject: string;
  kind: string;
  paragraphs: string[];
  link?: MailLink;
  footer?: MailLink[];
  lang?: string;
}): OutgoingMail {
  const { to, subject, kind, paragraphs, link, footer = [], lang = "en" } = opts;
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
  return { to, subject, text, html, kind };
}
