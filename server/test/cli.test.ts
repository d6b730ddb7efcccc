// The db CLI as a person runs it: `npm run customers -- invite <email>`, `db:migrate` and `db:seed -- --fixtures`.
import { spawnSync } from "node:child_process";
import { copyFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config.ts";

/** The store's address in mailed links: outside development the CLI mails no one without it. */
const PUBLIC_URL = "https://store.vela.test";

function cli(args: string[], databaseFile: string, env: Record<string, string | undefined> = {}) {
  return spawnSync(path.join(ROOT_DIR, "node_modules/.bin/tsx"), ["server/src/cli/main.ts", ...args], {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      DATABASE_URL: `file:${databaseFile}`,
      SESSION_SECRET: "c".repeat(43),
      PUBLIC_URL,
      ...env,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
}

const count = (file: string, sql: string, ...params: unknown[]) => {
  const db = new Database(file, { readonly: true });
  const row = db.prepare(sql).get(...params) as { n: number };
  db.close();
  return row.n;
};

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
    expect(mail?.text).toContain(`${PUBLIC_URL}/account/activate?`);
    db.close();
  });

  it("outside development refuses to mail without PUBLIC_URL, and changes nothing", () => {
    const file = freshCopy("cli-invite-no-url");
    for (const NODE_ENV of ["production", "test"]) {
      const res = cli(["customers", "invite", "nourl@example.com"], file, {
        NODE_ENV,
        PUBLIC_URL: undefined,
      });
      expect(res.status).toBe(1);
      expect(res.stderr).toContain(
        `PUBLIC_URL is not set (NODE_ENV=${NODE_ENV}): the customer's mail would link to http://localhost:3000.`,
      );
    }
    expect(count(file, "SELECT count(*) AS n FROM Customer WHERE email = ?", "nourl@example.com")).toBe(0);
    expect(count(file, 'SELECT count(*) AS n FROM EmailOutbox WHERE "to" = ?', "nourl@example.com")).toBe(0);
    // On a developer's machine the localhost default stands.
    const dev = cli(["customers", "invite", "dev@example.com"], file, {
      NODE_ENV: "development",
      PUBLIC_URL: undefined,
    });
    expect(dev.status, dev.stderr).toBe(0);
    // Three CLI processes, each starting tsx: more than the default's 30 s on a busy machine.
  }, 120_000);

  it("takes names by the sign-up form's rules: control and bidi characters are refused", () => {
    const file = freshCopy("cli-invite-text");
    const bad = cli(["customers", "invite", "ansi@example.com", "Ada\u001b[2J", "Love\u202elace"], file);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("First name must be a single line without control characters");
    expect(bad.stderr).toContain("Last name must be a single line without control characters");
    expect(count(file, "SELECT count(*) AS n FROM Customer WHERE email = ?", "ansi@example.com")).toBe(0);
  });

  it("prints what was typed with its control characters escaped", () => {
    const file = freshCopy("cli-escape");
    const res = cli(["orders", "show", "\u001b]0;owned\u0007"], file);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("Not an order number: \\u001b]0;owned\\u0007");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
    expect(res.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it("invites in Japanese with --lang ja-JP, and keeps the language on the customer", () => {
    const file = freshCopy("cli-invite-ja");
    const res = cli(["customers", "invite", "hanako@example.com", "花子", "佐藤", "--lang", "ja-JP"], file);
    expect(res.status, res.stderr).toBe(0);
    const db = new Database(file, { readonly: true });
    const customer = db
      .prepare("SELECT firstName, lastName, locale FROM Customer WHERE email = ?")
      .get("hanako@example.com");
    expect(customer).toEqual({ firstName: "花子", lastName: "佐藤", locale: "ja-JP" });
    const mail = db
      .prepare('SELECT subject, text FROM EmailOutbox WHERE "to" = ?')
      .get("hanako@example.com") as { subject: string; text: string } | undefined;
    expect(mail?.subject).toBe("Velaアカウントの有効化");
    expect(mail?.text).toMatch(/^こんにちは、佐藤 花子 様\n\n/);
    db.close();
    expect(cli(["customers", "invite", "x@example.com", "--lang", "fr-FR"], file).status).toBe(1);
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
    expect(res.stdout).not.toMatch(/stored the HTML/);
  });

  it("db:migrate stores, once, the HTML of posts and release notes saved before it was stored (ADR 017)", () => {
    const file = freshCopy("cli-migrate-html");
    const db = new Database(file);
    const seeded = (
      db.prepare("SELECT bodyHtml FROM BlogPostTranslation WHERE id = 1").get() as { bodyHtml: string }
    ).bodyHtml;
    expect(seeded).toMatch(/^<h2>/);
    // As a database from before the HTML columns: markdown only.
    const emptied =
      db.prepare("UPDATE BlogPostTranslation SET bodyHtml = ''").run().changes +
      db.prepare("UPDATE SystemReleaseNote SET html = ''").run().changes +
      db.prepare("UPDATE AppReleaseNote SET html = ''").run().changes;
    db.close();
    const res = cli(["migrate"], file);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain(`stored the HTML of ${emptied} posts and release notes`);
    expect(count(file, "SELECT bodyHtml = ? AS n FROM BlogPostTranslation WHERE id = 1", seeded)).toBe(1);
    expect(count(file, "SELECT count(*) AS n FROM SystemReleaseNote WHERE html = ''")).toBe(0);
    expect(count(file, "SELECT count(*) AS n FROM AppReleaseNote WHERE html = ''")).toBe(0);
    const again = cli(["migrate"], file);
    expect(again.stdout).not.toMatch(/stored the HTML/);
  });
});

describe("npm run db:seed -- --fixtures <file.json>", () => {
  it("loads the example file and says what it loaded", () => {
    const file = freshCopy("cli-fixtures");
    const res = cli(["seed", "--fixtures", "prisma/fixtures.example.json"], file);
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toMatch(
      "loaded prisma/fixtures.example.json: 2 products, 2 customers (1 invited), 2 addresses, 3 orders, 2 carts (fixture-cart-ada, fixture-guest-cart)",
    );
    expect(count(file, 'SELECT count(*) AS n FROM "Order" WHERE orderNumber IN (9001, 9002, 9003)')).toBe(3);
  });

  it("refuses a bad file with the path of each bad field, exits 1 and loads nothing", () => {
    const file = freshCopy("cli-fixtures-bad");
    const bad = path.join(path.dirname(file), `bad-fixtures-${process.pid}.json`);
    writeFileSync(
      bad,
      JSON.stringify({
        customers: [
          { email: "one@example.com", firstName: "One", lastName: "Person" },
          {
            email: "two@example.com",
            firstName: "Two",
            lastName: "Person",
            addresses: [
              { firstName: "T", lastName: "P", address1: "1 Road", city: "C", province: "P", country: "X" },
            ],
          },
        ],
      }),
    );
    const customers = count(file, "SELECT count(*) AS n FROM Customer");
    const res = cli(["seed", "--fixtures", bad], file);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("customers[1].addresses[0].zip: Required");
    expect(count(file, "SELECT count(*) AS n FROM Customer")).toBe(customers);

    const noUrl = cli(["seed", "--fixtures", "prisma/fixtures.example.json"], file, {
      NODE_ENV: "production",
      PUBLIC_URL: undefined,
    });
    expect(noUrl.status).toBe(1);
    expect(noUrl.stderr).toContain("PUBLIC_URL is not set (NODE_ENV=production)");
    expect(count(file, "SELECT count(*) AS n FROM Customer")).toBe(customers);

    const missing = cli(["seed", "--fixtures", "no/such/file.json"], file);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot read no\/such\/file\.json/);
  });
});
