// Beside Vendure: the peer bench of ../shared/peers/vendure-bench (Vendure 3 on better-sqlite3, the
// same customer, 26 orders with the same line pattern; wrk, 1 thread, 10 connections, alternating
// rounds), run against this checkout, with the targets on the ratios. The peer lives outside
// the workspace and outside npm ci: copy it to a folder of its own, install it there, and name that
// folder in PEER_DIR (README, "Measured beside Vendure"). It also times this checkout's compiled
// server from process start to its first 200 on the database the peer bench migrated and seeded, and
// reads its RSS after the mixed run of suites/memory.ts on a copy of that database.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Figure, median, round, type Suite, type Target } from "../lib/report.ts";
import { scratchDir } from "../lib/server-process.ts";
import { type MeasuredRun, measureMixedRun, stockUp } from "./memory.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SUITE = "Beside Vendure";

/** The targets: ours / Vendure in requests per second, and the process's own figures. */
export const VENDURE_TARGETS = {
  orders: { op: ">=", value: 8 },
  ordersTrpc: { op: ">=", value: 6 },
  profile: { op: ">=", value: 3 },
  login: { op: ">=", value: 5 },
  rssMiB: { op: "<=", value: 150 },
  coldStartMs: { op: "<=", value: 1000 },
} satisfies Record<string, Target>;

interface Run {
  scenario: string;
  side: string;
  rps: number;
  server_cpu_ms_per_req: number | null;
}

const jsonLines = <T>(file: string): T[] =>
  existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as T)
    : [];

/** Why the peer cannot run here, or undefined when it can. */
export function peerMissing(peerDir: string | undefined): string | undefined {
  if (!peerDir)
    return "PEER_DIR is not set: copy ../shared/peers/vendure-bench there and npm install in its vendure/";
  if (!existsSync(path.join(peerDir, "run.sh"))) return `${peerDir} holds no peer bench (run.sh)`;
  if (!existsSync(path.join(peerDir, "vendure/node_modules/@vendure/core")))
    return `Vendure is not installed: (cd ${path.join(peerDir, "vendure")} && npm install)`;
  if (spawnSync("wrk", ["--version"]).error) return "wrk is missing (apt-get install -y wrk)";
  return undefined;
}

/** Process start to the first 200 of /api/health, for `node server/dist/main.js` on a migrated database. */
async function coldStartMs(dbFile: string): Promise<number> {
  const port = 3190;
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, "server/dist/main.js")], {
    cwd: ROOT,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${dbFile}`,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
    },
  });
  try {
    for (;;) {
      if (performance.now() - started > 30_000) throw new Error("the compiled server did not answer in 30 s");
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill("SIGTERM");
  }
}

/**
 * The mixed run (suites/memory.ts) on our compiled server, on a copy of the database the peer bench
 * used: the peer's own server of ours is stopped when its rounds end, so a new one walks it.
 */
async function mixedRunOnPeerDatabase(dbFile: string, quick: boolean): Promise<MeasuredRun> {
  const dir = scratchDir("vendure-mixed");
  try {
    const copy = path.join(dir, "store.db");
    for (const suffix of ["", "-wal", "-shm"]) {
      if (existsSync(dbFile + suffix)) copyFileSync(dbFile + suffix, copy + suffix);
    }
    await stockUp(`file:${copy}`);
    return await measureMixedRun(`file:${copy}`, quick);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const vendureSuite: Suite = async ({ quick }) => {
  const peerDir = process.env.PEER_DIR;
  const missing = peerMissing(peerDir);
  if (missing || !peerDir) throw new Error(missing);
  const env = {
    ...process.env,
    PEER_DIR: peerDir,
    MAIN_DIR: ROOT,
    ...(quick ? { DUR: "3", ROUNDS: "1", WARM: "1" } : {}),
  };
  // prepare.sh builds both databases (ours by `npm start`, which also builds server/dist), then
  // bench.sh runs the alternating rounds; both print as they go.
  const run = spawnSync(path.join(peerDir, "run.sh"), { cwd: peerDir, env, stdio: "inherit" });
  if (run.status !== 0) throw new Error(`the peer bench failed (exit ${run.status})`);
  const resultsDir = path.join(peerDir, "results");
  const newest = readdirSync(resultsDir)
    .map((name) => path.join(resultsDir, name))
    .filter((dir) => statSync(dir).isDirectory())
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  if (!newest) throw new Error(`no results in ${resultsDir}`);

  const runs = jsonLines<Run>(path.join(newest, "runs.jsonl"));
  const rps = (scenario: string, side: string) =>
    median(runs.filter((r) => r.scenario === scenario && r.side === side).map((r) => r.rps));
  const cpu = (scenario: string, side: string) =>
    median(
      runs
        .filter((r) => r.scenario === scenario && r.side === side)
        .map((r) => r.server_cpu_ms_per_req ?? Number.NaN),
    );
  const ratio = (name: string, scenario: string, side: string, target: Target): Figure => ({
    suite: SUITE,
    name,
    value: round(rps(scenario, side) / rps(scenario, "vendure")),
    unit: "x",
    target,
    note: `${round(rps(scenario, side), 1)} vs ${round(rps(scenario, "vendure"), 1)} req/s; CPU ${round(cpu(scenario, side))} vs ${round(cpu(scenario, "vendure"))} ms/req`,
  });
  const rss = jsonLines<{ server: string; main_rss_mib: number; group_rss_mib: number }>(
    path.join(newest, "rss.jsonl"),
  );
  const ours = rss.find((r) => r.server === "ours");
  const theirs = rss.find((r) => r.server === "vendure");
  const starts = jsonLines<{ server: string; cold_start_ms: number }>(path.join(newest, "coldstart.jsonl"));
  const npmStart = starts.find((s) => s.server === "ours")?.cold_start_ms ?? Number.NaN;
  const vendureStart = starts.find((s) => s.server === "vendure")?.cold_start_ms ?? Number.NaN;
  const direct = await coldStartMs(path.join(peerDir, "ours.db"));
  const mixed = await mixedRunOnPeerDatabase(path.join(peerDir, "ours.db"), quick);
  const afterMixed = mixed.run.phases.find((p) => p.phase === "idle")?.memory;

  const figures: Figure[] = [
    ratio("orders page, REST / Vendure", "orders", "ours", VENDURE_TARGETS.orders),
    ratio("orders page, tRPC / Vendure", "orders", "ours-trpc", VENDURE_TARGETS.ordersTrpc),
    ratio("profile / Vendure", "profile", "ours", VENDURE_TARGETS.profile),
    ratio("sign-in / Vendure", "login", "ours", VENDURE_TARGETS.login),
    {
      suite: SUITE,
      name: "server RSS after the run",
      value: round(ours?.main_rss_mib ?? Number.NaN, 1),
      unit: "MiB",
      target: VENDURE_TARGETS.rssMiB,
      note: `Vendure ${round(theirs?.main_rss_mib ?? Number.NaN, 1)} MiB; with npm's process ${round(ours?.group_rss_mib ?? Number.NaN, 1)} MiB`,
    },
    {
      suite: SUITE,
      name: "server RSS after the mixed run",
      value: round(afterMixed?.rssMiB ?? Number.NaN, 1),
      unit: "MiB",
      target: VENDURE_TARGETS.rssMiB,
      note:
        `compiled, signed-in reads, sign-ins, checkouts, every public page in en-US and ja-JP, 2 s idle ` +
        `(npm run bench -- memory); peak ${round(afterMixed?.peakMiB ?? Number.NaN, 1)} MiB; ` +
        `Vendure ${round(theirs?.main_rss_mib ?? Number.NaN, 1)} MiB after its own rounds (it has no such pages)`,
    },
    {
      suite: SUITE,
      name: "cold start, node server/dist/main.js",
      value: Math.round(direct),
      unit: "ms",
      target: VENDURE_TARGETS.coldStartMs,
      note: `npm start (checks the builds, migrates) ${npmStart} ms; Vendure ${vendureStart} ms`,
    },
  ];
  return {
    figures,
    details: { results: newest, runs, rss, starts, directColdStartMs: Math.round(direct), mixedRun: mixed },
  };
};
