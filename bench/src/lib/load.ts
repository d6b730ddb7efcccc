// Load generation with autocannon, and the A/B discipline of every ratio we report: the
// variants are measured in alternation (round r starts at variant r mod n), several rounds,
// and each figure is the median over rounds, so a noisy neighbour hits all variants alike.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { median } from "./report.ts";

export interface LoadSample {
  rps: number;
  p50: number;
  p99: number;
  /** Mean latency, ms (autocannon's percentiles are whole milliseconds). */
  mean: number;
  /**
   * CPU time the server process spent per request, µs (user + system, from /proc): what a
   * request costs the server, whatever the load generator beside it on the same cores costs.
   * NaN when no server pid was given or /proc cannot tell.
   */
  serverCpuUs: number;
  requests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  /** Paths to cycle through on every connection (instead of the url's own path). */
  paths?: string[];
  /** Each request's path, asked for as it is sent: unique across connections when it counts up. */
  nextPath?: () => string;
  connections: number;
  durationSeconds?: number;
  /** Fixed number of requests instead of a duration. */
  amount?: number;
  /** Requests per second for the whole run (autocannon's overallRate); unlimited when absent. */
  overallRate?: number;
  headers?: Record<string, string>;
  method?: "GET" | "POST";
  body?: string;
  timeoutSeconds?: number;
  /** The server's process id, to read its CPU time before and after (Linux). */
  serverPid?: number;
}

let clockTicks: number | undefined;
/** user + system CPU seconds of a process so far, or NaN off Linux. */
function cpuSeconds(pid: number): number {
  try {
    clockTicks ??= Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
    // Fields after the command name (which may hold spaces) start at the state, field 3.
    const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return Number.NaN;
  }
}

export async function load(opts: LoadOptions): Promise<LoadSample> {
  const cpuBefore = opts.serverPid ? cpuSeconds(opts.serverPid) : Number.NaN;
  const result = await autocannon({
    url: opts.url,
    ...(opts.paths ? { requests: opts.paths.map((p) => ({ path: p })) } : {}),
    ...(opts.nextPath
      ? { requests: [{ setupRequest: (req: object) => ({ ...req, path: opts.nextPath?.() }) }] }
      : {}),
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.durationSeconds ?? 5 }),
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    headers: opts.headers ?? {},
    method: opts.method ?? "GET",
    ...(opts.body ? { body: opts.body } : {}),
    timeout: opts.timeoutSeconds ?? 10,
  });
  const cpu = opts.serverPid ? cpuSeconds(opts.serverPid) - cpuBefore : Number.NaN;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    serverCpuUs: result.requests.total ? (cpu / result.requests.total) * 1e6 : Number.NaN,
    requests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export interface AbResult<K extends string> {
  /** Median over rounds, per variant. */
  median: Record<K, LoadSample>;
  rounds: Record<K, LoadSample>[];
}

/** Runs every variant once per round, rotating the order, and takes medians per field. */
export async function alternate<K extends string>(
  variants: Record<K, () => Promise<LoadSample>>,
  rounds: number,
): Promise<AbResult<K>> {
  const keys = Object.keys(variants) as K[];
  const all: Record<K, LoadSample>[] = [];
  for (let r = 0; r < rounds; r++) {
    const round = {} as Record<K, LoadSample>;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[(r + i) % keys.length] as K;
      round[key] = await variants[key]();
    }
    all.push(round);
  }
  const med = {} as Record<K, LoadSample>;
  for (const key of keys) {
    const samples = all.map((r) => r[key]);
    const field = (f: keyof LoadSample) => median(samples.map((s) => s[f]));
    med[key] = {
      rps: field("rps"),
      p50: field("p50"),
      p99: field("p99"),
      mean: field("mean"),
      serverCpuUs: field("serverCpuUs"),
      requests: field("requests"),
      errors: Math.max(...samples.map((s) => s.errors)),
      timeouts: Math.max(...samples.map((s) => s.timeouts)),
      non2xx: Math.max(...samples.map((s) => s.non2xx)),
    };
  }
  return { median: med, rounds: all };
}

/** The median of per-round ratios a/b of one field (more robust than a ratio of medians). */
export function medianRatio<K extends string>(
  ab: AbResult<K>,
  a: K,
  b: K,
  field: keyof LoadSample = "rps",
): number {
  return median(ab.rounds.map((r) => r[a][field] / r[b][field]));
}
