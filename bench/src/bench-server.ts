// The store as `npm start` serves it, plus two routes that exist only here, for the
// framework-cost comparison of the orders page:
//   (c) GET /api/bench/orders-service: a plain Fastify route calling the same session and
//       orders services as the procedure (no tRPC, no zod, no caller);
//   (d) GET /api/bench/orders-sql (SQLite only): a plain Fastify route running the service's
//       statement and a hand-written session query through better-sqlite3, whose rows the
//       service's own pure functions shape into the same JSON, so (c)/(d) is the ORM's cost.
// It counts the SQL statements it sends when asked (GET /api/bench/statements, for checkout).
// It also reports its event-loop delay (GET /api/bench/event-loop) for the login burst.
// Both sit under /api so that the same hooks (security headers, no-store) run for them.

import { monitorEventLoopDelay } from "node:perf_hooks";
import Database from "better-sqlite3";
import { buildApp } from "../../server/src/app.ts";
import { resolveSession, SESSION_COOKIE } from "../../server/src/auth/session.ts";
import { hashToken } from "../../server/src/auth/tokens.ts";
import { loadConfig } from "../../server/src/config.ts";
import { createDb, Prisma } from "../../server/src/db/client.ts";
import {
  listOrders,
  ordersFromJson,
  ordersPage,
  sqliteOrdersQuery,
} from "../../server/src/modules/orders/service.ts";

const config = loadConfig();
// SQL statements sent to the database, counted only when the checkout suite asks for it
// (BENCH_COUNT_STATEMENTS=1), so the other suites measure the store as it runs.
let statements = 0;
const app = await buildApp(
  config,
  process.env.BENCH_COUNT_STATEMENTS === "1"
    ? {
        db: createDb(config.databaseUrl, {
          onQuery: () => {
            statements++;
          },
        }),
      }
    : {},
);
app.get("/api/bench/statements", async () => ({ count: statements }));

const limitOf = (q: unknown): number => {
  const n = Number((q as { limit?: string }).limit ?? 10);
  return Number.isInteger(n) && n > 0 && n <= 50 ? n : 10;
};
const unauthorized = { message: "You are not signed in", error: "You are not signed in" };

app.get("/api/bench/orders-service", async (req, reply) => {
  const session = await resolveSession(app.deps, req.cookies[SESSION_COOKIE]);
  if (!session) return reply.code(401).send(unauthorized);
  return listOrders(app.deps, session.customerId, { limit: limitOf(req.query) });
});

// (d) is SQLite's alone (the statement through better-sqlite3); on PostgreSQL the suite leaves it out.
const sqlite = config.databaseUrl.startsWith("file:")
  ? new Database(config.databaseUrl.slice("file:".length))
  : null;
if (sqlite) {
  sqlite.pragma("busy_timeout = 5000");
  const sessionStmt = sqlite.prepare<
    [string],
    { id: number; customerId: number; lastSeenAt: string; expiresAt: string }
  >(`SELECT id, customerId, lastSeenAt, expiresAt FROM Session WHERE tokenHash = ?`);
  app.get("/api/bench/orders-sql", async (req, reply) => {
    const token = req.cookies[SESSION_COOKIE];
    const session = token ? sessionStmt.get(hashToken(config.sessionSecret, token)) : undefined;
    const now = Date.now();
    if (
      !session ||
      Date.parse(session.expiresAt) <= now ||
      Date.parse(session.lastSeenAt) + config.sessionIdleSeconds * 1000 <= now
    ) {
      return reply.code(401).send(unauthorized);
    }
    const limit = limitOf(req.query);
    // The service's own statement, straight through better-sqlite3, shaped by the same pure
    // functions: what is left between (c) and (d) is Prisma.
    const query = sqliteOrdersQuery(Prisma.sql`"customerId" = ${session.customerId}`, limit + 1);
    const row = sqlite.prepare<unknown[], { page: string }>(query.sql).get(...query.values);
    return ordersPage(row ? ordersFromJson(row.page) : [], limit);
  });
}

// The event-loop delay as the server itself sees it (1 ms resolution): reset before a burst,
// read after it. A loopback-only diagnostic of the benchmark server, never of the store.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
app.post("/api/bench/event-loop/reset", async () => {
  loopDelay.reset();
  return { ok: true };
});
app.get("/api/bench/event-loop", async () => ({
  p50Ms: loopDelay.percentile(50) / 1e6,
  p99Ms: loopDelay.percentile(99) / 1e6,
  maxMs: loopDelay.max / 1e6,
  count: loopDelay.count,
}));

// Memory after a full collection when node runs with --expose-gc (the load test's reading).
app.get("/api/bench/memory", async () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const m = process.memoryUsage();
  return { collected: Boolean(gc), heapUsed: m.heapUsed, rss: m.rss, external: m.external };
});

app.addHook("onClose", async () => {
  sqlite?.close();
});
await app.listen({ host: config.host, port: config.port });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
