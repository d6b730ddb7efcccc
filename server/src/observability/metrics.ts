// What an operator scrapes: the store's own figures in Prometheus' text format, served at /metrics
// (http/metrics-route.ts) to this machine or to a scraper with the configured bearer token, never
// to the public (docs/deploying.md, "Metrics"). One registry per app, so that the tests' several
// apps in one process do not share counters.
import { createRequire } from "node:module";
import type * as PromClient from "prom-client";

// prom-client's parts are required one by one: its index also loads the push gateway, the cluster
// aggregator and, for the process CPU figures' trace exemplars, @opentelemetry/api; together 30 ms
// of start-up and about 4 MiB the store never uses. The CPU counters are ours (below).
const requirePromClient = createRequire(import.meta.url);
const promClientPart = <T>(name: string): T => requirePromClient(`prom-client/lib/${name}`) as T;
const Registry = promClientPart<typeof PromClient.Registry>("registry");
const Counter = promClientPart<typeof PromClient.Counter>("counter");
const Gauge = promClientPart<typeof PromClient.Gauge>("gauge");
const Histogram = promClientPart<typeof PromClient.Histogram>("histogram");
type DefaultMetric = (registry: PromClient.Registry, config: Record<string, unknown>) => void;
/** prom-client's default metrics (lib/defaultMetrics.js) but its CPU counters. */
const DEFAULT_METRICS = [
  "processStartTime",
  "osMemoryHeap",
  "processOpenFileDescriptors",
  "processMaxFileDescriptors",
  "eventLoopLag",
  ...(typeof process.getActiveResourcesInfo === "function" ? ["processResources"] : []),
  "processHandles",
  "processRequests",
  "heapSizeAndUsed",
  "heapSpacesSizeAndUsed",
  "version",
  "gc",
].map((name) => promClientPart<DefaultMetric>(`metrics/${name}`));

/** process_cpu_*_seconds_total, as prom-client names them, read from process.cpuUsage() when scraped. */
function registerCpuCounters(registry: PromClient.Registry): void {
  let last = process.cpuUsage();
  const system = new Counter({
    name: "process_cpu_system_seconds_total",
    help: "Total system CPU time spent in seconds.",
    registers: [registry],
  });
  const total = new Counter({
    name: "process_cpu_seconds_total",
    help: "Total user and system CPU time spent in seconds.",
    registers: [registry],
  });
  new Counter({
    name: "process_cpu_user_seconds_total",
    help: "Total user CPU time spent in seconds.",
    registers: [registry],
    // This one's collect sets all three.
    collect() {
      const now = process.cpuUsage();
      const user = (now.user - last.user) / 1e6;
      const sys = (now.system - last.system) / 1e6;
      last = now;
      this.inc(user);
      system.inc(sys);
      total.inc(user + sys);
    },
  });
}

/** Request durations, in seconds: from a 1 ms cached page to a 10 s stuck request. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Statement durations, in seconds: most are well under a millisecond. */
const STATEMENT_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 1, 5];

/** The kinds a statement is counted under: its first keyword, never its text (unbounded). */
const STATEMENT_KINDS = new Set([
  "select",
  "insert",
  "update",
  "delete",
  "begin",
  "commit",
  "rollback",
  "with",
]);

/** What a page-cache answer was (the renderer's X-Page-Cache header). */
export const PAGE_CACHE_STATES = ["hit", "stale", "miss", "busy"] as const;
export type PageCacheState = (typeof PAGE_CACHE_STATES)[number];

export interface OutboxFigures {
  /** Mails waiting to be sent (not sent, not held back by a mail limit). */
  backlog: number;
  /** Of those, the ones whose last delivery attempt failed. */
  failing: number;
}

export interface Metrics {
  readonly registry: PromClient.Registry;
  /** One answered request: `route` is the route's pattern (bounded), never the URL as sent. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** One SQL statement sent to the database, by its kind. */
  statement(sql: string, seconds: number): void;
  pageCache(state: string): void;
  /** A refused sign-in (wrong password, unknown or disabled account) of a customer or staff member. */
  signInFailure(who: "customer" | "staff"): void;
  /** A 429 of a rate limit, by the limit's scope (the first part of its key: `login`, `checkout` ...). */
  rateLimitRefusal(scope: string): void;
  /** The exposition text. */
  text(): Promise<string>;
  readonly contentType: string;
}

export interface MetricsOptions {
  /** Read at each scrape; a failure leaves the gauges at their last value. */
  outbox?: () => Promise<OutboxFigures>;
}

export function statementKind(sql: string): string {
  const word = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase() ?? "";
  return STATEMENT_KINDS.has(word) ? word : "other";
}

export function createMetrics(opts: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  // Process figures: CPU, resident memory, heap, event-loop delay (nodejs_eventloop_lag_*), GC.
  for (const metric of DEFAULT_METRICS) metric(registry, { eventLoopMonitoringPrecision: 20 });
  registerCpuCounters(registry);

  const requests = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern, method and status",
    labelNames: ["route", "method", "status"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const statements = new Histogram({
    name: "db_statement_duration_seconds",
    help: "Time the database took for a statement, by its first keyword",
    labelNames: ["kind"] as const,
    buckets: STATEMENT_BUCKETS,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "page_cache_answers_total",
    help: "Server-rendered public pages answered, by what the page cache had (hit, stale, miss, busy)",
    labelNames: ["state"] as const,
    registers: [registry],
  });
  for (const state of PAGE_CACHE_STATES) pageCache.labels(state).inc(0);
  const signInFailures = new Counter({
    name: "sign_in_failures_total",
    help: "Refused sign-ins (wrong password, unknown or disabled account), by who tried",
    labelNames: ["who"] as const,
    registers: [registry],
  });
  signInFailures.labels("customer").inc(0);
  signInFailures.labels("staff").inc(0);
  const rateLimited = new Counter({
    name: "rate_limit_refusals_total",
    help: "Requests refused with 429 by a rate limit, by the limit's scope",
    labelNames: ["scope"] as const,
    registers: [registry],
  });
  // Both outbox gauges come from one reading per scrape (the second gauge reuses the first's).
  const readOutbox = opts.outbox;
  let reading: { at: number; figures: Promise<OutboxFigures | undefined> } | undefined;
  const outboxFigures = (): Promise<OutboxFigures | undefined> => {
    if (!readOutbox) return Promise.resolve(undefined);
    const now = Date.now();
    if (!reading || now - reading.at > 1_000) {
      reading = { at: now, figures: readOutbox().catch(() => undefined) };
    }
    return reading.figures;
  };
  new Gauge({
    name: "outbox_backlog",
    help: "Mails in the outbox waiting to be sent",
    registers: [registry],
    async collect() {
      const figures = await outboxFigures();
      if (figures) this.set(figures.backlog);
    },
  });
  new Gauge({
    name: "outbox_failing",
    help: "Mails in the outbox whose last delivery attempt failed",
    registers: [registry],
    async collect() {
      const figures = await outboxFigures();
      if (figures) this.set(figures.failing);
    },
  });

  const knownState = new Set<string>(PAGE_CACHE_STATES);
  return {
    registry,
    contentType: registry.contentType,
    request(route, method, status, seconds) {
      requests.labels(route, method, String(status)).observe(seconds);
    },
    statement(sql, seconds) {
      statements.labels(statementKind(sql)).observe(seconds);
    },
    pageCache(state) {
      if (knownState.has(state)) pageCache.labels(state).inc();
    },
    signInFailure(who) {
      signInFailures.labels(who).inc();
    },
    rateLimitRefusal(scope) {
      rateLimited.labels(scope).inc();
    },
    text: () => registry.metrics(),
  };
}
