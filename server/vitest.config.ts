import "../scripts/node20-polyfills.ts";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["test/**/*.test.ts"],
    // PostgreSQL-only tests run in vitest.postgres.config.ts.
    exclude: ["test/postgres/**"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // argon2 and SQLite are the costly parts; two cores, so two workers.
    maxWorkers: 2,
  },
});
