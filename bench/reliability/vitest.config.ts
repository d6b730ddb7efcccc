import "../../scripts/node20-polyfills.ts";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The sturdiness tests start the real server as a child process and kill, lock and starve
// it: one file at a time, so that two files never measure each other. This is the SQLite pass;
// vitest.postgres.config.ts runs the database-bound files again on PostgreSQL.
export default defineConfig({
  root: fileURLToPath(new URL("..", import.meta.url)),
  test: {
    name: "reliability",
    include: ["reliability/**/*.test.ts"],
    // PostgreSQL's own faults run only in the PostgreSQL pass (vitest.postgres.config.ts).
    exclude: ["reliability/faults-postgres.test.ts"],
    // The in-process tests build the app with server/test/helpers.ts (createTestApp), which
    // copies the seeded template database that the server tests' global setup prepares.
    globalSetup: ["../server/test/global-setup.ts"],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
