// Load: the account API at half its measured saturation for a minute, twice, against the
// real server process. Zero errors, zero timeouts, every answer 2xx, and the heap after a
// full collection does not grow from the first minute to the second.
import { rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoadSample, load } from "../src/lib/load.ts";
import {
  prepareDatabase,
  type ServerProcess,
  scratchDir,
  signIn,
  startServer,
} from "../src/lib/server-process.ts";

const BENCH_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "../src/bench-server.ts");
const LOAD_MINUTE_SECONDS = 60;
const CONNECTIONS = 8;
const ACCOUNT_PATHS = [
  "/api/account/customer",
  "/api/account/orders",
  "/api/account/addresses",
  "/api/account/orders/1026",
  `/trpc/account.me,orders.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: { limit: 10 } }))}`,
];

interface Memory {
  collected: boolean;
  heapUsed: number;
  rss: number;
}

let server: ServerProcess;
let dir: string;
let cookie: string;
const memory = async (): Promise<Memory> =>
  (await fetch(`${server.url}/api/bench/memory`)).json() as Promise<Memory>;

beforeAll(async () => {
  dir = scratchDir("load");
  const dbFile = path.join(dir, "store.db");
  prepareDatabase(dbFile);
  server = await startServer({
    dbFile,
    entry: BENCH_SERVER,
    nodeArgs: ["--expose-gc"],
    env: { RATE_LIMIT_MULTIPLIER: "10000" },
  });
  cookie = await signIn(server.url, "demo@vela.test", "demo-password");
});
afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const MB = 1024 * 1024;

describe("the account API under load", () => {
  it("answers every path it is loaded with", async () => {
    for (const p of ACCOUNT_PATHS) {
      const res = await fetch(server.url + p, { headers: { cookie } });
      expect(res.status, p).toBe(200);
    }
  });

  it(
    "takes two minutes at half its saturation with no error, no timeout, and no growth of the heap",
    async () => {
      const base = { url: server.url, paths: ACCOUNT_PATHS, connections: CONNECTIONS, headers: { cookie } };
      // Warm up, then saturate: as fast as the server answers, 8 connections, 5 s.
      await load({ ...base, amount: 1000 });
      const saturation = await load({ ...base, durationSeconds: 5 });
      expect(saturation.non2xx).toBe(0);
      const rate = Math.max(1, Math.floor(saturation.rps / 2));

      const minutes: { sample: LoadSample; after: Memory }[] = [];
      const before = await memory();
      expect(before.collected, "the server runs with --expose-gc").toBe(true);
      for (let i = 0; i < 2; i++) {
        const sample = await load({ ...base, durationSeconds: LOAD_MINUTE_SECONDS, overallRate: rate });
        minutes.push({ sample, after: await memory() });
      }
      console.info(
        `load: saturation ${saturation.rps.toFixed(0)} req/s, loaded at ${rate} req/s; ` +
          minutes
            .map(
              (m, i) =>
                `minute ${i + 1}: ${m.sample.requests} requests, p99 ${m.sample.p99} ms, heap ${(m.after.heapUsed / MB).toFixed(1)} MB, rss ${(m.after.rss / MB).toFixed(1)} MB`,
            )
            .join("; ") +
          `; heap before ${(before.heapUsed / MB).toFixed(1)} MB`,
      );
      for (const { sample } of minutes) {
        expect(sample.errors).toBe(0);
        expect(sample.timeouts).toBe(0);
        expect(sample.non2xx).toBe(0);
        // The rate was held: at least 80 % of the requests a minute at that rate asks for.
        expect(sample.requests).toBeGreaterThanOrEqual(rate * LOAD_MINUTE_SECONDS * 0.8);
      }
      const [first, second] = minutes as [(typeof minutes)[0], (typeof minutes)[0]];
      // A leak grows the heap by the same amount every minute; allow 10 % or 4 MB of noise.
      const growth = second.after.heapUsed - first.after.heapUsed;
      expect(growth).toBeLessThanOrEqual(Math.max(4 * MB, first.after.heapUsed * 0.1));
    },
    5 * 60_000,
  );
});
