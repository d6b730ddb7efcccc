// `npm run bench`: every suite (or the ones named: `npm run bench -- login pages`), loopback
// only, each bounded in time. Prints the machine, one table of figures and ratios, and
// writes bench/results/latest.json (plus a dated copy). `--quick` shortens every phase;
// `--strict` exits 1 when a figure misses its target. The suites whose figures depend on the
// database run on SQLite and again on PostgreSQL when one is at hand (BENCH_DATABASE_URL, or a
// throwaway cluster from the machine's binaries), one column each; `--sqlite-only` skips that.
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type DatabaseMaker,
  type PostgresForBench,
  postgresForBench,
  sqliteDatabase,
} from "./lib/engines.ts";
import { ENGINE_LABELS, type Engine, type Figure, formatTable, meets, type Suite } from "./lib/report.ts";
import { checkoutSuite } from "./suites/checkout.ts";
import { frameworkSuite } from "./suites/framework.ts";
import { loginSuite } from "./suites/login.ts";
import { memorySuite } from "./suites/memory.ts";
import { pagesSuite } from "./suites/pages.ts";
import { renderingSuite } from "./suites/rendering.ts";
import { vendureSuite } from "./suites/vendure.ts";

export const SUITES: Record<string, Suite> = {
  framework: frameworkSuite,
  login: loginSuite,
  pages: pagesSuite,
  checkout: checkoutSuite,
  rendering: renderingSuite,
  // The compiled server's RSS after signed-in reads, sign-ins, checkouts and every public page.
  memory: memorySuite,
  // Beside Vendure: needs the peer installed outside the workspace (PEER_DIR; README).
  vendure: vendureSuite,
};
/** The suites that measure requests the database answers: run once per engine. */
export const ENGINE_SUITES: ReadonlySet<string> = new Set(["framework", "login", "checkout"]);
/** Suites run only when named or when what they need is at hand. */
const ON_REQUEST = new Set(process.env.PEER_DIR ? [] : ["vendure"]);
/** No suite may run longer than this; a hung server must not hang the benchmark. */
const SUITE_TIMEOUT_MS = 15 * 60_000;

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const strict = args.includes("--strict");
const sqliteOnly = args.includes("--sqlite-only");
const named = args.filter((a) => !a.startsWith("--"));
const unknown = named.filter((n) => !(n in SUITES));
if (unknown.length) {
  console.error(`unknown suite ${unknown.join(", ")}; the suites are ${Object.keys(SUITES).join(", ")}`);
  process.exit(2);
}
const chosen = named.length ? named : Object.keys(SUITES).filter((name) => !ON_REQUEST.has(name));

export function machine() {
  const cpus = os.cpus();
  return {
    cores: os.availableParallelism(),
    cpu: cpus[0]?.model ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

const started = new Date();
const info = machine();
console.info(
  `vela bench ${started.toISOString()} on ${info.cores} cores (${info.cpu}), ${info.memoryGiB} GiB, node ${info.node}, ` +
    `load average ${info.loadAverageAtStart.join(" ")}${quick ? ", quick mode" : ""}`,
);

let postgres: PostgresForBench | null = null;
if (!sqliteOnly && chosen.some((n) => ENGINE_SUITES.has(n))) {
  const found = await postgresForBench();
  if ("none" in found) console.info(`PostgreSQL column skipped: ${found.none}`);
  else postgres = found;
}
const runsOf = (name: string): { engine?: Engine; database: DatabaseMaker }[] =>
  ENGINE_SUITES.has(name)
    ? [
        { engine: "sqlite", database: sqliteDatabase },
        ...(postgres ? [{ engine: "postgresql" as const, database: postgres.database }] : []),
      ]
    : [{ database: sqliteDatabase }];

const figures: Figure[] = [];
const details: Record<string, unknown> = {};
const failures: Record<string, string> = {};
for (const [name, { engine, database }] of chosen.flatMap((n) => runsOf(n).map((r) => [n, r] as const))) {
  const suite = SUITES[name] as Suite;
  const key = engine === "postgresql" ? `${name}-postgresql` : name;
  const t0 = performance.now();
  console.info(`running ${name}${engine ? ` on ${ENGINE_LABELS[engine]}` : ""}...`);
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await Promise.race([
      suite({ quick, database }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`timed out after ${SUITE_TIMEOUT_MS / 1000} s`)),
          SUITE_TIMEOUT_MS,
        );
      }),
    ]);
    figures.push(...result.figures.map((f) => (engine ? { ...f, engine } : f)));
    details[key] = {
      seconds: Math.round((performance.now() - t0) / 1000),
      ...((result.details as object) ?? {}),
    };
  } catch (err) {
    failures[key] = err instanceof Error ? err.message : String(err);
    console.error(`${key} failed: ${failures[key]}`);
  } finally {
    clearTimeout(timer);
  }
}

await postgres?.close();

console.info(`\n${formatTable(figures)}\n`);
const missed = figures.filter((f) => meets(f) === false);
console.info(
  `${figures.length} figures, ${figures.filter((f) => f.target).length} with targets, ${missed.length} missed` +
    (Object.keys(failures).length ? `, ${Object.keys(failures).length} suites failed` : ""),
);

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../results");
mkdirSync(dir, { recursive: true });
const json = JSON.stringify(
  {
    startedAt: started.toISOString(),
    quick,
    machine: info,
    engines: postgres ? ["sqlite", "postgresql"] : ["sqlite"],
    figures,
    failures,
    details,
  },
  null,
  2,
);
writeFileSync(path.join(dir, "latest.json"), json);
writeFileSync(path.join(dir, `bench-${started.toISOString().replace(/[:.]/g, "-")}.json`), json);
console.info(`written to ${path.relative(process.cwd(), path.join(dir, "latest.json"))}`);
process.exit(Object.keys(failures).length || (strict && missed.length) ? 1 : 0);
