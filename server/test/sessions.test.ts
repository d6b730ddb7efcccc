// Sessions: the cookie's attributes, a new token at every login, only a hash stored,
// idle and absolute lifetimes, ending sessions on logout, reset and password change.
import { MESSAGES } from "@vela/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "../src/auth/tokens.ts";
import * as account from "../src/modules/account/service.ts";
import { cookieFrom, createTestApp, DEMO_CUSTOMER, json, type TestApp } from "./helpers.ts";
import {
  cookieValue,
  DAY_MS,
  dumpDatabase,
  GENEROUS_LIMITS,
  recoverLink,
  resetWith,
  setCookies,
} from "./support-security.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
});
afterEach(() => t.close());

const me = async (cookie: string) => (await t.api("GET", "/api/account/customer", { cookie })).statusCode;
const sessionCount = (customerId = 1) => t.db.session.count({ where: { customerId } });

describe("the cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/, Secure (PUBLIC_URL is https), ending at the absolute lifetime", async () => {
    const res = await t.api("POST", "/api/account/login", { body: DEMO_CUSTOMER });
    expect(res.statusCode).toBe(200);
    const line = setCookies(res).find((c) => c.startsWith("vela_session="));
    expect(line).toBeDefined();
    const attrs = (line ?? "").split(";").map((a) => a.trim());
    const value = cookieValue(attrs[0] ?? "");
    expect(value).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(Buffer.from(value, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(attrs).toContain("HttpOnly");
    expect(attrs).toContain("SameSite=Lax");
    expect(attrs).toContain("Path=/");
    expect(attrs).toContain("Secure");
    const expires = attrs.find((a) => a.startsWith("Expires="));
    const end = new Date(t.clock.now().getTime() + t.config.sessionAbsoluteSeconds * 1000);
    expect(expires).toBe(`Expires=${end.toUTCString()}`);
  });

  it("stores only an HMAC of the token, nowhere the token itself", async () => {
    const cookie = await t.login();
    const token = cookieValue(cookie);
    const rows = await t.db.session.findMany({ where: { customerId: 1 } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(t.config.sessionSecret, token));
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(await dumpDatabase(t.db)).not.toContain(token);
  });
});

describe("login and logout", () => {
  it("issues a new token at every login", async () => {
    const a = await t.login();
    const b = await t.login();
    expect(cookieValue(a)).not.toBe(cookieValue(b));
    // Without the old cookie, a second login is another device: both stay valid.
    expect(await me(a)).toBe(200);
    expect(await me(b)).toBe(200);
  });

  it("ends the session whose cookie came with the login", async () => {
    const before = await t.login();
    expect(await sessionCount()).toBe(1);
    const res = await t.api("POST", "/api/account/login", { body: DEMO_CUSTOMER, cookie: before });
    expect(res.statusCode).toBe(200);
    const after = cookieFrom(res);
    expect(cookieValue(after)).not.toBe(cookieValue(before));
    expect(await me(before)).toBe(401);
    expect(await me(after)).toBe(200);
    expect(await sessionCount()).toBe(1);
  });

  it("logout removes the session row", async () => {
    const cookie = await t.login();
    const hash = hashToken(t.config.sessionSecret, cookieValue(cookie));
    expect(await t.db.session.count({ where: { tokenHash: hash } })).toBe(1);
    const res = await t.api("POST", "/api/account/logout", { cookie });
    expect(res.statusCode).toBe(200);
    expect(await t.db.session.count({ where: { tokenHash: hash } })).toBe(0);
    expect(await me(cookie)).toBe(401);
  });
});

describe("lifetimes (config.sessionIdleSeconds, config.sessionAbsoluteSeconds)", () => {
  it("has an idle lifetime shorter than the absolute one", () => {
    expect(t.config.sessionIdleSeconds).toBeGreaterThan(0);
    expect(t.config.sessionIdleSeconds).toBeLessThan(t.config.sessionAbsoluteSeconds);
  });

  it("ends a session left idle for sessionIdleSeconds", async () => {
    const idleMs = t.config.sessionIdleSeconds * 1000;
    const cookie = await t.login();
    t.clock.advance(idleMs - 1000);
    expect(await me(cookie)).toBe(200); // one second short: still alive, and now seen again
    t.clock.advance(idleMs);
    // 2 × idle − 1 s after login: under the absolute lifetime, so idleness is what ended it.
    expect(2 * t.config.sessionIdleSeconds - 1).toBeLessThan(t.config.sessionAbsoluteSeconds);
    expect(await me(cookie)).toBe(401);
  });

  it("keeps an active session alive past the idle lifetime", async () => {
    const idleMs = t.config.sessionIdleSeconds * 1000;
    const cookie = await t.login();
    t.clock.advance(idleMs - 60_000);
    expect(await me(cookie)).toBe(200);
    t.clock.advance(idleMs - 60_000);
    expect(await me(cookie)).toBe(200);
  });

  it("removes the row of an idle-expired session", async () => {
    const cookie = await t.login();
    t.clock.advance(t.config.sessionIdleSeconds * 1000);
    expect(await me(cookie)).toBe(401);
    expect(await sessionCount()).toBe(0);
  });

  it("writes lastSeenAt at most every 5 minutes: reads in between send no write", async () => {
    const writes: string[] = [];
    const w = await createTestApp({
      rateLimits: GENEROUS_LIMITS,
      onQuery: (sql) => {
        // SQLite's statement names "main"."Session", PostgreSQL's "public"."Session".
        if (/^\s*UPDATE\s+(?:[`"]?(?:main|public)[`"]?\.)?[`"]?Session[`"]?\s/i.test(sql)) writes.push(sql);
      },
    });
    try {
      const cookie = await w.login();
      const lastSeen = async () =>
        (await w.db.session.findFirstOrThrow({ where: { customerId: 1 } })).lastSeenAt;
      const signedIn = await lastSeen();
      writes.length = 0;
      for (let i = 0; i < 5; i++) {
        w.clock.advance(59_000);
        expect((await w.api("GET", "/api/account/customer", { cookie })).statusCode).toBe(200);
      }
      // 4 min 55 s of reads: not one write, lastSeenAt as at sign-in.
      expect(writes).toEqual([]);
      expect(await lastSeen()).toEqual(signedIn);
      w.clock.advance(10_000);
      expect((await w.api("GET", "/api/account/customer", { cookie })).statusCode).toBe(200);
      expect(writes).toHaveLength(1);
      expect(await lastSeen()).toEqual(w.clock.now());
    } finally {
      await w.close();
    }
  });

  it("ends even an active session at sessionAbsoluteSeconds", async () => {
    const start = t.clock.now().getTime();
    const end = start + t.config.sessionAbsoluteSeconds * 1000;
    const step = Math.min(3 * DAY_MS, (t.config.sessionIdleSeconds * 1000) / 2);
    const cookie = await t.login();
    let requests = 0;
    while (t.clock.now().getTime() + step < end - 1000) {
      t.clock.advance(step);
      expect(await me(cookie)).toBe(200);
      requests += 1;
    }
    expect(requests).toBeGreaterThan(1);
    t.clock.set(new Date(end - 1000));
    expect(await me(cookie)).toBe(200);
    t.clock.advance(1000);
    expect(await me(cookie)).toBe(401);
    expect(await sessionCount()).toBe(0);
  });
});

describe("ending sessions on a credential change", () => {
  it("a password reset ends every session of that customer, and only theirs", async () => {
    const a = await t.login();
    const b = await t.login();
    const other = await t.login("second@vela.test", "second-password");
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    expect((await resetWith(t, link, "fresh-pass-1")).statusCode).toBe(200);
    expect(await me(a)).toBe(401);
    expect(await me(b)).toBe(401);
    expect(await sessionCount(1)).toBe(0);
    expect(await me(other)).toBe(200);
  });

  it("a password change ends the other sessions and rotates the current one: the browser stays signed in under a new token", async () => {
    const current = await t.login();
    const other = await t.login();
    const res = await t.api("POST", "/api/account/password", {
      cookie: current,
      body: { currentPassword: DEMO_CUSTOMER.password, newPassword: "changed-pass-1" },
    });
    expect(res.statusCode).toBe(200);
    const fresh = cookieFrom(res);
    expect(fresh).not.toBe(current);
    // The old token (a copy taken before the change) no longer works; the new one does.
    expect(await me(current)).toBe(401);
    expect(await me(other)).toBe(401);
    expect(await me(fresh)).toBe(200);
    expect(await sessionCount()).toBe(1);
    const stored = await t.db.session.findMany({ where: { customerId: 1 }, select: { tokenHash: true } });
    expect(stored.map((s) => s.tokenHash)).toEqual([hashToken(t.config.sessionSecret, cookieValue(fresh))]);
    // The new cookie has the sign-in cookie's attributes and a whole lifetime.
    const attrs = (setCookies(res).find((c) => c.startsWith("vela_session=")) ?? "")
      .split(";")
      .map((a) => a.trim());
    for (const a of ["HttpOnly", "SameSite=Lax", "Path=/", "Secure"]) expect(attrs).toContain(a);
    const end = new Date(t.clock.now().getTime() + t.config.sessionAbsoluteSeconds * 1000);
    expect(attrs).toContain(`Expires=${end.toUTCString()}`);
  });

  it("a password change whose session ended meanwhile (signed out in another tab) holds, and signs no one in", async () => {
    const { token } = await account.login(t.deps, DEMO_CUSTOMER, "127.0.0.1");
    const session = await t.db.session.findFirstOrThrow({
      where: { tokenHash: hashToken(t.config.sessionSecret, token) },
    });
    await account.logout(t.deps, token);
    const rotated = await account.changePassword(t.deps, 1, session.id, {
      currentPassword: DEMO_CUSTOMER.password,
      newPassword: "changed-pass-2",
    });
    expect(rotated).toBeNull();
    expect(await sessionCount()).toBe(0);
    expect(
      (await t.api("POST", "/api/account/login", { body: { ...DEMO_CUSTOMER, password: "changed-pass-2" } }))
        .statusCode,
    ).toBe(200);
  });

  it("a refused password change (wrong current password) ends nothing", async () => {
    const current = await t.login();
    const other = await t.login();
    const res = await t.api("POST", "/api/account/password", {
      cookie: current,
      body: { currentPassword: "not-the-password", newPassword: "changed-pass-1" },
    });
    expect(res.statusCode).toBe(400);
    expect(await me(other)).toBe(200);
    expect(await sessionCount()).toBe(2);
  });
});

describe("answers", () => {
  it.each([
    "/api/account/customer",
    "/api/account/orders?limit=3",
    "/api/account/addresses",
    "/trpc/account.me",
  ])("GET %s (signed in) carries Cache-Control: no-store", async (url) => {
    const cookie = await t.login();
    const res = await t.api("GET", url, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it.each([
    ["garbage", "vela_session=garbage"],
    ["overlong", `vela_session=${"A".repeat(4000)}`],
    ["43 chars of a plausible but unknown token", `vela_session=${"A".repeat(43)}`],
    ["broken percent-encoding", "vela_session=%E0%A4%A"],
    ["empty", "vela_session="],
    ["odd characters", 'vela_session="\\u0000;;=='],
  ])("a %s cookie → 401, not 500", async (_name, cookie) => {
    const res = await t.api("GET", "/api/account/customer", { cookie });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ message: MESSAGES.notSignedIn, error: MESSAGES.notSignedIn });
    const trpc = await t.api("GET", "/trpc/account.me", { cookie });
    expect(trpc.statusCode).toBe(401);
  });
});

describe("the account service owns the session's life (modules/account/service.ts)", () => {
  it("login ends the session the browser came with and gives a new one, whoever called it", async () => {
    const first = await account.login(t.deps, DEMO_CUSTOMER, "127.0.0.1");
    const second = await account.login(t.deps, DEMO_CUSTOMER, "127.0.0.1", { sessionToken: first.token });
    expect(second.token).not.toBe(first.token);
    const stored = await t.db.session.findMany({ where: { customerId: 1 }, select: { tokenHash: true } });
    const hashes = stored.map((s) => s.tokenHash);
    expect(hashes).toContain(hashToken(t.config.sessionSecret, second.token));
    expect(hashes).not.toContain(hashToken(t.config.sessionSecret, first.token));
  });

  it("logout ends the session", async () => {
    const { token } = await account.login(t.deps, DEMO_CUSTOMER, "127.0.0.1");
    const before = await sessionCount();
    await account.logout(t.deps, token);
    expect(await sessionCount()).toBe(before - 1);
    expect(await me(`vela_session=${token}`)).toBe(401);
  });
});
