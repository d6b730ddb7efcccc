// 4. Checkout: orders placed per second (each a new cart, its lines, a quote and the payment,
// as a shopper's browser sends them), and the SQL statements of one placement with 1 and with 5
// lines, which must be the same: stock is taken in one statement, the lines written in one.
// And cart adds per second (a line added to a cart, each client's cart new every few adds).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "../../../server/src/db/client.ts";
import { BENCH_ADDRESS, BENCH_CARD } from "../lib/checkout-fixtures.ts";
import { type Figure, median, type Suite, type Target } from "../lib/report.ts";
import { startServer } from "../lib/server-process.ts";

const BENCH_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), "../bench-server.ts");
const ADDRESS = BENCH_ADDRESS;
const CARD = BENCH_CARD;
const CLIENTS = 4;
/** Statements of a 5-line placement minus those of a 1-line one: constant in the lines. */
export const CHECKOUT_STATEMENTS_TARGET: Target = { op: "<=", value: 0 };

export const checkoutSuite: Suite = async ({ quick, database }) => {
  const db = await database("checkout");
  // Enough of everything that no placement runs out of stock during the run.
  const prisma = createDb(db.url);
  let variants: number[];
  try {
    await prisma.productVariant.updateMany({ data: { inventory: 100_000_000, available: true } });
    variants = (
      await prisma.productVariant.findMany({
        where: { prices: { some: { currencyCode: "USD" } } },
        orderBy: { id: "asc" },
        take: 5,
        select: { id: true },
      })
    ).map((v) => v.id);
  } finally {
    await prisma.$disconnect();
  }
  if (variants.length < 5) throw new Error("the catalogue has fewer than 5 variants priced in USD");

  const server = await startServer({
    databaseUrl: db.url,
    entry: BENCH_SERVER,
    env: { RATE_LIMIT_MULTIPLIER: "10000", BENCH_COUNT_STATEMENTS: "1" },
  });
  let serial = 0;
  /**
   * 503s answered: on PostgreSQL, concurrent placements take stock from the same rows, and a
   * serializable transaction whose retries ran out answers 503 with Retry-After. The suite sends
   * the request again after a short pause (a placement with a new idempotency key: sent again with
   * the same key after a 503 it answers 409 today), and the table says how often.
   */
  let busy = 0;
  const post = async <T>(p: string, body: unknown | (() => unknown)): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(server.url + p, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify(typeof body === "function" ? body() : body),
      });
      if (res.status === 503 && attempt < 5) {
        busy++;
        await res.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
        continue;
      }
      if (!res.ok) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as T;
    }
  };
  /** A cart of `lines` lines, priced; then the placement alone, timed apart. */
  const prepared = async (lines: number) => {
    const cartId = (await post<{ cart: { id: string } }>("/api/cart", {})).cart.id;
    await post(`/api/cart/${cartId}`, {
      items: variants
        .slice(0, lines)
        .map((id) => ({ merchandiseId: `gid://vela/ProductVariant/${id}`, quantity: 1 })),
    });
    const base = { cartId, email: "bench@example.com", address: ADDRESS };
    const q = await post<{ quote: { totalMinor: number } }>("/api/checkout/quote", base);
    return () =>
      post("/api/checkout/orders", () => ({
        ...base,
        card: CARD,
        idempotencyKey: `bench-${process.pid}-${serial++}-0000`,
        expectedTotal: q.quote.totalMinor,
      }));
  };
  const statements = async () =>
    ((await (await fetch(`${server.url}/api/bench/statements`)).json()) as { count: number }).count;
  const statementsOf = async (lines: number) => {
    const place = await prepared(lines);
    const before = await statements();
    await place();
    return (await statements()) - before;
  };
  try {
    // Warm up, then statements per placement (no other request runs meanwhile).
    for (let i = 0; i < 5; i++) await (await prepared(3))();
    const one: number[] = [];
    const five: number[] = [];
    for (let r = 0; r < 3; r++) {
      one.push(await statementsOf(1));
      five.push(await statementsOf(5));
    }

    // Throughput: CLIENTS shoppers in a loop, each order a fresh cart of 3 lines, for a while.
    const rounds = 3;
    const rates: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const until = performance.now() + (quick ? 2_000 : 6_000);
      const t0 = performance.now();
      let placed = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < until) {
            await (await prepared(3))();
            placed++;
          }
        }),
      );
      rates.push(placed / ((performance.now() - t0) / 1000));
    }

    // Cart adds: CLIENTS shoppers each adding the five variants one by one to a new cart, again
    // and again; the cart's creation is part of the loop, one per five adds.
    const addRates: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const until = performance.now() + (quick ? 2_000 : 5_000);
      const t0 = performance.now();
      let added = 0;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < until) {
            const cartId = (await post<{ cart: { id: string } }>("/api/cart", {})).cart.id;
            for (const id of variants) {
              await post(`/api/cart/${cartId}`, {
                items: [{ merchandiseId: `gid://vela/ProductVariant/${id}`, quantity: 1 }],
              });
              added++;
            }
          }
        }),
      );
      addRates.push(added / ((performance.now() - t0) / 1000));
    }
    const S = "Checkout";
    const figures: Figure[] = [
      {
        suite: S,
        name: "orders placed per second (new cart, 3 lines, quote, payment)",
        value: median(rates),
        unit: "/s",
        note:
          `${CLIENTS} clients, ${rates.map((r) => r.toFixed(1)).join(" / ")} per round` +
          (busy ? `; ${busy} requests answered 503 and were sent again` : ""),
      },
      {
        suite: S,
        name: "cart adds per second (one line each)",
        value: median(addRates),
        unit: "/s",
        note: `${CLIENTS} clients, a new cart every ${variants.length} adds; ${addRates.map((r) => r.toFixed(1)).join(" / ")} per round`,
      },
      { suite: S, name: "SQL statements per placement, 1 line", value: median(one), unit: "" },
      {
        suite: S,
        name: "SQL statements per placement, 5 lines minus 1 line",
        value: median(five) - median(one),
        unit: "",
        target: CHECKOUT_STATEMENTS_TARGET,
        note: `1 line ${one.join("/")}, 5 lines ${five.join("/")}`,
      },
    ];
    return { figures, details: { rates, addRates, one, five, busy } };
  } finally {
    await server.stop();
    await db.drop();
  }
};
