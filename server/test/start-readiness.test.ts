// npm start serves at once when the database is migrated and seeded, told by two reads through the
// driver (scripts/database-ready.mjs); anything else takes the long way (migrate, seed when empty).
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { databaseIsReady } from "../../scripts/database-ready.mjs";
import { ROOT_DIR } from "../src/config.ts";
import { createDb } from "../src/db/client.ts";
import { freshTestDatabase, type TestDatabase } from "./support-db.ts";

describe("databaseIsReady", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("is true for a migrated, seeded store", async () => {
    database = await freshTestDatabase();
    expect(await databaseIsReady(ROOT_DIR, database.url)).toBe(true);
  });

  it("is false while a shipped migration is not applied", async () => {
    database = await freshTestDatabase();
    const db = createDb(database.url);
    try {
      await db.$executeRawUnsafe(
        `DELETE FROM "_prisma_migrations" WHERE "migration_name" = (SELECT MAX("migration_name") FROM "_prisma_migrations")`,
      );
    } finally {
      await db.$disconnect();
    }
    expect(await databaseIsReady(ROOT_DIR, database.url)).toBe(false);
  });

  it("is false for a migrated store with no data (it must be seeded)", async () => {
    database = await freshTestDatabase();
    const db = createDb(database.url);
    try {
      await db.order.deleteMany({});
      await db.customer.deleteMany({});
      await db.product.deleteMany({});
    } finally {
      await db.$disconnect();
    }
    expect(await databaseIsReady(ROOT_DIR, database.url)).toBe(false);
  });

  it("is false for a database it cannot read", async () => {
    const dir = os.tmpdir();
    expect(await databaseIsReady(ROOT_DIR, `file:${path.join(dir, `no-such-store-${process.pid}.db`)}`)).toBe(
      false,
    );
    const junk = path.join(dir, `junk-store-${process.pid}.db`);
    writeFileSync(junk, "not a database");
    expect(await databaseIsReady(ROOT_DIR, `file:${junk}`)).toBe(false);
    expect(await databaseIsReady(ROOT_DIR, "postgres://nobody:nothing@127.0.0.1:1/none")).toBe(false);
  });
});
