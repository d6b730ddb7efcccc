// The second sign-in factor: codes from an authenticator app (RFC 6238) accepted once with one
// step of drift, recovery codes that work once, enrolment, the secrets never stored in plain
// text, the limit on wrong codes, and production's rule that every member has a second factor.
import { ADMIN_MESSAGES } from "@vela/shared/admin";
import { afterEach, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../src/auth/rate-limit.ts";
import { decryptSecret, totpCodeAt } from "../src/modules/staff/second-factor.ts";
import { createStaffSession } from "../src/modules/staff/session.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { dumpDatabase, GENEROUS_LIMITS } from "./support-security.ts";
import {
  admin,
  codeNow,
  createStaff,
  DEMO_OWNER,
  signInStaff,
  staffCookieOf,
  type TestStaff,
} from "./support-staff.ts";

let t: TestApp;
afterEach(() => t.close());

const STEP = 30_000;

/** Password step only: the cookie of the session that waits for the code. */
async function challenge(member: TestStaff, ip?: string): Promise<string> {
  const res = await admin<{ next: string }>(
    t,
    "mutation",
    "auth.signIn",
    {
      email: member.email,
      password: member.password,
    },
    ip ? { ip } : {},
  );
  expect(res.status).toBe(200);
  expect(res.data.next).toBe("second-factor");
  const cookie = staffCookieOf(res.res);
  if (!cookie) throw new Error("no cookie");
  return cookie;
}

const verify = (cookie: string, code: string) =>
  admin(t, "mutation", "auth.verifySecondFactor", { code }, { cookie });

describe("codes from the authenticator app", () => {
  it("are due after the password: until then nothing but the code is open", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    const member = await createStaff(t, "two@vela.test", "owner", { totp: true });
    const cookie = await challenge(member);
    const list = await admin(t, "query", "staff.list", undefined, { cookie });
    expect(list.status).toBe(401);
    expect(list.error?.message).toBe(ADMIN_MESSAGES.secondFactorRequired);
    expect((await admin(t, "query", "auth.me", undefined, { cookie })).data).toEqual({
      stage: "second-factor",
      staff: null,
    });
    expect((await admin(t, "mutation", "auth.startTotpEnrolment", {}, { cookie })).status).toBe(401);

    const wrong = await verify(cookie, codeNow(t, member.secret ?? "", 5));
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message).toBe(ADMIN_MESSAGES.secondFactorWrong);

    const ok = await verify(cookie, codeNow(t, member.secret ?? ""));
    expect(ok.status).toBe(200);
    expect(ok.data).toEqual({ next: "done" });
    const signedIn = staffCookieOf(ok.res);
    expect(signedIn).toBeDefined();
    expect(signedIn).not.toBe(cookie);
    // The waiting session ended; the new one is signed in.
    expect((await admin(t, "query", "staff.list", undefined, { cookie })).status).toBe(401);
    expect((await admin(t, "query", "staff.list", undefined, { cookie: signedIn })).status).toBe(200);
    const event = await t.db.auditEvent.findFirst({
      where: { kind: "staff.signed-in" },
      orderBy: { id: "desc" },
    });
    expect(JSON.parse(event?.after ?? "{}")).toEqual({ factors: "password+totp" });
  });

  it("are accepted once: the same code again within its window is refused", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    // One second into a time step, so that the steps below are the ones named whatever the wall clock.
    t.clock.set(new Date(Math.floor(t.clock.now().getTime() / STEP) * STEP + 1000));
    const member = await createStaff(t, "two@vela.test", "owner", { totp: true });
    const code = codeNow(t, member.secret ?? "");
    expect((await verify(await challenge(member), code)).status).toBe(200);
    // A second sign-in 10 s later, with the code still on the phone's screen.
    t.clock.advance(10_000);
    const replay = await verify(await challenge(member), code);
    expect(replay.status).toBe(400);
    expect(replay.error?.message).toBe(ADMIN_MESSAGES.secondFactorWrong);
    // An earlier step's code (inside the drift) is refused too once a later one was used.
    t.clock.advance(STEP);
    expect((await verify(await challenge(member), codeNow(t, member.secret ?? "", -1))).status).toBe(400);
    expect((await verify(await challenge(member), codeNow(t, member.secret ?? ""))).status).toBe(200);
  });

  it("of one step either side are accepted, two steps are not", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    const member = await createStaff(t, "two@vela.test", "owner", { totp: true });
    const secret = member.secret ?? "";
    expect((await verify(await challenge(member), codeNow(t, secret, -2))).status).toBe(400);
    expect((await verify(await challenge(member), codeNow(t, secret, 2))).status).toBe(400);
    expect((await verify(await challenge(member), codeNow(t, secret, -1))).status).toBe(200);
    t.clock.advance(3 * STEP);
    expect((await verify(await challenge(member), codeNow(t, secret, 1))).status).toBe(200);
  });

  it("two sign-ins racing with one code: exactly one gets in", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    const member = await createStaff(t, "two@vela.test", "owner", { totp: true });
    const cookies = [await challenge(member), await challenge(member), await challenge(member)];
    const code = codeNow(t, member.secret ?? "");
    const answers = await Promise.all(cookies.map((c) => verify(c, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  it("wrong codes are limited per member: over the limit even the right code waits (429)", async () => {
    t = await createTestApp({
      rateLimits: { ...GENEROUS_LIMITS, staffSecondFactor: { limit: 3, windowSeconds: 900 } },
    });
    const member = await createStaff(t, "two@vela.test", "owner", { totp: true });
    for (let i = 0; i < 3; i++) expect((await verify(await challenge(member), "000000")).status).toBe(400);
    const locked = await verify(await challenge(member), codeNow(t, member.secret ?? ""));
    expect(locked.status).toBe(429);
    expect(Number(locked.res.headers["retry-after"])).toBeGreaterThan(0);
    t.clock.advance(900_000);
    expect((await verify(await challenge(member), codeNow(t, member.secret ?? ""))).status).toBe(200);
  });

  it("has the limit the docs give: 5 wrong codes in 15 minutes", () => {
    expect(RATE_LIMITS.staffSecondFactor).toEqual({ limit: 5, windowSeconds: 900 });
  });
});

describe("enrolment and recovery codes", () => {
  async function enrol(cookie: string): Promise<{ secret: string; codes: string[]; cookie: string }> {
    const start = await admin<{ otpauthUri: string; secret: string }>(
      t,
      "mutation",
      "auth.startTotpEnrolment",
      {},
      { cookie },
    );
    expect(start.status).toBe(200);
    const uri = new URL(start.data.otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(uri.searchParams.get("secret")).toBe(start.data.secret);
    expect(uri.searchParams.get("issuer")).toBe("Vela");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    const secret = start.data.secret;
    const wrong = await admin(
      t,
      "mutation",
      "auth.confirmTotpEnrolment",
      { code: totpCodeAt(secret, 0) },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    const done = await admin<{ recoveryCodes: string[] }>(
      t,
      "mutation",
      "auth.confirmTotpEnrolment",
      { code: codeNow(t, secret) },
      { cookie },
    );
    expect(done.status).toBe(200);
    return { secret, codes: done.data.recoveryCodes, cookie: staffCookieOf(done.res) ?? "" };
  }

  it("is offered outside production: a signed-in member sets up the app and gets ten recovery codes", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    const owner = await createStaff(t, "new-owner@vela.test", "owner");
    const cookie = await signInStaff(t, owner);
    const other = await signInStaff(t, owner);
    const me = await admin<{ staff: { secondFactor: unknown } }>(t, "query", "auth.me", undefined, {
      cookie,
    });
    expect(me.data.staff.secondFactor).toEqual({ enabled: false, required: false });

    const { secret, codes, cookie: after } = await enrol(cookie);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // The enrolling session goes on under a new token; the member's other sessions end.
    expect((await admin(t, "query", "staff.list", undefined, { cookie: after })).status).toBe(200);
    expect((await admin(t, "query", "staff.list", undefined, { cookie: other })).status).toBe(401);
    expect((await admin(t, "mutation", "auth.startTotpEnrolment", {}, { cookie: after })).status).toBe(409);

    // Neither the app's secret nor a recovery code is anywhere in the database as text.
    const dump = await dumpDatabase(t.db);
    expect(dump).not.toContain(secret);
    for (const c of codes) expect(dump).not.toContain(c);
    const row = await t.db.staff.findUniqueOrThrow({ where: { id: owner.id } });
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(decryptSecret(t.config.sessionSecret, row.totpSecret ?? "")).toBe(secret);
    expect(decryptSecret("another-secret-of-at-least-32-characters", row.totpSecret ?? "")).toBeNull();
    const audit = await t.db.auditEvent.findFirst({ where: { kind: "staff.second-factor-enabled" } });
    expect(audit?.actorId).toBe(owner.id);

    // From now on the code is due at sign-in; a recovery code stands in for it, once.
    t.clock.advance(STEP);
    const [first, second] = codes;
    expect((await verify(await challenge({ ...owner, secret }), (first ?? "").toUpperCase())).status).toBe(
      200,
    );
    const reuse = await verify(await challenge({ ...owner, secret }), first ?? "");
    expect(reuse.status).toBe(400);
    expect(reuse.error?.message).toBe(ADMIN_MESSAGES.secondFactorWrong);
    expect(
      (await verify(await challenge({ ...owner, secret }), (second ?? "").replace("-", " "))).status,
    ).toBe(200);
    expect(await t.db.staffRecoveryCode.count({ where: { staffId: owner.id, usedAt: null } })).toBe(8);
    const used = await t.db.auditEvent.findFirst({
      where: { kind: "staff.recovery-code-used" },
      orderBy: { id: "desc" },
    });
    expect(JSON.parse(used?.after ?? "{}")).toEqual({ recoveryCodesLeft: 8 });
  });

  it("the demo owner has no second factor and is offered one", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    const res = await admin<{ next: string }>(t, "mutation", "auth.signIn", DEMO_OWNER);
    expect(res.data.next).toBe("done");
  });
});

describe("in production", () => {
  it("a member without a second factor gets only the enrolment procedures until they set one up", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS, env: { NODE_ENV: "production" } });
    const member = await createStaff(t, "prod@vela.test", "owner");
    const res = await admin<{ next: string }>(t, "mutation", "auth.signIn", {
      email: member.email,
      password: member.password,
    });
    expect(res.status).toBe(200);
    expect(res.data.next).toBe("enrol");
    const cookie = staffCookieOf(res.res) ?? "";
    for (const [kind, path, input] of [
      ["query", "staff.list", undefined],
      ["query", "audit.list", {}],
      ["mutation", "staff.add", { email: "x@vela.test", role: "support" }],
    ] as const) {
      const refused = await admin(t, kind, path, input, { cookie });
      expect(refused.status, path).toBe(403);
      expect(refused.error?.message).toBe(ADMIN_MESSAGES.enrolmentRequired);
    }
    const me = await admin<{ stage: string; staff: { secondFactor: unknown } }>(
      t,
      "query",
      "auth.me",
      undefined,
      {
        cookie,
      },
    );
    expect(me.data.stage).toBe("enrol");
    expect(me.data.staff.secondFactor).toEqual({ enabled: false, required: true });
    expect(await t.db.staff.count({ where: { email: "x@vela.test" } })).toBe(0);

    const start = await admin<{ secret: string }>(t, "mutation", "auth.startTotpEnrolment", {}, { cookie });
    const done = await admin(
      t,
      "mutation",
      "auth.confirmTotpEnrolment",
      { code: codeNow(t, start.data.secret) },
      {
        cookie,
      },
    );
    expect(done.status).toBe(200);
    const signedIn = staffCookieOf(done.res) ?? "";
    expect((await admin(t, "query", "staff.list", undefined, { cookie: signedIn })).status).toBe(200);
    expect((await admin(t, "query", "staff.list", undefined, { cookie })).status).toBe(401);
  });

  it("a signed-in session of a member without a second factor is refused too", async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS, env: { NODE_ENV: "production" } });
    const member = await createStaff(t, "prod@vela.test", "owner");
    // A session from before the member's second factor was taken away (or before production).
    const { token } = await createStaffSession(t.deps, t.db, member.id, "FULL");
    const res = await admin(t, "query", "staff.list", undefined, { cookie: `vela_staff_session=${token}` });
    expect(res.status).toBe(403);
    expect(res.error?.message).toBe(ADMIN_MESSAGES.enrolmentRequired);
    // The enrolment procedures stay open to it.
    const start = await admin(
      t,
      "mutation",
      "auth.startTotpEnrolment",
      {},
      { cookie: `vela_staff_session=${token}` },
    );
    expect(start.status).toBe(200);
  });
});
