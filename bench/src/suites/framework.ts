// 1. Framework cost: the signed-in orders page (10 orders with line items) four ways,
// and 2. the price of a bigger page: 50 orders against 5, same path, same run. On each engine;
// (d), the statement through better-sqlite3, on SQLite only.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "../../../server/src/db/client.ts";
import { createOrder } from "../../../server/src/seed/factories.ts";
import { alternate, type LoadSample, load, medianRatio } from "../lib/load.ts";
import type { Figure, Suite, Target } from "../lib/report.ts";
import { signIn, startServer } from "../lib/server-process.ts";

const BENCH_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "../bench-server.ts");
export const CONNECTIONS = 10;
/** The targets: REST and tRPC against the plain route, and a 50-order page against a 5-order one. */
export const FRAMEWORK_TARGETS = {
  restOverPlain: { op: ">=", value: 0.75 },
  trpcOverPlain: { op: ">=", value: 0.5 },
  page50OverPage5: { op: "<=", value: 2 },
} as const satisfies Record<string, Target>;
export const DEMO = { email: "demo@vela.test", password: "demo-password" };

const trpcUrl = (limit: number) =>
  `/trpc/orders.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { limit } }))}`;

interface OrdersJson {
  orders: { edges: { node: { id: string; lineItems: { edges: unknown[] } } }[] };
}

/** The four variants must answer the same page, or the comparison means nothing. */
async function sameAnswers(base: string, cookie: string, paths: Record<string, string>): Promise<number> {
  const bodies: string[] = [];
  let lineItems = 0;
  for (const [name, p] of Object.entries(paths)) {
    const res = await fetch(base + p, { headers: { cookie } });
    if (!res.ok) throw new Error(`${name} answered ${res.status}`);
    let json = (await res.json()) as OrdersJson | [{ result: { data: OrdersJson } }];
    if (Array.isArray(json)) json = json[0].result.data;
    if (json.orders.edges.length !== 10)
      throw new Error(`${name} answered ${json.orders.edges.length} orders`);
    lineItems = json.orders.edges.reduce((n, e) => n + e.node.lineItems.edges.length, 0);
    bodies.push(JSON.stringify(json));
  }
  if (new Set(bodies).size !== 1) throw new Error("the variants do not answer the same orders page");
  return lineItems;
}

/** Gives the demo customer `count` more orders, older than the seeded ones, 3 lines each. */
async function addOlderOrders(databaseUrl: string, count: number): Promise<void> {
  const db = createDb(databaseUrl);
  try {
    const customer = await db.customer.findUniqueOrThrow({ where: { email: DEMO.email } });
    const products = await db.product.findMany({
      take: 3,
      include: { variants: { include: { prices: true } } },
      orderBy: { id: "asc" },
    });
    const oldest = Date.parse("2019-01-01T00:00:00Z");
    for (let i = 0; i < count; i++) {
      await createOrder(db, {
        customerId: customer.id,
        orderNumber: 90_000 + i,
        processedAt: new Date(oldest - i * 86_400_000),
        financialStatus: "PAID",
        fulfillmentStatus: i % 2 ? "FULFILLED" : null,
        currencyCode: "USD",
        lines: products.map((product, n) => ({ product, quantity: n + 1 })),
        tracking:
          i % 2
            ? [{ company: "UPS", number: `1Z${i}`, url: `https://www.ups.com/track?tracknum=1Z${i}` }]
            : [],
      });
    }
  } finally {
    await db.$disconnect();
  }
}

export const frameworkSuite: Suite = async ({ quick, database }) => {
  const db = await database("framework");
  await addOlderOrders(db.url, 30);
  const server = await startServer({
    databaseUrl: db.url,
    entry: BENCH_SERVER,
    env: { RATE_LIMIT_MULTIPLIER: "10000" },
  });
  try {
    const cookie = await signIn(server.url, DEMO.email, DEMO.password);
    const paths: Record<string, string> = {
      a: trpcUrl(10),
      b: "/api/account/orders?limit=10",
      c: "/api/bench/orders-service?limit=10",
      ...(db.engine === "sqlite" ? { d: "/api/bench/orders-sql?limit=10" } : {}),
    };
    const lineItems = await sameAnswers(server.url, cookie, paths);
    const durationSeconds = quick ? 2 : 5;
    const rounds = 3;
    const run = (p: string) => (): Promise<LoadSample> =>
      load({
        url: server.url + p,
        connections: CONNECTIONS,
        durationSeconds,
        headers: { cookie },
        ...(server.child.pid ? { serverPid: server.child.pid } : {}),
      });
    // Warm the JIT and SQLite's page cache on every variant before measuring.
    for (const p of Object.values(paths))
      await load({ url: server.url + p, connections: CONNECTIONS, amount: 500, headers: { cookie } });
    const ab = await alternate(
      Object.fromEntries(Object.entries(paths).map(([k, p]) => [k, run(p)])),
      rounds,
    );
    for (const [k, s] of Object.entries(ab.median) as [string, LoadSample][]) {
      if (s.errors || s.non2xx || s.timeouts)
        throw new Error(`variant ${k} had errors: ${JSON.stringify(s)}`);
    }

    // The page-size price: 5 against 50 orders, each order with three lines.
    const scaling = await alternate(
      {
        small: run("/api/account/orders?limit=5"),
        large: run("/api/account/orders?limit=50"),
      },
      rounds,
    );

    const m = ab.median;
    const S = "Framework cost";
    const at = (k: string) => m[k] as LoadSample;
    const note = (k: string) =>
      `${Math.round(at(k).rps)} req/s, p50 ${at(k).p50} ms, p99 ${at(k).p99} ms, ${Math.round(at(k).serverCpuUs)} µs server CPU/request`;
    const withD = "d" in paths;
    const { small, large } = scaling.median;
    const figures: Figure[] = [
      { suite: S, name: "(a) /trpc orders.list", value: at("a").rps, unit: "req/s", note: note("a") },
      { suite: S, name: "(b) REST /api/account/orders", value: at("b").rps, unit: "req/s", note: note("b") },
      { suite: S, name: "(c) plain route, same service", value: at("c").rps, unit: "req/s", note: note("c") },
      ...(withD
        ? [
            {
              suite: S,
              name: "(d) plain route, better-sqlite3",
              value: at("d").rps,
              unit: "req/s",
              note: note("d"),
            },
          ]
        : []),
      {
        suite: S,
        name: "(b)/(c) REST adapter",
        value: medianRatio(ab, "b", "c"),
        unit: "×",
        target: FRAMEWORK_TARGETS.restOverPlain,
      },
      {
        suite: S,
        name: "(a)/(c) tRPC adapter",
        value: medianRatio(ab, "a", "c"),
        unit: "×",
        target: FRAMEWORK_TARGETS.trpcOverPlain,
      },
      ...(withD
        ? [
            {
              suite: S,
              name: "(c)/(d) the ORM's cost",
              value: medianRatio(ab, "c", "d"),
              unit: "×",
              note: "Prisma against hand-written SQL",
            },
          ]
        : []),
      {
        // What a request costs the server itself. The load generator runs on the same two cores
        // and parses ten times the bytes for the large page, which the two figures below include.
        suite: "No N+1",
        name: "server CPU per request, 50-order page / 5-order page",
        value: medianRatio(scaling, "large", "small", "serverCpuUs"),
        unit: "×",
        target: FRAMEWORK_TARGETS.page50OverPage5,
        note: `5: ${Math.round(small.serverCpuUs)} µs, 50: ${Math.round(large.serverCpuUs)} µs`,
      },
      {
        suite: "No N+1",
        name: "mean latency, 50-order page / 5-order page",
        value: medianRatio(scaling, "large", "small", "mean"),
        unit: "×",
        target: FRAMEWORK_TARGETS.page50OverPage5,
        note: `5: ${small.mean.toFixed(2)} ms, 50: ${large.mean.toFixed(2)} ms (p50 ${small.p50} / ${large.p50} ms)`,
      },
      {
        suite: "No N+1",
        name: "req/s, 5-order page / 50-order page",
        value: medianRatio(scaling, "small", "large"),
        unit: "×",
        target: FRAMEWORK_TARGETS.page50OverPage5,
        note: `5: ${Math.round(small.rps)}, 50: ${Math.round(large.rps)} req/s`,
      },
    ];
    return {
      figures,
      details: { connections: CONNECTIONS, durationSeconds, rounds, lineItems, framework: ab, scaling },
    };
  } finally {
    await server.stop();
    await db.drop();
  }
};
