// What an empty database is seeded with: in production the catalogue and the content and no
// account (the demo passwords are published in the README); elsewhere the demo customers too.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { standaloneDeps } from "../src/cli/standalone-deps.ts";
import { loadConfig } from "../src/config.ts";
import { migrateDatabase } from "../src/db/migrate.ts";
import { DEMO_CUSTOMER, isEmpty, seedDatabase } from "../src/seed/demo.ts";

const dir = mkdtempSync(path.join(tmpdir(), "vela-seed-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function seededAs(env: "production" | "development", name: string) {
  const url = `file:${path.join(dir, `${name}.db`)}`;
  await migrateDatabase(url);
  const deps = standaloneDeps(
    loadConfig({ NODE_ENV: env, DATABASE_URL: url, SESSION_SECRET: "s".repeat(43) }),
  );
  expect(await isEmpty(deps.db)).toBe(true);
  await seedDatabase(deps);
  return deps;
}

describe("seeding an empty database", () => {
  it("in production: the catalogue and the content, and no customer, order or mail", async () => {
    const deps = await seededAs("production", "production");
    try {
      const db = deps.db;
      expect(await db.product.count()).toBeGreaterThan(0);
      expect(await db.variantPrice.count()).toBeGreaterThan(0);
      expect(await db.blogPost.count()).toBeGreaterThan(0);
      expect(await db.game.count()).toBeGreaterThan(0);
      expect(await db.firmwareVersion.count()).toBeGreaterThan(0);
      expect(await db.systemRelease.count()).toBeGreaterThan(0);
      expect(await db.customer.count()).toBe(0);
      expect(await db.staff.count()).toBe(0);
      expect(await db.order.count()).toBe(0);
      expect(await db.address.count()).toBe(0);
      expect(await db.session.count()).toBe(0);
      expect(await db.emailOutbox.count()).toBe(0);
      // `npm start` seeds only an empty database: this one is not any more, and a second seed adds no account.
      expect(await isEmpty(db)).toBe(false);
      await seedDatabase(deps);
      expect(await db.customer.count()).toBe(0);
    } finally {
      await deps.db.$disconnect();
    }
  }, 120_000);

  it("outside production: the demo customers with their orders as well", async () => {
    const deps = await seededAs("development", "development");
    try {
      expect(await deps.db.customer.count({ where: { email: DEMO_CUSTOMER.email } })).toBe(1);
      expect(await deps.db.order.count()).toBeGreaterThan(0);
    } finally {
      await deps.db.$disconnect();
    }
  }, 120_000);
});
