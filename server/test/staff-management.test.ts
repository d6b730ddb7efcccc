// The staff procedures (under staff.manage) and the audit trail they write: who, when, from
// which address, what, before and after, in the change's own transaction; the trail's list
// with its filters and cursor pages; and the database refusing to change or remove a row.
import { ADMIN_MESSAGES } from "@vela/shared/admin";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OPERATOR, record } from "../src/modules/audit/service.ts";
import { addStaff } from "../src/modules/staff/service.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { admin, createStaff, DEMO_OWNER, signInStaff } from "./support-staff.ts";

let t: TestApp;
let owner: string;
let ownerId: number;
beforeEach(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  owner = await signInStaff(t, DEMO_OWNER, { ip: "10.4.4.4" });
  ownerId = (await t.db.staff.findUniqueOrThrow({ where: { email: DEMO_OWNER.email } })).id;
});
afterEach(() => t.close());

const as = (cookie: string) => ({ cookie, ip: "10.4.4.4" });
const lastEvent = (kind: string) =>
  t.db.auditEvent.findFirstOrThrow({ where: { kind }, orderBy: { id: "desc" } });

describe("staff procedures", () => {
  it("add: a member without a password, the link shown once, and the audit row of who did it from where", async () => {
    const res = await admin<{ staff: { id: number; email: string; role: string }; setPasswordUrl: string }>(
      t,
      "mutation",
      "staff.add",
      { email: "New.Member@Example.com", role: "support" },
      as(owner),
    );
    expect(res.status).toBe(200);
    expect(res.data.staff).toMatchObject({
      email: "new.member@example.com",
      role: "support",
      passwordSet: false,
    });
    expect(res.data.setPasswordUrl).toMatch(/\/admin\/setup-password\?token=/);
    const event = await lastEvent("staff.created");
    expect(event).toMatchObject({
      actorType: "staff",
      actorId: ownerId,
      actorLabel: DEMO_OWNER.email,
      ip: "10.4.4.4",
      entityType: "Staff",
      entityId: String(res.data.staff.id),
      before: null,
    });
    expect(JSON.parse(event.after ?? "")).toEqual({ email: "new.member@example.com", role: "support" });
    expect(Math.abs(event.createdAt.getTime() - t.clock.now().getTime())).toBeLessThan(1000);
    // The link is not in the trail.
    expect(event.after).not.toContain("token");

    const again = await admin(
      t,
      "mutation",
      "staff.add",
      { email: "new.member@example.com", role: "owner" },
      as(owner),
    );
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(ADMIN_MESSAGES.staffExists);
    expect(await t.db.auditEvent.count({ where: { kind: "staff.created" } })).toBe(1);
    expect(
      (await admin(t, "mutation", "staff.add", { email: "x@vela.test", role: "boss" }, as(owner))).status,
    ).toBe(400);
  });

  it("list: every member, no hash and no secret", async () => {
    await createStaff(t, "two@vela.test", "support", { totp: true });
    const res = await admin<{ staff: Record<string, unknown>[] }>(
      t,
      "query",
      "staff.list",
      undefined,
      as(owner),
    );
    expect(res.data.staff.map((s) => [s.email, s.role, s.secondFactor, s.disabled])).toEqual([
      [DEMO_OWNER.email, "owner", false, false],
      ["two@vela.test", "support", true, false],
    ]);
    expect(res.res.body).not.toMatch(/argon2|passwordHash|totpSecret|v1\./);
  });

  it("setRole: holds from the member's next request, with before and after in the trail", async () => {
    const member = await createStaff(t, "m@vela.test", "manager");
    const cookie = await signInStaff(t, member);
    expect((await admin(t, "query", "audit.list", {}, { cookie })).status).toBe(200);
    const res = await admin(
      t,
      "mutation",
      "staff.setRole",
      { staffId: member.id, role: "content" },
      as(owner),
    );
    expect(res.status).toBe(200);
    expect((await admin(t, "query", "audit.list", {}, { cookie })).status).toBe(403);
    const event = await lastEvent("staff.role-changed");
    expect(JSON.parse(event.before ?? "")).toEqual({ role: "manager" });
    expect(JSON.parse(event.after ?? "")).toEqual({ role: "content" });
    // The same role again changes nothing and writes nothing.
    await admin(t, "mutation", "staff.setRole", { staffId: member.id, role: "content" }, as(owner));
    expect(await t.db.auditEvent.count({ where: { kind: "staff.role-changed" } })).toBe(1);
  });

  it("keeps at least one active owner: the last owner can be neither demoted nor disabled", async () => {
    for (const [path, input] of [
      ["staff.setRole", { staffId: ownerId, role: "manager" }],
      ["staff.disable", { staffId: ownerId }],
    ] as const) {
      const res = await admin(t, "mutation", path, input, as(owner));
      expect(res.status, path).toBe(409);
      expect(res.error?.message).toBe(ADMIN_MESSAGES.lastOwner);
    }
    expect((await t.db.staff.findUniqueOrThrow({ where: { id: ownerId } })).role).toBe("owner");
    expect(
      await t.db.auditEvent.count({ where: { kind: { in: ["staff.role-changed", "staff.disabled"] } } }),
    ).toBe(0);
  });

  it("two owners demoting each other at once: one change wins, an owner is left", async () => {
    const second = await createStaff(t, "second-owner@vela.test", "owner");
    const secondCookie = await signInStaff(t, second);
    const answers = await Promise.all([
      admin(t, "mutation", "staff.setRole", { staffId: second.id, role: "manager" }, as(owner)),
      admin(t, "mutation", "staff.setRole", { staffId: ownerId, role: "manager" }, as(secondCookie)),
    ]);
    // The loser is refused either as the last owner (409) or, demoted a moment before, for want of staff.manage (403).
    const statuses = answers.map((a) => a.status).sort((a, b) => a - b);
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect(await t.db.staff.count({ where: { role: "owner", disabledAt: null } })).toBe(1);
  });

  it("disable ends the member's sessions and keeps them out; enable lets them back", async () => {
    const member = await createStaff(t, "m@vela.test", "manager");
    const cookie = await signInStaff(t, member);
    const res = await admin(t, "mutation", "staff.disable", { staffId: member.id }, as(owner));
    expect(res.status).toBe(200);
    expect((await admin(t, "query", "audit.list", {}, { cookie })).status).toBe(401);
    expect(await t.db.staffSession.count({ where: { staffId: member.id } })).toBe(0);
    expect(JSON.parse((await lastEvent("staff.disabled")).after ?? "")).toEqual({
      disabled: true,
      sessionsEnded: 1,
    });
    const refused = await admin(t, "mutation", "auth.signIn", {
      email: member.email,
      password: member.password,
    });
    expect(refused.status).toBe(401);
    expect(
      (await admin(t, "mutation", "staff.issuePasswordLink", { staffId: member.id }, as(owner))).status,
    ).toBe(409);
    expect((await admin(t, "mutation", "staff.enable", { staffId: member.id }, as(owner))).status).toBe(200);
    expect((await lastEvent("staff.enabled")).entityId).toBe(String(member.id));
    await signInStaff(t, member);
  });

  it("resetSecondFactor removes a lost second factor and its recovery codes and ends the member's sessions", async () => {
    const member = await createStaff(t, "m@vela.test", "support", { totp: true });
    const cookie = await signInStaff(t, member);
    await t.db.staffRecoveryCode.create({
      data: { staffId: member.id, codeHash: "x", createdAt: t.clock.now() },
    });
    const res = await admin(t, "mutation", "staff.resetSecondFactor", { staffId: member.id }, as(owner));
    expect(res.status).toBe(200);
    expect((await admin(t, "query", "auth.me", undefined, { cookie })).data).toEqual({
      stage: "signed-out",
      staff: null,
    });
    expect(await t.db.staffRecoveryCode.count({ where: { staffId: member.id } })).toBe(0);
    const again = await admin<{ next: string }>(t, "mutation", "auth.signIn", {
      email: member.email,
      password: member.password,
    });
    expect(again.data.next).toBe("done");
    expect((await lastEvent("staff.second-factor-reset")).actorId).toBe(ownerId);
  });

  it("a missing member is 404 and an input out of range 400, changing nothing", async () => {
    const before = await t.db.auditEvent.count();
    const missing = await admin(t, "mutation", "staff.disable", { staffId: 999_999 }, as(owner));
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe(ADMIN_MESSAGES.staffNotFound);
    expect((await admin(t, "mutation", "staff.disable", { staffId: -1 }, as(owner))).status).toBe(400);
    expect((await admin(t, "mutation", "staff.disable", { staffId: "1" }, as(owner))).status).toBe(400);
    expect(await t.db.auditEvent.count()).toBe(before);
  });
});

describe("the audit trail", () => {
  it("is append-only: the database refuses to change or remove a row", async () => {
    await addStaff(t.deps, OPERATOR, { email: "a@vela.test", role: "support" });
    const row = await lastEvent("staff.created");
    await expect(t.db.auditEvent.update({ where: { id: row.id }, data: { kind: "x" } })).rejects.toThrow();
    await expect(t.db.auditEvent.delete({ where: { id: row.id } })).rejects.toThrow();
    await expect(t.db.auditEvent.deleteMany({})).rejects.toThrow();
    expect(await t.db.auditEvent.findUniqueOrThrow({ where: { id: row.id } })).toEqual(row);
  });

  it("is written in the change's transaction: a change that fails after its row leaves neither", async () => {
    const before = await t.db.auditEvent.count();
    await expect(
      t.db.$transaction(async (tx) => {
        await tx.staff.create({
          data: { email: "half@vela.test", role: "support", createdAt: t.clock.now() },
        });
        await record(tx, t.deps, OPERATOR, { kind: "staff.created", entityType: "Staff", entityId: 0 });
        throw new Error("the change failed after its audit row");
      }),
    ).rejects.toThrow();
    expect(await t.db.auditEvent.count()).toBe(before);
    expect(await t.db.staff.count({ where: { email: "half@vela.test" } })).toBe(0);
  });

  it("lists newest first, filtered by actor, kind, entity and dates, in cursor pages", async () => {
    const start = t.clock.now().toISOString();
    for (let i = 0; i < 5; i++) {
      t.clock.advance(60_000);
      await addStaff(t.deps, OPERATOR, { email: `op${i}@vela.test`, role: "support" });
    }
    const middle = t.clock.now().toISOString();
    t.clock.advance(60_000);
    const made = await admin<{ staff: { id: number } }>(
      t,
      "mutation",
      "staff.add",
      { email: "by-owner@vela.test", role: "content" },
      as(owner),
    );
    await admin(t, "mutation", "staff.setRole", { staffId: made.data.staff.id, role: "support" }, as(owner));

    type Page = {
      events: { id: number; kind: string; actor: { type: string }; entityId: string }[];
      nextCursor: number | null;
    };
    const list = async (input: object) =>
      (await admin<Page>(t, "query", "audit.list", input, as(owner))).data;

    const all = await list({ limit: 100 });
    const ids = all.events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await list({ actor: "operator" })).events).toHaveLength(5);
    expect((await list({ actor: ownerId })).events.map((e) => e.kind)).toEqual([
      "staff.role-changed",
      "staff.created",
      "staff.signed-in",
    ]);
    expect((await list({ kind: "staff.created" })).events).toHaveLength(6);
    expect(
      (await list({ entityType: "Staff", entityId: String(made.data.staff.id) })).events.map((e) => e.kind),
    ).toEqual(["staff.role-changed", "staff.created"]);
    expect((await list({ actor: "operator", from: start, to: middle })).events).toHaveLength(4);
    expect((await list({ actor: "operator", from: middle })).events).toHaveLength(1);

    // Pages of 3 over the 5 operator rows: 3, then 2, no row twice, none left out.
    const first = await list({ actor: "operator", limit: 3 });
    expect(first.events).toHaveLength(3);
    expect(first.nextCursor).toBe(first.events[2]?.id);
    const second = await list({ actor: "operator", limit: 3, cursor: first.nextCursor });
    expect(second.events).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.events, ...second.events].map((e) => e.id)).size).toBe(5);

    for (const bad of [
      { limit: 0 },
      { limit: 101 },
      { from: "yesterday" },
      { actor: "someone" },
      { cursor: -3 },
    ]) {
      expect((await admin(t, "query", "audit.list", bad, as(owner))).status, JSON.stringify(bad)).toBe(400);
    }
  });
});
