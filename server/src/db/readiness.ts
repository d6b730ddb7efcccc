// Whether this instance can serve: the database answers, and every migration on disk for its
// engine is applied there. A load balancer asks /readyz; an instance started against a database
// another deploy has not migrated yet (or one that lost its database) is taken out of rotation.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { ROOT_DIR } from "../config.ts";
import type { Db } from "./client.ts";
import { isSqliteUrl } from "./client.ts";

/** Each engine's migration history (prisma/migrations for SQLite, prisma/postgres/migrations). */
export function migrationsDirFor(databaseUrl: string): string {
  return isSqliteUrl(databaseUrl)
    ? path.join(ROOT_DIR, "prisma/migrations")
    : path.join(ROOT_DIR, "prisma/postgres/migrations");
}

/** The migrations a build ships: the folders that hold a migration.sql. */
export function shippedMigrations(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort();
}

export type Readiness =
  | { ready: true }
  | { ready: false; reason: "database unreachable" }
  | { ready: false; reason: "migrations pending"; pending: string[] };

/** Two reads; quoted identifiers, so the same SQL runs on SQLite and PostgreSQL. */
export async function checkReadiness(db: Db, shipped: readonly string[]): Promise<Readiness> {
  let applied: { migration_name: string }[];
  try {
    await db.$queryRaw`SELECT 1`;
    applied = await db.$queryRaw<{ migration_name: string }[]>`
      SELECT "migration_name" FROM "_prisma_migrations"
      WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`;
  } catch {
    return { ready: false, reason: "database unreachable" };
  }
  const done = new Set(applied.map((m) => m.migration_name));
  const pending = shipped.filter((name) => !done.has(name));
  return pending.length ? { ready: false, reason: "migrations pending", pending } : { ready: true };
}
