import "../scripts/node20-polyfills.ts";
import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: "jsdom",
      setupFiles: ["./src/test/setup.ts"],
      include: ["src/**/*.test.{ts,tsx}"],
      restoreMocks: true,
      // Whole pages render in jsdom; on a busy two-core machine 5 s is too tight.
      testTimeout: 15_000,
      // Dates in tests are read in one known zone.
      env: { TZ: "UTC" },
    },
  }),
);
