// The store as a real process on loopback: what the benchmarks measure and what the
// sturdiness tests kill, lock and starve. One database file per use, migrated and seeded
// the way `npm start` does it.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readStartScript, startNodeOptions } from "../../../scripts/start-script.mjs";

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const TSX = path.join(ROOT_DIR, "node_modules/.bin/tsx");
export const SERVER_MAIN = path.join(ROOT_DIR, "server/src/main.ts");
/** The compiled server (scripts/build-server.mjs), what `npm start` serves. */
export const SERVER_DIST_MAIN = path.join(ROOT_DIR, "server/dist/main.js");
/** Fixed, so that session cookies made by one process are valid in the next. */
export const BENCH_SESSION_SECRET = "b".repeat(43);

/** A new empty folder under data/bench for one run's databases. */
export function scratchDir(label: string): string {
  const base = path.join(ROOT_DIR, "data/bench");
  mkdirSync(base, { recursive: true });
  return mkdtempSync(path.join(base, `${label}-`));
}

/** Migrates and seeds a new database file, as `npm start` would. */
export function prepareDatabase(dbFile: string): void {
  prepareDatabaseUrl(`file:${dbFile}`);
}

/** Migrates a database and seeds it when empty, as `npm start` would, whatever its engine. */
export function prepareDatabaseUrl(databaseUrl: string): void {
  const res = spawnSync(TSX, [path.join(ROOT_DIR, "server/src/cli/main.ts"), "prepare"], {
    cwd: ROOT_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET: BENCH_SESSION_SECRET },
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`preparing ${databaseUrl} failed:\n${res.stdout}\n${res.stderr}`);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote, for a failing test to show. */
  output(): string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL and wait for the exit: no shutdown hook runs. */
  kill(): Promise<void>;
}

export interface StartOptions {
  dbFile?: string;
  /** Instead of dbFile: any database URL (a PostgreSQL database, a SQLite file several share). */
  databaseUrl?: string;
  /** Another entry than server/src/main.ts (the benchmark server adds routes). */
  entry?: string;
  env?: Record<string, string>;
  port?: number;
  /** Extra node flags, e.g. --expose-gc for the memory readings of the load test. */
  nodeArgs?: string[];
  /**
   * The compiled server as `npm start` runs it: plain node on server/dist/main.js (or `entry`,
   * JavaScript), no tsx, source maps on (start.mjs turns them on before importing the server), one
   * malloc arena (MALLOC_ARENA_MAX=1 unless the environment says otherwise, as package.json's start
   * script). The caller builds server/dist first.
   */
  compiled?: boolean;
}

/**
 * The node options package.json's start script runs the server with (between `node` and
 * scripts/start.mjs), so that the compiled server is measured as `npm start` runs it.
 */
export function startScriptNodeArgs(startScript?: string): string[] {
  return startNodeOptions(startScript ?? readStartScript(ROOT_DIR));
}

/** Starts the server and resolves once /api/health answers. */
export async function startServer(opts: StartOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const args = opts.compiled
    ? [
        ...startScriptNodeArgs(),
        ...(opts.nodeArgs ?? []),
        "--enable-source-maps",
        opts.entry ?? SERVER_DIST_MAIN,
      ]
    : [...(opts.nodeArgs ?? []), "--import", "tsx", opts.entry ?? SERVER_MAIN];
  const child = spawn(process.execPath, args, {
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      ...(opts.compiled ? { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? "1" } : {}),
      NODE_ENV: "production",
      // Production takes no test cards unless told: the suites place orders with them.
      PAYMENT_PROVIDER: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: opts.databaseUrl ?? `file:${opts.dbFile}`,
      SESSION_SECRET: BENCH_SESSION_SECRET,
      LOG_LEVEL: "warn",
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    out += String(d);
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer /api/health within 60 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Signs in over HTTP and returns the Cookie header value for later requests. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed with ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("vela_session="));
  if (!cookie) throw new Error("sign-in answered without a session cookie");
  return cookie.split(";")[0] as string;
}
