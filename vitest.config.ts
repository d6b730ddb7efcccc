import "./scripts/node20-polyfills.ts";
import { defineConfig } from "vitest/config";

// One run over every workspace's unit and integration tests; the end-to-end tests run
// in Playwright (e2e/). scripts/test.mjs runs both and prints the closing count.
export default defineConfig({
  test: {
    projects: ["server", "client", "packages/*", "bench"],
  },
});
