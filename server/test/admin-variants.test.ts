// A product's variants added and removed through /admin/trpc, as its admin page calls them: a
// variant added with its prices, Japanese name and starting units (a RECEIVED row in the stock
// history), shown by the shop at once; removed with its cart lines; the last variant refused; a
// variant in orders taken off sale instead of deleted; a SKU another variant has refused on its
// field; a page opened before another change refused (nothing written); the audit rows; support
// refused; both in the page cache's public-data writers.
import { CATALOGUE_ADMIN_MESSAGES as M } from "@vela/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEnUS } from "../../packages/i18n/src/messages/admin/en-US.ts";
import { adminJaJP } from "../../packages/i18n/src/messages/admin/ja-JP.ts";
import { writesPublicData } from "../src/http/page-renderer.ts";
import type { ProductDetail } from "../src/modules/catalog/admin-products.ts";
import type { VariantRemoval } from "../src/modules/catalog/admin-variants.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { type AdminAnswer, admin, createStaff, signInStaff } from "./support-staff.ts";

let t: TestApp;
const staff = { manager: "", support: "" };

beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  staff.manager = await signInStaff(t, await createStaff(t, "variants-manager@vela.test", "manager"));
  staff.support = await signInStaff(t, await createStaff(t, "variants-support@vela.test", "support"));
});
afterAll(() => t.close());

const act = <T = ProductDetail>(
  path: string,
  input: unknown,
  cookie = staff.manager,
): Promise<AdminAnswer<T>> => admin<T>(t, "mutation", `products.${path}`, input, { cookie });
const get = async (productId: number) =>
  (await admin<ProductDetail>(t, "query", "products.get", { productId }, { cookie: staff.manager })).data;

let serial = 0;
/** A draft product with one variant, made as the admin's "Add a product" makes it. */
async function newProduct(): Promise<ProductDetail> {
  const n = ++serial;
  const made = await act("create", {
    handle: `vela-variant-case-${n}`,
    productType: "accessories",
    texts: {
      en: { title: `Variant Case ${n}`, description: "", seoDescription: "" },
      ja: { title: `バリエーションケース${n}`, description: "", seoDescription: "" },
    },
    variant: {
      title: "Black",
      titleJa: "ブラック",
      sku: `VAR-CASE-${n}-BLK`,
      available: true,
      prices: { USD: { amount: "29.00", compareAt: null }, JPY: { amount: "4400", compareAt: null } },
    },
  });
  expect(made.status, made.res.body).toBe(200);
  return made.data;
}

const variantInput = (sku: string, stock?: number) => ({
  title: "White",
  titleJa: "ホワイト",
  sku,
  available: true,
  prices: { USD: { amount: "31.50", compareAt: "35.00" }, JPY: { amount: "4800", compareAt: null } },
  ...(stock === undefined ? {} : { stock }),
});
const add = (p: ProductDetail, sku: string, stock?: number, cookie = staff.manager) => {
  const { stock: units, ...variant } = variantInput(sku, stock);
  return act(
    "addVariant",
    {
      productId: p.id,
      version: p.version,
      variant,
      ...(units === undefined ? {} : { stock: units }),
    },
    cookie,
  );
};

describe("adding a variant", () => {
  it("adds it last with its prices, Japanese name and units (a RECEIVED history row); audited; the shop shows it", async () => {
    const p = await newProduct();
    const res = await add(p, `VAR-ADD-WHT`, 3);
    expect(res.status, res.res.body).toBe(200);
    expect(res.data.version).toBe(p.version + 1);
    expect(res.data.variants.map((v) => v.sku)).toEqual([p.variants[0]?.sku, "VAR-ADD-WHT"]);
    expect(res.data.variants[1]).toMatchObject({
      title: "White",
      titleJa: "ホワイト",
      available: true,
      inventory: 3,
      prices: { USD: { amount: "31.50", compareAt: "35.00" }, JPY: { amount: "4800", compareAt: null } },
    });
    expect(res.data.history[0]).toMatchObject({
      sku: "VAR-ADD-WHT",
      delta: 3,
      level: 3,
      reason: "RECEIVED",
      by: "variants-manager@vela.test",
    });
    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { kind: "product.variant-added", entityId: String(p.id) },
    });
    expect(JSON.parse(audit.before ?? "")).toEqual({ version: p.version });
    expect(JSON.parse(audit.after ?? "")).toMatchObject({
      version: p.version + 1,
      sku: "VAR-ADD-WHT",
      stock: 3,
    });
    // Published (with a picture), the shop's page lists both variants and the new one's yen price.
    await t.db.productImage.create({
      data: { productId: p.id, url: "/images/products/x.svg", altText: "x" },
    });
    expect(
      (await act("setStatus", { productId: p.id, version: res.data.version, status: "ACTIVE" })).status,
    ).toBe(200);
    const shop = await t.api("GET", `/api/products/${p.handle}?language=ja-JP`);
    expect(shop.statusCode).toBe(200);
    expect(shop.body).toContain("ホワイト");
  });

  it("without units starts at zero and writes no history row", async () => {
    const p = await newProduct();
    const res = await add(p, "VAR-ADD-ZERO");
    expect(res.status, res.res.body).toBe(200);
    expect(res.data.variants[1]?.inventory).toBe(0);
    expect(res.data.history).toEqual([]);
  });

  it("refuses a SKU another variant has on its field, bad prices, negative units; writes nothing", async () => {
    const p = await newProduct();
    const clash = await add(p, p.variants[0]?.sku ?? "");
    expect(clash.status).toBe(409);
    expect(clash.error?.message).toBe(M.skuTaken);
    expect(JSON.stringify(clash.error)).toContain('"path":"variant.sku"');
    const other = await t.db.productVariant.findFirstOrThrow({ where: { productId: { not: p.id } } });
    expect((await add(p, other.sku)).status).toBe(409);
    const bad = await act("addVariant", {
      productId: p.id,
      version: p.version,
      variant: {
        ...variantInput("VAR-BAD-1"),
        prices: { USD: { amount: "1.00", compareAt: null }, JPY: { amount: "12.5", compareAt: null } },
      },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.error)).toContain('"path":"variant.prices.JPY.amount"');
    expect((await add(p, "VAR-BAD-2", -1)).status).toBe(400);
    const now = await get(p.id);
    expect(now.version).toBe(p.version);
    expect(now.variants).toHaveLength(1);
  });

  it("refuses a page opened before another change (changed since you opened it); writes nothing", async () => {
    const p = await newProduct();
    expect((await add(p, "VAR-STALE-1")).status).toBe(200);
    const second = await add(p, "VAR-STALE-2", 5);
    expect(second.status).toBe(409);
    expect(second.error?.message).toBe(M.staleVersion);
    expect(await t.db.productVariant.count({ where: { sku: "VAR-STALE-2" } })).toBe(0);
    expect((await get(p.id)).variants).toHaveLength(2);
  });

  it("of two adds at once from the same version, makes one", async () => {
    const p = await newProduct();
    const both = await Promise.all([add(p, "VAR-RACE-1"), add(p, "VAR-RACE-2")]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await get(p.id)).variants).toHaveLength(2);
  });
});

describe("removing a variant", () => {
  it("removes it with its cart lines; audited with before and after", async () => {
    const p = await newProduct();
    const two = (await add(p, "VAR-RM-1", 2)).data;
    const gone = two.variants[1];
    if (!gone) throw new Error("no second variant");
    await t.db.cart.create({
      data: { id: "variant-removal-cart", lines: { create: { variantId: gone.id, quantity: 1 } } },
    });
    const res = await act<VariantRemoval>("removeVariant", {
      productId: p.id,
      version: two.version,
      variantId: gone.id,
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data.outcome).toBe("removed");
    expect(res.data.product.variants.map((v) => v.sku)).toEqual([p.variants[0]?.sku]);
    expect(res.data.product.version).toBe(two.version + 1);
    expect(await t.db.productVariant.count({ where: { id: gone.id } })).toBe(0);
    expect(await t.db.cartLine.count({ where: { cartId: "variant-removal-cart" } })).toBe(0);
    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { kind: "product.variant-removed", entityId: String(p.id) },
    });
    expect(JSON.parse(audit.before ?? "")).toMatchObject({ sku: "VAR-RM-1", inventory: 2, cartLines: 1 });
    expect(JSON.parse(audit.after ?? "")).toMatchObject({ sku: "VAR-RM-1", removed: true });
  });

  it("refuses the product's last variant; nothing changes", async () => {
    const p = await newProduct();
    const res = await act("removeVariant", {
      productId: p.id,
      version: p.version,
      variantId: p.variants[0]?.id,
    });
    expect(res.status).toBe(409);
    expect(res.error?.message).toBe(M.lastVariant);
    expect(await get(p.id)).toMatchObject({ version: p.version, variants: [{ id: p.variants[0]?.id }] });
  });

  it("takes a variant that is in orders off sale instead of removing it; the order keeps it", async () => {
    const p = await newProduct();
    const two = (await add(p, "VAR-ORDERED")).data;
    const ordered = two.variants[1];
    if (!ordered) throw new Error("no second variant");
    const order = await t.db.order.create({
      data: {
        orderNumber: 950_001,
        email: "orders-variant@vela.test",
        processedAt: t.clock.now(),
        financialStatus: "PAID",
        currencyCode: "USD",
        subtotalAmount: 3150,
        shippingAmount: 0,
        taxAmount: 0,
        totalAmount: 3150,
        shipName: "Ivy Lee",
        shipAddress1: "1 Market Street",
        shipCity: "Portland",
        shipProvince: "OR",
        shipZip: "97201",
        shipCountry: "United States",
        lineItems: {
          create: {
            position: 0,
            title: p.texts.en.title,
            variantTitle: "White",
            quantity: 1,
            unitPriceAmount: 3150,
            originalTotalAmount: 3150,
            imageUrl: "",
            imageAlt: "",
            productHandle: p.handle,
            variantId: ordered.id,
          },
        },
      },
    });
    const res = await act<VariantRemoval>("removeVariant", {
      productId: p.id,
      version: two.version,
      variantId: ordered.id,
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data.outcome).toBe("offSale");
    expect(res.data.product.variants.find((v) => v.id === ordered.id)).toMatchObject({ available: false });
    const line = await t.db.orderLineItem.findFirstOrThrow({ where: { orderId: order.id } });
    expect(line.variantId).toBe(ordered.id);
    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { kind: "product.variant-taken-off-sale", entityId: String(p.id) },
    });
    expect(JSON.parse(audit.before ?? "")).toMatchObject({ available: true, orderLines: 1 });
    expect(JSON.parse(audit.after ?? "")).toMatchObject({ available: false });
  });

  it("refuses a stale page, and a variant of another product; nothing changes", async () => {
    const p = await newProduct();
    const two = (await add(p, "VAR-RM-STALE")).data;
    const stale = await act("removeVariant", {
      productId: p.id,
      version: p.version,
      variantId: two.variants[1]?.id,
    });
    expect(stale.status).toBe(409);
    expect(stale.error?.message).toBe(M.staleVersion);
    const q = await newProduct();
    const foreign = await act("removeVariant", {
      productId: p.id,
      version: two.version,
      variantId: q.variants[0]?.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.error?.message).toBe(M.variantNotFound);
    expect(await get(p.id)).toMatchObject({ version: two.version });
    expect((await get(p.id)).variants).toHaveLength(2);
    expect((await get(q.id)).variants).toHaveLength(1);
  });
});

describe("who and what follows", () => {
  it("refuses both to support (403) and writes nothing", async () => {
    const p = await newProduct();
    expect((await add(p, "VAR-SUPPORT", 1, staff.support)).status).toBe(403);
    const res = await act(
      "removeVariant",
      { productId: p.id, version: p.version, variantId: p.variants[0]?.id },
      staff.support,
    );
    expect(res.status).toBe(403);
    expect(await get(p.id)).toMatchObject({ version: p.version });
  });

  it("empties the page cache after both", () => {
    for (const p of ["products.addVariant", "products.removeVariant"])
      expect(writesPublicData("POST", `/admin/trpc/${p}`), p).toBe(true);
  });

  it("has the new answers in English and Japanese", () => {
    for (const key of ["lastVariant", "variantOrdered"] as const) {
      const id = `admin.server.catalogue.${key}` as keyof typeof adminEnUS;
      expect(adminEnUS[id]).toBe(M[key]);
      expect(adminJaJP[id]).toMatch(/\S/);
    }
  });
});
