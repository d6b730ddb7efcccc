import { Writable } from "node:stream";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../src/app.ts";
import { RATE_LIMITS, type RateLimits } from "../src/auth/rate-limit.ts";
import { ManualClock } from "../src/clock.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { createDb, type Db } from "../src/db/client.ts";
import type { Deps } from "../src/deps.ts";
import { DEMO_CUSTOMER, SECOND_CUSTOMER } from "../src/seed/demo.ts";
import { createContextFactory } from "../src/trpc/context.ts";
import { createCaller } from "../src/trpc/router.ts";
import { freshTestDatabase } from "./support-db.ts";

export { DEMO_CUSTOMER, SECOND_CUSTOMER };
export const PUBLIC_URL = "https://store.vela.test";
export const ORIGIN = PUBLIC_URL;

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  db: Db;
  clock: ManualClock;
  config: Config;
  logs: string[];
  /** JSON request with a same-origin Origin header (what a browser sends); waits for background work. */
  api(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    url: string,
    opts?: { body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string },
  ): Promise<LightMyRequestResponse>;
  /** Signs in through the REST path and returns the session cookie header value. */
  login(email?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** Fresh copy of the seeded template database, a manual clock, and logs captured in memory. */
export async function createTestApp(
  opts: {
    rateLimits?: Partial<RateLimits>;
    clock?: ManualClock;
    onQuery?: (sql: string) => void;
    /** Extra environment for loadConfig, e.g. SMTP_URL or NODE_ENV=production. */
    env?: Record<string, string>;
  } = {},
): Promise<TestApp> {
  const database = await freshTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    PUBLIC_URL,
    SESSION_SECRET: "t".repeat(43),
    LOG_LEVEL: "info",
    ...opts.env,
  });
  const logs: string[] = [];
  const db = createDb(config.databaseUrl, {
    ...(opts.onQuery ? { onQuery: opts.onQuery } : {}),
    // A retried PostgreSQL transaction is logged beside the app's own lines.
    log: { warn: (obj, msg) => logs.push(`${JSON.stringify({ level: 40, ...obj, msg })}\n`) },
  });
  const clock = opts.clock ?? new ManualClock(Date.now());
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const app = await buildApp(config, {
    db,
    clock,
    rateLimits: { ...RATE_LIMITS, ...opts.rateLimits },
    logStream,
  });
  await app.ready();
  const t: TestApp = {
    app,
    deps: app.deps,
    db,
    clock,
    config,
    logs,
    async api(method, url, o = {}) {
      const headers: Record<string, string> = { origin: ORIGIN, host: "store.vela.test", ...o.headers };
      if (o.cookie) headers.cookie = o.cookie;
      if (o.body !== undefined) headers["content-type"] ??= "application/json";
      const res = await app.inject({
        method,
        url,
        headers,
        ...(o.ip ? { remoteAddress: o.ip } : {}),
        ...(o.body !== undefined
          ? { payload: typeof o.body === "string" ? o.body : JSON.stringify(o.body) }
          : {}),
      });
      // Work a call left for after its answer (the reset mail of recover) is done before the
      // test looks at the database.
      await app.deps.background.idle();
      return res;
    },
    async login(email = DEMO_CUSTOMER.email, password = DEMO_CUSTOMER.password) {
      const res = await t.api("POST", "/api/account/login", { body: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return cookieFrom(res);
    },
    async close() {
      await app.close();
      await db.$disconnect();
      await database.drop();
    },
  };
  return t;
}

export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const session = list.find((c) => c.startsWith("vela_session="));
  if (!session) throw new Error("no session cookie");
  return session.split(";")[0] ?? "";
}

/** A tRPC caller with a fake request, for testing procedures without HTTP. */
export function callerFor(t: TestApp, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const cookies: Record<string, string> = {};
  if (cookie) {
    const [k, v] = cookie.split("=");
    if (k && v) cookies[k] = v;
  }
  const replyHeaders: Record<string, string> = {};
  const req = { headers, cookies, ip: "127.0.0.1", protocol: "https", log: t.app.log } as never;
  const reply = {
    header: (k: string, v: string) => {
      replyHeaders[k] = v;
      return reply;
    },
    setCookie: () => reply,
    clearCookie: () => reply,
  } as never;
  return createCaller(createContextFactory(t.deps)(req, reply));
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => res.json() as T;
