// Helpers for the security tests (tokens, sessions, CSRF, rate limits, logs): reading
// links out of the outbox, dumping the database to search it for secrets, and sending
// requests with exactly the headers a test chooses.
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { RATE_LIMITS, type RateLimits } from "../src/auth/rate-limit.ts";
import { type Db, twinFor } from "../src/db/client.ts";
import type { TestApp } from "./helpers.ts";

/** Limits high enough that no test outside rate-limits.test.ts ever meets them. */
export const GENEROUS_LIMITS: RateLimits = Object.fromEntries(
  Object.keys(RATE_LIMITS).map((k) => [k, { limit: 10_000, windowSeconds: 60 }]),
) as RateLimits;

export const DAY_MS = 24 * 3600 * 1000;

export interface EmailedLink {
  url: URL;
  customerId: string;
  token: string;
  timestamp: string;
}

/** The newest mail of that kind to that address (throws when there is none). */
export async function latestMail(db: Db, to: string, kind: string) {
  const mail = await db.emailOutbox.findFirst({ where: { to, kind }, orderBy: { id: "desc" } });
  if (!mail) throw new Error(`no ${kind} mail to ${to}`);
  return mail;
}

/** The reset or activation link of the newest such mail to that address. */
export async function linkFromOutbox(
  db: Db,
  to: string,
  kind: "password-reset" | "account-activation",
): Promise<EmailedLink> {
  const mail = await latestMail(db, to, kind);
  const href = /https?:\/\/\S+\/account\/(?:reset|activate)\?\S+/.exec(mail.text)?.[0];
  if (!href) throw new Error(`no link in the ${kind} mail to ${to}`);
  const url = new URL(href);
  return {
    url,
    customerId: url.searchParams.get("customerId") ?? "",
    token: url.searchParams.get("token") ?? "",
    timestamp: url.searchParams.get("timestamp") ?? "",
  };
}

/** Asks for a reset email through the API and returns the link it carried. */
export async function recoverLink(t: TestApp, email: string, ip?: string): Promise<EmailedLink> {
  const res = await t.api("POST", "/api/account/recover", { body: { email }, ...(ip ? { ip } : {}) });
  if (res.statusCode !== 200) throw new Error(`recover failed: ${res.statusCode} ${res.body}`);
  return linkFromOutbox(t.db, email, "password-reset");
}

export function resetWith(t: TestApp, link: EmailedLink, password: string, ip?: string) {
  return t.api("POST", "/api/account/reset", {
    body: { customerId: link.customerId, resetToken: link.token, syclid: null, password },
    ...(ip ? { ip } : {}),
  });
}

export function activateWith(t: TestApp, link: EmailedLink, password: string, ip?: string) {
  return t.api("POST", "/api/account/activate", {
    body: { customerId: link.customerId, activationToken: link.token, syclid: null, password },
    ...(ip ? { ip } : {}),
  });
}

/** Every row of every table, as one string, to search for a secret. */
export async function dumpDatabase(db: Db, opts: { except?: string[] } = {}): Promise<string> {
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    twinFor(db, {
      // An FTS5 table's rows are read through the table itself; its shadow tables hold the same
      // texts as binary index data.
      sqlite:
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') AND name <> 'sqlite_schema' ORDER BY name",
      postgresql:
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename",
    }),
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    if (opts.except?.includes(name)) continue;
    const rows = await db.$queryRawUnsafe<unknown[]>(`SELECT * FROM "${name.replace(/"/g, '""')}"`);
    parts.push(
      `${name}: ${JSON.stringify(rows, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v))}`,
    );
  }
  return parts.join("\n");
}

/** A request with exactly these headers: nothing is added, not even an Origin. */
export function rawRequest(
  t: TestApp,
  opts: {
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
    url: string;
    headers?: Record<string, string>;
    payload?: string;
    ip?: string;
  },
): Promise<LightMyRequestResponse> {
  const inject: InjectOptions = {
    method: opts.method,
    url: opts.url,
    headers: { host: "store.vela.test", ...opts.headers },
    ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  };
  return t.app.inject(inject);
}

/** Every Set-Cookie line of an answer. */
export function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers["set-cookie"];
  return Array.isArray(raw) ? raw : raw ? [raw] : [];
}

/** The value of `vela_session=<value>` in a cookie header. */
export function cookieValue(cookie: string): string {
  return cookie.slice(cookie.indexOf("=") + 1);
}

/** `vela_device=<value>` from an answer's Set-Cookie lines (throws when there is none). */
export function deviceCookieFrom(res: LightMyRequestResponse): string {
  const line = setCookies(res).find((c) => c.startsWith("vela_device="));
  if (!line) throw new Error("no device cookie");
  return line.split(";")[0] ?? "";
}
