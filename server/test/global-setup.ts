// Migrates and seeds one template database per run; each test file copies it
// (epic-stack's pattern), so files never share state and never pay for the seed.
// Each run has its own folder, so runs started side by side do not trample each other.
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { standaloneDeps } from "../src/cli/standalone-deps.ts";
import { loadConfig, ROOT_DIR } from "../src/config.ts";
import { migrateDatabase } from "../src/db/migrate.ts";
import { seedDatabase } from "../src/seed/demo.ts";

export default async function setup(): Promise<() => void> {
  const dir = path.join(ROOT_DIR, "data/test", `run-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const url = `file:${path.join(dir, "template.db")}`;
  await migrateDatabase(url);
  const deps = standaloneDeps(
    loadConfig({ NODE_ENV: "test", DATABASE_URL: url, SESSION_SECRET: "t".repeat(43) }),
  );
  await seedDatabase(deps);
  // Fold the WAL into the main file so a plain copy of template.db is complete.
  await deps.db.$executeRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  await deps.db.$disconnect();
  // Test workers are started after this and inherit the environment.
  process.env.VELA_TEST_DB_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
