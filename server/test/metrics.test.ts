// /metrics: Prometheus' text format with the store's figures, served to this machine or to a
// scraper with METRICS_TOKEN, never to the public (http/metrics-route.ts, docs/deploying.md).
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { metricsAccess } from "../src/http/metrics-route.ts";
import { statementKind } from "../src/observability/metrics.ts";
import { createTestApp, DEMO_CUSTOMER, PUBLIC_URL, type TestApp } from "./helpers.ts";
import { freshTestDatabase } from "./support-db.ts";

const TOKEN = "m".repeat(40);

/** The value of one sample line, e.g. `sign_in_failures_total{who="customer"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { loginAccount: { limit: 2, windowSeconds: 900 } } });
  });
  afterAll(async () => t.close());

  const scrape = (headers: Record<string, string> = {}, ip?: string) =>
    t.app.inject({ method: "GET", url: "/metrics", headers, ...(ip ? { remoteAddress: ip } : {}) });

  it("answers this machine in Prometheus' text format, with the process's figures", async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    for (const name of [
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_p99_seconds",
      "http_request_duration_seconds",
      "db_statement_duration_seconds",
      "page_cache_answers_total",
      "sign_in_failures_total",
      "rate_limit_refusals_total",
      "outbox_backlog",
      "outbox_failing",
      "process_cpu_user_seconds_total",
      "process_cpu_system_seconds_total",
      "process_cpu_seconds_total",
      "nodejs_gc_duration_seconds",
    ]) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
  });

  it("counts the process's CPU time, user and system adding up to the total", async () => {
    // Some work between two scrapes, so that the counters move.
    const until = Date.now() + 20;
    while (Date.now() < until) Math.sqrt(Math.random());
    const body = (await scrape()).body;
    const user = sample(body, "process_cpu_user_seconds_total") ?? Number.NaN;
    const system = sample(body, "process_cpu_system_seconds_total") ?? Number.NaN;
    const total = sample(body, "process_cpu_seconds_total");
    expect(user).toBeGreaterThan(0);
    expect(total).toBeCloseTo(user + system, 6);
  });

  it("times each answer by its route's pattern, method and status, never by the URL as sent", async () => {
    await t.api("GET", "/api/products/vela-one-xr-glasses");
    await t.api("GET", "/api/products/no-such-product-a1b2c3");
    const body = (await scrape()).body;
    expect(
      sample(
        body,
        'http_request_duration_seconds_count{route="/api/products/:handle",method="GET",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        body,
        'http_request_duration_seconds_count{route="/api/products/:handle",method="GET",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(body).not.toContain("no-such-product-a1b2c3");
  });

  it("names a known tRPC procedure, and keeps made-up ones under the route's pattern", async () => {
    await t.app.inject({ method: "GET", url: "/trpc/catalog.list?input=%7B%7D" });
    await t.app.inject({ method: "GET", url: "/trpc/madeUpProcedure12345" });
    const body = (await scrape()).body;
    expect(body).toContain('route="/trpc/catalog.list"');
    expect(body).toContain('route="/trpc/:path"');
    expect(body).not.toContain("madeUpProcedure12345");
  });

  it("counts refused sign-ins and the rate limit's refusals by scope", async () => {
    const before = (await scrape()).body;
    const failures = sample(before, 'sign_in_failures_total{who="customer"}') ?? 0;
    for (let i = 0; i < 3; i++) {
      await t.api("POST", "/api/account/login", {
        body: { email: DEMO_CUSTOMER.email, password: "wrong-password" },
      });
    }
    const after = (await scrape()).body;
    // Two wrong passwords, then the third is refused by the limit before the password is checked.
    expect(sample(after, 'sign_in_failures_total{who="customer"}')).toBe(failures + 2);
    expect(sample(after, 'rate_limit_refusals_total{scope="login"}')).toBe(1);
  });

  it("reports the outbox's backlog and its failing mails", async () => {
    await t.db.emailOutbox.deleteMany({});
    await t.db.emailOutbox.createMany({
      data: [
        { to: "a@example.com", subject: "s", text: "t", html: "h", kind: "test" },
        {
          to: "b@example.com",
          subject: "s",
          text: "t",
          html: "h",
          kind: "test",
          lastError: "refused",
          attempts: 1,
        },
        { to: "c@example.com", subject: "s", text: "t", html: "h", kind: "test", sentAt: new Date() },
        { to: "d@example.com", subject: "s", text: "t", html: "h", kind: "test", heldAt: new Date() },
      ],
    });
    await new Promise((r) => setTimeout(r, 1_100)); // past the one-second reuse of a reading
    const body = (await scrape()).body;
    expect(sample(body, "outbox_backlog")).toBe(2);
    expect(sample(body, "outbox_failing")).toBe(1);
  });

  it("is not found for anyone else: another address, or this machine through a proxy", async () => {
    for (const res of [
      await scrape({}, "203.0.113.9"),
      await scrape({ "x-forwarded-for": "203.0.113.9" }),
      await scrape({ forwarded: "for=203.0.113.9" }),
      await scrape({ "x-real-ip": "203.0.113.9" }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("process_resident_memory_bytes");
    }
  });

  it("refuses a bearer token when none is configured", async () => {
    const res = await scrape({ authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(401);
    expect(res.headers["www-authenticate"]).toBe('Bearer realm="metrics"');
  });
});

describe("/metrics with METRICS_TOKEN, behind a proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: "1" } });
  });
  afterAll(async () => t.close());

  it("answers the token from anywhere, refuses a wrong one with 401, and loopback proves nothing", async () => {
    const ok = await t.app.inject({
      method: "GET",
      url: "/metrics",
      remoteAddress: "198.51.100.7",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain("# TYPE http_request_duration_seconds histogram");
    const wrong = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${"x".repeat(40)}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain("process_resident_memory_bytes");
    // A proxy on this machine makes every public request arrive from 127.0.0.1.
    const loopback = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(loopback.statusCode).toBe(404);
  });
});

describe("metricsAccess", () => {
  const direct = (remoteAddress: string, headers: Record<string, string> = {}) => ({
    headers,
    socket: { remoteAddress },
  });
  it("lets loopback in only when nothing stands between", () => {
    expect(metricsAccess(direct("127.0.0.1"), undefined, false)).toBe("yes");
    expect(metricsAccess(direct("::1"), undefined, false)).toBe("yes");
    expect(metricsAccess(direct("::ffff:127.0.0.1"), undefined, false)).toBe("yes");
    expect(metricsAccess(direct("10.0.0.2"), undefined, false)).toBe("no");
    expect(metricsAccess(direct("127.0.0.1"), undefined, true)).toBe("no");
    expect(metricsAccess(direct("127.0.0.1", { "x-forwarded-host": "shop" }), undefined, false)).toBe("no");
  });
  it("takes only the exact token, as a bearer token", () => {
    expect(metricsAccess(direct("10.0.0.2", { authorization: `Bearer ${TOKEN}` }), TOKEN, true)).toBe("yes");
    expect(metricsAccess(direct("10.0.0.2", { authorization: `Basic ${TOKEN}` }), TOKEN, true)).toBe(
      "bad-token",
    );
    expect(metricsAccess(direct("127.0.0.1", { authorization: `Bearer ${TOKEN}x` }), TOKEN, false)).toBe(
      "bad-token",
    );
  });
});

describe("METRICS_TOKEN", () => {
  it("must be long enough to be a secret, with a message that says how to make one", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short", SESSION_SECRET: "s".repeat(43) })).toThrow(
      /METRICS_TOKEN must be 32 to 256 characters.*openssl rand -hex 32/,
    );
    expect(loadConfig({ METRICS_TOKEN: TOKEN, SESSION_SECRET: "s".repeat(43) }).metricsToken).toBe(TOKEN);
  });
});

describe("statement timings", () => {
  it("time every statement the store sends, by kind, when the app opens its own database", async () => {
    const database = await freshTestDatabase();
    const config = loadConfig({
      NODE_ENV: "test",
      DATABASE_URL: database.url,
      PUBLIC_URL,
      SESSION_SECRET: "t".repeat(43),
    });
    const sink = new Writable({ write: (_c, _e, cb) => cb() });
    const app = await buildApp(config, { logStream: sink });
    try {
      await app.ready();
      await app.inject({ method: "GET", url: "/api/products" });
      const body = (await app.inject({ method: "GET", url: "/metrics" })).body;
      expect(sample(body, 'db_statement_duration_seconds_count{kind="select"}')).toBeGreaterThanOrEqual(1);
    } finally {
      await app.close();
      await database.drop();
    }
  });

  it("are labelled by the first keyword only", () => {
    expect(statementKind("SELECT * FROM x WHERE secret = 'a'")).toBe("select");
    expect(statementKind("  insert into t values (1)")).toBe("insert");
    expect(statementKind("PRAGMA foreign_keys = ON")).toBe("other");
  });
});
