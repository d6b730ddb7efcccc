// Migrations through Prisma's schema engine: a fresh file gets every migration, a second
// run applies nothing and loses nothing, the file is in WAL mode, and an unchanged schema
// makes no new migration folder.
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { sqliteAdapterFactory } from "../src/db/client.ts";
import {
  createMigrationFromSchema,
  MIGRATIONS_DIR,
  migrateDatabase,
  SCHEMA_PATH,
} from "../src/db/migrate.ts";
import { createMigration } from "../src/db/schema-engine.ts";

const dir = mkdtempSync(path.join(tmpdir(), "vela-migrations-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const migrationFolders = () =>
  readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

function open(file: string): Database.Database {
  return new Database(file);
}

describe("migrateDatabase", () => {
  const file = path.join(dir, "fresh.db");
  const url = `file:${file}`;

  it("applies every migration of prisma/migrations to a fresh file", async () => {
    expect(existsSync(file)).toBe(false);
    const applied = await migrateDatabase(url);
    expect(applied).toEqual(migrationFolders());
    expect(applied.some((name) => name.endsWith("_init"))).toBe(true);

    const db = open(file);
    try {
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((r) => (r as { name: string }).name);
      for (const table of ["Customer", "Session", "AccountToken", "EmailOutbox", "_prisma_migrations"]) {
        expect(tables).toContain(table);
      }
      const rows = db
        .prepare("SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations")
        .all() as { migration_name: string; finished_at: unknown; rolled_back_at: unknown }[];
      expect(rows.map((r) => r.migration_name).sort()).toEqual(applied);
      for (const row of rows) {
        expect(row.finished_at).not.toBeNull();
        expect(row.rolled_back_at).toBeNull();
      }
    } finally {
      db.close();
    }
  });

  it("leaves the file in WAL mode", () => {
    const db = open(file);
    try {
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      db.close();
    }
  });

  it("a second run applies nothing and keeps the data written in between", async () => {
    const db = open(file);
    try {
      db.prepare(
        `INSERT INTO Customer (email, firstName, lastName, acceptsMarketing, createdAt, updatedAt)
         VALUES ('kept@vela.test', 'Kept', 'Row', 0, ?, ?)`,
      ).run(new Date().toISOString(), new Date().toISOString());
    } finally {
      db.close();
    }

    expect(await migrateDatabase(url)).toEqual([]);

    const after = open(file);
    try {
      const row = after.prepare("SELECT firstName FROM Customer WHERE email = 'kept@vela.test'").get() as
        | { firstName: string }
        | undefined;
      expect(row?.firstName).toBe("Kept");
      const count = after.prepare("SELECT COUNT(*) AS n FROM _prisma_migrations").get() as { n: number };
      expect(count.n).toBe(migrationFolders().length);
    } finally {
      after.close();
    }
  });
});

describe("createMigrationFromSchema", () => {
  it("returns null and writes nothing when the schema matches the migrations", async () => {
    const url = `file:${path.join(dir, "up-to-date.db")}`;
    await migrateDatabase(url);
    const lockFile = path.join(MIGRATIONS_DIR, "migration_lock.toml");
    const foldersBefore = migrationFolders();
    const lockBefore = readFileSync(lockFile, "utf8");

    const created = await createMigrationFromSchema(url, "nothing_changed");
    try {
      expect(created).toBeNull();
      expect(migrationFolders()).toEqual(foldersBefore);
      expect(readFileSync(lockFile, "utf8")).toBe(lockBefore);
    } finally {
      // Should the schema have drifted from the migrations, do not leave a stray folder behind.
      if (created) rmSync(path.join(MIGRATIONS_DIR, created), { recursive: true, force: true });
    }
    // The scratch database it replays the history into is removed.
    const scratch = readdirSync(tmpdir()).filter((n) =>
      n.startsWith(`vela-migration-scratch-${process.pid}-`),
    );
    expect(scratch).toEqual([]);
  });

  it("does write a migration when the schema has changed (on a copy of prisma/)", async () => {
    const copy = path.join(dir, "prisma-copy");
    const migrationsDir = path.join(copy, "migrations");
    const schemaPath = path.join(copy, "schema.prisma");
    cpSync(MIGRATIONS_DIR, migrationsDir, { recursive: true });
    cpSync(SCHEMA_PATH, schemaPath);
    appendFileSync(schemaPath, "\nmodel MigrationProbe {\n  id Int @id @default(autoincrement())\n}\n");
    const scratch = path.join(dir, "scratch.db");
    const created = await createMigration(
      {
        schemaPath,
        migrationsDir,
        adapterFactory: sqliteAdapterFactory(`file:${path.join(dir, "unused.db")}`),
        scratch: sqliteAdapterFactory(`file:${scratch}`),
      },
      "add probe",
    );
    expect(created).toMatch(/^\d{14}_add_probe$/);
    const sql = readFileSync(path.join(migrationsDir, String(created), "migration.sql"), "utf8");
    expect(sql).toMatch(/CREATE TABLE "MigrationProbe"/);
    // The search index's FTS5 table, made by a raw migration, is left alone (db/external-tables.ts).
    expect(sql).not.toMatch(/SearchIndex/);
  });
});
