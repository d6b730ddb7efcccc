// Staff sessions: the cookie's attributes, only a hash stored, the idle and absolute lifetimes
// (on the manual clock), sign-out, rotation at sign-in; customers' and staff's sessions never
// standing in for each other; and the admin endpoint under the same-origin rule and no-store.
import { ADMIN_MESSAGES } from "@vela/shared/admin";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "../src/auth/tokens.ts";
import { STAFF_SESSION_ABSOLUTE_SECONDS, STAFF_SESSION_IDLE_SECONDS } from "../src/modules/staff/session.ts";
import { createTestApp, DEMO_CUSTOMER, type TestApp } from "./helpers.ts";
import { cookieValue, dumpDatabase, GENEROUS_LIMITS, rawRequest, setCookies } from "./support-security.ts";
import { admin, cookieOf, DEMO_OWNER, signInStaff, staffCookieOf } from "./support-staff.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
});
afterEach(() => t.close());

const MINUTE = 60_000;
const listStatus = async (cookie: string | undefined) =>
  (await admin(t, "query", "staff.list", undefined, { cookie })).status;
const ownerId = async () => (await t.db.staff.findUniqueOrThrow({ where: { email: DEMO_OWNER.email } })).id;

describe("the staff session cookie", () => {
  it("is its own cookie: HttpOnly, SameSite=Strict, Secure, Path=/admin/trpc, ending at the absolute lifetime", async () => {
    const res = await admin(t, "mutation", "auth.signIn", DEMO_OWNER);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ next: "done" });
    const lines = setCookies(res.res);
    expect(lines.some((l) => l.startsWith("vela_session="))).toBe(false);
    const line = lines.find((l) => l.startsWith("vela_staff_session=")) ?? "";
    const attrs = line.split(";").map((a) => a.trim());
    expect(cookieValue(attrs[0] ?? "")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(attrs).toContain("HttpOnly");
    expect(attrs).toContain("SameSite=Strict");
    expect(attrs).toContain("Secure");
    expect(attrs).toContain("Path=/admin/trpc");
    const end = new Date(t.clock.now().getTime() + STAFF_SESSION_ABSOLUTE_SECONDS * 1000);
    expect(attrs).toContain(`Expires=${end.toUTCString()}`);
    // The browser's staff device cookie: the same attributes, a year long.
    const device = (lines.find((l) => l.startsWith("vela_staff_device=")) ?? "")
      .split(";")
      .map((a) => a.trim());
    expect(device).toEqual(
      expect.arrayContaining([
        "HttpOnly",
        "SameSite=Strict",
        "Secure",
        "Path=/admin/trpc",
        "Max-Age=31536000",
      ]),
    );
  });

  it("is stored only as an HMAC of its token", async () => {
    const cookie = await signInStaff(t, DEMO_OWNER);
    const token = cookieValue(cookie);
    const rows = await t.db.staffSession.findMany({ where: { staffId: await ownerId() } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(t.config.sessionSecret, token));
    expect(rows[0]?.stage).toBe("FULL");
    expect(await dumpDatabase(t.db)).not.toContain(token);
  });

  it("lasts 30 minutes unused and 12 hours at most", () => {
    expect(STAFF_SESSION_IDLE_SECONDS).toBe(1800);
    expect(STAFF_SESSION_ABSOLUTE_SECONDS).toBe(43_200);
  });
});

describe("lifetimes, on the manual clock", () => {
  it("ends after 30 minutes without a request, and the row is deleted", async () => {
    const cookie = await signInStaff(t, DEMO_OWNER);
    t.clock.advance(29 * MINUTE);
    expect(await listStatus(cookie)).toBe(200);
    // 29 minutes after the last request: still alive; 30: over.
    t.clock.advance(29 * MINUTE);
    expect(await listStatus(cookie)).toBe(200);
    t.clock.advance(30 * MINUTE);
    const res = await admin(t, "query", "staff.list", undefined, { cookie });
    expect(res.status).toBe(401);
    expect(res.error?.message).toBe(ADMIN_MESSAGES.notSignedIn);
    expect(await t.db.staffSession.count({ where: { staffId: await ownerId() } })).toBe(0);
    expect((await admin(t, "query", "auth.me", undefined, { cookie })).data).toEqual({
      stage: "signed-out",
      staff: null,
    });
  });

  it("ends 12 hours after sign-in however busy", async () => {
    const cookie = await signInStaff(t, DEMO_OWNER);
    for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
      t.clock.advance(20 * MINUTE);
      expect(await listStatus(cookie), `after ${minutes} minutes`).toBe(200);
    }
    t.clock.advance(20 * MINUTE);
    expect(await listStatus(cookie)).toBe(401);
  });
});

describe("sign-in and sign-out", () => {
  it("signs out: the row is deleted, the cookie cleared on its path, the token refused", async () => {
    const cookie = await signInStaff(t, DEMO_OWNER);
    const out = await admin(t, "mutation", "auth.signOut", {}, { cookie });
    expect(out.status).toBe(200);
    const cleared = setCookies(out.res).find((l) => l.startsWith("vela_staff_session=")) ?? "";
    expect(cleared).toMatch(/^vela_staff_session=;/);
    expect(cleared).toContain("Path=/admin/trpc");
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await t.db.staffSession.count()).toBe(0);
    expect(await listStatus(cookie)).toBe(401);
  });

  it("issues a new token at every sign-in and ends the session the browser came with", async () => {
    const first = await signInStaff(t, DEMO_OWNER);
    const again = await admin(t, "mutation", "auth.signIn", DEMO_OWNER, { cookie: first });
    const second = staffCookieOf(again.res);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await listStatus(first)).toBe(401);
    expect(await listStatus(second)).toBe(200);
  });

  it("tells the admin client where it stands and who is signed in", async () => {
    expect((await admin(t, "query", "auth.me")).data).toEqual({ stage: "signed-out", staff: null });
    const cookie = await signInStaff(t, DEMO_OWNER);
    const me = await admin(t, "query", "auth.me", undefined, { cookie });
    expect(me.data).toEqual({
      stage: "signed-in",
      staff: {
        id: await ownerId(),
        email: DEMO_OWNER.email,
        role: "owner",
        permissions: expect.arrayContaining(["staff.manage", "audit.read", "orders.read"]),
        secondFactor: { enabled: false, required: false },
      },
    });
  });
});

describe("customers and staff", () => {
  it("a customer's session never reaches a staff procedure, under either cookie name", async () => {
    const customer = await t.login(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const token = cookieValue(customer);
    expect(await listStatus(customer)).toBe(401);
    expect(await listStatus(`vela_staff_session=${token}`)).toBe(401);
    const me = await admin(t, "query", "auth.me", undefined, { cookie: `vela_staff_session=${token}` });
    expect(me.data).toEqual({ stage: "signed-out", staff: null });
    // The customer's session is untouched by the attempt.
    expect((await t.api("GET", "/api/account/customer", { cookie: customer })).statusCode).toBe(200);
  });

  it("a staff session is not a customer's, under either cookie name", async () => {
    const cookie = await signInStaff(t, DEMO_OWNER);
    const token = cookieValue(cookie);
    for (const c of [cookie, `vela_session=${token}`]) {
      expect((await t.api("GET", "/api/account/customer", { cookie: c })).statusCode).toBe(401);
      expect((await t.api("GET", "/api/account/orders", { cookie: c })).statusCode).toBe(401);
    }
    expect(await listStatus(cookie)).toBe(200);
  });

  it("a customer's email and password do not sign in to the admin", async () => {
    const res = await admin(t, "mutation", "auth.signIn", DEMO_CUSTOMER);
    expect(res.status).toBe(401);
    expect(res.error?.message).toBe(ADMIN_MESSAGES.invalidCredentials);
    expect(cookieOf(res.res, "vela_staff_session")).toBeUndefined();
  });
});

describe("the admin endpoint under the store's API rules", () => {
  it("refuses a state-changing call from another origin (403) or as a form (415), before it runs", async () => {
    const body = JSON.stringify(DEMO_OWNER);
    const foreign = await rawRequest(t, {
      method: "POST",
      url: "/admin/trpc/auth.signIn",
      headers: { origin: "https://evil.test", "content-type": "application/json" },
      payload: body,
    });
    expect(foreign.statusCode).toBe(403);
    const crossSite = await rawRequest(t, {
      method: "POST",
      url: "/admin/trpc/auth.signIn",
      headers: { "sec-fetch-site": "cross-site", "content-type": "application/json" },
      payload: body,
    });
    expect(crossSite.statusCode).toBe(403);
    const form = await rawRequest(t, {
      method: "POST",
      url: "/admin/trpc/auth.signIn",
      headers: { origin: "https://store.vela.test", "content-type": "text/plain" },
      payload: body,
    });
    expect(form.statusCode).toBe(415);
    for (const res of [foreign, crossSite, form]) expect(setCookies(res)).toEqual([]);
    expect(await t.db.staffSession.count()).toBe(0);
  });

  it("answers with Cache-Control: no-store, a failure too", async () => {
    const cookie = await signInStaff(t, DEMO_OWNER);
    expect((await admin(t, "query", "staff.list", undefined, { cookie })).res.headers["cache-control"]).toBe(
      "no-store",
    );
    expect((await admin(t, "query", "staff.list")).res.headers["cache-control"]).toBe("no-store");
  });

  it("serves the password page without a Referer leaving it", async () => {
    const res = await t.api("GET", "/admin/setup-password?token=abc");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });
});
