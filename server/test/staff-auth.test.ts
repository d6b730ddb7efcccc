// Staff sign-in's password step and the one-time link to choose a password: the same answer
// for every failure, the customers' lock-out rules in the staff's own buckets, and a link that
// is random, stored as an HMAC, single use and expiring.
import { ADMIN_MESSAGES } from "@vela/shared/admin";
import { afterEach, describe, expect, it } from "vitest";
import { hashToken } from "../src/auth/tokens.ts";
import { OPERATOR } from "../src/modules/audit/service.ts";
import { addStaff, disableStaff, issuePasswordLink } from "../src/modules/staff/service.ts";
import { seedDatabase } from "../src/seed/demo.ts";
import { createTestApp, DEMO_CUSTOMER, type TestApp } from "./helpers.ts";
import { deviceCookieFrom, dumpDatabase, GENEROUS_LIMITS } from "./support-security.ts";
import { admin, cookieOf, createStaff, DEMO_OWNER, signInStaff } from "./support-staff.ts";

let t: TestApp;
afterEach(() => t.close());

const signIn = (email: string, password: string, opts: { ip?: string; cookie?: string } = {}) =>
  admin<{ next: string }>(t, "mutation", "auth.signIn", { email, password }, opts);

describe("the password step", () => {
  it("answers an unknown email, a member without a password, a disabled member and a wrong password alike", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    await addStaff(t.deps, OPERATOR, { email: "nopass@vela.test", role: "support" });
    const gone = await createStaff(t, "gone@vela.test", "support");
    await disableStaff(t.deps, OPERATOR, { id: gone.id });
    const answers = [
      await signIn("nobody@vela.test", "whatever-123"),
      await signIn("nopass@vela.test", "whatever-123"),
      await signIn(gone.email, gone.password),
      await signIn(DEMO_OWNER.email, "wrong-password"),
    ];
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.error?.message).toBe(ADMIN_MESSAGES.invalidCredentials);
      expect(cookieOf(a.res, "vela_staff_session")).toBeUndefined();
    }
    expect(await t.db.staffSession.count()).toBe(0);
  });

  it("refuses a malformed request with 400 and no session", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    expect((await admin(t, "mutation", "auth.signIn", { email: "not-an-email", password: "x" })).status).toBe(
      400,
    );
    expect((await admin(t, "mutation", "auth.signIn", { ...DEMO_OWNER, extra: 1 })).status).toBe(400);
    expect(await t.db.staffSession.count()).toBe(0);
  });
});

describe("lock-out, as for customers", () => {
  it("per account: failures from browsers that never signed in lock those browsers out, not the owner's", async () => {
    t = await createTestApp({
      rateLimits: { ...GENEROUS_LIMITS, staffLoginAccount: { limit: 3, windowSeconds: 900 } },
    });
    // The owner's browser signed in before and keeps its staff device cookie.
    const before = await signIn(DEMO_OWNER.email, DEMO_OWNER.password, { ip: "10.0.0.1" });
    const device = cookieOf(before.res, "vela_staff_device");
    expect(device).toBeDefined();
    for (let i = 0; i < 3; i++)
      expect((await signIn(DEMO_OWNER.email, `guess-number-${i}`, { ip: `10.1.0.${i}` })).status).toBe(401);
    // A stranger's browser now waits, even with the right password ...
    const locked = await signIn(DEMO_OWNER.email, DEMO_OWNER.password, { ip: "10.2.0.1" });
    expect(locked.status).toBe(429);
    expect(Number(locked.res.headers["retry-after"])).toBeGreaterThan(0);
    // ... the owner's browser does not.
    expect(
      (await signIn(DEMO_OWNER.email, DEMO_OWNER.password, { ip: "10.0.0.1", cookie: device })).status,
    ).toBe(200);
    t.clock.advance(900_000);
    expect((await signIn(DEMO_OWNER.email, DEMO_OWNER.password, { ip: "10.2.0.1" })).status).toBe(200);
  });

  it("a customer's device cookie is no staff device cookie, even for the same number", async () => {
    t = await createTestApp({
      rateLimits: { ...GENEROUS_LIMITS, staffLoginAccount: { limit: 2, windowSeconds: 900 } },
    });
    const customer = await t.api("POST", "/api/account/login", { body: DEMO_CUSTOMER });
    const customerDevice = deviceCookieFrom(customer).replace("vela_device=", "vela_staff_device=");
    for (let i = 0; i < 2; i++) expect((await signIn(DEMO_OWNER.email, `guess-${i}`)).status).toBe(401);
    expect((await signIn(DEMO_OWNER.email, DEMO_OWNER.password, { cookie: customerDevice })).status).toBe(
      429,
    );
  });

  it("per IP: over the limit every sign-in from the address waits; other addresses do not", async () => {
    t = await createTestApp({
      rateLimits: { ...GENEROUS_LIMITS, staffLoginIp: { limit: 3, windowSeconds: 300 } },
    });
    for (let i = 0; i < 3; i++)
      expect((await signIn(`nobody${i}@vela.test`, "whatever-123", { ip: "10.9.9.9" })).status).toBe(401);
    expect((await signIn(DEMO_OWNER.email, DEMO_OWNER.password, { ip: "10.9.9.9" })).status).toBe(429);
    expect((await signIn(DEMO_OWNER.email, DEMO_OWNER.password, { ip: "10.9.9.10" })).status).toBe(200);
  });

  it("counts in the staff's own buckets: a customer locked out leaves the admin alone and back", async () => {
    t = await createTestApp({
      rateLimits: { ...GENEROUS_LIMITS, loginAccount: { limit: 1, windowSeconds: 900 } },
    });
    await t.api("POST", "/api/account/login", { body: { email: DEMO_OWNER.email, password: "x-wrong-1" } });
    await t.api("POST", "/api/account/login", { body: { email: DEMO_OWNER.email, password: "x-wrong-2" } });
    expect((await signIn(DEMO_OWNER.email, DEMO_OWNER.password)).status).toBe(200);
  });
});

describe("the link to choose a password", () => {
  const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";
  const setPassword = (token: string, password: string, ip?: string) =>
    admin(t, "mutation", "auth.setPassword", { token, password }, ip ? { ip } : {});

  it("is /admin/setup-password?token=<43 chars> on PUBLIC_URL, stored only as an HMAC, and sets the password once", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    const { staff, setPasswordUrl } = await addStaff(t.deps, OPERATOR, {
      email: "new@vela.test",
      role: "support",
    });
    expect(setPasswordUrl).toMatch(
      /^https:\/\/store\.vela\.test\/admin\/setup-password\?token=[A-Za-z0-9_-]{43}$/,
    );
    const token = tokenOf(setPasswordUrl);
    const row = await t.db.staffToken.findFirstOrThrow({ where: { staffId: staff.id } });
    expect(row.tokenHash).toBe(hashToken(t.config.sessionSecret, token));
    expect(await dumpDatabase(t.db)).not.toContain(token);

    expect((await signIn("new@vela.test", "chosen-password-1")).status).toBe(401);
    const short = await setPassword(token, "short");
    expect(short.status).toBe(400);
    const ok = await setPassword(token, "chosen-password-1");
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ ok: true });
    // It signs no one in.
    expect(cookieOf(ok.res, "vela_staff_session")).toBeUndefined();
    expect((await signIn("new@vela.test", "chosen-password-1")).status).toBe(200);
    const again = await setPassword(token, "another-password-2");
    expect(again.status).toBe(400);
    expect(again.error?.message).toBe(ADMIN_MESSAGES.setupLinkInvalid);
    expect((await signIn("new@vela.test", "another-password-2")).status).toBe(401);
    const event = await t.db.auditEvent.findFirstOrThrow({ where: { kind: "staff.password-set" } });
    expect(event).toMatchObject({ actorType: "staff", actorId: staff.id, entityId: String(staff.id) });
    expect(await dumpDatabase(t.db)).not.toContain("chosen-password-1");
  });

  it("expires after 48 hours, and a newer link voids the older one", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    const first = await addStaff(t.deps, OPERATOR, { email: "new@vela.test", role: "support" });
    t.clock.advance(48 * 3600_000);
    const expired = await setPassword(tokenOf(first.setPasswordUrl), "chosen-password-1");
    expect(expired.status).toBe(400);
    expect(expired.error?.message).toBe(ADMIN_MESSAGES.setupLinkExpired);
    const second = await issuePasswordLink(t.deps, OPERATOR, { id: first.staff.id });
    const third = await issuePasswordLink(t.deps, OPERATOR, { id: first.staff.id });
    expect((await setPassword(tokenOf(second.setPasswordUrl), "chosen-password-1")).status).toBe(400);
    expect((await setPassword(tokenOf(third.setPasswordUrl), "chosen-password-1")).status).toBe(200);
  });

  it("ten requests with one link at once: exactly one sets its password", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    const { setPasswordUrl } = await addStaff(t.deps, OPERATOR, { email: "new@vela.test", role: "support" });
    const token = tokenOf(setPasswordUrl);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => setPassword(token, `racing-password-${i}`)),
    );
    const winners = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    for (let i = 0; i < 10; i++)
      expect((await signIn("new@vela.test", `racing-password-${i}`)).status).toBe(
        i === winners[0] ? 200 : 401,
      );
  });

  it("ends every session of the member (a forgotten password, reset by a new link)", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    const member = await createStaff(t, "member@vela.test", "support");
    const cookie = await signInStaff(t, member);
    const link = await issuePasswordLink(t.deps, OPERATOR, { id: member.id });
    expect((await setPassword(tokenOf(link.setPasswordUrl), "a-new-password-9")).status).toBe(200);
    expect((await admin(t, "query", "auth.me", undefined, { cookie })).data).toEqual({
      stage: "signed-out",
      staff: null,
    });
  });

  it("is limited per address", async () => {
    t = await createTestApp({
      rateLimits: { ...GENEROUS_LIMITS, staffSetupIp: { limit: 2, windowSeconds: 900 } },
    });
    for (let i = 0; i < 2; i++)
      expect((await setPassword(`bogus-${i}`, "whatever-123", "10.3.3.3")).status).toBe(400);
    expect((await setPassword("bogus-3", "whatever-123", "10.3.3.3")).status).toBe(429);
  });
});

describe("the demo owner", () => {
  it("is seeded outside production: admin@vela.test, owner, argon2id, no second factor", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    const row = await t.db.staff.findUniqueOrThrow({ where: { email: DEMO_OWNER.email } });
    expect(row).toMatchObject({ role: "owner", totpSecret: null, totpEnabledAt: null, disabledAt: null });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(DEMO_OWNER).toEqual({ email: "admin@vela.test", password: "admin-password" });
    expect((await signIn(DEMO_OWNER.email, DEMO_OWNER.password)).data).toEqual({ next: "done" });
  });

  it("is never seeded when NODE_ENV=production", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    await t.db.staff.deleteMany({ where: { email: DEMO_OWNER.email } });
    await seedDatabase({ ...t.deps, config: { ...t.config, env: "production" } });
    expect(await t.db.staff.count({ where: { email: DEMO_OWNER.email } })).toBe(0);
    await seedDatabase(t.deps);
    expect(await t.db.staff.count({ where: { email: DEMO_OWNER.email } })).toBe(1);
  }, 60_000);
});
