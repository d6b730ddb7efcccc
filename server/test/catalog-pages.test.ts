// The catalogue a page at a time: /api/products and catalog.list answer CATALOGUE_PAGE_SIZE products
// in the shop's order, say where they lie (pageInfo), and read only the page's rows.
import { CATALOGUE_PAGE_MAX, CATALOGUE_PAGE_SIZE, handle } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProductRecord } from "../src/seed/factories.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";

interface ListAnswer {
  products: { handle: string; title: string }[];
  pageInfo: { page: number; pageCount: number; total: number };
}

const EXTRA = 30;
let t: TestApp;
const statements: string[] = [];
/** Every product a shopper sees, in the shop's order. */
let catalogue: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ onQuery: (sql) => statements.push(sql) });
  // More products than fit on two pages with the demo's: after the demo's, in position order.
  for (let i = 0; i < EXTRA; i++) {
    await createProductRecord(t.db, {
      handle: `paged-item-${String(i).padStart(2, "0")}`,
      title: `Paged item ${i}`,
      type: "accessories",
      position: 1000 + i,
      variants: [{ title: "Standard", sku: `PAGED-ITEM-${i}`, usd: 1000 + i * 100, jpy: 1500 + i * 150 }],
    });
  }
  // A draft is not out yet: it is neither listed nor counted.
  await createProductRecord(t.db, {
    handle: "paged-draft",
    title: "Paged draft",
    type: "accessories",
    position: 999,
    variants: [{ title: "Standard", sku: "PAGED-DRAFT", usd: 1000, jpy: 1500 }],
  });
  await t.db.product.update({ where: { handle: "paged-draft" }, data: { status: "DRAFT" } });
  catalogue = (
    await t.db.product.findMany({
      where: { status: "ACTIVE" },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      select: { handle: true },
    })
  ).map((p) => p.handle);
});
afterAll(() => t.close());

const get = async (query: string) => {
  const res = await t.api("GET", `/api/products${query}`);
  return { res, body: res.statusCode === 200 ? json<ListAnswer>(res) : null };
};

describe("the catalogue's pages", () => {
  it("answers page 1 when no page is asked for, with where it lies", async () => {
    expect(catalogue.length).toBeGreaterThan(2 * CATALOGUE_PAGE_SIZE);
    const pageCount = Math.ceil(catalogue.length / CATALOGUE_PAGE_SIZE);
    const { res, body } = await get("");
    expect(res.statusCode).toBe(200);
    expect(body?.products.map((p) => p.handle)).toEqual(catalogue.slice(0, CATALOGUE_PAGE_SIZE));
    expect(body?.pageInfo).toEqual({ page: 1, pageCount, total: catalogue.length });
    expect((await get("?page=1")).body).toEqual(body);
  });

  it("holds the next products in order on page 2, and what is left on the last page", async () => {
    const two = await get("?page=2");
    expect(two.body?.products.map((p) => p.handle)).toEqual(
      catalogue.slice(CATALOGUE_PAGE_SIZE, 2 * CATALOGUE_PAGE_SIZE),
    );
    expect(two.body?.pageInfo.page).toBe(2);
    const last = Math.ceil(catalogue.length / CATALOGUE_PAGE_SIZE);
    const end = await get(`?page=${last}`);
    expect(end.body?.products.map((p) => p.handle)).toEqual(
      catalogue.slice((last - 1) * CATALOGUE_PAGE_SIZE),
    );
    expect(end.body?.products.length).toBeGreaterThan(0);
    expect(end.body?.products.map((p) => p.handle)).not.toContain("paged-draft");
    // Every product is on exactly one page.
    const all: string[] = [];
    for (let page = 1; page <= last; page++) {
      all.push(...((await get(`?page=${page}`)).body?.products.map((p) => p.handle) ?? []));
    }
    expect(all).toEqual(catalogue);
  });

  it("answers a page beyond the last with no products and the real page count", async () => {
    const last = Math.ceil(catalogue.length / CATALOGUE_PAGE_SIZE);
    const { res, body } = await get(`?page=${last + 1}`);
    expect(res.statusCode).toBe(200);
    expect(body).toEqual({
      products: [],
      pageInfo: { page: last + 1, pageCount: last, total: catalogue.length },
    });
    expect((await get(`?page=${CATALOGUE_PAGE_MAX}`)).body?.products).toEqual([]);
  });

  it("pages a filtered list: the count and the pages are of the matches only", async () => {
    const accessories = await t.db.product.count({ where: { status: "ACTIVE", productType: "accessories" } });
    const one = await get("?type=accessories");
    expect(one.body?.pageInfo).toEqual({
      page: 1,
      pageCount: Math.ceil(accessories / CATALOGUE_PAGE_SIZE),
      total: accessories,
    });
    const two = await get("?type=accessories&page=2");
    expect(two.body?.products.length).toBe(Math.min(CATALOGUE_PAGE_SIZE, accessories - CATALOGUE_PAGE_SIZE));
    // Prices: the paged items cost $10 + $1 per item; $20.00 to $25.00 is items 10 to 15.
    const priced = await get("?currency=USD&minPrice=20&maxPrice=25");
    expect(priced.body?.products.map((p) => p.handle)).toEqual(
      [10, 11, 12, 13, 14, 15].map((i) => `paged-item-${i}`),
    );
    expect(priced.body?.pageInfo).toEqual({ page: 1, pageCount: 1, total: 6 });
    // A rating filter is counted in the database too.
    const rated = await get("?minRating=1");
    const reviewed = new Set(
      (await t.db.review.findMany({ select: { productId: true } })).map((r) => r.productId),
    );
    const ratedActive = await t.db.product.count({ where: { status: "ACTIVE", id: { in: [...reviewed] } } });
    expect(rated.body?.pageInfo.total).toBe(ratedActive);
  });

  it("refuses a bad page with 400 and changes nothing", async () => {
    for (const query of [
      "?page=0",
      "?page=-1",
      "?page=1.5",
      "?page=abc",
      `?page=${CATALOGUE_PAGE_MAX + 1}`,
    ]) {
      const res = await t.api("GET", `/api/products${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = json<{ message: string; error: string }>(res);
      expect(body.error, query).toBe(body.message);
    }
    const withHandles = await t.api("GET", `/api/products?handles=${handle("one-neckband")}&page=2`);
    expect(withHandles.statusCode).toBe(400);
    await expect(callerFor(t).catalog.list({ page: 0 })).rejects.toThrow();
  });

  it("answers a handles list whole and in its order, however long the catalogue", async () => {
    const asked = [...catalogue.slice(-3), handle("one-neckband"), ...catalogue.slice(0, 2)].reverse();
    const { body } = await callerFor(t)
      .catalog.list({ handles: asked })
      .then((b) => ({ body: b }));
    expect(body.products.map((p) => p.handle)).toEqual(asked);
    expect(body.pageInfo).toEqual({ page: 1, pageCount: 1, total: asked.length });
    const rest = await get(`?handles=${asked.join(",")}`);
    expect(rest.body?.products.map((p) => p.handle)).toEqual(asked);
  });

  it("reads only the page's rows: the products with LIMIT/OFFSET, their variants by the page's ids", async () => {
    await callerFor(t).catalog.list({ page: 2 });
    statements.length = 0;
    await callerFor(t).catalog.list({ page: 2 });
    // `main`.`Product` on SQLite, "public"."Product" on PostgreSQL.
    const products = statements.filter((s) => /FROM\s+(?:[`"]\w+[`"]\.)?[`"]Product[`"]\s/i.test(s));
    const paged = products.filter((s) => !/\bCOUNT\(/i.test(s) && /\bLIMIT\b.*\bOFFSET\b/i.test(s));
    const counted = products.filter((s) => /\bCOUNT\(/i.test(s));
    expect(paged, products.join("\n")).toHaveLength(1);
    expect(counted, products.join("\n")).toHaveLength(1);
    // The cards' variants and images are read for the page's products only.
    const variants = statements.find((s) => /FROM\s+(?:[`"]\w+[`"]\.)?[`"]ProductVariant[`"]\s/i.test(s));
    expect(variants).toBeDefined();
    const placeholders = (variants ?? "").match(/\?|\$\d+/g)?.length ?? 0;
    expect(placeholders).toBeLessThanOrEqual(CATALOGUE_PAGE_SIZE + 2);
  });

  it("is described by the OpenAPI document: the page parameter and the answer's pageInfo", async () => {
    const doc = json<{
      paths: Record<string, { get: { parameters: { name: string; schema: Record<string, unknown> }[] } }>;
    }>(await t.api("GET", "/api/openapi.json"));
    const op = doc.paths["/api/products"]?.get;
    expect(op?.parameters.find((p) => p.name === "page")?.schema).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: CATALOGUE_PAGE_MAX,
    });
    const text = JSON.stringify(op);
    expect(text).toContain('"pageInfo"');
    expect(text).toMatch(/"pageCount"/);
  });
});
