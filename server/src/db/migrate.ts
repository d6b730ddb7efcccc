import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { ROOT_DIR } from "../config.ts";
import { sqliteAdapterFactory } from "./client.ts";
import { engineOf } from "./engine.ts";
import { postgresAdapterFactory } from "./postgres.ts";
import { applyMigrations, createMigration, createMigrationByDiff } from "./schema-engine.ts";

export const SCHEMA_PATH = path.join(ROOT_DIR, "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.join(ROOT_DIR, "prisma/migrations");
/** Derived from SCHEMA_PATH by scripts/postgres-schema.mjs; never edited by hand. */
export const POSTGRES_SCHEMA_PATH = path.join(ROOT_DIR, "prisma/postgres/schema.prisma");
export const POSTGRES_MIGRATIONS_DIR = path.join(ROOT_DIR, "prisma/postgres/migrations");

function sqliteFile(url: string): string {
  return url.slice("file:".length);
}

/** The URL of the same PostgreSQL server's maintenance database, and the database `url` names. */
function maintenanceUrl(url: string): { admin: string; database: string } {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, "")) || "postgres";
  u.pathname = "/postgres";
  return { admin: u.toString(), database };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates the database DATABASE_URL names when the server does not have it yet. */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const probe = await postgresAdapterFactory(url, { poolSize: 1 }).connect();
  try {
    await probe.executeScript("SELECT 1");
    return;
  } catch (err) {
    const cause = (err as { cause?: { kind?: unknown; originalCode?: unknown } }).cause;
    if (cause?.kind !== "DatabaseDoesNotExist" && cause?.originalCode !== "3D000") throw err;
  } finally {
    await probe.dispose();
  }
  const { admin, database } = maintenanceUrl(url);
  const conn = await postgresAdapterFactory(admin, { poolSize: 1 }).connect();
  try {
    await conn.executeScript(`CREATE DATABASE ${quoteIdent(database)}`);
  } catch (err) {
    // Another instance starting at the same moment created it first.
    const cause = (err as { cause?: { kind?: unknown } }).cause;
    if (cause?.kind !== "DatabaseAlreadyExists") throw err;
  } finally {
    await conn.dispose();
  }
}

/**
 * Brings the database to the newest migration of its engine's history and returns the names
 * applied; a second call applies nothing. SQLite: creates the file when missing and turns on
 * WAL (a property of the file, it sticks). PostgreSQL: creates the database when missing.
 */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  if (engineOf(databaseUrl) === "postgresql") {
    await ensurePostgresDatabase(databaseUrl);
    return applyMigrations({
      schemaPath: POSTGRES_SCHEMA_PATH,
      migrationsDir: POSTGRES_MIGRATIONS_DIR,
      adapterFactory: postgresAdapterFactory(databaseUrl, { poolSize: 2 }),
    });
  }
  const file = sqliteFile(databaseUrl);
  mkdirSync(path.dirname(file), { recursive: true });
  const raw = new Database(file);
  raw.pragma("journal_mode = WAL");
  raw.close();
  return applyMigrations({
    schemaPath: SCHEMA_PATH,
    migrationsDir: MIGRATIONS_DIR,
    adapterFactory: sqliteAdapterFactory(databaseUrl),
  });
}

/** `npm run db:migration -- <name>`: writes prisma/migrations/<stamp>_<name>/migration.sql. */
export async function createMigrationFromSchema(databaseUrl: string, name: string): Promise<string | null> {
  const scratch = path.join(tmpdir(), `vela-migration-scratch-${process.pid}-${Date.now()}.db`);
  try {
    return await createMigration(
      {
        schemaPath: SCHEMA_PATH,
        migrationsDir: MIGRATIONS_DIR,
        adapterFactory: sqliteAdapterFactory(databaseUrl),
        scratch: sqliteAdapterFactory(`file:${scratch}`),
      },
      name,
    );
  } finally {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) {
      if (existsSync(scratch + suffix)) rmSync(scratch + suffix);
    }
  }
}

/**
 * `npm run db:migration:postgres -- <name>`: writes the next PostgreSQL migration, the SQL
 * between the schema of the newest committed migration and prisma/postgres/schema.prisma.
 * The schema engine reads the server's version from `serverUrl` and nothing else: the diff is
 * between two schema files, no table is read or written.
 */
export async function createPostgresMigration(
  serverUrl: string,
  name: string,
  dirs: { schemaPath?: string; migrationsDir?: string } = {},
  now = new Date(),
): Promise<string | null> {
  return createMigrationByDiff(
    {
      schemaPath: dirs.schemaPath ?? POSTGRES_SCHEMA_PATH,
      migrationsDir: dirs.migrationsDir ?? POSTGRES_MIGRATIONS_DIR,
      adapterFactory: postgresAdapterFactory(serverUrl, { poolSize: 1 }),
    },
    name,
    "postgresql",
    now,
  );
}

/** `npm run db:reset`: an empty database (SQLite: the files removed; PostgreSQL: its public schema emptied). */
export async function resetDatabase(databaseUrl: string): Promise<void> {
  if (engineOf(databaseUrl) === "postgresql") {
    await ensurePostgresDatabase(databaseUrl);
    const conn = await postgresAdapterFactory(databaseUrl, { poolSize: 1 }).connect();
    try {
      await conn.executeScript("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public");
    } finally {
      await conn.dispose();
    }
    return;
  }
  removeDatabaseFiles(databaseUrl);
}

export function removeDatabaseFiles(databaseUrl: string): void {
  const file = sqliteFile(databaseUrl);
  for (const suffix of ["", "-wal", "-shm", "-journal"]) {
    if (existsSync(file + suffix)) rmSync(file + suffix);
  }
}
