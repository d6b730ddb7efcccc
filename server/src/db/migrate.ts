import { existsSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { ROOT_DIR } from "../config.ts";
import { sqliteAdapterFactory } from "./client.ts";
import { applyMigrations, createMigration } from "./schema-engine.ts";

export const SCHEMA_PATH = path.join(ROOT_DIR, "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.join(ROOT_DIR, "prisma/migrations");

function sqliteFile(url: string): string {
  return url.slice("file:".length);
}

/**
 * Creates the SQLite file when missing, turns on WAL (it is a property of the file and
 * sticks), then lets Prisma's schema engine apply every pending migration.
 * Returns the names applied; a second call applies nothing.
 */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
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

export function removeDatabaseFiles(databaseUrl: string): void {
  const file = sqliteFile(databaseUrl);
  for (const suffix of ["", "-wal", "-shm", "-journal"]) {
    if (existsSync(file + suffix)) rmSync(file + suffix);
  }
}
