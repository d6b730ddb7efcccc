import {
  MESSAGES,
  type Money,
  ORDERS_PAGE_DEFAULT,
  ORDERS_PAGE_MAX,
  OVERVIEW_ORDER_COUNT,
} from "@vela/shared";
import type { Order, OrdersPage } from "@vela/shared/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeCursor } from "../src/modules/orders/service.ts";
import { DEMO_ORDER_COUNT } from "../src/seed/demo.ts";
import { createOrder } from "../src/seed/factories.ts";
import { callerFor, createTestApp, json, SECOND_CUSTOMER, type TestApp } from "./helpers.ts";
import { newCustomer, productByHandle } from "./support-data.ts";

const NEWEST_DEMO_ORDER = 1000 + DEMO_ORDER_COUNT;

let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login();
});
afterAll(() => t.close());

const list = async (query = "", cookie = demo) => {
  const res = await t.api("GET", `/api/account/orders${query}`, { cookie });
  return { res, page: res.statusCode === 200 ? json<OrdersPage>(res) : null };
};

const numericId = (gid: string): number => Number(gid.slice(gid.lastIndexOf("/") + 1));

function expectMoney(m: Money): void {
  expect(Object.keys(m).sort()).toEqual(["amount", "currencyCode"]);
  expect(typeof m.amount).toBe("string");
  if (m.currencyCode === "JPY") expect(m.amount).toMatch(/^-?\d+$/);
  else expect(m.amount).toMatch(/^-?\d+\.\d{2}$/);
}

describe("GET /api/account/orders", () => {
  it("answers 401 with the sign-in text when signed out", async () => {
    const res = await t.api("GET", "/api/account/orders");
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ message: MESSAGES.notSignedIn, error: MESSAGES.notSignedIn });
  });

  it("lists the newest first, 10 by default, with no-store", async () => {
    const { res, page } = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const edges = page?.orders.edges ?? [];
    expect(edges).toHaveLength(ORDERS_PAGE_DEFAULT);
    expect(edges[0]?.node.id).toBe(`gid://vela/Order/${NEWEST_DEMO_ORDER}`);
    const times = edges.map((e) => Date.parse(e.node.processedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(times).size).toBe(times.length);
    expect(page?.orders.pageInfo.hasNextPage).toBe(true);
    expect(page?.orders.pageInfo.endCursor).toBe(edges.at(-1)?.cursor);
  });

  it("gives the overview's 3 orders with ?limit=3", async () => {
    const { page } = await list(`?limit=${OVERVIEW_ORDER_COUNT}`);
    expect(page?.orders.edges.map((e) => e.node.orderNumber)).toEqual([
      NEWEST_DEMO_ORDER,
      NEWEST_DEMO_ORDER - 1,
      NEWEST_DEMO_ORDER - 2,
    ]);
    expect(page?.orders.pageInfo.hasNextPage).toBe(true);
  });

  it("accepts the bounds 1 and 50", async () => {
    expect((await list("?limit=1")).page?.orders.edges).toHaveLength(1);
    // 26 orders, so limit 50 gives them all and says there is no next page.
    const { page } = await list(`?limit=${ORDERS_PAGE_MAX}`);
    expect(page?.orders.edges).toHaveLength(DEMO_ORDER_COUNT);
    expect(page?.orders.pageInfo.hasNextPage).toBe(false);
  });

  it.each([
    ["above 50", "?limit=51"],
    ["zero", "?limit=0"],
    ["negative", "?limit=-1"],
    ["non-numeric", "?limit=abc"],
    ["fractional", "?limit=2.5"],
    ["empty", "?limit="],
    ["an unknown query key", "?limit=3&admin=1"],
  ])("refuses a limit that is %s with 400", async (_name, query) => {
    const { res } = await list(query);
    expect(res.statusCode).toBe(400);
    const body = json<{ message: string; error: string }>(res);
    expect(body.message).toBeTruthy();
    expect(body.error).toBe(body.message);
  });

  it.each([
    ["10 (the default)", ""],
    ["7", "limit=7&"],
    ["13 (a page boundary at the very end)", "limit=13&"],
  ])("pages through all 26 orders by cursor with limit %s", async (_name, limitPart) => {
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let hasNext = true;
    while (hasNext) {
      const q: string = cursor ? `?${limitPart}cursor=${encodeURIComponent(cursor)}` : `?${limitPart}`;
      const { res, page } = await list(q);
      expect(res.statusCode).toBe(200);
      if (!page) throw new Error("no page");
      const edges = page.orders.edges;
      expect(edges.length).toBeGreaterThan(0);
      seen.push(...edges.map((e) => numericId(e.node.id)));
      expect(page.orders.pageInfo.endCursor).toBe(edges.at(-1)?.cursor);
      cursor = page.orders.pageInfo.endCursor;
      hasNext = page.orders.pageInfo.hasNextPage;
      pages += 1;
      expect(pages).toBeLessThanOrEqual(DEMO_ORDER_COUNT);
    }
    // Newest first, every order exactly once, nothing of another customer.
    const expected = Array.from({ length: DEMO_ORDER_COUNT }, (_, i) => NEWEST_DEMO_ORDER - i);
    expect(seen).toEqual(expected);
    // Past the end: an empty page, no next page, and no end cursor.
    const { page: after } = await list(`?cursor=${encodeURIComponent(cursor ?? "")}`);
    expect(after?.orders).toEqual({ edges: [], pageInfo: { hasNextPage: false, endCursor: null } });
  });

  it("answers an empty page with endCursor null for a customer without orders", async () => {
    const nobody = await newCustomer(t);
    const { res, page } = await list("", nobody.cookie);
    expect(res.statusCode).toBe(200);
    expect(page).toEqual({ orders: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } } });
  });

  it.each([
    ["garbage", "not-a-cursor!!"],
    ["base64 of non-JSON", Buffer.from("hello").toString("base64url")],
    ["base64 of the wrong JSON", Buffer.from('{"id":1}').toString("base64url")],
    ["a zero id", Buffer.from("[1700000000000,0]").toString("base64url")],
    ["an impossible date", Buffer.from("[9e20,5]").toString("base64url")],
    ["an overlong value", "A".repeat(201)],
  ])("refuses an invalid cursor (%s) with 400, not 500", async (_name, cursor) => {
    const { res } = await list(`?cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/prisma|sqlite|stack|at .*\.ts/i);
  });

  it("keeps a cursor opaque: one made for an older point gives the orders after it", async () => {
    const { page: first } = await list("?limit=3");
    const third = first?.orders.edges[2]?.node;
    if (!third) throw new Error("no third order");
    const cursor = encodeCursor(new Date(third.processedAt), numericId(third.id));
    expect(cursor).toBe(first?.orders.edges[2]?.cursor);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const { page } = await list(`?limit=2&cursor=${cursor}`);
    expect(page?.orders.edges.map((e) => e.node.orderNumber)).toEqual([
      NEWEST_DEMO_ORDER - 3,
      NEWEST_DEMO_ORDER - 4,
    ]);
  });

  it("answers the shape {orders:{edges:[{cursor,node}],pageInfo}} with the fields of spec §3", async () => {
    const { page } = await list(`?limit=${ORDERS_PAGE_MAX}`);
    if (!page) throw new Error("no page");
    expect(Object.keys(page)).toEqual(["orders"]);
    expect(Object.keys(page.orders).sort()).toEqual(["edges", "pageInfo"]);
    expect(Object.keys(page.orders.pageInfo).sort()).toEqual(["endCursor", "hasNextPage"]);
    const currencies = new Set<string>();
    for (const edge of page.orders.edges) {
      expect(Object.keys(edge).sort()).toEqual(["cursor", "node"]);
      expect(typeof edge.cursor).toBe("string");
      const o = edge.node;
      expect(o).toEqual(
        expect.objectContaining({
          id: expect.stringMatching(/^gid:\/\/vela\/Order\/\d+$/),
          orderNumber: expect.any(Number),
          processedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          financialStatus: expect.any(String),
          shippingAddress: expect.any(Object),
          trackingInfo: expect.any(Array),
          lineItems: { edges: expect.any(Array) },
        }),
      );
      expect(o).toHaveProperty("fulfillmentStatus");
      for (const m of [o.totalPrice, o.subtotalPrice, o.totalShippingPrice, o.totalTax]) {
        expectMoney(m);
        currencies.add(m.currencyCode);
      }
      expect(Object.keys(o.shippingAddress).sort()).toEqual(
        ["address1", "address2", "city", "country", "name", "phone", "province", "zip"].sort(),
      );
      for (const tr of o.trackingInfo) expect(Object.keys(tr).sort()).toEqual(["company", "number", "url"]);
      expect(o.lineItems.edges.length).toBeGreaterThan(0);
      for (const { node: li } of o.lineItems.edges) {
        expect(typeof li.title).toBe("string");
        expect(Number.isInteger(li.quantity)).toBe(true);
        expectMoney(li.originalTotalPrice);
        expectMoney(li.variant.price);
        expect(li.variant.price.currencyCode).toBe(o.totalPrice.currencyCode);
        expect(li.variant.id).toMatch(/^gid:\/\/vela\/ProductVariant\/\d+$/);
        expect(typeof li.variant.title).toBe("string");
        expect(li.variant.image).toEqual({ url: expect.any(String), altText: expect.any(String) });
        expect(li.variant.product.handle).toMatch(/^vela-/);
      }
      // Nothing internal leaks with the order.
      expect(o).not.toHaveProperty("customerId");
    }
    expect([...currencies].sort()).toEqual(["JPY", "USD"]);
  });

  it("shows every financial and fulfilment status among the demo orders, tracking on shipped ones", async () => {
    const { page } = await list(`?limit=${ORDERS_PAGE_MAX}`);
    const nodes = page?.orders.edges.map((e) => e.node) ?? [];
    const financial = new Set(nodes.map((n) => n.financialStatus));
    const fulfilment = new Set(nodes.map((n) => n.fulfillmentStatus));
    for (const s of [
      "PAID",
      "PENDING",
      "AUTHORIZED",
      "PARTIALLY_PAID",
      "REFUNDED",
      "PARTIALLY_REFUNDED",
      "VOIDED",
    ])
      expect(financial).toContain(s);
    for (const s of [
      "FULFILLED",
      "IN_PROGRESS",
      "PARTIALLY_FULFILLED",
      "PENDING_FULFILLMENT",
      "RESTOCKED",
      "UNFULFILLED",
      null,
    ])
      expect(fulfilment).toContain(s);
    for (const n of nodes) {
      if (n.fulfillmentStatus === "FULFILLED" || n.fulfillmentStatus === "PARTIALLY_FULFILLED")
        expect(n.trackingInfo.length).toBeGreaterThan(0);
    }
  });

  it("gives JPY amounts without decimals and USD amounts with cents", async () => {
    const { page } = await list(`?limit=${ORDERS_PAGE_MAX}`);
    const nodes = page?.orders.edges.map((e) => e.node) ?? [];
    const jpy = nodes.find((n) => n.totalPrice.currencyCode === "JPY");
    const usd = nodes.find((n) => n.totalPrice.currencyCode === "USD");
    expect(jpy?.totalPrice.amount).toMatch(/^\d+$/);
    expect(usd?.totalPrice.amount).toMatch(/^\d+\.\d{2}$/);
    // The stored minor units come back exactly.
    const row = await t.db.order.findUniqueOrThrow({ where: { id: numericId(jpy?.id ?? "") } });
    expect(jpy?.totalPrice.amount).toBe(String(row.totalAmount));
    const usdRow = await t.db.order.findUniqueOrThrow({ where: { id: numericId(usd?.id ?? "") } });
    expect(usd?.totalPrice.amount).toBe((usdRow.totalAmount / 100).toFixed(2));
  });

  it("never lists another customer's orders", async () => {
    const { page } = await list(`?limit=${ORDERS_PAGE_MAX}`);
    const ids = page?.orders.edges.map((e) => numericId(e.node.id)) ?? [];
    expect(ids.some((id) => id >= 2001 && id <= 2003)).toBe(false);
    const second = await t.login(SECOND_CUSTOMER.email, SECOND_CUSTOMER.password);
    const { page: theirs } = await list("", second);
    expect(theirs?.orders.edges.map((e) => e.node.orderNumber)).toEqual([2003, 2002, 2001]);
  });
});

describe("GET /api/account/orders/{id}", () => {
  it("answers 401 when signed out", async () => {
    const res = await t.api("GET", `/api/account/orders/${NEWEST_DEMO_ORDER}`);
    expect(res.statusCode).toBe(401);
  });

  it("answers {order} for the customer's own order, with tracking and the ship-to address", async () => {
    const res = await t.api("GET", `/api/account/orders/${NEWEST_DEMO_ORDER}`, { cookie: demo });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = json<{ order: Order }>(res);
    expect(Object.keys(body)).toEqual(["order"]);
    expect(body.order).toMatchObject({
      id: `gid://vela/Order/${NEWEST_DEMO_ORDER}`,
      orderNumber: NEWEST_DEMO_ORDER,
      fulfillmentStatus: "FULFILLED",
      shippingAddress: {
        name: "Alex Rivera",
        address1: "500 Howard Street",
        address2: "Suite 300",
        city: "San Francisco",
        province: "CA",
        zip: "94105",
        country: "United States",
        phone: "+1 415 555 0100",
      },
    });
    expect(body.order.trackingInfo[0]).toEqual({
      company: "UPS",
      number: expect.any(String),
      url: expect.stringMatching(/^https:\/\//),
    });
    // The same node as in the list, and the payment as Stripe reports it (none: not paid with Stripe).
    const { page } = await list("?limit=1");
    expect({ ...page?.orders.edges[0]?.node, payment: null }).toEqual(body.order);
  });

  it("takes a global id as well as the number", async () => {
    const res = await t.api("GET", `/api/account/orders/${encodeURIComponent(`gid://vela/Order/1001`)}`, {
      cookie: demo,
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ order: Order }>(res).order.orderNumber).toBe(1001);
  });

  it("answers another customer's order, an unknown id and a malformed id exactly the same", async () => {
    const other = await t.api("GET", "/api/account/orders/2001", { cookie: demo });
    const unknown = await t.api("GET", "/api/account/orders/999999", { cookie: demo });
    const malformed = await t.api("GET", "/api/account/orders/abc", { cookie: demo });
    for (const res of [other, unknown, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ message: MESSAGES.orderNotFound, error: MESSAGES.orderNotFound });
    }
    expect(unknown.body).toBe(other.body);
    expect(malformed.body).toBe(other.body);
    // 2001 exists: its owner sees it.
    const second = await t.login(SECOND_CUSTOMER.email, SECOND_CUSTOMER.password);
    const own = await t.api("GET", "/api/account/orders/2001", { cookie: second });
    expect(own.statusCode).toBe(200);
  });

  it("keeps a line item's title and price after the product is renamed and repriced", async () => {
    const before = json<{ order: Order }>(
      await t.api("GET", `/api/account/orders/${NEWEST_DEMO_ORDER}`, { cookie: demo }),
    ).order;
    const line = before.lineItems.edges[0]?.node;
    if (!line?.variant.id) throw new Error("no line");
    const variantId = numericId(line.variant.id);
    const variant = await t.db.productVariant.findUniqueOrThrow({
      where: { id: variantId },
      select: { productId: true },
    });
    await t.db.product.update({
      where: { id: variant.productId },
      data: { title: "Renamed Glasses", handle: "renamed-glasses" },
    });
    await t.db.productVariant.update({
      where: { id: variantId },
      data: { title: "Renamed Variant", imageUrl: "/images/other.svg" },
    });
    await t.db.variantPrice.updateMany({ where: { variantId }, data: { amount: 1 } });

    const after = json<{ order: Order }>(
      await t.api("GET", `/api/account/orders/${NEWEST_DEMO_ORDER}`, { cookie: demo }),
    ).order;
    expect(after.lineItems).toEqual(before.lineItems);
    expect(after.lineItems.edges[0]?.node.title).not.toBe("Renamed Glasses");
    expect(after.totalPrice).toEqual(before.totalPrice);
  });

  it("lists lines and tracking by position and orders newest first, whatever order the rows were written in", async () => {
    const customer = await newCustomer(t);
    const products = await Promise.all(
      ["one-xr-glasses", "pro-mobile-dock", "usb-c-charging-adapter"].map((h) => productByHandle(t, h)),
    );
    const lines = products.map((product, n) => ({ product, quantity: n + 1 }));
    const tracking = ["A", "B", "C"].map((n) => ({
      company: "UPS",
      number: n,
      url: `https://ups.test/${n}`,
    }));
    // The older order is written last, and each order's rows get their positions reversed.
    const newer = await createOrder(t.db, {
      customerId: customer.id,
      orderNumber: 77_001,
      processedAt: new Date("2026-02-01T00:00:00Z"),
      financialStatus: "PAID",
      fulfillmentStatus: null,
      currencyCode: "USD",
      lines,
      tracking,
    });
    const older = await createOrder(t.db, {
      customerId: customer.id,
      orderNumber: 77_000,
      processedAt: new Date("2026-01-01T00:00:00Z"),
      financialStatus: "PAID",
      fulfillmentStatus: null,
      currencyCode: "USD",
      lines,
      tracking,
    });
    for (const id of [newer.id, older.id]) {
      await t.db.$executeRaw`UPDATE "OrderLineItem" SET "position" = 10 - "position" WHERE "orderId" = ${id}`;
      await t.db.$executeRaw`UPDATE "TrackingInfo" SET "position" = 10 - "position" WHERE "orderId" = ${id}`;
    }
    const page = json<{ orders: { edges: { node: Order }[] } }>(
      await t.api("GET", "/api/account/orders", { cookie: customer.cookie }),
    );
    expect(page.orders.edges.map((e) => e.node.orderNumber)).toEqual([77_001, 77_000]);
    for (const { node } of page.orders.edges) {
      expect(node.lineItems.edges.map((e) => e.node.quantity)).toEqual([3, 2, 1]);
      expect(node.trackingInfo.map((x) => x.number)).toEqual(["C", "B", "A"]);
    }
    const one = json<{ order: Order }>(
      await t.api("GET", `/api/account/orders/${newer.id}`, { cookie: customer.cookie }),
    ).order;
    expect(one.lineItems.edges.map((e) => e.node.title)).toEqual([...products].reverse().map((p) => p.title));
  });

  it("answers over REST exactly what the procedures answer, nulls included (the REST answer has a schema)", async () => {
    const caller = callerFor(t, demo);
    const rest = json<unknown>(
      await t.api("GET", `/api/account/orders?limit=${ORDERS_PAGE_MAX}`, { cookie: demo }),
    );
    const viaTrpc = await caller.orders.list({ limit: ORDERS_PAGE_MAX });
    expect(rest).toEqual(JSON.parse(JSON.stringify(viaTrpc)));
    const nodes = viaTrpc.orders.edges.map((e) => e.node);
    // The page has what a schema could get wrong: nulls where text is usual, and the other way.
    expect(nodes.some((o) => o.fulfillmentStatus === null)).toBe(true);
    expect(nodes.some((o) => o.shippingAddress.address2 === null)).toBe(true);
    expect(nodes.some((o) => o.shippingAddress.address2 !== null)).toBe(true);
    expect(nodes.some((o) => o.trackingInfo.length > 0)).toBe(true);
    const last = json<{ orders: { pageInfo: { endCursor: string | null } } }>(
      await t.api("GET", `/api/account/orders?limit=1&cursor=${encodeCursor(new Date(0), 1)}`, {
        cookie: demo,
      }),
    );
    expect(last.orders.pageInfo.endCursor).toBeNull();
    for (const id of [NEWEST_DEMO_ORDER, 1001]) {
      const one = json<unknown>(await t.api("GET", `/api/account/orders/${id}`, { cookie: demo }));
      expect(one).toEqual(JSON.parse(JSON.stringify(await caller.orders.byId({ id }))));
    }
  });
});

describe("order lines in the reader's language", () => {
  it("name each variant in Japanese for a Japanese reader and keep the stored English name otherwise", async () => {
    const en = json<{ order: Order }>(
      await t.api("GET", `/api/account/orders/${NEWEST_DEMO_ORDER}`, { cookie: demo }),
    ).order;
    const ja = json<{ order: Order }>(
      await t.api("GET", `/api/account/orders/${NEWEST_DEMO_ORDER}`, { cookie: `${demo}; lang=ja-JP` }),
    ).order;
    const names = (o: Order) => o.lineItems.edges.map((e) => e.node.variant.title);
    expect(names(en).length).toBeGreaterThan(0);
    for (const name of names(en))
      expect(["Standard", "Prescription-ready", "Bundle", "Black"]).toContain(name);
    const japanese: Record<string, string> = {
      Standard: "スタンダード",
      "Prescription-ready": "度付きレンズ対応",
      Bundle: "セット",
      Black: "ブラック",
    };
    expect(names(ja)).toEqual(names(en).map((n) => japanese[n]));
    const page = json<OrdersPage>(
      await t.api("GET", "/api/account/orders?limit=3", { cookie: `${demo}; lang=ja-JP` }),
    );
    for (const edge of page.orders.edges)
      for (const line of edge.node.lineItems.edges)
        expect(Object.values(japanese)).toContain(line.node.variant.title);
  });
});
