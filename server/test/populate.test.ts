// npm run db:populate: a store at a real size, deterministic, on either engine (seed/populate.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POPULATED_PASSWORD, populate } from "../src/seed/populate.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

const COUNTS = { orders: 1_200, customers: 150, products: 30 };
const NOW = new Date("2026-11-27T00:00:00Z");

async function snapshot(t: TestApp) {
  const [products, variants, customers, orders, lines, guests, revenue] = await Promise.all([
    t.db.product.count(),
    t.db.productVariant.count(),
    t.db.customer.count(),
    t.db.order.count(),
    t.db.orderLineItem.count(),
    t.db.order.count({ where: { customerId: null } }),
    t.db.order.aggregate({ _sum: { totalAmount: true } }),
  ]);
  return { products, variants, customers, orders, lines, guests, revenue: revenue._sum.totalAmount };
}

describe("populate", () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestApp(), createTestApp()]);
  });
  afterAll(async () => Promise.all([a.close(), b.close()]));

  it("adds exactly the counts asked for, in batches, reporting progress to the end", async () => {
    const before = await snapshot(a);
    const seen: string[] = [];
    const summary = await populate(
      a.db,
      COUNTS,
      (phase, done, total) => seen.push(`${phase} ${done}/${total}`),
      NOW,
    );
    const after = await snapshot(a);
    expect(after.products - before.products).toBe(COUNTS.products);
    expect(after.customers - before.customers).toBe(COUNTS.customers);
    expect(after.orders - before.orders).toBe(COUNTS.orders);
    expect(after.lines - before.lines).toBe(summary.lines);
    expect(summary.lines).toBeGreaterThanOrEqual(COUNTS.orders);
    expect(after.guests - before.guests).toBeGreaterThan(0);
    expect(seen).toEqual(["products 30/30", "customers 150/150", "orders 1000/1200", "orders 1200/1200"]);
  });

  it("writes the same store every time (deterministic), so two runs measure the same thing", async () => {
    await populate(b.db, COUNTS, undefined, NOW);
    expect(await snapshot(b)).toEqual(await snapshot(a));
    const pick = (t: TestApp) =>
      t.db.order.findMany({
        orderBy: { orderNumber: "desc" },
        take: 5,
        select: { orderNumber: true, email: true, totalAmount: true, currencyCode: true, processedAt: true },
      });
    expect(await pick(b)).toEqual(await pick(a));
  });

  it("gives products a Japanese name, both currencies and stock, in the shop's catalogue", async () => {
    const product = await a.db.product.findFirst({
      where: { handle: { endsWith: "-30" }, variants: { some: { sku: { startsWith: "POP-" } } } },
      include: { translations: true, variants: { include: { prices: true } } },
    });
    expect(product?.translations[0]?.language).toBe("ja-JP");
    expect(product?.translations[0]?.title).toMatch(/[\u30a0-\u30ff]/);
    expect(product?.variants.length).toBeGreaterThan(0);
    for (const v of product?.variants ?? []) {
      expect(v.prices.map((p) => p.currencyCode).sort()).toEqual(["JPY", "USD"]);
      // Yen prices are whole hundreds, tax included.
      expect((v.prices.find((p) => p.currencyCode === "JPY")?.amount ?? 1) % 100).toBe(0);
    }
    const res = await a.api("GET", `/api/products/${product?.handle}`);
    expect(res.statusCode).toBe(200);
  });

  it("puts the populated products in the store's search", async () => {
    const product = await a.db.product.findFirst({
      where: { handle: { endsWith: "-30" }, variants: { some: { sku: { startsWith: "POP-" } } } },
      select: { handle: true, title: true },
    });
    const res = await a.api("GET", `/api/search?q=${encodeURIComponent(product?.title ?? "")}`);
    expect(res.statusCode).toBe(200);
    const found = (res.json() as { products: { handle: string }[] }).products.map((p) => p.handle);
    expect(found).toContain(product?.handle);
  });

  it("lets a populated customer sign in and read their orders, newest first", async () => {
    const customer = await a.db.customer.findFirst({
      where: { email: { endsWith: "@populated.example" }, orders: { some: {} } },
      select: { email: true, defaultAddressId: true, _count: { select: { orders: true } } },
    });
    expect(customer).not.toBeNull();
    const cookie = await a.login(customer?.email, POPULATED_PASSWORD);
    const res = await a.api("GET", "/api/account/orders?limit=50", { cookie });
    expect(res.statusCode).toBe(200);
    const page = res.json() as {
      orders: { edges: { node: { orderNumber: number; processedAt: string } }[] };
    };
    const nodes = page.orders.edges.map((e) => e.node);
    expect(nodes.length).toBe(Math.min(50, customer?._count.orders ?? 0));
    const times = nodes.map((n) => Date.parse(n.processedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(customer?.defaultAddressId).not.toBeNull();
  });

  it("numbers what the database numbers next after the populated rows (PostgreSQL's sequences moved)", async () => {
    const last = await a.db.customer.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
    const customer = await a.db.customer.create({
      data: { firstName: "Next", lastName: "One", email: "next.one@example.com" },
    });
    expect(customer.id).toBeGreaterThan(last?.id ?? Number.POSITIVE_INFINITY);
  });
});
