import "../../scripts/node20-polyfills.ts";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The sturdiness tests that are about the database, again on PostgreSQL (scripts/test.mjs runs
 * this after the SQLite pass whenever PostgreSQL is at hand). The global set-up is the server
 * suite's: the server of TEST_DATABASE_URL, or else a throwaway cluster from the machine's
 * PostgreSQL binaries, with one migrated and seeded template database that every test copies
 * (support/instances.ts). Left out: fuzz and load (in process or about the HTTP layer, not the
 * engine) and faults.test.ts (SQLite's write lock, its file and a full disk under it).
 */
export const POSTGRES_FILES = [
  "reliability/multi-instance.test.ts",
  "reliability/shutdown.test.ts",
  "reliability/faults-postgres.test.ts",
];

export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    name: "reliability-postgres",
    include: POSTGRES_FILES,
    globalSetup: ["../server/test/global-setup-postgres.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
