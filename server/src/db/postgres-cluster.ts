// A throwaway PostgreSQL cluster from the machine's own PostgreSQL binaries (Debian's
// /usr/lib/postgresql/<version>/bin): initdb and pg_ctl in a temporary folder, on a free
// loopback port, trust authentication, fsync off. For the test suite and for the command that
// makes a PostgreSQL migration (the schema engine wants a live server to diff two schema files),
// never for data anyone keeps. As root, the cluster runs as the `postgres` user (initdb refuses root).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface Cluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  dir: string;
  /** Stops the server and removes its folder. */
  stop(): void;
  /**
   * Stops the server and keeps its data (fault tests: the database goes away): `immediate` (the
   * default) as a crash would, `fast` as an operator's restart does (sessions ended, a clean checkpoint).
   */
  pause(mode?: "fast" | "immediate"): void;
  /** Starts a paused server again on the same port. */
  resume(): void;
}

const DEBIAN_ROOT = "/usr/lib/postgresql";

/** The newest PostgreSQL bin folder on the machine with initdb and pg_ctl, or null. */
export function postgresBinDir(): string | null {
  if (!existsSync(DEBIAN_ROOT)) return null;
  const versions = readdirSync(DEBIAN_ROOT)
    .filter((v) => existsSync(path.join(DEBIAN_ROOT, v, "bin/initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(DEBIAN_ROOT, versions[0], "bin") : null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

function run(bin: string, args: string[]): void {
  const [cmd, argv] = isRoot() ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const res = spawnSync(cmd, argv, { encoding: "utf8" });
  if (res.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${res.status}): ${res.stderr || res.stdout || res.error}`);
  }
}

/** Starts a cluster and returns its URL; null when the machine has no PostgreSQL binaries. */
export async function startThrowawayCluster(): Promise<Cluster | null> {
  const bin = postgresBinDir();
  if (!bin) return null;
  const dir = mkdtempSync(path.join(tmpdir(), "vela-pg-"));
  if (isRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale"]);
  const start = () =>
    run(path.join(bin, "pg_ctl"), [
      "-D",
      data,
      "-l",
      path.join(dir, "log"),
      "-w",
      "start",
      "-o",
      `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
    ]);
  const halt = (mode: "fast" | "immediate" = "immediate") =>
    run(path.join(bin, "pg_ctl"), ["-D", data, "-m", mode, "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    stop() {
      try {
        halt("immediate");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    pause: halt,
    resume: start,
  };
}
