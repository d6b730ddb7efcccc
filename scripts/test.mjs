// `npm test`: the vitest projects (unit and integration, on SQLite), the server suite again on
// PostgreSQL when one is at hand (TEST_DATABASE_URL, or PostgreSQL's binaries on the machine for
// a throwaway cluster), the Playwright suite and the sturdiness tests of bench/reliability (fuzz,
// load, faults; the database-bound ones again on PostgreSQL when one is at hand), then one closing
// line `N passed, N failed` summed from their JSON reports (CI reads that line). --unit-only, --postgres-only, --e2e-only and --reliability-only run one stage.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = path.join(root, "reports");
mkdirSync(reports, { recursive: true });
const only = process.argv[2];
let passed = 0;
let failed = 0;
let exitCode = 0;

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...opts });
  return res.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

const runs = (stage) => !only || only === `--${stage}-only`;

function vitestStage(out, args, cwd) {
  rmSync(out, { force: true });
  const status = run(
    path.join(root, "node_modules/.bin/vitest"),
    ["run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`],
    { cwd },
  );
  const report = readJson(out);
  if (report) {
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (status !== 0 && !report.numFailedTests ? 1 : 0);
  } else {
    failed += 1;
  }
  if (status !== 0) exitCode = 1;
}

if (runs("unit")) vitestStage(path.join(reports, "vitest.json"), [], root);

/** Whether the PostgreSQL run can happen here: a server given, or binaries for a throwaway cluster. */
function postgresAvailable() {
  if (process.env.TEST_DATABASE_URL) return true;
  const debian = "/usr/lib/postgresql";
  return (
    existsSync(debian) && readdirSync(debian).some((v) => existsSync(path.join(debian, v, "bin/initdb")))
  );
}

if (runs("postgres")) {
  if (postgresAvailable()) {
    vitestStage(
      path.join(reports, "vitest-postgres.json"),
      ["--config", "vitest.postgres.config.ts"],
      path.join(root, "server"),
    );
  } else {
    console.info("PostgreSQL run skipped: no TEST_DATABASE_URL and no PostgreSQL binaries on this machine");
  }
}

if (runs("e2e")) {
  const out = path.join(reports, "playwright.json");
  rmSync(out, { force: true });
  const status = run(path.join(root, "node_modules/.bin/playwright"), ["test"], {
    cwd: path.join(root, "e2e"),
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: out },
  });
  const report = existsSync(out) ? readJson(out) : undefined;
  if (report?.stats) {
    passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected ?? 0;
    if (status !== 0 && !report.stats.unexpected) failed += 1;
  } else {
    failed += 1;
  }
  if (status !== 0) exitCode = 1;
}

if (runs("reliability")) {
  vitestStage(
    path.join(reports, "reliability.json"),
    ["--config", "reliability/vitest.config.ts"],
    path.join(root, "bench"),
  );
  // The database-bound sturdiness tests again on PostgreSQL, on the same terms as the server suite.
  if (postgresAvailable()) {
    vitestStage(
      path.join(reports, "reliability-postgres.json"),
      ["--config", "reliability/vitest.postgres.config.ts"],
      path.join(root, "bench"),
    );
  } else {
    console.info(
      "PostgreSQL reliability pass skipped: no TEST_DATABASE_URL and no PostgreSQL binaries on this machine",
    );
  }
}

console.info(`${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
