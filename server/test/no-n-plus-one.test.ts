// Orders come with their line items and tracking in a fixed number of statements,
// whatever the page size: count the SQL of same-shaped requests with different limits.
import { ORDERS_PAGE_MAX } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "../src/seed/factories.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { demoId, productByHandle } from "./support-data.ts";

interface Page {
  orders: { edges: { node: { lineItems: { edges: unknown[] }; trackingInfo: unknown[] } }[] };
}

let t: TestApp;
let statements: string[] = [];
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ onQuery: (sql) => statements.push(sql) });
  cookie = await t.login();
});
afterAll(() => t.close());

/** The statements one request sends, session lookup included, and its page. */
async function measure(url: string): Promise<{ count: number; sql: string[]; page: Page }> {
  statements = [];
  const res = await t.api("GET", url, { cookie });
  expect(res.statusCode).toBe(200);
  const sql = statements;
  statements = [];
  return { count: sql.length, sql, page: json<Page>(res) };
}

/** `FROM <table>` however the statement quotes it (Prisma's `main`.`X` or our "X"). */
const from = (table: string) => new RegExp(`FROM\\s+[\`"]?(main[\`"]?\\.)?[\`"]?${table}[\`"]?(\\s|$)`);

const lineItemCount = (p: Page): number =>
  p.orders.edges.reduce((n, e) => n + e.node.lineItems.edges.length, 0);

describe("GET /api/account/orders statement count", () => {
  it("counts the statements at all (the hook sees the order query)", async () => {
    const { count, sql } = await measure("/api/account/orders?limit=5");
    expect(count).toBeGreaterThan(0);
    expect(sql.some((s) => /FROM\s+[`"]?(main[`"]?\.)?[`"]?Order[`"]?/i.test(s))).toBe(true);
  });

  it("is the same for limit 5 and limit 20", async () => {
    // Warm once so both measured requests see the same session state.
    await measure("/api/account/orders?limit=1");
    const small = await measure("/api/account/orders?limit=5");
    const large = await measure("/api/account/orders?limit=20");
    expect(small.page.orders.edges).toHaveLength(5);
    expect(large.page.orders.edges).toHaveLength(20);
    expect(lineItemCount(large.page)).toBeGreaterThan(lineItemCount(small.page));
    expect(large.count).toBe(small.count);
  });

  it("is the same for limit 50 over a full page of orders made with the factories", async () => {
    const customerId = await demoId(t);
    const products = await Promise.all(
      ["one-xr-glasses", "pro-mobile-dock", "usb-c-charging-adapter"].map((h) => productByHandle(t, h)),
    );
    const [glasses, dock, adapter] = products as [
      (typeof products)[number],
      (typeof products)[number],
      (typeof products)[number],
    ];
    const oldest = Date.parse("2020-01-01T00:00:00Z");
    for (let i = 0; i < ORDERS_PAGE_MAX; i++) {
      await createOrder(t.db, {
        customerId,
        orderNumber: 9000 + i,
        processedAt: new Date(oldest - i * 86_400_000),
        financialStatus: "PAID",
        fulfillmentStatus: i % 2 ? "FULFILLED" : "UNFULFILLED",
        currencyCode: i % 3 ? "USD" : "JPY",
        lines: [
          { product: glasses, quantity: 1 },
          { product: dock, quantity: 2 },
          { product: adapter, quantity: 1 },
        ],
        tracking:
          i % 2
            ? [{ company: "UPS", number: `1Z${i}`, url: `https://www.ups.com/track?tracknum=1Z${i}` }]
            : [],
      });
    }
    await measure("/api/account/orders?limit=1");
    const small = await measure("/api/account/orders?limit=5");
    const full = await measure(`/api/account/orders?limit=${ORDERS_PAGE_MAX}`);
    expect(full.page.orders.edges).toHaveLength(ORDERS_PAGE_MAX);
    expect(lineItemCount(full.page)).toBeGreaterThan(ORDERS_PAGE_MAX);
    expect(full.count).toBe(small.count);
    // The orders, their line items and their tracking in one statement for the whole page.
    const reads = full.sql.filter((q) => from("Order").test(q));
    expect(reads).toHaveLength(1);
    expect(from("OrderLineItem").test(reads[0] ?? "")).toBe(true);
    expect(from("TrackingInfo").test(reads[0] ?? "")).toBe(true);
    expect(full.sql.filter((q) => from("OrderLineItem").test(q))).toHaveLength(1);
    expect(full.sql.filter((q) => from("TrackingInfo").test(q))).toHaveLength(1);
    // A later page (with a cursor) costs the same as the first.
    const first = json<{ orders: { pageInfo: { endCursor: string } } }>(
      await t.api("GET", "/api/account/orders?limit=20", { cookie }),
    );
    const later = await measure(`/api/account/orders?limit=20&cursor=${first.orders.pageInfo.endCursor}`);
    expect(later.page.orders.edges).toHaveLength(20);
    expect(later.count).toBe(small.count);
  });

  it("loads one order in a fixed number of statements too", async () => {
    const one = await measure("/api/account/orders/1026");
    const other = await measure("/api/account/orders/1001");
    expect(other.count).toBe(one.count);
  });
});
