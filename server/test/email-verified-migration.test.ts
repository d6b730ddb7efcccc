// The migration that adds Customer.emailVerifiedAt counts an address proven only where the
// database holds the proof (a followed link mailed to it): run on a SQLite file holding the
// migrations before it and rows of every kind.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../src/db/migrate.ts";

const NAME = "20261127002000_customer_email_verified";
const sqlOf = (folder: string) => readFileSync(path.join(MIGRATIONS_DIR, folder, "migration.sql"), "utf8");

describe(`migration ${NAME}`, () => {
  it("marks proven the customers with a followed link, at the newest one, and no one else", () => {
    const before = readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
      .filter((e) => e.isDirectory() && e.name < NAME)
      .map((e) => e.name)
      .sort();
    const db = new Database(":memory:");
    try {
      for (const folder of before) db.exec(sqlOf(folder));
      const customer = db.prepare(
        `INSERT INTO "Customer" ("firstName", "lastName", "email", "updatedAt") VALUES ('A', 'B', ?, '2026-01-01T00:00:00.000Z')`,
      );
      const token = db.prepare(
        `INSERT INTO "AccountToken" ("customerId", "kind", "tokenHash", "issuedAt", "expiresAt", "usedAt", "voidedAt")
         VALUES (?, ?, ?, '2026-01-01T00:00:00.000Z', '2026-01-03T00:00:00.000Z', ?, ?)`,
      );
      const ids: Record<string, number> = {};
      for (const who of [
        "registered",
        "reset",
        "activated",
        "claimed",
        "changed",
        "unused",
        "voided",
        "cancelled",
      ]) {
        ids[who] = Number(customer.run(`${who}@example.com`).lastInsertRowid);
      }
      let n = 0;
      const add = (who: string, kind: string, usedAt: string | null, voidedAt: string | null = null) =>
        token.run(ids[who], kind, `hash-${n++}`, usedAt, voidedAt);
      add("reset", "RESET", "2026-01-01T10:00:00.000Z");
      add("reset", "RESET", "2026-01-02T10:00:00.000Z");
      add("activated", "ACTIVATION", "2026-01-01T11:00:00.000Z");
      add("claimed", "ORDER_CLAIM", "2026-01-01T12:00:00.000Z");
      add("changed", "EMAIL_CHANGE", "2026-01-01T13:00:00.000Z");
      add("unused", "RESET", null);
      add("voided", "ACTIVATION", null, "2026-01-01T14:00:00.000Z");
      // Stopping an email change is followed from the old address, but proves nothing of the new one.
      add("cancelled", "EMAIL_CHANGE_CANCEL", "2026-01-01T15:00:00.000Z");

      db.exec(sqlOf(NAME));
      const proven = Object.fromEntries(
        (
          db.prepare(`SELECT "email", "emailVerifiedAt" FROM "Customer"`).all() as {
            email: string;
            emailVerifiedAt: string | null;
          }[]
        ).map((r) => [r.email.split("@")[0], r.emailVerifiedAt]),
      );
      expect(proven).toEqual({
        registered: null,
        reset: "2026-01-02T10:00:00.000Z",
        activated: "2026-01-01T11:00:00.000Z",
        claimed: "2026-01-01T12:00:00.000Z",
        changed: "2026-01-01T13:00:00.000Z",
        unused: null,
        voided: null,
        cancelled: null,
      });
    } finally {
      db.close();
    }
  });

  it("has a PostgreSQL twin with the same backfill", () => {
    const postgres = readdirSync(path.join(MIGRATIONS_DIR, "../postgres/migrations")).find((f) =>
      f.endsWith("_customer_email_verified"),
    );
    expect(postgres).toBeDefined();
    const text = readFileSync(
      path.join(MIGRATIONS_DIR, "../postgres/migrations", postgres ?? "", "migration.sql"),
      "utf8",
    );
    const backfill = (sql: string) => sql.slice(sql.indexOf("UPDATE"));
    expect(backfill(text)).toBe(backfill(sqlOf(NAME)));
  });
});
