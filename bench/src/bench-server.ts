// The store as `npm start` serves it, plus two routes that exist only here, for the
// framework-cost comparison of the orders page:
//   (c) GET /api/bench/orders-service: a plain Fastify route calling the same session and
//       orders services as the procedure (no tRPC, no zod, no caller);
//   (d) GET /api/bench/orders-sql: a plain Fastify route with hand-written better-sqlite3
//       queries producing the same JSON, so (c)/(d) is the ORM's cost.
// It also reports its event-loop delay (GET /api/bench/event-loop) for the login burst.
// Both sit under /api so that the same hooks (security headers, no-store) run for them.

import { monitorEventLoopDelay } from "node:perf_hooks";
import { toGid, toMoney } from "@vela/shared";
import Database from "better-sqlite3";
import { buildApp } from "../../server/src/app.ts";
import { resolveSession, SESSION_COOKIE } from "../../server/src/auth/session.ts";
import { hashToken } from "../../server/src/auth/tokens.ts";
import { loadConfig } from "../../server/src/config.ts";
import { encodeCursor, listOrders } from "../../server/src/modules/orders/service.ts";

const config = loadConfig();
const app = await buildApp(config);

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

const sqlite = new Database(config.databaseUrl.slice("file:".length));
sqlite.pragma("busy_timeout = 5000");
const sessionStmt = sqlite.prepare<
  [string],
  { id: number; customerId: number; lastSeenAt: string; expiresAt: string }
>(`SELECT id, customerId, lastSeenAt, expiresAt FROM Session WHERE tokenHash = ?`);
interface OrderRow {
  id: number;
  orderNumber: number;
  processedAt: string;
  financialStatus: string;
  fulfillmentStatus: string | null;
  currencyCode: string;
  subtotalAmount: number;
  shippingAmount: number;
  taxAmount: number;
  totalAmount: number;
  shipName: string;
  shipAddress1: string;
  shipAddress2: string | null;
  shipCity: string;
  shipProvince: string;
  shipZip: string;
  shipCountry: string;
  shipPhone: string | null;
}
interface LineRow {
  orderId: number;
  title: string;
  variantTitle: string;
  quantity: number;
  unitPriceAmount: number;
  originalTotalAmount: number;
  imageUrl: string;
  imageAlt: string;
  productHandle: string;
  variantId: number | null;
}
interface TrackingRow {
  orderId: number;
  company: string;
  number: string;
  url: string;
}
const ordersStmt = sqlite.prepare<[number, number], OrderRow>(
  `SELECT id, orderNumber, processedAt, financialStatus, fulfillmentStatus, currencyCode, subtotalAmount,
          shippingAmount, taxAmount, totalAmount, shipName, shipAddress1, shipAddress2, shipCity,
          shipProvince, shipZip, shipCountry, shipPhone
     FROM "Order" WHERE customerId = ? ORDER BY processedAt DESC, id DESC LIMIT ?`,
);

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
  const rows = ordersStmt.all(session.customerId, limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((o) => o.id);
  const marks = ids.map(() => "?").join(",");
  const lines = ids.length
    ? sqlite
        .prepare<number[], LineRow>(
          `SELECT orderId, title, variantTitle, quantity, unitPriceAmount, originalTotalAmount, imageUrl,
                  imageAlt, productHandle, variantId
             FROM OrderLineItem WHERE orderId IN (${marks}) ORDER BY orderId, position`,
        )
        .all(...ids)
    : [];
  const tracking = ids.length
    ? sqlite
        .prepare<number[], TrackingRow>(
          `SELECT orderId, company, number, url FROM TrackingInfo WHERE orderId IN (${marks}) ORDER BY orderId, position`,
        )
        .all(...ids)
    : [];
  const edges = page.map((o) => {
    const cur = o.currencyCode;
    const processedAt = new Date(o.processedAt);
    return {
      cursor: encodeCursor(processedAt, o.id),
      node: {
        id: toGid("Order", o.id),
        orderNumber: o.orderNumber,
        processedAt: processedAt.toISOString(),
        financialStatus: o.financialStatus,
        fulfillmentStatus: o.fulfillmentStatus,
        totalPrice: toMoney(o.totalAmount, cur),
        subtotalPrice: toMoney(o.subtotalAmount, cur),
        totalShippingPrice: toMoney(o.shippingAmount, cur),
        totalTax: toMoney(o.taxAmount, cur),
        shippingAddress: {
          name: o.shipName,
          address1: o.shipAddress1,
          address2: o.shipAddress2,
          city: o.shipCity,
          province: o.shipProvince,
          zip: o.shipZip,
          country: o.shipCountry,
          phone: o.shipPhone,
        },
        trackingInfo: tracking
          .filter((t) => t.orderId === o.id)
          .map((t) => ({ company: t.company, number: t.number, url: t.url })),
        lineItems: {
          edges: lines
            .filter((l) => l.orderId === o.id)
            .map((l) => ({
              node: {
                title: l.title,
                quantity: l.quantity,
                originalTotalPrice: toMoney(l.originalTotalAmount, cur),
                variant: {
                  id: l.variantId === null ? null : toGid("ProductVariant", l.variantId),
                  title: l.variantTitle,
                  price: toMoney(l.unitPriceAmount, cur),
                  image: { url: l.imageUrl, altText: l.imageAlt },
                  product: { handle: l.productHandle },
                },
              },
            })),
        },
      },
    };
  });
  return {
    orders: {
      edges,
      pageInfo: { hasNextPage: rows.length > limit, endCursor: edges.at(-1)?.cursor ?? null },
    },
  };
});

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
  sqlite.close();
});
await app.listen({ host: config.host, port: config.port });
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
