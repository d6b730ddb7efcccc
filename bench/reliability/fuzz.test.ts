// Fuzz: fast-check, with a printed seed, sends more than 10,000 arbitrary JSON bodies and query
// strings to every tRPC procedure and every route of the app, in process (app.inject: the whole
// Fastify pipeline, with its content-type parsers, body limit and hooks). The app must answer
// every one without a 5xx, without an uncaught exception or unhandled rejection, with a JSON
// error body when it refuses, and a refused request must leave the database as it was.
//
// Replay a run: FUZZ_SEED=<seed printed at the start> npx vitest run --config reliability/vitest.config.ts reliability/fuzz.test.ts
// More or fewer requests: FUZZ_REQUESTS=<total> (default 12,000).
import { existsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimits } from "../../server/src/auth/rate-limit.ts";
import { SESSION_COOKIE } from "../../server/src/auth/session.ts";
import { hashToken } from "../../server/src/auth/tokens.ts";
import { appRouter } from "../../server/src/trpc/router.ts";
import { createTestApp, DEMO_CUSTOMER, ORIGIN, type TestApp } from "../../server/test/helpers.ts";
import {
  changedTables,
  digestDatabase,
  type FuzzRequest,
  listProcedures,
  type Pools,
  type ProcedureInfo,
  procedureRequests,
  type RouteInfo,
  readPools,
  recordRoutes,
  routeRequests,
  schemaHints,
  shuffle,
  tablesOf,
} from "./support/fuzz.ts";

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 0x7fffffff;
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 12_000);
/** Every target gets at least this many requests, however slow it is. */
const MIN_PER_TARGET = 50;
/** Beyond the minimum, a target stops once it has used this much time (argon2 makes login slow). */
const TIME_PER_TARGET_MS = 3_000;
const HOST = new URL(ORIGIN).host;
/** The plan is made in this many steps, each with the ids then in the database. */
const PHASES = 3;

/** Everything above the rate limits' reach, so that requests get to validation instead of 429. */
const NO_LIMITS = Object.fromEntries(
  Object.keys(RATE_LIMITS).map((k) => [k, { limit: 1_000_000_000, windowSeconds: 60 }]),
) as RateLimits;

interface Failure {
  kind: string;
  request: FuzzRequest;
  status?: number;
  detail: string;
}

interface TargetStats {
  sent: number;
  ms: number;
  statuses: Map<number, number>;
}

let t: TestApp;
/** Reads the state after each request, and its PRAGMA data_version sees the app's commits. */
let live: Database.Database;
/** Holds a read transaction across each request: the state before it, to compare with. */
let snapshot: Database.Database;
let tables: string[];
let routes: RouteInfo[] = [];
let procedures: ProcedureInfo[] = [];
let pools: Pools;
let cookie = "";
const crashes: string[] = [];
const onUncaught = (err: unknown): void => {
  crashes.push(`uncaught exception: ${String((err as Error)?.stack ?? err)}`);
};
const onRejection = (err: unknown): void => {
  crashes.push(`unhandled rejection: ${String((err as Error)?.stack ?? err)}`);
};

const isApi = (url: string): boolean =>
  url === "/trpc" || url.startsWith("/trpc/") || url.startsWith("/api/");
const pathOf = (url: string): string => url.split("?")[0] ?? url;

/**
 * The routes to fuzz: all of them but the built client's static files, which fastify-static
 * registers one route per file; they take no input and are not API paths.
 */
function fuzzedRoutes(all: RouteInfo[], clientDist: string): RouteInfo[] {
  const seen = new Set<string>();
  return all.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    if (isApi(r.url) || r.url.includes(":") || r.url.includes("*")) return true;
    return !existsSync(path.join(clientDist, r.url));
  });
}

function excerpt(text: string | undefined, n = 300): string {
  if (text === undefined) return "(none)";
  return text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text;
}

function describeRequest(r: FuzzRequest): string {
  return [
    `${r.method} ${excerpt(r.url, 400)}`,
    `  session: ${r.session}; headers: ${JSON.stringify(r.headers)}`,
    `  payload: ${excerpt(r.payload)}`,
  ].join("\n");
}

/** What is wrong with an answer, if anything (status, shape of a refusal, leaked internals). */
function answerProblems(r: FuzzRequest, res: LightMyRequestResponse): string[] {
  const out: string[] = [];
  if (res.statusCode >= 500) out.push(`status ${res.statusCode}`);
  const url = pathOf(r.url);
  if (!isApi(url) || r.method === "HEAD") return out;
  if (/node_modules|\.ts:\d+|PrismaClient|SQLITE_|\bat async\b/.test(res.body))
    out.push("internal text in body");
  const type = String(res.headers["content-type"] ?? "");
  if (res.statusCode < 400) {
    if (type.includes("json")) {
      try {
        JSON.parse(res.body);
      } catch {
        out.push("2xx body is not JSON despite its content type");
      }
    }
    return out;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    out.push(`refusal is not JSON (content-type ${type})`);
    return out;
  }
  const restShape = (b: unknown): boolean =>
    typeof b === "object" &&
    b !== null &&
    typeof (b as { message?: unknown }).message === "string" &&
    typeof (b as { error?: unknown }).error === "string";
  const trpcError = (b: unknown): boolean => {
    const e = (b as { error?: { message?: unknown; code?: unknown; data?: { httpStatus?: unknown } } })
      ?.error;
    return (
      typeof e === "object" &&
      e !== null &&
      typeof e.message === "string" &&
      typeof e.code === "number" &&
      typeof e.data?.httpStatus === "number"
    );
  };
  const trpcItem = (b: unknown): boolean =>
    trpcError(b) || (typeof b === "object" && b !== null && "result" in (b as Record<string, unknown>));
  if (url.startsWith("/trpc")) {
    // tRPC answers with its error shape (an array of results for a batch); refusals made before
    // tRPC sees the request (CSRF, body limit, unknown path) have the app's {message, error}.
    const ok =
      restShape(body) || trpcError(body) || (Array.isArray(body) && body.length > 0 && body.every(trpcItem));
    if (!ok) out.push("refusal is neither the tRPC error shape nor {message, error}");
  } else if (!restShape(body)) out.push("refusal has no {message, error}");
  return out;
}

/** Values from the database, and procedure names for the `:path` parameter of /trpc/:path. */
function readPoolsWithPaths(): Pools {
  const p = readPools(live);
  const names = procedures.map((q) => q.name);
  p.set("path", [...names, names.slice(0, 3).join(","), "nope", "account.me,account.me,account.me"]);
  return p;
}

describe("fuzz: arbitrary requests to every procedure and path", () => {
  beforeAll(async () => {
    console.info(
      `[fuzz] seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run --config reliability/vitest.config.ts reliability/fuzz.test.ts)`,
    );
    process.on("uncaughtExceptionMonitor", onUncaught);
    process.on("unhandledRejection", onRejection);
    const recorder = recordRoutes();
    try {
      t = await createTestApp({ rateLimits: NO_LIMITS });
    } finally {
      recorder.stop();
    }
    routes = fuzzedRoutes(recorder.routes, t.config.clientDist);
    const all = new Set(recorder.routes.map((r) => `${r.method} ${r.url}`)).size;
    console.info(
      `[fuzz] ${all} routes registered; ${all - routes.length} static files of the built client left out`,
    );
    procedures = listProcedures(appRouter._def.procedures as Record<string, unknown>);
    const file = t.config.databaseUrl.replace(/^file:/, "");
    live = new Database(file);
    snapshot = new Database(file);
    tables = tablesOf(live);
    pools = readPoolsWithPaths();
    cookie = await t.login();
  });

  afterAll(async () => {
    process.off("uncaughtExceptionMonitor", onUncaught);
    process.off("unhandledRejection", onRejection);
    if (snapshot?.inTransaction) snapshot.exec("COMMIT");
    snapshot?.close();
    live?.close();
    await t?.close();
  });

  it("finds every procedure and every API path", () => {
    expect(procedures.length).toBeGreaterThan(20);
    expect(procedures.map((p) => p.name)).toContain("account.login");
    expect(routes.some((r) => r.method === "POST" && r.url === "/trpc/:path")).toBe(true);
    expect(routes.some((r) => r.method === "POST" && r.url === "/api/account/login")).toBe(true);
    expect(routes.filter((r) => r.url.startsWith("/api/")).length).toBeGreaterThan(30);
  });

  it("answers every arbitrary request without a 5xx or a crash, and a refusal changes no data", async () => {
    // How "no data changed by a refused request" is checked, cheaply enough for 10,000 requests:
    // - `snapshot` opens a read transaction before each request. In WAL mode that pins the state
    //   before the request for this connection, without blocking the app's writes.
    // - `live` asks PRAGMA data_version after it: the number moves when another connection (the
    //   app's) has committed since the last call, and only then (a connection's own writes, or
    //   none, leave it alone; that is why it is asked on a connection of our own).
    // - When it moved and the answer was a refusal, every table is digested in both connections,
    //   before and after, and any difference is a failure. Accepted requests may change data.
    // The test first proves that the detector sees a commit, and every 1,000 requests that the
    // full digests agree when it saw none.
    expect(String(live.pragma("journal_mode", { simple: true }))).toBe("wal");
    const dataVersion = (): number => live.pragma("data_version", { simple: true }) as number;
    const sessionValid = (): boolean => {
      const token = cookie.slice(SESSION_COOKIE.length + 1);
      const row = live
        .prepare('SELECT count(*) AS n FROM "Session" WHERE "tokenHash" = ?')
        .get(hashToken(t.config.sessionSecret, token)) as { n: number };
      return row.n > 0;
    };
    // An accepted request may also have changed the demo customer's email (should a fuzzed body
    // carry the current password and its emailed link be followed) or password before ending the
    // session: put them back, on our own
    // connection (its writes leave its data_version alone), so that the next sign-in works.
    let credentialRestores = 0;
    const demo = live
      .prepare('SELECT "id", "email", "passwordHash" FROM "Customer" WHERE "email" = ?')
      .get(DEMO_CUSTOMER.email) as { id: number; email: string; passwordHash: string };
    const restoreDemoCredentials = (): void => {
      const now = live
        .prepare('SELECT "email", "passwordHash" FROM "Customer" WHERE "id" = ?')
        .get(demo.id) as { email: string; passwordHash: string } | undefined;
      if (now?.email === demo.email && now.passwordHash === demo.passwordHash) return;
      // A customer registered since under the demo address gives it up first.
      live
        .prepare(
          `UPDATE "Customer" SET "email" = 'fuzz-' || "id" || '-' || "email" WHERE "email" = ? AND "id" <> ?`,
        )
        .run(demo.email, demo.id);
      live
        .prepare('UPDATE "Customer" SET "email" = ?, "passwordHash" = ? WHERE "id" = ?')
        .run(demo.email, demo.passwordHash, demo.id);
      credentialRestores += 1;
    };
    const pin = snapshot.prepare("SELECT count(*) FROM sqlite_master");
    const beginSnapshot = (): void => {
      snapshot.exec("BEGIN");
      pin.get(); // BEGIN is deferred: the first read starts the read transaction.
    };
    const endSnapshot = (): void => {
      snapshot.exec("COMMIT");
    };

    const v0 = dataVersion();
    beginSnapshot();
    const created = await t.api("POST", "/api/cart", { cookie });
    expect(created.statusCode).toBe(200);
    expect(dataVersion()).not.toBe(v0);
    expect(changedTables(digestDatabase(snapshot, tables), digestDatabase(live, tables))).toEqual(["Cart"]);
    endSnapshot();

    const makeTargets = (): { name: string; arb: fc.Arbitrary<FuzzRequest> }[] => [
      ...procedures.map((p) => ({
        name: `trpc ${p.name}`,
        arb: procedureRequests(p, procedures, pools, ORIGIN),
      })),
      ...routes.map((r) => ({
        name: `${r.method} ${r.url}`,
        arb: routeRequests(r, schemaHints(r, procedures), pools, ORIGIN),
      })),
    ];
    const targetCount = procedures.length + routes.length;
    const perTarget = Math.max(MIN_PER_TARGET + 10, Math.ceil(TOTAL / targetCount));
    console.info(
      `[fuzz] ${procedures.length} procedures, ${routes.length} routes, ${perTarget} requests planned per target in ${PHASES} phases`,
    );

    const stats = new Map<string, TargetStats>(
      makeTargets().map((target) => [target.name, { sent: 0, ms: 0, statuses: new Map() }]),
    );
    const failures: Failure[] = [];
    const histogram = new Map<number, number>();
    let version = dataVersion();
    let sent = 0;
    let skipped = 0;
    let accepted = 0;
    let changedByAccepted = 0;
    let refusedCommits = 0;
    let relogins = 0;
    const started = performance.now();

    for (let phase = 0; phase < PHASES; phase++) {
      // Each phase plans with the values then in the database (carts, lines, addresses made by
      // the phase before), so later requests name more things that exist. The first phase
      // replays exactly from the seed; later ones also name ids the app drew at random, and
      // every failure prints its request in full.
      if (phase > 0) pools = readPoolsWithPaths();
      const targets = makeTargets();
      const count = Math.ceil(perTarget / PHASES);
      const planned = shuffle(
        targets.flatMap((target, i) =>
          fc.sample(target.arb, { seed: SEED + phase * 1_000_003 + i * 7919, numRuns: count }),
        ),
        SEED + phase,
      );
      for (const r of planned) {
        const s = stats.get(r.target);
        if (!s) throw new Error(`unknown target ${r.target}`);
        if (s.sent >= MIN_PER_TARGET && s.ms > TIME_PER_TARGET_MS) {
          skipped += 1;
          continue;
        }
        const headers: Record<string, string> = { host: HOST, ...r.headers };
        if (r.session === "in") headers.cookie = cookie;
        else if (r.session === "junk") headers.cookie = `${SESSION_COOKIE}=${"A".repeat(43)}; other=%ZZ`;
        if (dataVersion() !== version) {
          failures.push({ kind: "data changed between requests", request: r, detail: "a background write" });
          version = dataVersion();
        }
        beginSnapshot();
        const t0 = performance.now();
        let res: LightMyRequestResponse;
        try {
          res = await t.app.inject({
            method: r.method as "GET",
            url: r.url,
            headers,
            ...(r.payload !== undefined ? { payload: r.payload } : {}),
          });
          // Work a call leaves for after its answer (recover's reset mail) belongs to that call.
          await t.deps.background.idle();
        } catch (err) {
          endSnapshot();
          failures.push({ kind: "inject threw", request: r, detail: String((err as Error)?.stack ?? err) });
          continue;
        }
        s.ms += performance.now() - t0;
        s.sent += 1;
        sent += 1;
        s.statuses.set(res.statusCode, (s.statuses.get(res.statusCode) ?? 0) + 1);
        histogram.set(res.statusCode, (histogram.get(res.statusCode) ?? 0) + 1);
        for (const problem of answerProblems(r, res)) {
          failures.push({
            kind: problem,
            request: r,
            status: res.statusCode,
            detail: excerpt(res.body, 600),
          });
        }

        const after = dataVersion();
        const committed = after !== version;
        version = after;
        if (committed && res.statusCode >= 400) {
          refusedCommits += 1;
          const changed = changedTables(digestDatabase(snapshot, tables), digestDatabase(live, tables));
          if (changed.length) {
            failures.push({
              kind: "refused request changed data",
              request: r,
              status: res.statusCode,
              detail: `tables: ${changed.join(", ")}; answer: ${excerpt(res.body)}`,
            });
          }
        } else if (!committed && sent % 1000 === 0) {
          // Now and then, prove the cheap check: with no commit seen, the full digests agree.
          const changed = changedTables(digestDatabase(snapshot, tables), digestDatabase(live, tables));
          if (changed.length)
            failures.push({
              kind: "data changed unseen by data_version",
              request: r,
              detail: changed.join(", "),
            });
        }
        endSnapshot();
        if (res.statusCode < 400) accepted += 1;
        if (committed && res.statusCode < 400) {
          changedByAccepted += 1;
          // An accepted request may have ended our session (logout, a new login): sign in again.
          if (!sessionValid()) {
            restoreDemoCredentials();
            cookie = await t.login();
            relogins += 1;
            version = dataVersion();
          }
        }
      }
    }
    const seconds = (performance.now() - started) / 1000;

    const errorLogs = t.logs.filter((line) => /"level":(50|60)/.test(line));
    const lines = [...stats]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, s]) => {
        const codes = [...s.statuses]
          .sort(([a], [b]) => a - b)
          .map(([code, n]) => `${code}×${n}`)
          .join(" ");
        return `  ${name.padEnd(52)} ${String(s.sent).padStart(5)}  ${(s.ms / Math.max(1, s.sent)).toFixed(1).padStart(5)} ms  ${codes}`;
      });
    console.info(
      [
        `[fuzz] seed ${SEED}: ${sent} requests in ${seconds.toFixed(1)} s to ${procedures.length} procedures and ${routes.length} routes` +
          ` (${skipped} planned requests left out by the time budget of slow targets, ${relogins} re-logins, ` +
          `${credentialRestores} restores of the demo credentials)`,
        `[fuzz] statuses: ${[...histogram]
          .sort(([a], [b]) => a - b)
          .map(([code, n]) => `${code}×${n}`)
          .join("  ")}`,
        `[fuzz] accepted ${accepted} (${changedByAccepted} committed a write); refused with a commit ${refusedCommits}; ` +
          `failures ${failures.length}; error log lines ${errorLogs.length}`,
        "[fuzz] per target: requests, mean time, statuses",
        ...lines,
      ].join("\n"),
    );

    if (failures.length) {
      const byKind = new Map<string, Failure[]>();
      for (const f of failures) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
      const report = [...byKind].flatMap(([kind, list]) => [
        `${kind}: ${list.length}`,
        ...list.slice(0, 5).map((f) => `${describeRequest(f.request)}\n  -> ${f.status ?? "-"} ${f.detail}`),
      ]);
      // The whole requests, unabridged, to replay one by hand with app.inject.
      const file = path.join(tmpdir(), `vela-fuzz-failures-${SEED}.json`);
      writeFileSync(file, JSON.stringify(failures, null, 2));
      console.error(`[fuzz] seed ${SEED}: failures (all of them, in full: ${file})\n${report.join("\n")}`);
    }
    if (errorLogs.length)
      console.error(
        `[fuzz] error logs:\n${errorLogs
          .slice(0, 5)
          .map((l) => excerpt(l, 1500))
          .join("\n")}`,
      );

    const kinds = [...new Set(failures.map((f) => f.kind))];
    expect(
      failures.length,
      `seed ${SEED}: ${failures.length} failures (${kinds.join("; ")}), printed above`,
    ).toBe(0);
    expect(crashes).toEqual([]);
    expect(errorLogs).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(10_000);
    for (const [name, s] of stats)
      expect({ name, sent: s.sent >= MIN_PER_TARGET }).toEqual({ name, sent: true });
  }, 600_000);
});
