import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { defineConfig, devices } from "@playwright/test";

/** A free loopback port, chosen once; workers inherit it through the environment. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
// The server's database and secret, also for specs that seed their own data through the CLI
// (support/seed.ts); workers inherit them through the environment.
process.env.E2E_DATABASE_URL ??= `file:./data/e2e/store-${port}.db`;
process.env.E2E_SESSION_SECRET ??= "e2e-secret-e2e-secret-e2e-secret-e2e";

// Debian's Chromium when present (CI and these machines), else Playwright's own browser.
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? "../reports/playwright.json" }],
  ],
  use: {
    baseURL,
    // The subscribe dialog opens on every page of a first visit (spec 000 §4); every spec starts
    // as a later visit, with the 'subscribed' cookie, unless it asks for a first one
    // (storefront-newsletter.spec.ts).
    storageState: {
      cookies: [
        {
          name: "subscribed",
          value: encodeURIComponent("anonymous@vela.test"),
          domain: "localhost",
          path: "/",
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: "Lax",
        },
      ],
      origins: [],
    },
    trace: "retain-on-failure",
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // Builds the client if needed, then a fresh migrated and seeded database, then serves.
    command: "node ../scripts/start.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      FRESH_DB: "1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MULTIPLIER: "100",
      SESSION_SECRET: process.env.E2E_SESSION_SECRET,
    },
  },
});
