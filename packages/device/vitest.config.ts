import "../../scripts/node20-polyfills.ts";
import { defineConfig } from "vitest/config";

// Vitest looks for a default export here.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 15_000,
  },
});
