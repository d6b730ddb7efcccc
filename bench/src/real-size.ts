// The store at a real size beside the demo store: on each engine, a store filled by
// `npm run db:populate` (100,000 orders, 20,000 customers, 500 products by default, on top of
// the seeded store) and the demo store as `npm start` seeds it, each served by the store as
// production runs it, then measured the same way, a few seconds per phase:
// - under 4 connections for a fixed time: the signed-in account orders page (REST, 10 orders)
//   of the customer with the most orders, one order's detail, the catalogue API, the `/products`
//   page and a product page from the page cache, sign-ins, the admin's first page of orders and
//   its search (the server's own time per request from its request log, as admin-orders.ts does;
//   requests per second from the load generator);
// - one after another: checkout placements (a new cart, a line, the quote, the placement with the
//   test payment provider), each followed by the `/products` page and the product page, which the
//   placement has made stale, so each is a first render (cold);
// - the database's size (SQLite: file and WAL; PostgreSQL: pg_database_size).
// Then, on the populated store, each hot request once more with its SQL captured (SQLite: every
// statement better-sqlite3 runs, lib/sqlite-statement-log.ts; PostgreSQL: auto_explain) and each
// statement's plan (EXPLAIN QUERY PLAN with the same values; EXPLAIN ANALYZE with BUFFERS).
//
//   npx tsx bench/src/real-size.ts [--quick] [--engine sqlite|postgres|both] [--no-explain]
//
// (BENCH_ORDERS=3000 BENCH_CUSTOMERS=600 BENCH_PRODUCTS=50 ... --quick tries it on a small store.)
// SQLite's statistics are left as the store leaves them (nothing runs ANALYZE); PostgreSQL's are
// taken once after populating (VACUUM ANALYZE), as its autovacuum would soon do.
//
// Writes bench/results/real-size.json.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { createDb } from "../../server/src/db/client.ts";
import { startThrowawayCluster } from "../../server/src/db/postgres-cluster.ts";
import { DEMO_CUSTOMER } from "../../server/src/seed/demo.ts";
import { POPULATED_PASSWORD } from "../../server/src/seed/populate.ts";
import { listPath, percentile, serverTimes, signInOwner } from "./admin-orders.ts";
import { BENCH_ADDRESS, BENCH_CARD } from "./lib/checkout-fixtures.ts";
import { load } from "./lib/load.ts";
import { round } from "./lib/report.ts";
import {
  prepareDatabaseUrl,
  ROOT_DIR,
  type ServerProcess,
  scratchDir,
  signIn,
  startServer,
  TSX,
} from "./lib/server-process.ts";

const { values: options } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    engine: { type: "string", default: "both" },
    "no-explain": { type: "boolean", default: false },
  },
});
const quick = options.quick === true;
if (!["sqlite", "postgres", "both"].includes(options.engine ?? "")) {
  throw new Error(`--engine must be sqlite, postgres or both (got ${options.engine})`);
}
const ENGINES = (options.engine === "both" ? ["sqlite", "postgres"] : [options.engine]) as (
  | "sqlite"
  | "postgres"
)[];
const SIZE = {
  orders: Number(process.env.BENCH_ORDERS ?? 100_000),
  customers: Number(process.env.BENCH_CUSTOMERS ?? 20_000),
  products: Number(process.env.BENCH_PRODUCTS ?? 500),
};
const CONNECTIONS = 4;
const SECONDS = quick ? 2 : 4;
/** Placements, each followed by a cold `/products` and a cold product page. */
const PLACEMENTS = quick ? 4 : 12;
const OWNER_URL_MATCH = "orders.list";
const ADDRESS = { ...BENCH_ADDRESS, firstName: "Real", lastName: "Size" };
const CARD = BENCH_CARD;
const STATEMENT_LOG_PRELOAD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "lib/sqlite-statement-log.ts",
);

type StoreKind = "demo" | "populated";
type EngineName = "sqlite" | "postgres";

interface Store {
  kind: StoreKind;
  engine: EngineName;
  url: string;
  /** SQLite's file, for its size and its plans. */
  file?: string;
  /** PostgreSQL's database name. */
  database?: string;
  populateSeconds?: number;
}

interface Subjects {
  email: string;
  password: string;
  /** Orders of that customer. */
  orders: number;
  handle: string;
  variantId: number;
}

/** One figure of one store: server time p50/p95 (ms), requests per second, requests, failures. */
interface Cell {
  p50: number;
  p95: number;
  rps?: number;
  n: number;
  failed: number;
  /** For cold pages: answers that were not first renders (x-page-cache other than miss). */
  notCold?: number;
}

const FIGURES = [
  ["ordersPage", "account orders page (REST, 10)"],
  ["orderDetail", "order detail (REST)"],
  ["catalogueApi", "catalogue API /api/products"],
  ["productsCached", "/products page, cached"],
  ["productsCold", "/products page, cold (first render)"],
  ["productCached", "product page, cached"],
  ["productCold", "product page, cold (first render)"],
  ["placement", "checkout placement (place only)"],
  ["signIn", "sign-in"],
  ["adminFirstPage", "admin orders, first page"],
  ["adminSearch", "admin orders, search (3 kinds)"],
] as const;
type FigureKey = (typeof FIGURES)[number][0];

interface StoreResult {
  engine: EngineName;
  kind: StoreKind;
  customerOrders: number;
  /** Bytes of the catalogue's answers (uncompressed): the API's JSON and the `/products` page's HTML. */
  catalogueBytes: { api: number; page: number };
  databaseBytes: number;
  populateSeconds?: number;
  figures: Partial<Record<FigureKey, Cell>>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Making the stores

let pgCluster: Awaited<ReturnType<typeof startThrowawayCluster>> = null;

async function makeStore(engine: EngineName, kind: StoreKind, dir: string): Promise<Store> {
  let store: Store;
  if (engine === "sqlite") {
    const file = path.join(dir, `${kind}.db`);
    store = { kind, engine, url: `file:${file}`, file };
  } else {
    if (!pgCluster) throw new Error("no PostgreSQL cluster");
    const database = `vela_realsize_${kind}`;
    const url = new URL(pgCluster.url);
    url.pathname = `/${database}`;
    store = { kind, engine, url: url.toString(), database };
  }
  // Migrated and seeded as `npm start` does it (prepare creates a PostgreSQL database it lacks).
  prepareDatabaseUrl(store.url);
  if (kind === "populated") {
    const started = performance.now();
    const res = spawnSync(
      TSX,
      [
        path.join(ROOT_DIR, "server/src/cli/main.ts"),
        "populate",
        "--orders",
        String(SIZE.orders),
        "--customers",
        String(SIZE.customers),
        "--products",
        String(SIZE.products),
      ],
      {
        cwd: ROOT_DIR,
        env: { ...process.env, DATABASE_URL: store.url },
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
    if (res.status !== 0) throw new Error(`populate failed on ${engine}`);
    store.populateSeconds = round((performance.now() - started) / 1000, 1);
    if (engine === "postgres") {
      const db = createDb(store.url);
      try {
        await db.$executeRawUnsafe("VACUUM ANALYZE");
      } finally {
        await db.$disconnect();
      }
    }
  }
  return store;
}

async function databaseBytes(store: Store): Promise<number> {
  if (store.file) {
    const size = (f: string) => (existsSync(f) ? statSync(f).size : 0);
    return size(store.file) + size(`${store.file}-wal`);
  }
  const db = createDb(store.url);
  try {
    const rows = await db.$queryRawUnsafe<{ size: bigint | number }[]>(
      "SELECT pg_database_size(current_database()) AS size",
    );
    return Number(rows[0]?.size ?? 0);
  } finally {
    await db.$disconnect();
  }
}

/** Who signs in, which product is looked at and bought, on this store. */
async function subjectsOf(store: Store): Promise<Subjects> {
  const db = createDb(store.url);
  try {
    let email: string = DEMO_CUSTOMER.email;
    let password: string = DEMO_CUSTOMER.password;
    if (store.kind === "populated") {
      // The populated customer with the most orders.
      const [top] = await db.order.groupBy({
        by: ["customerId"],
        where: { customer: { email: { endsWith: "@populated.example" } } },
        _count: { _all: true },
        orderBy: [{ _count: { customerId: "desc" } }, { customerId: "asc" }],
        take: 1,
      });
      const customer = top?.customerId
        ? await db.customer.findUnique({ where: { id: top.customerId }, select: { email: true } })
        : null;
      if (!customer) throw new Error("the populated store has no customer with orders");
      email = customer.email;
      password = POPULATED_PASSWORD;
    }
    const orders = await db.order.count({ where: { customer: { email } } });
    // A product in the middle of the catalogue, with a variant priced in USD, its stock made
    // plentiful so that no placement runs out.
    const products = await db.product.findMany({
      where: { status: "ACTIVE", variants: { some: { prices: { some: { currencyCode: "USD" } } } } },
      orderBy: { position: "asc" },
      select: { handle: true, variants: { select: { id: true }, orderBy: { position: "asc" }, take: 1 } },
    });
    const product = products[Math.floor(products.length / 2)];
    const variantId = product?.variants[0]?.id;
    if (!product || variantId === undefined) throw new Error("no product priced in USD");
    await db.productVariant.update({
      where: { id: variantId },
      data: { inventory: 1_000_000, available: true },
    });
    return { email, password, orders, handle: product.handle, variantId };
  } finally {
    await db.$disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// Measuring

function cellOf(times: number[], extra: Partial<Cell> = {}): Cell {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50), 1),
    p95: round(percentile(sorted, 95), 1),
    n: sorted.length,
    failed: 0,
    ...extra,
  };
}

async function measureStore(store: Store): Promise<{ result: StoreResult; ownerCookie: string }> {
  const subjects = await subjectsOf(store);
  const bytes = await databaseBytes(store);
  const server = await startServer({
    databaseUrl: store.url,
    env: { LOG_LEVEL: "info", RATE_LIMIT_MULTIPLIER: "10000" },
  });
  const figures: StoreResult["figures"] = {};
  let ownerCookie = "";
  let catalogueBytes = { api: 0, page: 0 };
  try {
    const cookie = await signIn(server.url, subjects.email, subjects.password);
    const first = (await (
      await fetch(`${server.url}/api/account/orders?limit=10`, { headers: { cookie } })
    ).json()) as { orders: { edges: { node: { id: string } }[] } };
    const orderId = first.orders.edges[0]?.node.id.split("/").pop();
    if (!orderId) throw new Error(`${subjects.email} has no orders on the ${store.kind} store`);
    ownerCookie = await signInOwner(server);
    const sampleNumber = await orderNumberOf(server, ownerCookie);
    const productPath = `/products/${subjects.handle}`;
    const bytesOf = async (p: string) => (await (await fetch(server.url + p)).arrayBuffer()).byteLength;
    catalogueBytes = { api: await bytesOf("/api/products"), page: await bytesOf("/products") };

    /** A fixed-time phase under CONNECTIONS connections; the server's times are those whose log line holds `match`. */
    const phase = async (
      key: FigureKey,
      paths: string[],
      match: string,
      extra: { headers?: Record<string, string>; method?: "GET" | "POST"; body?: string } = {},
    ) => {
      const common = {
        url: server.url,
        paths,
        connections: CONNECTIONS,
        headers: extra.headers ?? {},
        method: extra.method ?? "GET",
        ...(extra.body ? { body: extra.body } : {}),
      };
      await load({ ...common, durationSeconds: 1 });
      const before = server.output().length;
      const sample = await load({ ...common, durationSeconds: SECONDS });
      await sleep(300);
      figures[key] = cellOf(serverTimes(server.output().slice(before), match), {
        rps: round(sample.rps, 0),
        failed: sample.errors + sample.non2xx + sample.timeouts,
      });
    };

    await phase("ordersPage", ["/api/account/orders?limit=10"], '"url":"/api/account/orders?limit=10"', {
      headers: { cookie },
    });
    await phase("orderDetail", [`/api/account/orders/${orderId}`], `"url":"/api/account/orders/${orderId}"`, {
      headers: { cookie },
    });
    await phase("catalogueApi", ["/api/products"], '"url":"/api/products"');
    await phase("productsCached", ["/products"], '"url":"/products"');
    await phase("productCached", [productPath], `"url":"${productPath}"`);
    await phase("signIn", ["/api/account/login"], '"url":"/api/account/login"', {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: subjects.email, password: subjects.password }),
    });
    await phase("adminFirstPage", [listPath({})], OWNER_URL_MATCH, { headers: { cookie: ownerCookie } });
    const surname = store.kind === "populated" ? "hopper" : (subjects.email.split("@")[0] ?? "demo");
    await phase(
      "adminSearch",
      [listPath({ q: `#${sampleNumber}` }), listPath({ q: subjects.email }), listPath({ q: surname })],
      OWNER_URL_MATCH,
      { headers: { cookie: ownerCookie } },
    );

    // Placements one after another, each making the pages stale: then each page's first render.
    const placeTimes: number[] = [];
    const cold: Record<"productsCold" | "productCold", number[]> = { productsCold: [], productCold: [] };
    const notCold = { productsCold: 0, productCold: 0 };
    let failed = 0;
    for (let i = 0; i < PLACEMENTS + 1; i++) {
      const before = server.output().length;
      try {
        await placeOrder(server, subjects.variantId, i);
      } catch (err) {
        failed++;
        console.warn(String(err));
      }
      await sleep(50);
      const log = server.output().slice(before);
      const page = async (key: "productsCold" | "productCold", p: string) => {
        const from = server.output().length;
        const res = await fetch(server.url + p);
        await res.arrayBuffer();
        await sleep(50);
        if (res.headers.get("x-page-cache") !== "miss") notCold[key]++;
        if (i > 0) cold[key].push(...serverTimes(server.output().slice(from), `"url":"${p}"`));
      };
      await page("productsCold", "/products");
      await page("productCold", productPath);
      // The first round warms the code paths up; it is not counted.
      if (i > 0) placeTimes.push(...serverTimes(log, '"url":"/api/checkout/orders"'));
    }
    figures.placement = cellOf(placeTimes, { failed });
    figures.productsCold = cellOf(cold.productsCold, { notCold: notCold.productsCold });
    figures.productCold = cellOf(cold.productCold, { notCold: notCold.productCold });
  } finally {
    await server.stop();
  }
  return {
    result: {
      engine: store.engine,
      kind: store.kind,
      customerOrders: subjects.orders,
      catalogueBytes,
      databaseBytes: bytes,
      ...(store.populateSeconds !== undefined ? { populateSeconds: store.populateSeconds } : {}),
      figures,
    },
    ownerCookie,
  };
}

/** The number of an order halfway down the admin's first page (any order will do for the search). */
async function orderNumberOf(server: ServerProcess, ownerCookie: string): Promise<number> {
  const res = await fetch(server.url + listPath({}), { headers: { cookie: ownerCookie } });
  const text = await res.text();
  const number = /"number":(\d+)/.exec(text)?.[1];
  if (!number) throw new Error(`no order number in the admin's first page: ${text.slice(0, 300)}`);
  return Number(number);
}

/** A shopper's placement: a new cart, one line, the quote, the placement with the test provider. */
async function placeOrder(server: ServerProcess, variantId: number, serial: number): Promise<void> {
  const post = async <T>(p: string, body: unknown): Promise<T> => {
    const res = await fetch(server.url + p, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const cartId = (await post<{ cart: { id: string } }>("/api/cart", {})).cart.id;
  await post(`/api/cart/${cartId}`, {
    items: [{ merchandiseId: `gid://vela/ProductVariant/${variantId}`, quantity: 1 }],
  });
  const base = { cartId, email: "real.size@example.com", address: ADDRESS };
  const q = await post<{ quote: { totalMinor: number } }>("/api/checkout/quote", base);
  await post("/api/checkout/orders", {
    ...base,
    card: CARD,
    idempotencyKey: `real-size-${process.pid}-${serial}-0000`,
    expectedTotal: q.quote.totalMinor,
  });
}

// ---------------------------------------------------------------------------------------------
// The plans of the hot statements

interface Planned {
  request: string;
  sql: string;
  plan: string[];
}

let hotRuns = 0;

/** Each hot request once, in order, with a hook before and after to cut the statements apart. */
async function hotRequests(
  server: ServerProcess,
  subjects: Subjects,
  ownerCookie: string,
  mark: (request: string) => Promise<void>,
): Promise<void> {
  await mark("sign-in");
  const cookie = await signIn(server.url, subjects.email, subjects.password);
  await mark("account orders page");
  const page = (await (
    await fetch(`${server.url}/api/account/orders?limit=10`, { headers: { cookie } })
  ).json()) as { orders: { edges: { node: { id: string } }[] } };
  const orderId = page.orders.edges[0]?.node.id.split("/").pop();
  await mark("order detail");
  await (await fetch(`${server.url}/api/account/orders/${orderId}`, { headers: { cookie } })).arrayBuffer();
  await mark("catalogue list");
  await (await fetch(`${server.url}/api/products`)).arrayBuffer();
  await mark("product by handle");
  await (await fetch(`${server.url}/api/products/${subjects.handle}`)).arrayBuffer();
  await mark("placement (cart, quote, place)");
  await placeOrder(server, subjects.variantId, 9_000 + hotRuns++);
  await mark("admin orders, first page");
  await (await fetch(server.url + listPath({}), { headers: { cookie: ownerCookie } })).arrayBuffer();
  await mark("admin orders, search by email");
  await (
    await fetch(server.url + listPath({ q: subjects.email }), { headers: { cookie: ownerCookie } })
  ).arrayBuffer();
  await mark("admin orders, search by surname");
  await (
    await fetch(server.url + listPath({ q: "hopper" }), { headers: { cookie: ownerCookie } })
  ).arrayBuffer();
  await mark("-");
}

/** Statements run by the server between two marks, per request, each SQL text once. */
function splitByMarks<T extends { sql: string }>(
  marks: { request: string; at: number }[],
  entries: (T & { at: number })[],
): { request: string; entry: T }[] {
  const out: { request: string; entry: T }[] = [];
  for (let m = 0; m < marks.length - 1; m++) {
    const { request, at } = marks[m] as { request: string; at: number };
    if (request === "-") continue;
    const end = (marks[m + 1] as { at: number }).at;
    const seen = new Set<string>();
    for (const e of entries) {
      if (e.at < at || e.at >= end || seen.has(e.sql)) continue;
      seen.add(e.sql);
      out.push({ request, entry: e });
    }
  }
  return out;
}

const IGNORED = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA|SET |SHOW |DEALLOCATE)/i;

/**
 * Starts a server, runs the hot requests on it and notes, after each, how far the statement log has
 * grown (once its writer has had `settleMs` to catch up): each request's statements are the log's
 * bytes between its mark and the one before.
 */
async function markedHotRequests(
  start: Parameters<typeof startServer>[0],
  run: { subjects: Subjects; ownerCookie: string; logFile: string; settleMs: number },
): Promise<{ request: string; at: number }[]> {
  const server = await startServer(start);
  const marks: { request: string; at: number }[] = [];
  try {
    await hotRequests(server, run.subjects, run.ownerCookie, async (request) => {
      await sleep(run.settleMs);
      marks.push({ request, at: statSync(run.logFile).size });
    });
  } finally {
    await server.stop();
  }
  return marks;
}

async function sqlitePlans(store: Store, subjects: Subjects, ownerCookie: string): Promise<Planned[]> {
  const logFile = path.join(path.dirname(store.file as string), "statements.jsonl");
  writeFileSync(logFile, "");
  const marks = await markedHotRequests(
    {
      databaseUrl: store.url,
      nodeArgs: ["--import", "tsx", "--import", STATEMENT_LOG_PRELOAD],
      env: { BENCH_SQL_LOG: logFile, RATE_LIMIT_MULTIPLIER: "10000" },
    },
    { subjects, ownerCookie, logFile, settleMs: 100 },
  );
  const text = readFileSync(logFile, "utf8");
  const entries: { sql: string; args: unknown[]; at: number }[] = [];
  let at = 0;
  for (const line of text.split("\n")) {
    if (line) {
      const e = JSON.parse(line) as { sql: string; args: unknown[] };
      if (!IGNORED.test(e.sql)) entries.push({ ...e, at });
    }
    at += Buffer.byteLength(line) + 1;
  }
  const db = new Database(store.file as string, { readonly: true });
  try {
    return splitByMarks(marks, entries).map(({ request, entry }) => {
      let plan: string[];
      try {
        const rows = db.prepare(`EXPLAIN QUERY PLAN ${entry.sql}`).all(...entry.args) as {
          id: number;
          parent: number;
          detail: string;
        }[];
        const depth = new Map<number, number>([[0, -1]]);
        plan = rows.map((r) => {
          const d = (depth.get(r.parent) ?? -1) + 1;
          depth.set(r.id, d);
          return `${"  ".repeat(d)}${r.detail}`;
        });
      } catch (err) {
        plan = [`(no plan: ${(err as Error).message})`];
      }
      return { request, sql: entry.sql, plan };
    });
  } finally {
    db.close();
  }
}

/**
 * PostgreSQL's plans of the hot statements. With `seqScansOff`, the planner reads a table whole only
 * where no index can serve the statement: the populated store leaves some tables a page or two long
 * (sessions, placements, payment operations), which PostgreSQL rightly reads whole today, so this
 * pass shows which index each statement has once the table is large.
 */
async function postgresPlans(
  store: Store,
  subjects: Subjects,
  ownerCookie: string,
  seqScansOff = false,
): Promise<Planned[]> {
  const cluster = pgCluster as NonNullable<typeof pgCluster>;
  const logFile = path.join(cluster.dir, "log");
  const admin = createDb(cluster.url);
  const name = store.database as string;
  const settings = [
    "session_preload_libraries = 'auto_explain'",
    "auto_explain.log_min_duration = 0",
    "auto_explain.log_analyze = on",
    "auto_explain.log_buffers = on",
    "auto_explain.log_timing = on",
    "auto_explain.log_nested_statements = on",
    ...(seqScansOff ? ["enable_seqscan = off"] : []),
  ];
  try {
    for (const s of settings) await admin.$executeRawUnsafe(`ALTER DATABASE "${name}" SET ${s}`);
    // The server's connections are new, so they take the settings.
    const marks = await markedHotRequests(
      { databaseUrl: store.url, env: { RATE_LIMIT_MULTIPLIER: "10000" } },
      { subjects, ownerCookie, logFile, settleMs: 300 },
    );
    const text = readFileSync(logFile, "utf8");
    // auto_explain's entries: "LOG:  duration: … ms  plan:", then "\tQuery Text: …" and the plan, each line tab-indented.
    const entries: { sql: string; plan: string[]; at: number }[] = [];
    const lines = text.split("\n");
    let offset = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as string;
      const startsAt = offset;
      offset += Buffer.byteLength(line) + 1;
      if (!/LOG: {2}duration: .* plan:$/.test(line)) continue;
      const body: string[] = [];
      while (i + 1 < lines.length && (lines[i + 1] as string).startsWith("\t")) {
        i++;
        body.push((lines[i] as string).slice(1));
        offset += Buffer.byteLength(lines[i] as string) + 1;
      }
      const planAt = body.findIndex(
        (l) => !l.startsWith("Query Text:") && /^\S/.test(l) && /\(cost=/.test(l),
      );
      const sql = body
        .slice(0, planAt < 0 ? body.length : planAt)
        .join(" ")
        .replace(/^Query Text:\s*/, "")
        .replace(/\s+/g, " ")
        .trim();
      if (!sql || IGNORED.test(sql)) continue;
      entries.push({ sql, plan: planAt < 0 ? [] : body.slice(planAt), at: startsAt });
    }
    return splitByMarks(marks, entries).map(({ request, entry }) => ({
      request,
      sql: entry.sql,
      plan: entry.plan,
    }));
  } finally {
    await admin.$executeRawUnsafe(`ALTER DATABASE "${name}" RESET ALL`).catch(() => undefined);
    await admin.$disconnect();
  }
}

/** Plan lines that read a whole large table where a look-up was meant. */
const FULL_SCAN =
  /^\s*(SCAN (main\.)?"?(Order|OrderLineItem|Customer|Session)"?( |$)|Seq Scan on "?(Order|OrderLineItem|Customer|Session)"?\b)/;

// ---------------------------------------------------------------------------------------------

const fmtCell = (c: Cell | undefined): string => {
  if (!c?.n) return "-";
  const base = `${c.p50} / ${c.p95} ms`;
  const rps = c.rps !== undefined ? `, ${c.rps}/s` : "";
  const bad = c.failed ? `, ${c.failed} failed` : "";
  const warm = c.notCold ? `, ${c.notCold} not cold` : "";
  return `${base}${rps}${bad}${warm}`;
};
const mib = (b: number) => `${round(b / 1024 / 1024, 1)} MiB`;

const results: StoreResult[] = [];
const plans: Record<string, Planned[]> = {};
const dir = scratchDir("real-size");
const startedAt = new Date();
const loadAtStart = os.loadavg().map((x) => round(x, 2));
try {
  for (const engine of ENGINES) {
    if (engine === "postgres") {
      pgCluster = await startThrowawayCluster();
      if (!pgCluster) {
        console.warn("PostgreSQL: no binaries on this machine; skipped");
        continue;
      }
    }
    try {
      for (const kind of ["demo", "populated"] as const) {
        console.info(`\n${engine}, ${kind} store: making it`);
        const store = await makeStore(engine, kind, dir);
        console.info(`${engine}, ${kind} store: measuring`);
        const measured = await measureStore(store);
        results.push(measured.result);
        if (kind === "populated" && !options["no-explain"]) {
          console.info(`${engine}, ${kind} store: plans of the hot statements`);
          const subjects = await subjectsOf(store);
          plans[engine] =
            engine === "sqlite"
              ? await sqlitePlans(store, subjects, measured.ownerCookie)
              : await postgresPlans(store, subjects, measured.ownerCookie);
          if (engine === "postgres") {
            plans["postgres, enable_seqscan off"] = await postgresPlans(
              store,
              subjects,
              measured.ownerCookie,
              true,
            );
          }
        }
      }
    } finally {
      pgCluster?.stop();
      pgCluster = null;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The table: figure | demo | populated, per engine.
const label = `${SIZE.orders / 1000}k`;
const header = ["figure", ...results.map((r) => `${r.engine} ${r.kind === "demo" ? "demo" : label}`)];
const rows: string[][] = [];
for (const [key, name] of FIGURES) rows.push([name, ...results.map((r) => fmtCell(r.figures[key]))]);
const kib = (b: number) => `${round(b / 1024, 0)} KiB`;
rows.push([
  "catalogue: /api/products, /products",
  ...results.map((r) => `${kib(r.catalogueBytes.api)}, ${kib(r.catalogueBytes.page)}`),
]);
rows.push(["signed-in customer's orders", ...results.map((r) => String(r.customerOrders))]);
rows.push(["database size", ...results.map((r) => mib(r.databaseBytes))]);
rows.push([
  "populate time",
  ...results.map((r) => (r.populateSeconds !== undefined ? `${r.populateSeconds} s` : "-")),
]);
const loadAtEnd = os.loadavg().map((x) => round(x, 2));
console.info(
  `\nserver p50 / p95 (request log), req/s at ${CONNECTIONS} connections; cold pages and placements one at a time` +
    `\nload average ${loadAtStart.join(" ")} at the start, ${loadAtEnd.join(" ")} at the end`,
);
console.info(`| ${header.join(" | ")} |`);
console.info(`|${header.map(() => "---").join("|")}|`);
for (const r of rows) console.info(`| ${r.join(" | ")} |`);

for (const [engine, list] of Object.entries(plans)) {
  console.info(`\nplans on ${engine} (populated store):`);
  for (const p of list) {
    const flag = p.plan.some((l) => FULL_SCAN.test(l))
      ? "  <-- scans (a whole table, or an index in order until the LIMIT)"
      : "";
    console.info(`\n[${p.request}]${flag}\n  ${p.sql.slice(0, 400)}`);
    for (const l of p.plan) console.info(`    ${l}`);
  }
}

const out = path.join(ROOT_DIR, "bench/results");
mkdirSync(out, { recursive: true });
writeFileSync(
  path.join(out, "real-size.json"),
  `${JSON.stringify(
    {
      date: startedAt.toISOString(),
      machine: {
        cores: os.availableParallelism(),
        cpu: os.cpus()[0]?.model ?? "unknown",
        node: process.version,
        loadAverageAtStart: loadAtStart,
        loadAverageAtEnd: loadAtEnd,
      },
      size: SIZE,
      quick,
      connections: CONNECTIONS,
      secondsPerPhase: SECONDS,
      placements: PLACEMENTS,
      table: { header, rows },
      results,
      plans,
    },
    null,
    2,
  )}\n`,
);
