import "../scripts/node20-polyfills.ts";
import { defineConfig } from "vitest/config";

// The bench workspace's own unit tests (targets, report); the sturdiness tests have their
// own configuration in reliability/ and run as the last stage of `npm test`.
export default defineConfig({
  test: {
    name: "bench",
    include: ["src/**/*.test.ts"],
  },
});
