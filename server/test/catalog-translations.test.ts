// Product texts in the reader's language: titles, descriptions and variant names in ja-JP
// where the catalogue has them, en-US beneath; the cart names its lines the same way and can
// move to the Japanese store's currency. Orders keep the names they were bought under.
import { BRAND, handle } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../src/seed/demo.ts";
import { createProduct, upsertProductTranslations } from "../src/seed/factories.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";
import { variantGid } from "./support-data.ts";

interface Product {
  title: string;
  description: string;
  variants: { id: string; title: string }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PRO = handle("pro-xr-glasses");

describe("catalogue in Japanese", () => {
  it("answers the product page's title, description and variant names in ja-JP", async () => {
    const { product } = await callerFor(t).catalog.product({ handle: PRO, language: "ja-JP" });
    expect(product.title).toBe(`${BRAND.name} Pro XRグラス`);
    expect(product.description).toBe("電子調光、3DoFトラッキング、120Hzディスプレイを搭載。");
    expect(product.variants.map((v) => v.title)).toEqual(["スタンダード", "度付きレンズ対応"]);
  });

  it("answers en-US without a language, for en-US and for a language with no product texts (zh-CN)", async () => {
    const caller = callerFor(t);
    for (const language of [undefined, "en-US", "zh-CN"] as const) {
      const { product } = await caller.catalog.product({ handle: PRO, ...(language ? { language } : {}) });
      expect(product.title).toBe(`${BRAND.name} Pro XR Glasses`);
      expect(product.variants.map((v) => v.title)).toEqual(["Standard", "Prescription-ready"]);
    }
  });

  it("names every product of the list in ja-JP, and keeps the prices", async () => {
    const caller = callerFor(t);
    const ja = (await caller.catalog.list({ language: "ja-JP" })).products;
    const en = (await caller.catalog.list()).products;
    const specs = loadCatalog();
    expect(ja.map((p) => p.title)).toEqual(
      specs.map((s) => `${BRAND.name} ${s.translations?.["ja-JP"]?.title}`),
    );
    expect(ja.map((p) => p.priceRanges)).toEqual(en.map((p) => p.priceRanges));
    expect(en[0]?.title).toBe(`${BRAND.name} One XR Glasses`);
  });

  it("names the reviews filter's products in ja-JP", async () => {
    const { products } = await callerFor(t).catalog.filterProducts({ language: "ja-JP" });
    expect(products.find((p) => p.handle === PRO)?.title).toBe(`${BRAND.name} Pro XRグラス`);
  });

  it("falls back to en-US for a product (and a variant) without a translation", async () => {
    await createProduct(t.db, {
      handle: "untranslated-strap",
      title: "Untranslated Strap",
      type: "accessories",
      description: "Only in English.",
      variants: [{ title: "Grey", usd: 1900, jpy: 2800 }],
    });
    const h = handle("untranslated-strap");
    const { product } = await callerFor(t).catalog.product({ handle: h, language: "ja-JP" });
    expect(product).toMatchObject({
      title: `${BRAND.name} Untranslated Strap`,
      description: "Only in English.",
    });
    expect(product.variants[0]?.title).toBe("Grey");
    const { products } = await callerFor(t).catalog.list({ language: "ja-JP", handles: [h, PRO] });
    expect(products.map((p) => p.title)).toEqual([
      `${BRAND.name} Untranslated Strap`,
      `${BRAND.name} Pro XRグラス`,
    ]);
  });

  it("takes ?language= on the REST product path, and refuses an unknown language with 400", async () => {
    const ok = await t.api("GET", `/api/products/${PRO}?language=ja-JP`);
    expect(ok.statusCode).toBe(200);
    expect(json<{ product: Product }>(ok).product.title).toBe(`${BRAND.name} Pro XRグラス`);
    const list = await t.api("GET", `/api/products?language=ja-JP&handles=${PRO}`);
    expect(json<{ products: Product[] }>(list).products[0]?.title).toBe(`${BRAND.name} Pro XRグラス`);
    for (const url of [`/api/products/${PRO}?language=fr-FR`, "/api/products?language=xx"]) {
      const bad = await t.api("GET", url);
      expect(bad.statusCode).toBe(400);
      expect(json<{ message: string }>(bad).message).toMatch(/language/);
    }
    await expect(
      callerFor(t).catalog.product({ handle: PRO, language: "klingon" as never }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("fetches the translations in the same number of statements as the English list", async () => {
    const statements: string[] = [];
    const counted = await createTestApp({ onQuery: (sql) => statements.push(sql) });
    try {
      const caller = callerFor(counted);
      await caller.catalog.list();
      statements.length = 0;
      await caller.catalog.list({ language: "en-US" });
      const en = statements.length;
      statements.length = 0;
      await caller.catalog.list({ language: "ja-JP" });
      expect(statements.length).toBe(en);
    } finally {
      await counted.close();
    }
  });

  it("seeding again fills the translations of a catalogue seeded without them, and changes nothing more", async () => {
    const spec = loadCatalog().find((s) => s.handle === "one-neckband");
    if (!spec) throw new Error("seed: no neckband");
    const row = await t.db.product.findUniqueOrThrow({
      where: { handle: handle("one-neckband") },
      select: { id: true, variants: { select: { id: true, position: true } } },
    });
    await t.db.productTranslation.deleteMany({ where: { productId: row.id } });
    await t.db.productVariantTranslation.deleteMany({
      where: { variantId: { in: row.variants.map((v) => v.id) } },
    });
    await upsertProductTranslations(t.db, spec, row);
    await upsertProductTranslations(t.db, spec, row);
    expect(
      await t.db.productTranslation.findMany({ where: { productId: row.id }, select: { title: true } }),
    ).toEqual([{ title: `${BRAND.name} One ネックバンド` }]);
    expect(
      await t.db.productVariantTranslation.count({
        where: { variantId: { in: row.variants.map((v) => v.id) } },
      }),
    ).toBe(1);
  });
});

describe("cart in the reader's language and store", () => {
  const proVariants = async () =>
    (
      await t.db.productVariant.findMany({
        where: { product: { handle: PRO } },
        orderBy: { position: "asc" },
        select: { id: true },
      })
    ).map((v) => v.id);

  it("creates a cart in yen for the Japanese store, and names its lines in ja-JP", async () => {
    const caller = callerFor(t);
    const { cart } = await caller.cart.create({ currencyCode: "JPY" });
    const [standard] = await proVariants();
    const added = await caller.cart.addLines({
      cartId: cart.id,
      items: [{ merchandiseId: variantGid(standard as number), quantity: 1 }],
      language: "ja-JP",
    });
    expect(added.cart.currencyCode).toBe("JPY");
    expect(added.cart.lines[0]?.merchandise).toMatchObject({
      title: "スタンダード",
      price: { amount: "74800", currencyCode: "JPY" },
      product: { handle: PRO, title: `${BRAND.name} Pro XRグラス` },
    });
    const english = await caller.cart.get({ cartId: cart.id });
    expect(english.cart.lines[0]?.merchandise.product.title).toBe(`${BRAND.name} Pro XR Glasses`);
  });

  it("moves a cart to another currency, and refuses a currency it does not sell in", async () => {
    const caller = callerFor(t);
    const { cart } = await caller.cart.create();
    const [, prescription] = await proVariants();
    await caller.cart.addLines({
      cartId: cart.id,
      items: [{ merchandiseId: variantGid(prescription as number), quantity: 2 }],
    });
    const moved = await caller.cart.setCurrency({ cartId: cart.id, currencyCode: "JPY", language: "ja-JP" });
    expect(moved.cart).toMatchObject({ currencyCode: "JPY", cost: { subtotalAmount: { amount: "163600" } } });
    expect(moved.cart.lines[0]?.merchandise.title).toBe("度付きレンズ対応");
    await expect(
      caller.cart.setCurrency({ cartId: cart.id, currencyCode: "EUR" as never }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await t.db.cart.findUniqueOrThrow({ where: { id: cart.id } })).currencyCode).toBe("JPY");
  });

  it("refuses to move a cart whose line has no price in that currency, and changes nothing", async () => {
    const caller = callerFor(t);
    const { cart } = await caller.cart.create();
    const [standard] = await proVariants();
    await caller.cart.addLines({
      cartId: cart.id,
      items: [{ merchandiseId: variantGid(standard as number), quantity: 1 }],
    });
    await t.db.variantPrice.deleteMany({ where: { variantId: standard as number, currencyCode: "JPY" } });
    await expect(caller.cart.setCurrency({ cartId: cart.id, currencyCode: "JPY" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await t.db.cart.findUniqueOrThrow({ where: { id: cart.id } })).currencyCode).toBe("USD");
  });
});
