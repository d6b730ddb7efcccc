// What one server instance and three serve on one PostgreSQL database, on this machine: the
// store as `npm start` runs it (NODE_ENV=production), three processes on one database as behind a
// reverse proxy, the load spread evenly over them (each instance gets a third of the connections,
// as a round-robin proxy would give it), against one process taking all of it. Two workloads:
// the signed-in account pages (orders, customer, addresses) with the catalogue, and sign-ins
// (argon2id, CPU-bound). Rounds alternate one/three, each figure the median over rounds.
//
//   npx tsx bench/src/instances.ts [--quick]
//
// PostgreSQL: BENCH_DATABASE_URL's server, or a throwaway cluster from the machine's binaries.
// BENCH_PORTS=3000,3001,3002 picks the ports (free ones by default).
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { postgresForBench } from "./lib/engines.ts";
import { type LoadSample, load } from "./lib/load.ts";
import { median, round } from "./lib/report.ts";
import { freePort, type ServerProcess, signIn, startServer } from "./lib/server-process.ts";

const quick = process.argv.includes("--quick");
const CONNECTIONS = 12;
const ROUNDS = 3;
const SECONDS = quick ? 3 : 8;
const DEMO = { email: "demo@vela.test", password: "demo-password" };

const pg = await postgresForBench();
if ("none" in pg) {
  console.error(`no PostgreSQL: ${pg.none}`);
  process.exit(1);
}
const db = await pg.database("instances");
const ports = process.env.BENCH_PORTS
  ? process.env.BENCH_PORTS.split(",").map(Number)
  : [await freePort(), await freePort(), await freePort()];
const servers: ServerProcess[] = [];

interface Combined {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Load on `n` instances at once, CONNECTIONS split evenly; the requests per second summed. */
async function spread(
  n: number,
  opts: { paths?: string[]; post?: string; cookie?: string },
): Promise<Combined> {
  const samples: LoadSample[] = await Promise.all(
    servers.slice(0, n).map((s) =>
      load({
        url: opts.post ? s.url + opts.post : s.url,
        ...(opts.paths ? { paths: opts.paths } : {}),
        connections: CONNECTIONS / n,
        durationSeconds: SECONDS,
        headers: {
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(opts.post ? { "content-type": "application/json", origin: s.url } : {}),
        },
        ...(opts.post ? { method: "POST" as const, body: JSON.stringify(DEMO) } : {}),
      }),
    ),
  );
  return {
    rps: samples.reduce((sum, s) => sum + s.rps, 0),
    p50: Math.max(...samples.map((s) => s.p50)),
    p99: Math.max(...samples.map((s) => s.p99)),
    errors: samples.reduce((sum, s) => sum + s.errors + s.non2xx + s.timeouts, 0),
  };
}

const results: Record<string, Record<"one" | "three", Combined[]>> = {};
try {
  for (const port of ports) {
    servers.push(
      await startServer({
        databaseUrl: db.url,
        port,
        env: { RATE_LIMIT_MULTIPLIER: "10000", TRUST_PROXY: "true" },
      }),
    );
  }
  // One session for every instance: they share the database and the secret.
  const cookie = await signIn(servers[0]?.url as string, DEMO.email, DEMO.password);
  const workloads = {
    "account pages": {
      paths: [
        "/api/account/orders?limit=10",
        "/api/account/customer",
        "/api/account/addresses",
        "/api/products",
      ],
      cookie,
    },
    "sign-ins": { post: "/api/account/login" },
  };
  for (const [name, w] of Object.entries(workloads)) {
    // Warm every instance (JIT, prepared statements, pool connections).
    await spread(3, w);
    results[name] = { one: [], three: [] };
    for (let r = 0; r < ROUNDS; r++) {
      for (const n of r % 2 ? [3, 1] : [1, 3]) {
        const sample = await spread(n, w);
        (results[name] as Record<"one" | "three", Combined[]>)[n === 1 ? "one" : "three"].push(sample);
      }
    }
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await db.drop();
  await pg.close();
}

const lines = [
  `one instance against three on one PostgreSQL database, ${os.availableParallelism()} cores, ` +
    `${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
];
for (const [name, r] of Object.entries(results)) {
  for (const k of ["one", "three"] as const) {
    const s = r[k];
    const errors = s.reduce((sum, x) => sum + x.errors, 0);
    lines.push(
      `${name.padEnd(14)} ${k.padEnd(5)} ${round(median(s.map((x) => x.rps)), 1)} req/s ` +
        `(rounds ${s.map((x) => Math.round(x.rps)).join(" / ")}), p50 ${median(s.map((x) => x.p50))} ms, ` +
        `p99 ${median(s.map((x) => x.p99))} ms${errors ? `, ${errors} errors` : ""}`,
    );
  }
}
console.info(lines.join("\n"));
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../results");
mkdirSync(dir, { recursive: true });
writeFileSync(
  path.join(dir, "instances-latest.json"),
  JSON.stringify({ at: new Date().toISOString(), cores: os.availableParallelism(), results }, null, 2),
);
