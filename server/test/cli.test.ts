// The db CLI as a person runs it: `npm run customers -- invite <email>` and `db:migrate`.
import { spawnSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config.ts";

function cli(args: string[], databaseFile: string) {
  return spawnSync(path.join(ROOT_DIR, "node_modules/.bin/tsx"), ["server/src/cli/main.ts", ...args], {
    cwd: ROOT_DIR,
    env: { ...process.env, DATABASE_URL: `file:${databaseFile}`, SESSION_SECRET: "c".repeat(43) },
    encoding: "utf8",
    timeout: 60_000,
  });
}

function freshCopy(name: string): string {
  const dir = process.env.VELA_TEST_DB_DIR ?? "";
  const file = path.join(dir, `${name}-${process.pid}-${Date.now()}.db`);
  copyFileSync(path.join(dir, "template.db"), file);
  return file;
}

describe("npm run customers -- invite", () => {
  it("creates a customer without a password and puts an activation email in the outbox", () => {
    const file = freshCopy("cli-invite");
    const res = cli(["customers", "invite", "New.Person@Example.com", "New", "Person"], file);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(
      /invited customer \d+; activation email is in the outbox \(\/account\/activate\)/,
    );
    const db = new Database(file, { readonly: true });
    const customer = db
      .prepare("SELECT id, passwordHash, firstName FROM Customer WHERE email = ?")
      .get("new.person@example.com") as
      | { id: number; passwordHash: string | null; firstName: string }
      | undefined;
    expect(customer?.passwordHash).toBeNull();
    expect(customer?.firstName).toBe("New");
    const mail = db
      .prepare('SELECT kind, text FROM EmailOutbox WHERE "to" = ?')
      .get("new.person@example.com") as { kind: string; text: string } | undefined;
    expect(mail?.kind).toBe("account-activation");
    expect(mail?.text).toMatch(
      new RegExp(`/account/activate\\?customerId=${customer?.id}&token=[A-Za-z0-9_-]{43}&timestamp=\\d+`),
    );
    db.close();
  });

  it("refuses a malformed email and an email that already has an account", () => {
    const file = freshCopy("cli-refuse");
    const bad = cli(["customers", "invite", "not-an-email"], file);
    expect(bad.status).toBe(1);
    const taken = cli(["customers", "invite", "demo@vela.test"], file);
    expect(taken.status).toBe(1);
    expect(taken.stderr).toMatch(/already exists/);
  });

  it("db:migrate on an up-to-date database applies nothing", () => {
    const file = freshCopy("cli-migrate");
    const res = cli(["migrate"], file);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(/database is up to date/);
  });
});
