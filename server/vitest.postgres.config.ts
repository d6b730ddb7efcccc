import "../scripts/node20-polyfills.ts";
import { defineConfig } from "vitest/config";

/**
 * The server suite again, on PostgreSQL (scripts/test.mjs runs it when TEST_DATABASE_URL is set
 * or the machine has PostgreSQL's binaries; test/global-setup-postgres.ts says which server).
 * Left out: what is about SQLite itself.
 */
export const SQLITE_ONLY = [
  // the SQLite migration history, WAL and the scratch-file migration maker
  "test/migrations.test.ts",
  // SQLite's write lock, busy waits and a full disk, provoked through its file
  "test/db-faults.test.ts",
  // the npm run db:* commands against SQLite files
  "test/cli.test.ts",
];

export default defineConfig({
  test: {
    name: "server-postgres",
    // Everything the SQLite run has, and test/postgres/ which only this run has.
    include: ["test/**/*.test.ts"],
    exclude: SQLITE_ONLY,
    globalSetup: ["test/global-setup-postgres.ts"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
