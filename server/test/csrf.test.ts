// The CSRF matrix: state-changing calls to /api and /trpc must be JSON and same-origin.
// A cross-site form (urlencoded, multipart, text/plain) or a cross-site fetch is refused
// with 415 or 403 and changes nothing; same-origin JSON and non-browser clients work;
// GET is never blocked.
import { MESSAGES } from "@vela/shared";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, DEMO_CUSTOMER, json, ORIGIN, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS, rawRequest } from "./support-security.ts";

type Method = "POST" | "PUT" | "DELETE";

interface Endpoint {
  name: string;
  method: Method;
  url: string;
  /** The JSON body a legitimate client sends; undefined for calls without a body. */
  body?: Record<string, unknown>;
  /** Whether the legitimate call needs the session cookie. */
  auth: boolean;
  /** What the call would change, read back to prove that a refused call changed nothing. */
  state(t: TestApp): Promise<unknown>;
}

const ADDRESS = {
  firstName: "Mallory",
  lastName: "Attacker",
  address1: "1 Forged Way",
  city: "Nowhere",
  province: "CA",
  country: "United States",
  zip: "94105",
};

const ENDPOINTS: Endpoint[] = [
  {
    name: "POST /api/account/login",
    method: "POST",
    url: "/api/account/login",
    auth: false,
    body: { ...DEMO_CUSTOMER },
    state: (t) => t.db.session.count(),
  },
  {
    name: "POST /api/account/addresses",
    method: "POST",
    url: "/api/account/addresses",
    auth: true,
    body: ADDRESS,
    state: (t) => t.db.address.count({ where: { customerId: 1 } }),
  },
  {
    name: "PUT /api/account/profile",
    method: "PUT",
    url: "/api/account/profile",
    auth: true,
    body: {
      firstName: "Mallory",
      lastName: "Rivera",
      email: DEMO_CUSTOMER.email,
      phone: null,
      acceptsMarketing: false,
    },
    state: (t) =>
      t.db.customer.findUnique({ where: { id: 1 }, select: { firstName: true, acceptsMarketing: true } }),
  },
  {
    name: "POST /api/cart",
    method: "POST",
    url: "/api/cart",
    auth: false,
    state: (t) => t.db.cart.count(),
  },
  {
    name: "DELETE /api/account/addresses/1",
    method: "DELETE",
    url: "/api/account/addresses/1",
    auth: true,
    state: (t) => t.db.address.count({ where: { id: 1 } }),
  },
  {
    name: "POST /trpc/account.login",
    method: "POST",
    url: "/trpc/account.login",
    auth: false,
    body: { ...DEMO_CUSTOMER },
    state: (t) => t.db.session.count(),
  },
  {
    name: "POST /trpc/account.login?batch=1",
    method: "POST",
    url: "/trpc/account.login?batch=1",
    auth: false,
    body: { 0: { ...DEMO_CUSTOMER } },
    state: (t) => t.db.session.count(),
  },
];

function fields(body: Record<string, unknown> | undefined): [string, string][] {
  return Object.entries(body ?? { a: "1" }).map(([k, v]) => [
    k,
    typeof v === "string" ? v : JSON.stringify(v),
  ]);
}

/** What a cross-site HTML form (or a "simple" fetch) can send without a CORS preflight. */
const FORM_ENCODINGS: { type: string; encode(body: Record<string, unknown> | undefined): string }[] = [
  {
    type: "application/x-www-form-urlencoded",
    encode: (body) => new URLSearchParams(fields(body)).toString(),
  },
  {
    type: "multipart/form-data; boundary=x",
    encode: (body) =>
      `${fields(body)
        .map(([k, v]) => `--x\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join("")}--x--\r\n`,
  },
  // The classic trick: a JSON text sent as text/plain by a form with enctype="text/plain".
  { type: "text/plain", encode: (body) => JSON.stringify(body ?? {}) },
  { type: "text/plain;charset=UTF-8", encode: (body) => JSON.stringify(body ?? {}) },
];

function jsonPayload(ep: Endpoint): { headers: Record<string, string>; payload?: string } {
  return ep.body === undefined
    ? { headers: {} }
    : { headers: { "content-type": "application/json" }, payload: JSON.stringify(ep.body) };
}

describe("refused, and nothing changes", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    cookie = await t.login();
  });
  afterAll(() => t.close());

  async function expectRefused(
    ep: Endpoint,
    headers: Record<string, string>,
    payload: string | undefined,
    statuses: number[],
    messages: string[],
  ): Promise<void> {
    const before = await ep.state(t);
    const res = await rawRequest(t, {
      method: ep.method,
      url: ep.url,
      headers: { cookie, ...headers },
      ...(payload !== undefined ? { payload } : {}),
    });
    expect(statuses).toContain(res.statusCode);
    const body = json<{ message: string; error: string }>(res);
    expect(messages).toContain(body.message);
    expect(body).toEqual({ message: body.message, error: body.message });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await ep.state(t)).toEqual(before);
  }

  describe.each(ENDPOINTS)("$name", (ep) => {
    it.each(FORM_ENCODINGS)("same-origin but $type → 415, nothing changed", async ({ type, encode }) => {
      await expectRefused(
        ep,
        { origin: ORIGIN, "sec-fetch-site": "same-origin", "content-type": type },
        encode(ep.body),
        [415],
        [MESSAGES.jsonRequired],
      );
    });

    it.each(FORM_ENCODINGS)(
      "cross-site form post as $type → 403, nothing changed",
      async ({ type, encode }) => {
        await expectRefused(
          ep,
          { origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": type },
          encode(ep.body),
          [403, 415],
          [MESSAGES.crossSite, MESSAGES.jsonRequired],
        );
      },
    );

    it.each([
      ["Origin: https://evil.example", { origin: "https://evil.example" }],
      ["Origin: http://store.vela.test (other scheme)", { origin: "http://store.vela.test" }],
      ["Origin: https://store.vela.test.evil.example", { origin: "https://store.vela.test.evil.example" }],
      ["Origin: null", { origin: "null" }],
      ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
      ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
      ["Sec-Fetch-Site: cross-site with our own Origin", { origin: ORIGIN, "sec-fetch-site": "cross-site" }],
      // The Host header is the caller's to write: matching it proves nothing.
      ["Origin: http://evil.test with Host: evil.test", { origin: "http://evil.test", host: "evil.test" }],
      ["Origin: https://evil.test with Host: evil.test", { origin: "https://evil.test", host: "evil.test" }],
      [
        "Origin: https://evil.test with Host: evil.test, same-origin",
        { origin: "https://evil.test", host: "evil.test", "sec-fetch-site": "same-origin" },
      ],
      ["Origin: https://store.vela.test:443 (not as browsers write it)", { origin: `${ORIGIN}:443` }],
      ["Origin: https://store.vela.test/ (not as browsers write it)", { origin: `${ORIGIN}/` }],
      ["Origin: http://localhost:3000 outside development", { origin: "http://localhost:3000" }],
    ])("JSON with %s → 403, nothing changed", async (_label, extra) => {
      const { headers, payload } = jsonPayload(ep);
      await expectRefused(ep, { ...headers, ...extra }, payload, [403], [MESSAGES.crossSite]);
    });
  });
});

describe("allowed", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  });
  afterEach(() => t.close());

  async function expectAllowed(ep: Endpoint, extra: Record<string, string>): Promise<void> {
    const auth: Record<string, string> = ep.auth ? { cookie: await t.login() } : {};
    const before = await ep.state(t);
    const { headers, payload } = jsonPayload(ep);
    const res = await rawRequest(t, {
      method: ep.method,
      url: ep.url,
      headers: { ...auth, ...headers, ...extra },
      ...(payload !== undefined ? { payload } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The same state read proves the refused calls above would have shown a change.
    expect(await ep.state(t)).not.toEqual(before);
  }

  it.each(ENDPOINTS)("$name: same-origin JSON (Origin and Sec-Fetch-Site) → works", async (ep) => {
    await expectAllowed(ep, { origin: ORIGIN, "sec-fetch-site": "same-origin" });
  });

  it.each(ENDPOINTS)("$name: same-origin JSON (Origin only, older browsers) → works", async (ep) => {
    await expectAllowed(ep, { origin: ORIGIN });
  });

  it.each(ENDPOINTS)("$name: no Origin and no Sec-Fetch-Site (not a browser) → works", async (ep) => {
    await expectAllowed(ep, {});
  });
});

describe("GET is never blocked", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    cookie = await t.login();
  });
  afterAll(() => t.close());

  it.each(["/api/account/customer", "/api/account/addresses", "/trpc/account.me", "/api/health"])(
    "GET %s with a foreign Origin and Sec-Fetch-Site: cross-site → answered",
    async (url) => {
      const res = await rawRequest(t, {
        method: "GET",
        url,
        headers: { cookie, origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      });
      expect(res.statusCode).toBe(200);
    },
  );
});

describe("the allowed origins come from PUBLIC_URL, never from the request", () => {
  const ep = ENDPOINTS.find((e) => e.name === "POST /api/account/login") as Endpoint;

  async function statusFor(t: TestApp, headers: Record<string, string>): Promise<number> {
    const { headers: json, payload } = jsonPayload(ep);
    const res = await rawRequest(t, {
      method: ep.method,
      url: ep.url,
      headers: { ...json, ...headers },
      ...(payload !== undefined ? { payload } : {}),
    });
    return res.statusCode;
  }

  it("in development, PUBLIC_URL under each loopback name and the same port works; other ports do not", async () => {
    const t = await createTestApp({
      rateLimits: GENEROUS_LIMITS,
      env: { NODE_ENV: "development", PUBLIC_URL: "http://localhost:4123" },
    });
    try {
      for (const origin of ["http://localhost:4123", "http://127.0.0.1:4123", "http://[::1]:4123"]) {
        expect(await statusFor(t, { origin, host: "127.0.0.1:4123" }), origin).toBe(200);
      }
      for (const [origin, host] of [
        ["http://localhost:4124", "localhost:4124"],
        ["https://localhost:4123", "localhost:4123"],
        ["http://evil.test", "evil.test"],
        ["http://localhost:4123.evil.test", "localhost:4123.evil.test"],
      ] as const) {
        expect(await statusFor(t, { origin, host }), origin).toBe(403);
      }
    } finally {
      await t.close();
    }
  });

  it("outside development, only PUBLIC_URL's own origin works", async () => {
    const t = await createTestApp({
      rateLimits: GENEROUS_LIMITS,
      env: { NODE_ENV: "production", PUBLIC_URL: "http://localhost:4123" },
    });
    try {
      expect(await statusFor(t, { origin: "http://localhost:4123" })).toBe(200);
      expect(await statusFor(t, { origin: "http://127.0.0.1:4123", host: "127.0.0.1:4123" })).toBe(403);
    } finally {
      await t.close();
    }
  });
});
