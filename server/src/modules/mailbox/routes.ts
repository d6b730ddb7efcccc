// The development mailbox: lists the outbox so that a person running the store on a
// laptop without a mail server can follow a reset or activation link. Registered only
// when config.devMailbox is true (not production, no SMTP_URL, a loopback HOST or DEV_MAILBOX=on),
// and answered only under the store's own host names (mailboxHostnames).
import { BRAND } from "@vela/shared";
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from "fastify";
import type { Db } from "../../db/client.ts";
import { AppError, REQUEST_ERRORS } from "../../errors.ts";
import { escapeHtml as esc } from "../../http/html.ts";
import { LOOPBACK_HOSTS } from "../../http/security.ts";

/**
 * The host names the mailbox answers under: PUBLIC_URL's and the loopback names (the mailbox is
 * never served in production; a laptop reaches it as localhost or 127.0.0.1 alike, on the
 * server's port or through the client's dev server). A page of any other name that resolves to
 * this server (DNS rebinding: evil.test pointed at 127.0.0.1) would be same-origin with the
 * mailbox and could read the reset links in it: under such a name it does not exist (404).
 */
export function mailboxHostnames(publicUrl: string): Set<string> {
  return new Set([new URL(publicUrl).hostname, ...LOOPBACK_HOSTS]);
}

/** The name part of a Host value (`[::1]:5173` → `[::1]`, `Localhost:3000` → `localhost`). */
function hostnameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  const colon = value.indexOf(":");
  return colon === -1 ? value : value.slice(0, colon);
}

/** Whether the Host, and every X-Forwarded-Host a proxy (or the page) added, is one of `names`. */
function ownHostOnly(req: FastifyRequest, names: Set<string>): boolean {
  const host = req.headers.host;
  if (typeof host !== "string" || !names.has(hostnameOf(host))) return false;
  const forwarded = req.headers["x-forwarded-host"];
  if (forwarded === undefined) return true;
  const values = (Array.isArray(forwarded) ? forwarded.join(",") : forwarded).split(",");
  return values.every((value) => names.has(hostnameOf(value)));
}

/**
 * The URL when it is a page of our own store: same origin once parsed, and no user name or
 * password (`http://localhost:3000@evil.test/` starts like ours but is evil.test's).
 */
function ownUrl(raw: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.username || url.password) return null;
  return url.href;
}

/** Escapes the text, then turns links to our own store, and only those, into anchors. */
export function linkify(text: string, publicUrl: string): string {
  const origin = new URL(publicUrl).origin;
  return esc(text).replace(/https?:\/\/[^\s<]+/gi, (shown) => {
    const href = ownUrl(shown.replace(/&amp;/g, "&"), origin);
    return href ? `<a href="${esc(href)}">${shown}</a>` : shown;
  });
}

/**
 * The mailbox's own policy: no script at all, its styles inline, nothing fetched. The preview of
 * a mail's HTML part is an iframe's srcdoc, which inherits this policy, in a sandbox that allows
 * no scripts either; links in it may open in a new tab, out of the sandbox.
 */
export const MAILBOX_CSP = [
  "default-src 'none'",
  "script-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${esc(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#111}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}a{color:#0645ad}</style></head><body><main>${body}</main></body></html>`;
}

export function registerMailbox(app: FastifyInstance, db: Db, publicUrl: string): void {
  const names = mailboxHostnames(publicUrl);
  const onRequest: onRequestHookHandler = (req, _reply, done) => {
    if (ownHostOnly(req, names)) done();
    else done(new AppError("NOT_FOUND", REQUEST_ERRORS.notFound));
  };
  app.get("/dev/mailbox", { onRequest }, async (_req, reply) => {
    const select = { id: true, to: true, subject: true, kind: true, createdAt: true } as const;
    // Mail held back by the per-recipient limit is listed apart: it would never be sent.
    const [mails, held] = await Promise.all([
      db.emailOutbox.findMany({ where: { heldAt: null }, orderBy: { id: "desc" }, take: 200, select }),
      db.emailOutbox.findMany({
        where: { heldAt: { not: null } },
        orderBy: { id: "desc" },
        take: 200,
        select,
      }),
    ]);
    const rows = (list: typeof mails) =>
      list
        .map(
          (m) =>
            `<tr><td>${m.createdAt.toISOString()}</td><td>${esc(m.to)}</td><td><a href="/dev/mailbox/${m.id}">${esc(m.subject)}</a></td><td>${esc(m.kind)}</td></tr>`,
        )
        .join("");
    const head = `<thead><tr><th scope="col">Created</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Kind</th></tr></thead>`;
    const heldSection = held.length
      ? `<h2 id="held">Held back (never sent)</h2><p>Over the limit of mails of one kind to one address; kept for the record, never delivered.</p>
<table aria-labelledby="held">${head}<tbody>${rows(held)}</tbody></table>`
      : "";
    const body = `<h1>${esc(BRAND.name)} development mailbox</h1><p>Mail stays here because no SMTP_URL is set. Newest first.</p>
<table>${head}<tbody>${rows(mails)}</tbody></table>${heldSection}`;
    reply
      .header("cache-control", "no-store")
      .header("content-security-policy", MAILBOX_CSP)
      .type("text/html; charset=utf-8");
    return page("Development mailbox", body);
  });

  app.get("/dev/mailbox/:id", { onRequest }, async (req, reply) => {
    const id = Number((req.params as { id: string }).id);
    const mail = Number.isSafeInteger(id) ? await db.emailOutbox.findUnique({ where: { id } }) : null;
    reply
      .header("cache-control", "no-store")
      .header("content-security-policy", MAILBOX_CSP)
      .type("text/html; charset=utf-8");
    if (!mail) {
      reply.code(404);
      return page(
        "Not found",
        `<h1>Mail not found</h1><p><a href="/dev/mailbox">Back to the mailbox</a></p>`,
      );
    }
    const body = `<p><a href="/dev/mailbox">Back to the mailbox</a></p><h1>${esc(mail.subject)}</h1>
<p>To: ${esc(mail.to)}<br>Created: ${mail.createdAt.toISOString()}</p>${mail.heldAt ? `<p><strong>Held back, never sent:</strong> this address had reached its limit of ${esc(mail.kind)} mails.</p>` : ""}<h2>HTML part</h2>
<iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${esc(mail.html)}" style="width:100%;height:36rem;border:1px solid #ddd"></iframe>
<h2>Text part</h2><pre>${linkify(mail.text, publicUrl)}</pre>`;
    return page(mail.subject, body);
  });
}
