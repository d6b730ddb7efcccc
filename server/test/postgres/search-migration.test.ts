// A PostgreSQL migration made from the schema (npm run db:migration:postgres) with the search
// index's table declared as managed elsewhere (db/external-tables.ts): PostgreSQL's schema engine
// takes only schema-qualified names there, and refused the whole diff when they were bare. Runs
// only in the PostgreSQL run.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createPostgresMigration,
  POSTGRES_MIGRATIONS_DIR,
  POSTGRES_SCHEMA_PATH,
} from "../../src/db/migrate.ts";

const dir = mkdtempSync(path.join(tmpdir(), "vela-pg-migration-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("createPostgresMigration", () => {
  it("writes a changed schema's migration, the search index left alone", async () => {
    const server = process.env.VELA_TEST_PG_SERVER;
    if (!server) throw new Error("the PostgreSQL run sets VELA_TEST_PG_SERVER");
    const migrationsDir = path.join(dir, "migrations");
    const schemaPath = path.join(dir, "schema.prisma");
    cpSync(POSTGRES_MIGRATIONS_DIR, migrationsDir, { recursive: true });
    cpSync(POSTGRES_SCHEMA_PATH, schemaPath);
    appendFileSync(schemaPath, "\nmodel MigrationProbe {\n  id Int @id @default(autoincrement())\n}\n");
    const created = await createPostgresMigration(server, "add probe", { schemaPath, migrationsDir });
    expect(created).toMatch(/^\d{14}_add_probe$/);
    const sql = readFileSync(path.join(migrationsDir, String(created), "migration.sql"), "utf8");
    expect(sql).toMatch(/CREATE TABLE "MigrationProbe"/);
    expect(sql).not.toMatch(/SearchIndex/);
  });
});
