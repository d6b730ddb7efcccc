// The client address behind reverse proxies (TRUST_PROXY): the address the nearest trusted proxy
// saw, never one the client wrote into its own X-Forwarded-For. Every per-IP limit counts it.
import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { RateLimits } from "../src/auth/rate-limit.ts";
import { loadConfig, parseTrustProxy } from "../src/config.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const PROXY = "10.0.0.5";

async function appBehind(trustProxy: string): Promise<TestApp> {
  const rateLimits: RateLimits = { ...GENEROUS_LIMITS, loginIp: { limit: 3, windowSeconds: 300 } };
  t = await createTestApp({ env: { TRUST_PROXY: trustProxy }, rateLimits });
  return t;
}

/** A wrong password sent through the proxy: nginx's `$proxy_add_x_forwarded_for` appended the client. */
const loginVia = (
  app: TestApp,
  opts: { socket: string; forwardedFor?: string },
  n: number,
): Promise<LightMyRequestResponse> =>
  app.api("POST", "/api/account/login", {
    body: { email: `nobody${n}@vela.test`, password: "wrong-pass" },
    ip: opts.socket,
    ...(opts.forwardedFor ? { headers: { "x-forwarded-for": opts.forwardedFor } } : {}),
  });

describe("TRUST_PROXY", () => {
  it("accepts a hop count, true (one hop), false, and the proxies' addresses or CIDR ranges", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("true")).toBe(1);
    expect(parseTrustProxy("TRUE")).toBe(1);
    expect(parseTrustProxy("false")).toBe(false);
    expect(parseTrustProxy("0")).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    expect(parseTrustProxy("10.0.0.0/8, 127.0.0.1")).toEqual(["10.0.0.0/8", "127.0.0.1"]);
    expect(parseTrustProxy("::1,fd00::/8,loopback")).toEqual(["::1", "fd00::/8", "loopback"]);
    for (const bad of ["yes", "10.0.0.0/33", "10.0.0", "1.2.3.4/8/8", "-1", "nginx", "999"])
      expect(parseTrustProxy(bad)).toBeUndefined();
  });

  it("refuses anything else with a message that says what it takes", () => {
    expect(() =>
      loadConfig({ NODE_ENV: "test", SESSION_SECRET: "t".repeat(43), TRUST_PROXY: "yes" }),
    ).toThrow(/TRUST_PROXY must be the number of proxies/);
  });

  it("is off by default: the socket's address, whatever the header says", () => {
    expect(loadConfig({ NODE_ENV: "test", SESSION_SECRET: "t".repeat(43) }).trustProxy).toBe(false);
  });
});

describe("the client address behind one trusted proxy", () => {
  for (const setting of ["1", "true", "10.0.0.0/8"]) {
    it(`TRUST_PROXY=${setting}: a client's own X-Forwarded-For does not give it a fresh limit`, async () => {
      const app = await appBehind(setting);
      const client = "203.0.113.7";
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        // The client writes a new address each time; the proxy appends the one it saw.
        const res = await loginVia(app, { socket: PROXY, forwardedFor: `198.51.100.${i}, ${client}` }, i);
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Another client behind the same proxy has its own count.
      const other = await loginVia(app, { socket: PROXY, forwardedFor: "203.0.113.8" }, 9);
      expect(other.statusCode).toBe(401);
    });
  }

  it("TRUST_PROXY=2: a CDN, then nginx; the address the CDN saw is the client", async () => {
    const app = await appBehind("2");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      // client's own entry, the client as the CDN saw it, the CDN as nginx saw it
      const res = await loginVia(
        app,
        { socket: PROXY, forwardedFor: `198.51.100.${i}, 203.0.113.7, 192.0.2.${i}` },
        i,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("a request that does not come from a trusted proxy is its socket's address", async () => {
    const app = await appBehind("10.0.0.0/8");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      // Straight to the store, past the proxy: the header it made up is not believed.
      const res = await loginVia(app, { socket: "192.0.2.44", forwardedFor: `198.51.100.${i}` }, i);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("without TRUST_PROXY every client behind the proxy shares the proxy's address", async () => {
    const app = await appBehind("false");
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await loginVia(app, { socket: PROXY, forwardedFor: `203.0.113.${i}` }, i);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
