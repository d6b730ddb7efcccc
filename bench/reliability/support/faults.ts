// Helpers of the fault tests (faults.test.ts): a seeded template database, HTTP calls that
// time themselves, another process that holds SQLite's write lock, a small filesystem to
// fill, and the checks made on a database file once the server is gone.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  ftruncateSync,
  mkdtempSync,
  openSync,
  readFileSync,
  writeSync,
} from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import type { AddressInput } from "@vela/shared";
import Database from "better-sqlite3";
import { prepareDatabase, type ServerProcess, scratchDir } from "../../src/lib/server-process.ts";

export const DEMO = { email: "demo@vela.test", password: "demo-password" } as const;
export const SECOND = { email: "second@vela.test", password: "second-password" } as const;
/** So that the rate limits do not get in the way of a burst. */
export const SERVER_ENV = { RATE_LIMIT_MULTIPLIER: "1000" } as const;

/** A migrated and seeded database in a scratch folder, checkpointed: store.db alone is complete. */
export function seededTemplate(): { dir: string; file: string } {
  const dir = scratchDir("faults-template");
  const file = path.join(dir, "store.db");
  prepareDatabase(file);
  const db = new Database(file);
  try {
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
  return { dir, file };
}

/** Copies the template's store.db into a folder (no -wal, no -shm: it was checkpointed). */
export function copyDatabase(template: string, dir: string): string {
  const file = path.join(dir, "store.db");
  copyFileSync(template, file);
  return file;
}

export interface Answer {
  status: number;
  ms: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

/** One HTTP call as a browser of the store would make it (same-origin header on writes), timed. */
export async function call(
  url: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  route: string,
  opts: { cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (method !== "GET") {
    headers.origin = url;
    headers["content-type"] = "application/json";
  }
  const started = performance.now();
  const res = await fetch(`${url}${route}`, {
    method,
    headers,
    ...(method !== "GET" ? { body: JSON.stringify(opts.body ?? {}) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const ms = Math.round(performance.now() - started);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { unparsed: text.slice(0, 300) };
  }
  return { status: res.status, ms, retryAfter: res.headers.get("retry-after"), body };
}

/** An address whose address1 is the marker; `big` fills every field near its limit. */
export function addressInput(marker: string, big = false): AddressInput {
  if (!big) {
    return {
      firstName: "Fault",
      lastName: "Test",
      company: null,
      address1: marker,
      address2: null,
      city: "Springfield",
      province: "OR",
      country: "US",
      zip: "97477",
      phone: null,
    };
  }
  return {
    firstName: "F".repeat(100),
    lastName: "L".repeat(100),
    company: "C".repeat(100),
    address1: `${marker} ${"a".repeat(190 - marker.length)}`,
    address2: "b".repeat(200),
    city: "c".repeat(100),
    province: "p".repeat(100),
    // A country with no list of regions and a permissive postal rule: every free field at its limit.
    country: "GB",
    zip: "97477",
    phone: "+1 541 555 0100",
  };
}

/** The live child processes of a test, killed in afterEach whatever happened. */
export class Processes {
  #servers = new Set<ServerProcess>();
  #children = new Set<ChildProcess>();
  server(s: ServerProcess): ServerProcess {
    this.#servers.add(s);
    return s;
  }
  child(c: ChildProcess): ChildProcess {
    this.#children.add(c);
    return c;
  }
  async killAll(): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const s of this.#servers) waits.push(s.kill());
    for (const c of this.#children) {
      if (c.exitCode === null && c.signalCode === null) {
        waits.push(new Promise<void>((resolve) => c.once("exit", () => resolve())));
        c.kill("SIGKILL");
      }
    }
    this.#servers.clear();
    this.#children.clear();
    await Promise.all(waits);
  }
}

const requireHere = createRequire(import.meta.url);
const BETTER_SQLITE3 = requireHere.resolve("better-sqlite3");

export interface LockHolder {
  /** When (performance.now() of this process) the other process had the write lock. */
  lockedAt: number;
  /** Resolves with the time it committed and let the lock go, once it has exited with 0. */
  released: Promise<number>;
}

/**
 * Another process, on the same file, takes SQLite's write lock (BEGIN IMMEDIATE), holds it
 * for `holdMs`, commits and exits. Resolves once the lock is held.
 */
export async function holdWriteLock(
  processes: Processes,
  dbFile: string,
  holdMs: number,
): Promise<LockHolder> {
  const script = `
    const Database = require(${JSON.stringify(BETTER_SQLITE3)});
    const db = new Database(${JSON.stringify(dbFile)}, { timeout: 10000 });
    db.exec("BEGIN IMMEDIATE");
    process.stdout.write("locked\\n");
    setTimeout(() => {
      db.exec("COMMIT");
      db.close();
      process.stdout.write("released\\n");
      process.exit(0);
    }, ${holdMs});
  `;
  const child = processes.child(
    spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "pipe"] }),
  );
  let out = "";
  let releasedAt = 0;
  const locked = new Promise<number>((resolve, reject) => {
    child.stdout?.on("data", (d) => {
      out += String(d);
      if (out.includes("locked\n")) resolve(performance.now());
      if (out.includes("released\n") && !releasedAt) releasedAt = performance.now();
    });
    child.stderr?.on("data", (d) => {
      out += String(d);
    });
    child.once("exit", (code) =>
      reject(new Error(`the lock holder exited with ${code} before locking:\n${out}`)),
    );
  });
  const released = new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => {
      if (code === 0 && releasedAt) resolve(releasedAt);
      else reject(new Error(`the lock holder exited with ${code}:\n${out}`));
    });
  });
  released.catch(() => undefined);
  return { lockedAt: await locked, released };
}

/** PRAGMA integrity_check and foreign_key_check on a file no server has open. */
export function checkDatabase(dbFile: string): { integrity: string[]; foreignKeyProblems: number } {
  const db = new Database(dbFile);
  try {
    const integrity = (db.pragma("integrity_check") as { integrity_check: string }[]).map(
      (r) => r.integrity_check,
    );
    const foreignKeyProblems = (db.pragma("foreign_key_check") as unknown[]).length;
    return { integrity, foreignKeyProblems };
  } finally {
    db.close();
  }
}

/** Rows of a query on a file no server has open. */
export function queryDatabase<T>(dbFile: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A new empty folder outside the repository, for a mount point. */
export function mountPoint(label: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `vela-${label}-`));
}

/** Mounts a tmpfs of `bytes` at `dir`; throws a plain error when it cannot (not root, no tmpfs). */
export function mountTmpfs(dir: string, bytes: number): void {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${bytes}`, "tmpfs", dir], { stdio: "pipe" });
  } catch (err) {
    const stderr = String((err as { stderr?: unknown }).stderr ?? "").trim();
    throw new Error(
      `The disk-full test needs a small filesystem of its own, and \`mount -t tmpfs\` at ${dir} failed ` +
        `(this test must run as root, as it does in CI): ${stderr || String(err)}`,
    );
  }
}

export function isMounted(dir: string): boolean {
  return readFileSync("/proc/mounts", "utf8")
    .split("\n")
    .some((line) => line.split(" ")[1] === dir);
}

/** Unmounts, lazily when something still has a file open there. */
export function unmount(dir: string): void {
  if (!isMounted(dir)) return;
  try {
    execFileSync("umount", [dir], { stdio: "pipe" });
  } catch {
    execFileSync("umount", ["-l", dir], { stdio: "pipe" });
  }
}

/** Free bytes for an unprivileged writer. */
export function freeBytes(dir: string): number {
  const out = execFileSync("df", ["-B1", "--output=avail", dir], { encoding: "utf8" });
  return Number(out.trim().split("\n").pop());
}

/**
 * Writes zeros to `file` until the filesystem refuses (ENOSPC), then gives `leaveBytes`
 * back, so that only that much is left. Returns the filler's size.
 */
export function fillFilesystem(file: string, leaveBytes: number): number {
  const fd = openSync(file, "w");
  const zeros = Buffer.alloc(1024 * 1024);
  let size = 0;
  let chunk = zeros.length;
  try {
    for (;;) {
      try {
        size += writeSync(fd, zeros, 0, chunk);
      } catch (err) {
        if ((err as { code?: string }).code !== "ENOSPC") throw err;
        if (chunk === 1) break;
        chunk = Math.max(1, Math.floor(chunk / 2));
      }
    }
    const kept = Math.max(0, size - leaveBytes);
    ftruncateSync(fd, kept);
    return kept;
  } finally {
    closeSync(fd);
  }
}
