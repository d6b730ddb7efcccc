// Helpers of the tests that run the real server as several processes on one database
// (multi-instance.test.ts) or stop one in the middle of a burst (shutdown.test.ts): the shared
// database, requests as a browser behind a reverse proxy would send them, and an SMTP server
// that records what it receives.
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { freshTestDatabase, testEngine } from "../../../server/test/support-db.ts";
import { prepareDatabase, scratchDir } from "../../src/lib/server-process.ts";

export interface TestDatabase {
  url: string;
  engine: "sqlite" | "postgresql";
}

/**
 * The database the server processes share, on the engine of the run: in the PostgreSQL pass
 * (vitest.postgres.config.ts) a new database copied from the migrated and seeded template of
 * the server suite's global set-up (server/test/support-db.ts), dropped with the run; otherwise a
 * new SQLite file in a scratch folder, which several processes share through WAL and the busy
 * handling of server/src/db/client.ts.
 */
export async function testDatabase(label: string, scratch: string[]): Promise<TestDatabase> {
  if (testEngine() === "postgresql") {
    const db = await freshTestDatabase(label);
    return { url: db.url, engine: "postgresql" };
  }
  const dir = scratchDir(label);
  scratch.push(dir);
  const file = path.join(dir, "store.db");
  prepareDatabase(file);
  return { url: `file:${file}`, engine: "sqlite" };
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  retryAfter: string | null;
  setCookies: string[];
  ms: number;
}

/**
 * One call as the store's page would make it through a reverse proxy: the Origin is the
 * store's public address (the same for every instance), and X-Forwarded-For names the
 * client, which the servers trust (TRUST_PROXY=true).
 */
export async function send(
  base: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  route: string,
  opts: { publicUrl: string; cookie?: string; body?: unknown; ip?: string },
): Promise<Reply> {
  const headers: Record<string, string> = { "x-forwarded-for": opts.ip ?? "198.51.100.1" };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (method !== "GET") {
    headers.origin = opts.publicUrl;
    headers["content-type"] = "application/json";
  }
  const started = performance.now();
  const res = await fetch(`${base}${route}`, {
    method,
    headers,
    ...(method !== "GET" ? { body: JSON.stringify(opts.body ?? {}) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { unparsed: text.slice(0, 300) };
  }
  return {
    status: res.status,
    body,
    retryAfter: res.headers.get("retry-after"),
    setCookies: res.headers.getSetCookie(),
    ms: Math.round(performance.now() - started),
  };
}

export function sessionFrom(reply: Reply): string {
  const c = reply.setCookies.find((s) => s.startsWith("vela_session="));
  if (!c) throw new Error(`no session cookie in ${reply.status} ${JSON.stringify(reply.body)}`);
  return c.split(";")[0] as string;
}

export interface ReceivedMail {
  to: string;
  subject: string;
  /** The text with quoted-printable soft breaks and =3D undone, for finding links. */
  text: string;
}

/** A real SMTP server on loopback that keeps every mail it is given. */
export async function smtpSink(): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (c: Buffer) => {
        data += c.toString("utf8");
      });
      stream.on("end", () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(","),
          subject: /^Subject: (.*)$/m.exec(data)?.[1]?.trim() ?? "",
          text: data.replace(/=\r?\n/g, "").replace(/=3D/g, "="),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
