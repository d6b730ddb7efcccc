// Every raw statement has a twin per engine, chosen by twinFor; this file runs in the SQLite run
// and in the PostgreSQL run, so each twin is run against its own engine and must answer what
// Prisma itself reads from the same rows (dates to the millisecond, in the same ISO text).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createDb, engineOfClient, Prisma, twinFor } from "../src/db/client.ts";
import { ordersFromJson, ordersQuery } from "../src/modules/orders/service.ts";
import { createOrder } from "../src/seed/factories.ts";
import { createTestApp, DEMO_CUSTOMER, type TestApp } from "./helpers.ts";
import { testEngine } from "./support-db.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the engine seam", () => {
  it("runs this file on the engine of its run, for the client and inside a transaction", async () => {
    expect(engineOfClient(t.db)).toBe(testEngine());
    await t.db.$transaction(async (tx) => {
      expect(engineOfClient(tx)).toBe(testEngine());
      expect(twinFor(tx, { sqlite: "s", postgresql: "p" })).toBe(testEngine() === "sqlite" ? "s" : "p");
    });
  });
});

describe("choosing the engine by DATABASE_URL", () => {
  it("takes file: for SQLite and postgres:// or postgresql:// for PostgreSQL, and refuses anything else", async () => {
    const env = { NODE_ENV: "test", SESSION_SECRET: "t".repeat(43) } as const;
    expect(() => loadConfig({ ...env, DATABASE_URL: "mysql://x@localhost/store" })).toThrow(
      /DATABASE_URL must start/,
    );
    expect(() => createDb("mysql://x@localhost/store")).toThrow(/DATABASE_URL must start/);
    for (const url of ["postgres://u@127.0.0.1:9/store", "postgresql://u@127.0.0.1:9/store"]) {
      // No connection is opened until the first query.
      const db = createDb(url);
      expect(engineOfClient(db)).toBe("postgresql");
      await db.$disconnect();
    }
    expect(loadConfig({ ...env, DATABASE_URL: "postgres://u@h/s" }).databasePoolSize).toBe(10);
    expect(
      loadConfig({ ...env, DATABASE_URL: "postgres://u@h/s", DATABASE_POOL_SIZE: "25" }).databasePoolSize,
    ).toBe(25);
    expect(() => loadConfig({ ...env, DATABASE_POOL_SIZE: "0" })).toThrow();
  });

  it("numbers a new row after every seeded id (the demo orders keep their numbers)", async () => {
    const customer = await t.db.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } });
    const { _max } = await t.db.order.aggregate({ _max: { id: true } });
    const order = await createOrder(t.db, {
      customerId: customer.id,
      orderNumber: 987_653,
      processedAt: new Date(),
      financialStatus: "PAID",
      fulfillmentStatus: null,
      currencyCode: "USD",
      lines: [{ product: await anyProduct(), quantity: 1 }],
    });
    expect(order.id).toBeGreaterThan(_max.id ?? 0);
  });
});

const anyProduct = () =>
  t.db.product.findFirstOrThrow({
    include: { variants: { include: { prices: true }, orderBy: { position: "asc" } } },
  });

describe("the orders page statement", () => {
  const page = async (where: Prisma.Sql, take: number) => {
    const [row] = await t.db.$queryRaw<{ page: string }[]>(ordersQuery(t.db, where, take));
    expect(typeof row?.page).toBe("string");
    return ordersFromJson(row?.page ?? "[]");
  };

  it("answers every order of a customer as Prisma reads it: dates, money, lines and tracking in order", async () => {
    const customer = await t.db.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } });
    const entries = await page(Prisma.sql`"customerId" = ${customer.id}`, 1000);
    const orders = await t.db.order.findMany({
      where: { customerId: customer.id },
      orderBy: [{ processedAt: "desc" }, { id: "desc" }],
      include: { lineItems: { orderBy: { position: "asc" } }, tracking: { orderBy: { position: "asc" } } },
    });
    expect(orders.length).toBeGreaterThan(20);
    expect(entries.map((e) => e.order.orderNumber)).toEqual(orders.map((o) => o.orderNumber));
    for (const [i, o] of orders.entries()) {
      const dto = entries[i]?.order;
      expect(dto?.processedAt).toBe(o.processedAt.toISOString());
      expect(dto?.totalPrice.amount).toBeDefined();
      expect(dto?.lineItems.edges.map((e) => e.node.title)).toEqual(o.lineItems.map((l) => l.title));
      expect(dto?.lineItems.edges.map((e) => e.node.quantity)).toEqual(o.lineItems.map((l) => l.quantity));
      expect(dto?.trackingInfo.map((x) => x.number)).toEqual(o.tracking.map((x) => x.number));
      expect(dto?.shippingAddress.address2).toBe(o.shipAddress2);
    }
  });

  it("keeps milliseconds and a cursor to the millisecond, and an empty page is []", async () => {
    const customer = await t.db.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } });
    const product = await anyProduct();
    const processedAt = new Date("2026-03-04T05:06:07.089Z");
    const order = await createOrder(t.db, {
      customerId: customer.id,
      orderNumber: 987_654,
      processedAt,
      financialStatus: "PAID",
      fulfillmentStatus: null,
      currencyCode: "USD",
      lines: [{ product, quantity: 2 }],
    });
    const [entry] = await page(Prisma.sql`"id" = ${order.id}`, 1);
    expect(entry?.order.processedAt).toBe("2026-03-04T05:06:07.089Z");
    expect(JSON.parse(Buffer.from(entry?.cursor ?? "", "base64url").toString())).toEqual([
      processedAt.getTime(),
      order.id,
    ]);
    expect(entry?.order.trackingInfo).toEqual([]);
    expect(await page(Prisma.sql`"id" = ${-1}`, 5)).toEqual([]);
  });
});
