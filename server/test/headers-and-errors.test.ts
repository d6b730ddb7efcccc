// Security headers on every answer, and errors that never leak internals: no stack
// trace, SQL, Prisma or SQLite text in any answer; the right status for bad JSON, big
// bodies, unknown routes, internal failures (500) and a busy database (503). A failure is put
// where the signed-in reads meet the database: the driver adapter (db/direct.ts), whose first
// statement in a request is the session's.
import { createConnection } from "node:net";
import { MESSAGES } from "@vela/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BODY_LIMIT_BYTES } from "../src/app.ts";
import { directAdapterOf } from "../src/db/direct.ts";
import { CSP } from "../src/http/security.ts";
import { createTestApp, DEMO_CUSTOMER, json, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS, rawRequest } from "./support-security.ts";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  cookie = await t.login();
});
afterAll(() => t.close());

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

function expectSecurityHeaders(res: LightMyRequestResponse): void {
  const csp = res.headers["content-security-policy"];
  expect(typeof csp, "content-security-policy").toBe("string");
  const d = directives(String(csp));
  const scripts = d.get("script-src") ?? d.get("default-src");
  expect(scripts, "script-src or default-src").toBeDefined();
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("*");
  expect(d.get("frame-ancestors")).toEqual(["'none'"]);
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]).toContain(
    res.headers["referrer-policy"],
  );
}

/** Stack lines, file positions, SQL and driver or ORM names: none may reach a client. */
const LEAKS: [string, RegExp][] = [
  ["a stack line", /^\s*at \S+/m],
  ["a stack frame", /\bat [^\s()]+ \(/],
  ["a source position", /\.(?:ts|js|mjs|cjs):\d+/],
  ["a stack property", /"stack"/],
  ["prisma", /prisma/i],
  ["sqlite", /sqlite/i],
  ["SQL", /\b(?:SELECT|INSERT|UPDATE|DELETE)\b.+\b(?:FROM|INTO|SET|WHERE)\b/i],
  ["a syntax error", /syntax error/i],
  ["node_modules", /node_modules/],
  ["a server path", /\/src\/|\/work\//],
];

function expectNoLeak(res: LightMyRequestResponse): void {
  const text = `${JSON.stringify(res.headers)}\n${res.body}`;
  for (const [what, re] of LEAKS) expect(text, `answer contains ${what}`).not.toMatch(re);
}

describe("security headers on every answer", () => {
  const cases: [string, () => Promise<LightMyRequestResponse>, number[]][] = [
    ["GET /api/health", () => t.api("GET", "/api/health"), [200]],
    ["GET /api/account/customer (signed in)", () => t.api("GET", "/api/account/customer", { cookie }), [200]],
    ["GET /api/account/customer (anonymous)", () => t.api("GET", "/api/account/customer"), [401]],
    ["GET /api/no-such-route", () => t.api("GET", "/api/no-such-route"), [404]],
    ["GET /trpc/account.me (anonymous)", () => t.api("GET", "/trpc/account.me"), [401]],
    ["POST /api/account/login (bad input)", () => t.api("POST", "/api/account/login", { body: {} }), [400]],
    [
      "POST from a foreign Origin",
      () => t.api("POST", "/api/cart", { headers: { origin: "https://evil.example" } }),
      [403],
    ],
    [
      "POST as text/plain",
      () => t.api("POST", "/api/cart", { body: "x", headers: { "content-type": "text/plain" } }),
      [415],
    ],
    ["GET /dev/mailbox", () => t.api("GET", "/dev/mailbox"), [200]],
    ["GET /dev/mailbox/1", () => t.api("GET", "/dev/mailbox/1"), [200]],
    ["GET /dev/mailbox/999999", () => t.api("GET", "/dev/mailbox/999999"), [404]],
    ["GET /images/products/…svg", () => t.api("GET", "/images/products/vela-one-xr-glasses-1.svg"), [200]],
    ["GET /no-such-page", () => t.api("GET", "/no-such-page"), [200, 404]],
  ];

  it.each(cases)("%s", async (_name, send, statuses) => {
    const res = await send();
    expect(statuses).toContain(res.statusCode);
    expectSecurityHeaders(res);
  });

  it.each([
    "/account/reset?customerId=1&token=SECRETTOKEN&timestamp=1700000000",
    "/account/activate?customerId=3&token=SECRETTOKEN&timestamp=1700000000",
    "/account/reset",
    "/account/activate",
    "/account/email-change?token=SECRETTOKEN",
    "/account/email-change/cancel?token=SECRETTOKEN",
    "/account/return?token=SECRETTOKEN",
  ])("GET %s carries Referrer-Policy: no-referrer (whether or not a client is built)", async (url) => {
    const res = await t.api("GET", url);
    expect([200, 404]).toContain(res.statusCode);
    expectSecurityHeaders(res);
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("other pages keep a referrer policy that never sends the full URL cross-origin", async () => {
    const res = await t.api("GET", "/account/login");
    expectSecurityHeaders(res);
    expect(res.headers["referrer-policy"]).not.toBe("unsafe-url");
    expect(res.headers["referrer-policy"]).not.toBe("no-referrer-when-downgrade");
  });
});

describe("internal failures never leak", () => {
  const internal = () => new Error("SQLITE_ERROR: near SELECT: syntax error at /src/x.ts:1");
  const prismaLike = () =>
    Object.assign(
      new Error(
        "\nInvalid `prisma.order.findMany()` invocation in\n/work/main/server/src/modules/orders/service.ts:164:40\n\nSELECT id FROM Order WHERE customerId = ?",
      ),
      { code: "P2010", clientVersion: "7.10.0", meta: { driverAdapterError: "SQLITE_CORRUPT" } },
    );

  it.each([
    ["an SQLite error", internal],
    ["a Prisma error", prismaLike],
    ["a TypeError", () => new TypeError("Cannot read properties of undefined (reading 'lines') at x.ts:9")],
    ["a thrown string", () => "SQLITE_ERROR raw string at /src/y.ts:2" as unknown as Error],
  ])("%s → REST 500 with the generic text", async (_name, make) => {
    vi.spyOn(await directAdapterOf(t.deps.db), "queryRaw").mockRejectedValueOnce(make());
    const res = await t.api("GET", "/api/account/orders", { cookie });
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ message: MESSAGES.internal, error: MESSAGES.internal });
    expectNoLeak(res);
    expectSecurityHeaders(res);
  });

  it("→ tRPC 500 with the generic text and no stack", async () => {
    vi.spyOn(await directAdapterOf(t.deps.db), "queryRaw").mockRejectedValueOnce(prismaLike());
    const res = await t.api("GET", "/trpc/orders.list", { cookie });
    expect(res.statusCode).toBe(500);
    expect(json<{ error: { message: string } }>(res).error.message).toBe(MESSAGES.internal);
    expectNoLeak(res);
  });

  it("→ 500 in a mutation (login) as well", async () => {
    vi.spyOn(t.deps.db.customer, "findUnique").mockRejectedValue(internal());
    const res = await t.api("POST", "/api/account/login", { body: DEMO_CUSTOMER });
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ message: MESSAGES.internal, error: MESSAGES.internal });
    expectNoLeak(res);
  });

  it("→ 500 from a plain Fastify route (the dev mailbox)", async () => {
    vi.spyOn(t.deps.db.emailOutbox, "findMany").mockRejectedValue(internal());
    const res = await t.api("GET", "/dev/mailbox");
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({ message: MESSAGES.internal, error: MESSAGES.internal });
    expectNoLeak(res);
    expectSecurityHeaders(res);
  });

  it("is logged on the server (through pino, not the answer)", async () => {
    const before = t.logs.length;
    vi.spyOn(await directAdapterOf(t.deps.db), "queryRaw").mockRejectedValueOnce(internal());
    await t.api("GET", "/api/account/orders", { cookie });
    const lines = t.logs.slice(before).join("\n");
    expect(lines).toContain("SQLITE_ERROR: near SELECT");
    expect(lines).toMatch(/"level":50/);
  });
});

describe("a busy database → 503 with Retry-After", () => {
  it.each([
    [
      "SQLITE_BUSY",
      () => Object.assign(new Error("SQLITE_BUSY: database is locked"), { code: "SQLITE_BUSY" }),
    ],
    ["database is locked", () => new Error("database is locked")],
  ])("%s (REST)", async (_name, make) => {
    vi.spyOn(await directAdapterOf(t.deps.db), "queryRaw").mockRejectedValueOnce(make());
    const res = await t.api("GET", "/api/account/orders", { cookie });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({ message: MESSAGES.busy, error: MESSAGES.busy });
    expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expectNoLeak(res);
  });

  it("(tRPC)", async () => {
    vi.spyOn(await directAdapterOf(t.deps.db), "queryRaw").mockRejectedValueOnce(
      new Error("SQLITE_BUSY: database is locked"),
    );
    const res = await t.api("GET", "/trpc/orders.list", { cookie });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(json<{ error: { message: string } }>(res).error.message).toBe(MESSAGES.busy);
    expectNoLeak(res);
  });
});

describe("bad requests", () => {
  it("invalid JSON → 400 {message, error}", async () => {
    const res = await t.api("POST", "/api/account/login", {
      body: '{"email": "demo@vela.test", "password": ',
    });
    expect(res.statusCode).toBe(400);
    const body = json<{ message: string; error: string }>(res);
    expect(typeof body.message).toBe("string");
    expect(body.error).toBe(body.message);
    expect(res.body).not.toContain("demo@vela.test");
    expectNoLeak(res);
  });

  it("invalid JSON to tRPC → 400 without internals", async () => {
    const res = await t.api("POST", "/trpc/account.login", { body: "{not json" });
    expect(res.statusCode).toBe(400);
    expectNoLeak(res);
  });

  it.each(["/api/account/login", "/trpc/account.login"])(
    "a body over 64 KB to %s → 413 {message, error}",
    async (url) => {
      expect(BODY_LIMIT_BYTES).toBe(64 * 1024);
      const big = JSON.stringify({ email: DEMO_CUSTOMER.email, password: "x".repeat(BODY_LIMIT_BYTES) });
      const res = await t.api("POST", url, { body: big });
      expect(res.statusCode).toBe(413);
      expect(json(res)).toEqual({
        message: "The request body is too large",
        error: "The request body is too large",
      });
      expectSecurityHeaders(res);
    },
  );

  it("a body just under the limit is parsed (and validated) normally", async () => {
    const body = JSON.stringify({ email: DEMO_CUSTOMER.email, password: "x".repeat(60 * 1024) });
    const res = await t.api("POST", "/api/account/login", { body });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ["GET", "/api/no-such-route"],
    ["POST", "/api/no-such-route"],
    ["DELETE", "/api/account/customer"],
    ["GET", "/api"],
  ] as const)("%s %s → 404 JSON", async (method, url) => {
    const res = await t.api(method, url);
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(json(res)).toEqual({ message: "Not found", error: "Not found" });
  });

  it("an unknown tRPC procedure → 404 without internals", async () => {
    const res = await t.api("GET", "/trpc/account.nothing");
    expect(res.statusCode).toBe(404);
    expectNoLeak(res);
  });

  it("a request without a Host header is not a 500", async () => {
    const res = await rawRequest(t, { method: "GET", url: "/api/health", headers: { host: "" } });
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe("framework answers go through the store's error mapping", () => {
  /** Text the answers must never repeat: it marks what the request sent. */
  const MARK = "MARKzq7";
  const LONG = `${"A".repeat(300)}${MARK}`;

  function expectStoreAnswer(res: LightMyRequestResponse, status: number, message: string): void {
    expect(res.statusCode, res.body).toBe(status);
    expectSecurityHeaders(res);
    expect(res.body).not.toContain(MARK);
    expect(JSON.stringify(res.headers)).not.toContain(MARK);
    expectNoLeak(res);
    const body = json<{ message?: string; error?: { message?: string } }>(res);
    expect(body.message ?? body.error?.message).toBe(message);
  }

  function trpcMessage(res: LightMyRequestResponse): string {
    return json<{ error: { message: string } }>(res).error.message;
  }

  it.each([`/api/account/orders/${LONG}`, `/dev/mailbox/${LONG}`, `/images/products/${LONG}.svg`])(
    "a path parameter over the router's limit (%#) → 414 {message, error}",
    async (url) => {
      const res = await rawRequest(t, { method: "GET", url, headers: { cookie } });
      expectStoreAnswer(res, 414, "The address is too long");
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(json(res)).toEqual({ message: "The address is too long", error: "The address is too long" });
      if (url.startsWith("/api/")) expect(res.headers["cache-control"]).toBe("no-store");
    },
  );

  it("a URL that cannot be decoded → 400 {message, error}", async () => {
    const res = await rawRequest(t, { method: "GET", url: `/api/account/orders/%E0%A4%A${MARK}` });
    expectStoreAnswer(res, 400, "The request is not valid");
    expect(json(res)).toEqual({ message: "The request is not valid", error: "The request is not valid" });
  });

  it.each([
    ["not JSON", `{${MARK}`],
    ["cut short", `{"handle":"${MARK}`],
    ["a JSON string quoting the input", `"${MARK}`],
  ])("a malformed tRPC ?input= (%s) → 400 without the parser's text", async (_label, input) => {
    const res = await rawRequest(t, {
      method: "GET",
      url: `/trpc/catalog.product?input=${encodeURIComponent(input)}`,
    });
    expectStoreAnswer(res, 400, "The request is not valid JSON");
    expect(trpcMessage(res)).toBe("The request is not valid JSON");
  });

  it.each(["/api/account/login", "/trpc/account.login"])(
    "a bad JSON body to %s → 400 without the parser's text",
    async (url) => {
      const res = await t.api("POST", url, { body: `{"email": "${MARK}", "password": ` });
      expectStoreAnswer(res, 400, "The request is not valid JSON");
      const message = url.startsWith("/api/") ? json<{ message: string }>(res).message : trpcMessage(res);
      expect(message).toBe("The request is not valid JSON");
    },
  );

  it.each([`/trpc/${MARK}`, `/trpc/account.${MARK}`, `/trpc/account.me,${MARK}?batch=1&input=%7B%7D`])(
    "an unknown tRPC procedure (%#) → not found, without its name",
    async (url) => {
      const res = await rawRequest(t, { method: "GET", url });
      expect([404, 207]).toContain(res.statusCode);
      expectSecurityHeaders(res);
      expect(res.body).not.toContain(MARK);
      expect(res.body).toContain('"Not found"');
    },
  );

  it.each(["/api/account/login", "/trpc/account.login"])(
    "an oversized body to %s → 413 without any of it",
    async (url) => {
      const body = JSON.stringify({ email: MARK, password: MARK.repeat(BODY_LIMIT_BYTES / MARK.length) });
      const res = await t.api("POST", url, { body });
      expectStoreAnswer(res, 413, "The request body is too large");
    },
  );

  /** Writes `request` on a fresh connection and reads the answer until the server closes it. */
  async function overSocket(request: string): Promise<string> {
    const { hostname, port } = new URL(await listening());
    return new Promise<string>((resolve, reject) => {
      const socket = createConnection({ host: hostname, port: Number(port) }, () => {
        socket.write(request);
      });
      let text = "";
      socket.on("data", (d) => {
        text += String(d);
      });
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
  }
  let address: string | undefined;
  async function listening(): Promise<string> {
    address ??= await t.app.listen({ host: "127.0.0.1", port: 0 });
    return address;
  }

  it("a request the HTTP parser refuses is answered with the store's text and headers", async () => {
    const answer = await overSocket(
      `GET /${MARK} HTTP/1.1\r\nHost: store.vela.test\r\nBad Header ${MARK}\r\n\r\n`,
    );
    const [head = "", body = ""] = answer.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head.toLowerCase()).toContain(`content-security-policy: ${CSP.toLowerCase()}`);
    expect(head.toLowerCase()).toContain("x-content-type-options: nosniff");
    expect(JSON.parse(body)).toEqual({
      message: "The request is not valid",
      error: "The request is not valid",
    });
    expect(answer).not.toContain(MARK);
  });
  it.each(["/api/health", `/${MARK}`, "/account/reset?token=SECRET"])(
    "an HTTP/1.1 request without Host (%s) → 400 with the store's text and headers, and the connection closed",
    async (target) => {
      const answer = await overSocket(`GET ${target} HTTP/1.1\r\nAccept: */*\r\n\r\n`);
      const [head = "", body = ""] = answer.split("\r\n\r\n");
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      const lower = head.toLowerCase();
      expect(lower).toContain(`content-security-policy: ${CSP.toLowerCase()}`);
      expect(lower).toContain("x-content-type-options: nosniff");
      expect(lower).toContain("x-frame-options: deny");
      expect(lower).toContain("connection: close");
      expect(lower).toMatch(/content-type: application\/json/);
      if (target.startsWith("/account/reset")) expect(lower).toContain("referrer-policy: no-referrer");
      expect(JSON.parse(body)).toEqual({
        message: "The request is not valid",
        error: "The request is not valid",
      });
      expect(answer).not.toContain(MARK);
    },
  );

  it("an HTTP/1.0 request without Host (which that version allows) is answered", async () => {
    const answer = await overSocket("GET /api/health HTTP/1.0\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('{"ok":true}');
  });
});
