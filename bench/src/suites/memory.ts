// Memory after a mixed run: the compiled server as `npm start` runs it (plain node on
// server/dist/main.js, source maps on, one malloc arena) on a fresh seeded SQLite copy, its resident
// memory read from /proc/<pid>/status (VmRSS, and VmHWM for the peak) at the first 200 and after each
// phase of a walk a live store sees: signed-in reads under load (the orders page by REST and tRPC,
// the profile, the addresses), sign-ins, checkouts with the test provider, every public page of the
// sitemap in both languages (cold, then once more from the page cache), and 2 s of idleness. The heap
// at the end comes from the store's own /metrics, which answers loopback.
//
// mixedRun() is the walk alone, against any running store (the peer bench runs it on our server
// beside Vendure's figures: suites/vendure.ts); measureMixedRun() starts the compiled server for it.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { buildServer, newestMtime, serverBuildIsStale } from "../../../scripts/build-server.mjs";
import { createDb } from "../../../server/src/db/client.ts";
import { BENCH_ADDRESS, BENCH_CARD } from "../lib/checkout-fixtures.ts";
import { load } from "../lib/load.ts";
import { type Figure, round, type Suite, type Target } from "../lib/report.ts";
import { ROOT_DIR, signIn, startServer } from "../lib/server-process.ts";

const SUITE = "Memory (mixed run)";
/** The issue's target: the server's RSS after the whole walk. */
export const MIXED_RUN_TARGET: Target = { op: "<=", value: 150 };
export const DEMO = { email: "demo@vela.test", password: "demo-password" };
/** A bare path is asked for once per language, the language told by Accept-Language (x-default). */
export const BARE_PATH_LANGUAGES = ["en-US,en;q=0.9", "ja-JP,ja;q=0.9"] as const;
const MiB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Pure parts (bench/src/memory.test.ts)

export interface ProcMemory {
  /** VmRSS: resident now, KiB. */
  rssKiB: number;
  /** VmHWM: the highest resident size so far, KiB. */
  peakKiB: number;
}

/** VmRSS and VmHWM of a /proc/<pid>/status text (NaN for a line that is not there). */
export function parseProcStatus(text: string): ProcMemory {
  const field = (name: string) => {
    const m = new RegExp(`^${name}:\\s*(\\d+)\\s*kB\\s*$`, "m").exec(text);
    return m ? Number(m[1]) : Number.NaN;
  };
  return { rssKiB: field("VmRSS"), peakKiB: field("VmHWM") };
}

export interface PageRequest {
  /** Path and query, e.g. `/products?lang=ja-JP`. */
  path: string;
  /** Set for a bare path, whose language the server negotiates. */
  acceptLanguage?: string;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/**
 * The requests that render every page of a sitemap in every language it lists: each `<loc>` (a
 * page's `?lang=` URL; its origin dropped, as the store under test may sit elsewhere than the
 * PUBLIC_URL the sitemap was written for), then each page's bare path once per language of
 * BARE_PATH_LANGUAGES, told by Accept-Language.
 */
export function publicPageRequests(sitemapXml: string): PageRequest[] {
  const locs = [...sitemapXml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map((m) =>
    unescapeXml(m[1] as string),
  );
  const withLang: PageRequest[] = [];
  const bare = new Set<string>();
  for (const loc of locs) {
    const url = new URL(loc, "http://sitemap.invalid");
    withLang.push({ path: url.pathname + url.search });
    url.searchParams.delete("lang");
    bare.add(url.pathname + url.search);
  }
  const negotiated = [...bare].flatMap((p) =>
    BARE_PATH_LANGUAGES.map((acceptLanguage) => ({ path: p, acceptLanguage })),
  );
  return [...new Map([...withLang, ...negotiated].map((r) => [`${r.path} ${r.acceptLanguage}`, r])).values()];
}

/** The unlabelled samples of a Prometheus text exposition, by metric name. */
export function parseMetrics(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)\s+(\S+)/.exec(line);
    if (m) out[m[1] as string] = Number(m[2]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The walk

export interface MemoryReading {
  moment: string;
  rssMiB: number;
  peakMiB: number;
}

/** The process's resident memory now and at its peak, MiB (NaN off Linux or once it is gone). */
export function readProcMemory(pid: number, moment: string): MemoryReading {
  let status = "";
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    // no /proc here, or the process has exited
  }
  const m = parseProcStatus(status);
  return { moment, rssMiB: m.rssKiB / 1024, peakMiB: m.peakKiB / 1024 };
}

export interface PhaseResult {
  phase: "reads" | "sign-ins" | "checkouts" | "pages" | "idle";
  seconds: number;
  /** Requests (reads, sign-ins, pages) or orders placed (checkouts). */
  count: number;
  /** Words for the report's note. */
  note: string;
  /** After the phase, when the server's pid was given. */
  memory?: MemoryReading;
}

export interface HeapFigures {
  heapUsedMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
  /** process_resident_memory_bytes, the server's own view of its RSS. */
  rssMiB: number;
}

export interface MixedRunResult {
  phases: PhaseResult[];
  /** From /metrics at the end, or null when the store did not answer it (not loopback, or a token). */
  heap: HeapFigures | null;
  pages: {
    requests: number;
    pages: number;
    coldMs: number;
    cachedMs: number;
    cachedStates: Record<string, number>;
  };
}

export interface MixedRunOptions {
  quick: boolean;
  /** The server's process id: its /proc/<pid>/status is read after each phase. */
  pid?: number;
  /** The signed-in customer (the seeded demo customer by default). */
  customer?: { email: string; password: string };
  /** Progress lines (console.info by default). */
  log?: (line: string) => void;
}

const ADDRESS = BENCH_ADDRESS;
const CARD = BENCH_CARD;
const CLIENTS = 4;
const READ_CONNECTIONS = 10;

const failed = (what: string, s: { errors: number; timeouts: number; non2xx: number; requests: number }) =>
  s.errors || s.timeouts || s.non2xx
    ? new Error(
        `${what}: ${s.non2xx} answers not 2xx, ${s.errors} errors, ${s.timeouts} timeouts of ${s.requests}` +
          " (sign-ins refused with 429? the store must run with RATE_LIMIT_MULTIPLIER=10000)",
      )
    : undefined;

/**
 * The mixed walk against a running store at `baseUrl` (its public pages, the demo customer's
 * account, a checkout that takes test cards, enough stock for the orders: see stockUp). Throws
 * when any request is refused or fails, so that the memory reported is that of a walk that happened.
 */
export async function mixedRun(baseUrl: string, opts: MixedRunOptions): Promise<MixedRunResult> {
  const log = opts.log ?? ((line: string) => console.info(`[memory] ${line}`));
  const customer = opts.customer ?? DEMO;
  const phases: PhaseResult[] = [];
  const phase = async (
    name: PhaseResult["phase"],
    run: () => Promise<{ count: number; note: string }>,
  ): Promise<void> => {
    const t0 = performance.now();
    const { count, note } = await run();
    const seconds = (performance.now() - t0) / 1000;
    const result: PhaseResult = { phase: name, seconds, count, note };
    if (opts.pid) result.memory = readProcMemory(opts.pid, name);
    phases.push(result);
    log(
      `${name}: ${note}` +
        (result.memory
          ? `; RSS ${round(result.memory.rssMiB, 1)} MiB (peak ${round(result.memory.peakMiB, 1)})`
          : ""),
    );
  };

  // Signed-in reads: the account's orders page (REST and tRPC), the profile and the addresses.
  await phase("reads", async () => {
    const cookie = await signIn(baseUrl, customer.email, customer.password);
    const paths = [
      "/api/account/orders?limit=10",
      `/trpc/orders.list?input=${encodeURIComponent(JSON.stringify({ limit: 10 }))}`,
      "/api/account/customer",
      "/api/account/addresses",
    ];
    const s = await load({
      url: baseUrl,
      paths,
      connections: READ_CONNECTIONS,
      durationSeconds: opts.quick ? 2 : 6,
      headers: { cookie },
      ...(opts.pid ? { serverPid: opts.pid } : {}),
    });
    const error = failed("signed-in reads", s);
    if (error) throw error;
    return {
      count: s.requests,
      note: `${s.requests} requests (orders REST and tRPC, profile, addresses), ${Math.round(s.rps)}/s at ${READ_CONNECTIONS} connections`,
    };
  });

  await phase("sign-ins", async () => {
    const s = await load({
      url: `${baseUrl}/api/account/login`,
      connections: CLIENTS,
      durationSeconds: opts.quick ? 2 : 5,
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify(customer),
      ...(opts.pid ? { serverPid: opts.pid } : {}),
    });
    const error = failed("sign-ins", s);
    if (error) throw error;
    return {
      count: s.requests,
      note: `${s.requests} sign-ins, ${round(s.rps, 1)}/s at ${CLIENTS} connections`,
    };
  });

  await phase("checkouts", async () => {
    const placed = await checkouts(baseUrl, opts.quick ? 2_000 : 5_000);
    return {
      count: placed.orders,
      note:
        `${placed.orders} orders placed (new cart, 3 lines, quote, test card) by ${CLIENTS} clients` +
        (placed.busy ? `; ${placed.busy} answers 503 sent again` : ""),
    };
  });

  let pages: MixedRunResult["pages"] = { requests: 0, pages: 0, coldMs: 0, cachedMs: 0, cachedStates: {} };
  await phase("pages", async () => {
    const sitemap = await fetch(`${baseUrl}/sitemap.xml`);
    if (!sitemap.ok) throw new Error(`/sitemap.xml answered ${sitemap.status}`);
    const requests = publicPageRequests(await sitemap.text());
    if (requests.length === 0) throw new Error("/sitemap.xml lists no page");
    const cold = await renderAll(baseUrl, requests);
    const cached = await renderAll(baseUrl, requests);
    const distinct = new Set(requests.map((r) => r.path.replace(/[?&]lang=[^&]*/, ""))).size;
    pages = {
      requests: requests.length,
      pages: distinct,
      coldMs: cold.ms,
      cachedMs: cached.ms,
      cachedStates: cached.states,
    };
    const states = Object.entries(cached.states)
      .map(([s, n]) => `${n} ${s}`)
      .join(", ");
    return {
      count: requests.length * 2,
      note: `${distinct} pages as ${requests.length} URLs (each ?lang= of the sitemap, each bare path in en-US and ja-JP): cold ${Math.round(cold.ms)} ms, again ${Math.round(cached.ms)} ms (${states})`,
    };
  });

  await phase("idle", async () => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    return { count: 0, note: "2 s without requests" };
  });

  return { phases, heap: await heapOf(baseUrl), pages };
}

/** Each request once, one at a time; any answer but 200 stops the walk. */
async function renderAll(
  baseUrl: string,
  requests: readonly PageRequest[],
): Promise<{ ms: number; states: Record<string, number> }> {
  const states: Record<string, number> = {};
  const bad: string[] = [];
  const t0 = performance.now();
  for (const r of requests) {
    const res = await fetch(baseUrl + r.path, {
      headers: r.acceptLanguage ? { "accept-language": r.acceptLanguage } : {},
    });
    await res.arrayBuffer();
    if (res.status !== 200)
      bad.push(`${r.path}${r.acceptLanguage ? ` (${r.acceptLanguage})` : ""}: ${res.status}`);
    const state = res.headers.get("x-page-cache") ?? "uncached";
    states[state] = (states[state] ?? 0) + 1;
  }
  if (bad.length) throw new Error(`public pages not answered 200: ${bad.slice(0, 5).join("; ")}`);
  return { ms: performance.now() - t0, states };
}

/** CLIENTS shoppers for `ms`, each order a new cart of 3 lines, its quote and its payment. */
async function checkouts(baseUrl: string, ms: number): Promise<{ orders: number; busy: number }> {
  const listed = await fetch(`${baseUrl}/api/products`);
  if (!listed.ok) throw new Error(`/api/products answered ${listed.status}`);
  const products = (
    (await listed.json()) as {
      products: { available: boolean; defaultVariantId: string; priceRanges: Record<string, unknown> }[];
    }
  ).products;
  const variants = products
    .filter((p) => p.available && p.priceRanges.USD)
    .map((p) => p.defaultVariantId)
    .slice(0, 3);
  if (variants.length < 3) throw new Error("the catalogue has fewer than 3 available products priced in USD");
  let busy = 0;
  let serial = 0;
  const post = async <T>(p: string, body: () => unknown): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(baseUrl + p, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseUrl },
        body: JSON.stringify(body()),
      });
      if (res.status === 503 && attempt < 5) {
        busy++;
        await res.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
        continue;
      }
      if (!res.ok) throw new Error(`checkout: ${p} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    }
  };
  let orders = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const cartId = (await post<{ cart: { id: string } }>("/api/cart", () => ({}))).cart.id;
        await post(`/api/cart/${cartId}`, () => ({
          items: variants.map((merchandiseId) => ({ merchandiseId, quantity: 1 })),
        }));
        const base = { cartId, email: "memory-bench@example.com", address: ADDRESS };
        const quote = await post<{ quote: { totalMinor: number } }>("/api/checkout/quote", () => base);
        await post("/api/checkout/orders", () => ({
          ...base,
          card: CARD,
          idempotencyKey: `memory-${process.pid}-${serial++}-0000`,
          expectedTotal: quote.quote.totalMinor,
        }));
        orders++;
      }
    }),
  );
  return { orders, busy };
}

async function heapOf(baseUrl: string): Promise<HeapFigures | null> {
  const res = await fetch(`${baseUrl}/metrics`);
  if (!res.ok) {
    await res.arrayBuffer();
    return null;
  }
  const m = parseMetrics(await res.text());
  const mib = (name: string) => (m[name] ?? Number.NaN) / MiB;
  return {
    heapUsedMiB: mib("nodejs_heap_size_used_bytes"),
    heapTotalMiB: mib("nodejs_heap_size_total_bytes"),
    externalMiB: mib("nodejs_external_memory_bytes"),
    rssMiB: mib("process_resident_memory_bytes"),
  };
}

// ---------------------------------------------------------------------------------------------
// The compiled server

export interface BuildState {
  serverRebuilt: boolean;
  clientBuilt: boolean;
  /** The client build is older than its sources (left as it is: this suite builds it only when missing). */
  clientOlderThanSources: boolean;
}

/** server/dist built when older than its sources; the client built when its build is missing. */
export async function ensureCompiledServer(): Promise<BuildState> {
  const clientIndex = path.join(ROOT_DIR, "client/dist/index.html");
  const renderer = path.join(ROOT_DIR, "client/dist-ssr/entry-server.js");
  let clientBuilt = false;
  if (!existsSync(clientIndex) || !existsSync(renderer)) {
    console.info("[memory] building the client (npm run build -w @vela/client) ...");
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const res = spawnSync(npm, ["run", "build", "-w", "@vela/client"], { cwd: ROOT_DIR, encoding: "utf8" });
    if (res.status !== 0) throw new Error(`the client build failed:\n${res.stdout}\n${res.stderr}`);
    clientBuilt = true;
  }
  const clientSources = Math.max(
    ...["client", "packages/shared", "packages/i18n", "packages/device"].map((d) =>
      newestMtime(path.join(ROOT_DIR, d)),
    ),
  );
  const clientOlderThanSources = statSync(clientIndex).mtimeMs < clientSources;
  if (clientOlderThanSources) {
    console.info("[memory] note: the client build is older than its sources (npm start would rebuild it)");
  }
  const serverRebuilt = serverBuildIsStale();
  if (serverRebuilt) {
    console.info("[memory] building the server (scripts/build-server.mjs) ...");
    await buildServer();
  }
  return { serverRebuilt, clientBuilt, clientOlderThanSources };
}

/** Enough stock of every variant that no placement of the walk runs out. */
export async function stockUp(databaseUrl: string): Promise<void> {
  const prisma = createDb(databaseUrl);
  try {
    await prisma.productVariant.updateMany({ data: { inventory: 100_000_000, available: true } });
  } finally {
    await prisma.$disconnect();
  }
}

export interface MeasuredRun {
  first: MemoryReading;
  run: MixedRunResult;
}

/**
 * Starts the compiled server on `databaseUrl` (built, migrated, seeded, stocked up), reads its RSS at
 * the first 200, walks the mixed run and stops it.
 */
export async function measureMixedRun(databaseUrl: string, quick: boolean): Promise<MeasuredRun> {
  const server = await startServer({
    databaseUrl,
    compiled: true,
    // Sign-ins under load from one address: the limits would refuse most of them.
    env: { RATE_LIMIT_MULTIPLIER: "10000" },
  });
  try {
    const pid = server.child.pid;
    if (!pid) throw new Error("the server has no process id");
    const first = readProcMemory(pid, "first 200");
    console.info(`[memory] first 200: RSS ${round(first.rssMiB, 1)} MiB`);
    const run = await mixedRun(server.url, { quick, pid });
    return { first, run };
  } finally {
    await server.stop();
  }
}

const MOMENTS: Record<PhaseResult["phase"], string> = {
  reads: "RSS after signed-in reads",
  "sign-ins": "RSS after sign-ins",
  checkouts: "RSS after checkouts",
  pages: "RSS after every public page in both languages",
  idle: "RSS after the mixed run",
};

export function memoryFigures({ first, run }: MeasuredRun, suite = SUITE): Figure[] {
  const mib = (n: number) => round(n, 1);
  const figures: Figure[] = [{ suite, name: "RSS at the first 200", value: mib(first.rssMiB), unit: "MiB" }];
  for (const p of run.phases) {
    if (!p.memory) continue;
    const last = p.phase === "idle";
    figures.push({
      suite,
      name: MOMENTS[p.phase],
      value: mib(p.memory.rssMiB),
      unit: "MiB",
      ...(last ? { target: MIXED_RUN_TARGET } : {}),
      note: last ? `after 2 s idle; peak (VmHWM) ${mib(p.memory.peakMiB)} MiB` : p.note,
    });
  }
  if (run.heap) {
    figures.push({
      suite,
      name: "heap used at the end (/metrics)",
      value: mib(run.heap.heapUsedMiB),
      unit: "MiB",
      note: `nodejs_heap_size_used_bytes; external ${mib(run.heap.externalMiB)} MiB, process_resident_memory ${mib(run.heap.rssMiB)} MiB`,
    });
    figures.push({
      suite,
      name: "heap total at the end (/metrics)",
      value: mib(run.heap.heapTotalMiB),
      unit: "MiB",
      note: "nodejs_heap_size_total_bytes: what V8 holds for the heap",
    });
  }
  return figures;
}

export const memorySuite: Suite = async ({ quick, database }) => {
  const build = await ensureCompiledServer();
  const db = await database("memory");
  try {
    await stockUp(db.url);
    const measured = await measureMixedRun(db.url, quick);
    return {
      figures: memoryFigures(measured),
      details: {
        how: "node --enable-source-maps server/dist/main.js, MALLOC_ARENA_MAX=1, NODE_ENV=production, fresh seeded SQLite",
        build,
        first: measured.first,
        phases: measured.run.phases,
        heap: measured.run.heap,
        pages: measured.run.pages,
      },
    };
  } finally {
    await db.drop();
  }
};
