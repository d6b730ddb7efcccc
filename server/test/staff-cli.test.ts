// `npm run staff`: the operator's commands, run as a person runs them (a child process on the
// test's database) and through runStaffCommand; every change leaves an audit row by "operator".
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runStaffCommand } from "../src/cli/staff.ts";
import { ROOT_DIR } from "../src/config.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { admin, createStaff, DEMO_OWNER, signInStaff } from "./support-staff.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
});
afterAll(() => t.close());

function cli(args: string[]) {
  return spawnSync(
    path.join(ROOT_DIR, "node_modules/.bin/tsx"),
    ["server/src/cli/main.ts", "staff", ...args],
    {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATABASE_URL: t.config.databaseUrl,
        SESSION_SECRET: t.config.sessionSecret,
        PUBLIC_URL: t.config.publicUrl,
      },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
}

const operatorEvents = (kind: string) =>
  t.db.auditEvent.findMany({ where: { actorType: "operator", kind }, orderBy: { id: "asc" } });

describe("npm run staff", () => {
  it("add <email> --role <role>: the member, a one-time link printed once, and the audit row", async () => {
    const res = cli(["add", "Fulfil.Er@Example.com", "--role", "fulfilment"]);
    expect(res.status, res.stderr).toBe(0);
    const row = await t.db.staff.findUniqueOrThrow({ where: { email: "fulfil.er@example.com" } });
    expect(row).toMatchObject({ role: "fulfilment", passwordHash: null, disabledAt: null });
    expect(res.stdout).toContain(`Added staff member ${row.id}: fulfil.er@example.com (fulfilment)`);
    const url = /https:\/\/store\.vela\.test\/admin\/setup-password\?token=[A-Za-z0-9_-]{43}/.exec(
      res.stdout,
    )?.[0];
    expect(url).toBeDefined();
    const [event] = await operatorEvents("staff.created");
    expect(event).toMatchObject({
      actorId: null,
      actorLabel: "operator",
      ip: null,
      entityId: String(row.id),
    });
    expect(JSON.parse(event?.after ?? "")).toEqual({ email: "fulfil.er@example.com", role: "fulfilment" });
    // The printed link works, once.
    const token = new URL(url ?? "").searchParams.get("token");
    const set = await admin(t, "mutation", "auth.setPassword", { token, password: "a-chosen-password" });
    expect(set.status).toBe(200);
  });

  it("list: every member with role, state and second factor", () => {
    const res = cli(["list"]);
    expect(res.status, res.stderr).toBe(0);
    const lines = res.stdout.trim().split("\n");
    expect(lines.find((l) => l.includes(DEMO_OWNER.email))).toMatch(/owner\s+active\s+no 2FA/);
    expect(lines.find((l) => l.includes("fulfil.er@example.com"))).toMatch(/fulfilment\s+active\s+no 2FA/);
  });

  it("refuses an unknown role, a malformed email and an unknown member with status 1, changing nothing", async () => {
    const before = await t.db.auditEvent.count();
    const staffBefore = await t.db.staff.count();
    const badRole = cli(["add", "x@vela.test", "--role", "boss"]);
    expect(badRole.status).toBe(1);
    expect(badRole.stderr).toMatch(/Not a role: boss/);
    expect(cli(["add", "not-an-email", "--role", "support"]).status).toBe(1);
    const unknown = cli(["disable", "nobody@vela.test"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/No member of staff has this email/);
    expect(cli(["promote", "x@vela.test"]).stderr).toMatch(/usage: npm run staff/);
    expect(await t.db.auditEvent.count()).toBe(before);
    expect(await t.db.staff.count()).toBe(staffBefore);
  });

  it("role <email> <role>, disable (ending their sessions), enable, link and reset-2fa, each audited", async () => {
    const member = await createStaff(t, "member@vela.test", "support", { totp: true });
    const cookie = await signInStaff(t, member);

    expect(await runStaffCommand(t.deps, ["role", member.email, "manager"])).toEqual([
      "member@vela.test (manager): role is now manager",
    ]);
    expect((await t.db.staff.findUniqueOrThrow({ where: { id: member.id } })).role).toBe("manager");
    const [roleEvent] = await operatorEvents("staff.role-changed");
    expect(JSON.parse(roleEvent?.before ?? "")).toEqual({ role: "support" });
    expect(JSON.parse(roleEvent?.after ?? "")).toEqual({ role: "manager" });

    await runStaffCommand(t.deps, ["disable", member.email]);
    expect((await admin(t, "query", "auth.me", undefined, { cookie })).data).toEqual({
      stage: "signed-out",
      staff: null,
    });
    expect(await t.db.staffSession.count({ where: { staffId: member.id } })).toBe(0);
    expect(await operatorEvents("staff.disabled")).toHaveLength(1);

    await runStaffCommand(t.deps, ["enable", member.email]);
    expect(await operatorEvents("staff.enabled")).toHaveLength(1);
    const link = await runStaffCommand(t.deps, ["link", member.email]);
    expect(link.join("\n")).toMatch(/\/admin\/setup-password\?token=/);
    expect(await operatorEvents("staff.password-link-issued")).toHaveLength(1);
    await runStaffCommand(t.deps, ["reset-2fa", member.email]);
    expect((await t.db.staff.findUniqueOrThrow({ where: { id: member.id } })).totpEnabledAt).toBeNull();
    expect(await operatorEvents("staff.second-factor-reset")).toHaveLength(1);
  });

  it("will not demote or disable the last active owner", async () => {
    await expect(runStaffCommand(t.deps, ["role", DEMO_OWNER.email, "support"])).rejects.toThrow(
      "The store needs at least one active owner",
    );
    await expect(runStaffCommand(t.deps, ["disable", DEMO_OWNER.email])).rejects.toThrow(
      "The store needs at least one active owner",
    );
    expect((await t.db.staff.findUniqueOrThrow({ where: { email: DEMO_OWNER.email } })).role).toBe("owner");
  });
});
