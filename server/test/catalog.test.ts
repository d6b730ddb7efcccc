import { BRAND, handle, STOREFRONT_MESSAGES } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../src/seed/demo.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";

interface Money {
  amount: string;
  currencyCode: string;
}
interface Card {
  id: string;
  handle: string;
  title: string;
  productType: string;
  featuredImage: { url: string; altText: string } | null;
  available: boolean;
  priceRanges: Record<
    string,
    { minVariantPrice: Money; maxVariantPrice: Money; compareAtPrice: Money | null }
  >;
  rating: { average: number | null; count: number };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (query = "") => {
  const res = await t.api("GET", `/api/products${query}`);
  return { res, products: res.statusCode === 200 ? json<{ products: Card[] }>(res).products : [] };
};

describe("product pictures", () => {
  it("draws a product's numbered pictures as different views of it, in the product's colours", async () => {
    const { productSvg } = await import("../src/modules/media/product-images.ts");
    const name = handle("one-xr-glasses");
    const [one, two, three] = [1, 2, 3].map((n) => productSvg(`${name}-${n}`));
    expect(new Set([one, two, three]).size).toBe(3);
    expect(two).toContain("rotate(");
    expect(three).toContain("scale(2)");
    // Every view is of the same product in its colour (product-looks.ts: One is graphite).
    const { PRODUCT_COLOURS } = await import("../src/modules/media/product-looks.ts");
    for (const svg of [one, two, three]) expect(svg).toContain(PRODUCT_COLOURS.graphite);
  });
});

describe("GET /api/products", () => {
  it("lists the whole seeded catalogue in catalogue order", async () => {
    const { res, products } = await list();
    expect(res.statusCode).toBe(200);
    expect(products.map((p) => p.handle)).toEqual(loadCatalog().map((s) => handle(s.handle)));
    expect(products[0]).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/vela\/Product\/\d+$/),
      title: `${BRAND.name} One XR Glasses`,
      productType: "glasses",
      featuredImage: {
        url: `/images/products/${handle("one-xr-glasses")}-1.svg`,
        altText: `${BRAND.name} One XR Glasses, view 1`,
      },
      available: true,
    });
  });

  it("gives a price range per currency, with the compare-at price", async () => {
    const { products } = await list();
    const pro = products.find((p) => p.handle === handle("pro-xr-glasses"));
    expect(pro?.priceRanges).toEqual({
      JPY: {
        minVariantPrice: { amount: "74800", currencyCode: "JPY" },
        maxVariantPrice: { amount: "81800", currencyCode: "JPY" },
        compareAtPrice: null,
      },
      USD: {
        minVariantPrice: { amount: "499.00", currencyCode: "USD" },
        maxVariantPrice: { amount: "549.00", currencyCode: "USD" },
        compareAtPrice: null,
      },
    });
    const one = products.find((p) => p.handle === handle("one-xr-glasses"));
    expect(one?.priceRanges.USD?.compareAtPrice).toEqual({ amount: "439.00", currencyCode: "USD" });
  });

  it("marks a product whose variants are all unavailable, and names the first available variant", async () => {
    const { products } = await list();
    const classic = products.find((p) => p.handle === handle("one-xr-glasses-classic")) as Card & {
      defaultVariantId: string | null;
    };
    expect(classic.available).toBe(false);
    expect(classic.defaultVariantId).toBeNull();
    const pro = (await t.db.product.findUniqueOrThrow({
      where: { handle: handle("pro-xr-glasses") },
      include: { variants: { orderBy: { position: "asc" } } },
    })) as { variants: { id: number }[] };
    const card = products.find((p) => p.handle === handle("pro-xr-glasses")) as Card & {
      defaultVariantId: string;
    };
    expect(card.defaultVariantId).toBe(`gid://vela/ProductVariant/${pro.variants[0]?.id}`);
  });

  it("filters by type: glasses, accessories, packs", async () => {
    for (const type of ["glasses", "accessories", "packs"]) {
      const { res, products } = await list(`?type=${type}`);
      expect(res.statusCode).toBe(200);
      const expected = loadCatalog()
        .filter((s) => s.type === type)
        .map((s) => handle(s.handle));
      expect(products.map((p) => p.handle)).toEqual(expected);
    }
  });

  it("filters by price in a currency (major units)", async () => {
    const { products } = await list("?currency=USD&minPrice=100&maxPrice=200");
    expect(products.map((p) => p.handle)).toEqual([handle("pro-mobile-dock"), handle("one-neckband")]);
    const jpy = await list("?currency=JPY&maxPrice=6000");
    expect(jpy.products.map((p) => p.handle)).toEqual([handle("usb-c-charging-adapter")]);
  });

  it("reports the rating of each product from its reviews, and filters on it", async () => {
    const product = await t.db.product.findUniqueOrThrow({
      where: { handle: handle("lightning-hdmi-adapter") },
    });
    await t.db.review.deleteMany({ where: { productId: product.id } });
    for (const rating of [5, 4, 4]) {
      await t.db.review.create({
        data: { productId: product.id, rating, title: "t", body: "a body of text", authorName: "A" },
      });
    }
    const { products } = await list("?type=accessories");
    expect(products.find((p) => p.handle === product.handle)?.rating).toEqual({ average: 4.3, count: 3 });
    const rated = await list("?minRating=4.3");
    expect(rated.products.map((p) => p.handle)).toContain(product.handle);
    for (const p of rated.products) expect(p.rating.average ?? 0).toBeGreaterThanOrEqual(4.3);
  });

  it("keeps the order of a handles filter", async () => {
    const { products } = await list(`?handles=${handle("one-neckband")},${handle("one-xr-glasses")}`);
    expect(products.map((p) => p.handle)).toEqual([handle("one-neckband"), handle("one-xr-glasses")]);
  });

  it("refuses bad parameters with 400 and the spec's message/error shape", async () => {
    for (const query of [
      "?type=hats",
      "?currency=EUR",
      "?minPrice=abc",
      "?minPrice=300&maxPrice=100",
      "?minRating=6",
      "?color=red",
      "?handles=Not%20A%20Handle",
    ]) {
      const res = await t.api("GET", `/api/products${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = json<{ message: string; error: string }>(res);
      expect(body.error, query).toBe(body.message);
    }
  });
});

describe("GET /api/products/{handle}", () => {
  it("answers {product} with images, variants, prices and compare-at prices", async () => {
    const res = await t.api("GET", `/api/products/${handle("one-xr-glasses")}`);
    expect(res.statusCode).toBe(200);
    const { product } = json<{ product: Record<string, unknown> & { variants: Record<string, unknown>[] } }>(
      res,
    );
    expect(product).toMatchObject({
      handle: handle("one-xr-glasses"),
      title: `${BRAND.name} One XR Glasses`,
      description: expect.stringContaining("147-inch"),
      productType: "glasses",
      compatibilityHandle: handle("one-xr-glasses"),
    });
    expect(product.images).toHaveLength(3);
    expect(product.variants).toEqual([
      {
        id: expect.stringMatching(/^gid:\/\/vela\/ProductVariant\/\d+$/),
        title: "Standard",
        sku: `${handle("one-xr-glasses").toUpperCase()}-1`,
        available: true,
        // The seed's stock: what the product page's "In stock" / "Only N left" is read from.
        quantityAvailable: 50,
        image: { url: `/images/products/${handle("one-xr-glasses")}-1.svg`, altText: expect.any(String) },
        prices: {
          JPY: { price: { amount: "59800", currencyCode: "JPY" }, compareAtPrice: null },
          USD: {
            price: { amount: "399.00", currencyCode: "USD" },
            compareAtPrice: { amount: "439.00", currencyCode: "USD" },
          },
        },
      },
    ]);
  });

  it("lists every variant in order", async () => {
    const res = await t.api("GET", `/api/products/${handle("pro-xr-glasses")}`);
    const { product } = json<{ product: { variants: { title: string }[] } }>(res);
    expect(product.variants.map((v) => v.title)).toEqual(["Standard", "Prescription-ready"]);
  });

  it("names the compatibility record: its own, the glasses one, or none", async () => {
    const get = async (h: string) =>
      json<{ product: { compatibilityHandle: string | null } }>(await t.api("GET", `/api/products/${h}`))
        .product.compatibilityHandle;
    expect(await get(handle("one-neckband"))).toBe(handle("one-neckband"));
    expect(await get(handle("luma-pro-dock-pack"))).toBe(handle("luma-pro-xr-glasses"));
    expect(await get(handle("pro-dock-pack"))).toBe(handle("pro-xr-glasses"));
    expect(await get(handle("one-xr-glasses-classic"))).toBe(handle("one-xr-glasses"));
    for (const model of ["one", "one-lite", "pro", "luma-pro", "luma-ultra"]) {
      expect(await get(handle(`${model}-xr-glasses`))).toBe(handle(`${model}-xr-glasses`));
    }
  });

  it("links every glasses model and pack to a record that exists, in every language", async () => {
    const kinds = await t.db.product.findMany({
      where: { productType: { in: ["glasses", "packs"] } },
      select: { handle: true },
    });
    expect(kinds.length).toBeGreaterThanOrEqual(15);
    for (const p of kinds) {
      const record = json<{ product: { compatibilityHandle: string | null } }>(
        await t.api("GET", `/api/products/${p.handle}`),
      ).product.compatibilityHandle;
      expect(record, p.handle).not.toBeNull();
      for (const language of ["en-US", "ja-JP", "zh-CN"]) {
        const res = await t.api("GET", `/api/compatibility?language=${language}&handle=${record}`);
        expect(res.statusCode, `${p.handle} ${language}`).toBe(200);
        expect(json<{ localized: boolean }>(res).localized).toBe(true);
      }
    }
  });

  it("answers 404 for an unknown handle and 400 for a malformed one", async () => {
    const missing = await t.api("GET", `/api/products/${handle("no-such-thing")}`);
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({
      message: STOREFRONT_MESSAGES.productNotFound,
      error: STOREFRONT_MESSAGES.productNotFound,
    });
    const bad = await t.api("GET", "/api/products/Bad%20Handle");
    expect(bad.statusCode).toBe(400);
  });
});

describe("catalog tRPC", () => {
  it("answers the same data as REST through a caller", async () => {
    const caller = callerFor(t);
    const viaTrpc = await caller.catalog.product({ handle: handle("one-neckband") });
    const viaRest = json(await t.api("GET", `/api/products/${handle("one-neckband")}`));
    expect(JSON.parse(JSON.stringify(viaTrpc))).toEqual(viaRest);
  });

  it("lists id, handle and title of every product for the reviews filter", async () => {
    const { products } = await callerFor(t).catalog.filterProducts();
    expect(products).toHaveLength(loadCatalog().length);
    expect(Object.keys(products[0] ?? {})).toEqual(["id", "handle", "title"]);
  });
});
