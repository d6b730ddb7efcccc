// What search engines and link previews read: /robots.txt, /sitemap.xml (every public page in both
// languages with its lastmod), `X-Robots-Tag: noindex` on private page paths, the PNG preview
// pictures the pages' og:image names, and the shipping and returns the product JSON-LD states.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  BLOG_PREVIEW_DRAWING,
  blogImages,
  HOME_PREVIEW_DRAWING,
  merchantReturnPolicy,
  offerShippingDetails,
  PREVIEW_IMAGE,
  previewImagePath,
  RELEASE_APPS,
  RETURN_WINDOW_DAYS,
  SHIPPING_COUNTRIES,
  SHIPPING_METHODS,
  STORE_SHIPPING_RATES,
  toMoney,
} from "@vela/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREVIEW_MAX_AGE_SECONDS, PreviewCache } from "../src/http/svg-images.ts";
import { SHIPPING_RATES, shippingAmount, shippingRate } from "../src/modules/checkout/tables.ts";
import { productSvg } from "../src/modules/media/product-images.ts";
import { createTestApp, PUBLIC_URL, type TestApp } from "./helpers.ts";

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A client build of one index.html, so that page paths are answered as pages.
  dist = mkdtempSync(path.join(tmpdir(), "vela-seo-"));
  writeFileSync(
    path.join(dist, "index.html"),
    "<!doctype html><html><head><title>Vela</title></head><body></body></html>",
  );
  t = await createTestApp({ env: { CLIENT_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

interface SitemapUrl {
  loc: string;
  lastmod: string;
  alternates: Record<string, string>;
}

function parseSitemap(xml: string): SitemapUrl[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body = ""]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body)?.[1] ?? "",
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body)?.[1] ?? "",
    alternates: Object.fromEntries(
      [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [
        m[1],
        m[2],
      ]),
    ),
  }));
}

async function sitemap(): Promise<SitemapUrl[]> {
  const res = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
  expect(res.statusCode).toBe(200);
  return parseSitemap(res.body);
}

const byLoc = (urls: SitemapUrl[], loc: string): SitemapUrl => {
  const found = urls.find((u) => u.loc === loc);
  if (!found) throw new Error(`${loc} is not in the sitemap`);
  return found;
};

describe("/robots.txt", () => {
  it("disallows the private pages and names the sitemap", async () => {
    const res = await t.app.inject({ method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const path of ["/account", "/login", "/cart", "/checkout", "/dev"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain("Disallow: /");
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});

describe("/sitemap.xml", () => {
  it("is a sitemaps.org urlset with hreflang alternates", async () => {
    const res = await t.app.inject({ method: "GET", url: "/sitemap.xml" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(res.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(res.body.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("lists every product, post, release-notes page and helper page in English and Japanese, each with its alternates", async () => {
    const urls = await sitemap();
    const products = await t.db.product.findMany({ select: { handle: true } });
    const posts = await t.db.blogPost.findMany({ select: { slug: true } });
    expect(products.length).toBeGreaterThan(0);
    expect(posts.length).toBeGreaterThan(0);
    const paths = [
      "/",
      "/products",
      ...products.map((p) => `/products/${p.handle}`),
      "/help-me-choose",
      "/reviews",
      "/compatibility",
      "/contact",
      "/release-updates/xr-glasses",
      ...RELEASE_APPS.filter((a) => !a.variantOf).map((a) => `/release-updates/${a.slug}`),
      "/games",
      "/mobile",
      "/store/mobile",
      "/blog",
      ...posts.map((p) => `/blog/${p.slug}`),
      "/privacy-policy",
      "/shipping-policy",
      "/returns-policy",
      "/warranty",
      "/terms-of-sale",
      "/legal-notice",
    ];
    for (const path of paths) {
      for (const lang of ["en-US", "ja-JP"]) {
        const url = byLoc(urls, `${PUBLIC_URL}${path}?lang=${lang}`);
        expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
        expect(url.alternates["en-US"]).toBe(`${PUBLIC_URL}${path}?lang=en-US`);
        expect(url.alternates["ja-JP"]).toBe(`${PUBLIC_URL}${path}?lang=ja-JP`);
        expect(url.alternates["x-default"]).toBe(`${PUBLIC_URL}${path}`);
      }
    }
    // The pages also shown in Chinese say so; the others do not.
    expect(byLoc(urls, `${PUBLIC_URL}/compatibility?lang=zh-CN`).alternates["zh-CN"]).toBeDefined();
    expect(urls.some((u) => u.loc.includes("/products?lang=zh-CN"))).toBe(false);
    // Nothing private, nothing twice.
    expect(urls.filter((u) => /\/(account|cart|checkout|login|dev)\b/.test(u.loc))).toEqual([]);
    expect(new Set(urls.map((u) => u.loc)).size).toBe(urls.length);
  });

  it("dates a post by its publication and a product by its newest review", async () => {
    const post = await t.db.blogPost.findFirstOrThrow({ select: { slug: true, publishedAt: true } });
    const before = await sitemap();
    expect(byLoc(before, `${PUBLIC_URL}/blog/${post.slug}?lang=ja-JP`).lastmod).toBe(
      post.publishedAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
    );

    const product = await t.db.product.findFirstOrThrow({ select: { id: true, handle: true } });
    const when = new Date("2031-05-06T07:08:09Z");
    await t.db.review.create({
      data: {
        productId: product.id,
        rating: 5,
        title: "Later",
        body: "Still good",
        authorName: "Sam",
        createdAt: when,
      },
    });
    const after = await sitemap();
    for (const lang of ["en-US", "ja-JP"]) {
      expect(byLoc(after, `${PUBLIC_URL}/products/${product.handle}?lang=${lang}`).lastmod).toBe(
        "2031-05-06T07:08:09Z",
      );
      expect(byLoc(after, `${PUBLIC_URL}/reviews?lang=${lang}`).lastmod).toBe("2031-05-06T07:08:09Z");
    }
  });
});

describe("X-Robots-Tag", () => {
  const PRIVATE = [
    "/account",
    "/account/orders",
    "/account/orders/1001",
    "/account/addresses",
    "/account/login?redirect=/account/orders",
    "/account/register",
    "/account/recover",
    "/account/reset?id=1&token=x",
    "/login",
    "/cart",
    "/checkout",
    "/checkout/confirmation/1001",
    "/dev/mailbox",
  ];
  const PUBLIC = [
    "/",
    "/products",
    "/products/vela-one",
    "/blog",
    "/games?q=space",
    "/accounts",
    "/cartography",
    "/privacy-policy",
  ];

  it.each(PRIVATE)("is noindex on %s", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.headers["x-robots-tag"]).toBe("noindex");
  });

  it("is on the private page's HTML answer itself", async () => {
    const res = await t.app.inject({ method: "GET", url: "/account/orders" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["x-robots-tag"]).toBe("noindex");
  });

  it.each(PUBLIC)("is absent on %s", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-robots-tag"]).toBeUndefined();
  });

  it("is absent on the sitemap, robots.txt and the API", async () => {
    for (const url of ["/sitemap.xml", "/robots.txt", "/api/products"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["x-robots-tag"]).toBeUndefined();
    }
  });
});

/** The preview a page's og:image names (PageMeta): the raster twin of the page's drawing. */
function previewOf(drawing: string): string {
  const preview = previewImagePath(drawing);
  if (!preview) throw new Error(`${drawing} has no preview`);
  return preview;
}

describe("link preview pictures", () => {
  /** Each kind of page's og:image, as the page names it: products, posts, the home page, the blog. */
  async function pagePreviews(): Promise<string[]> {
    const products = await t.db.product.findMany({
      select: { images: { orderBy: { position: "asc" }, select: { url: true } } },
    });
    const posts = await t.db.blogPost.findMany({ select: { image: true } });
    expect(products.length).toBeGreaterThan(0);
    expect(posts.length).toBeGreaterThan(0);
    return [
      ...products.flatMap((p) => p.images.map((i) => previewOf(i.url))),
      ...posts.map((p) => previewOf(blogImages(p.image).imageXL)),
      previewOf(HOME_PREVIEW_DRAWING),
      previewOf(BLOG_PREVIEW_DRAWING),
    ];
  }

  it("every product picture, post, the home page and the blog index have a 1200×630 PNG, cached for long with an ETag", async () => {
    const urls = await pagePreviews();
    expect(urls).toContain("/images/previews/media/home/hero-glasses-xl.png");
    for (const url of urls) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toBe("image/png");
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], url).toEqual([
        "png",
        PREVIEW_IMAGE.width,
        PREVIEW_IMAGE.height,
      ]);
      expect(res.headers["cache-control"]).toBe(`public, max-age=${PREVIEW_MAX_AGE_SECONDS}`);
      expect(PREVIEW_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(7 * 24 * 3600);
      expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    }
  });

  it("answers 304 to its ETag, and the same bytes again without it", async () => {
    const url = previewOf(HOME_PREVIEW_DRAWING);
    const first = await t.app.inject({ method: "GET", url });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({ method: "GET", url, headers: { "if-none-match": `W/${etag}, "x"` } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const plain = await t.app.inject({ method: "GET", url });
    expect(plain.rawPayload.equals(first.rawPayload)).toBe(true);
    // A different drawing has a different validator.
    const other = await t.app.inject({ method: "GET", url: previewOf(BLOG_PREVIEW_DRAWING) });
    expect(other.headers.etag).not.toBe(etag);
  });

  it("draws what the picture shows: the product's drawing, which has no text", async () => {
    const image = await t.db.productImage.findFirstOrThrow({ select: { url: true } });
    const name = /\/([a-z0-9-]+)\.svg$/.exec(image.url)?.[1] ?? "";
    const svg = productSvg(name) ?? "";
    expect(svg).toContain("<svg");
    expect(svg).not.toContain("<text");
    const res = await t.app.inject({ method: "GET", url: previewOf(image.url) });
    const drawn = await sharp(Buffer.from(svg), { density: 108 })
      .resize(PREVIEW_IMAGE.width, PREVIEW_IMAGE.height, { fit: "cover" })
      .raw()
      .toBuffer();
    const served = await sharp(res.rawPayload).removeAlpha().raw().toBuffer();
    const rawDrawn = await sharp(drawn, {
      raw: { width: PREVIEW_IMAGE.width, height: PREVIEW_IMAGE.height, channels: 4 },
    })
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(served.equals(rawDrawn)).toBe(true);
  });

  it("prefers the built client's media, and has none for what the store does not show", async () => {
    mkdirSync(path.join(dist, "media/home"), { recursive: true });
    writeFileSync(
      path.join(dist, "media/home/built-only.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="315"><rect width="600" height="315" fill="#123456"/></svg>',
    );
    const built = await t.app.inject({ method: "GET", url: "/images/previews/media/home/built-only.png" });
    expect(built.statusCode).toBe(200);
    const { channels } = await sharp(built.rawPayload).stats();
    expect(channels.slice(0, 3).map((c) => Math.round(c.mean))).toEqual([0x12, 0x34, 0x56]);
    for (const url of [
      "/images/previews/products/no-such-product-1.png",
      "/images/previews/media/home/no-such-picture.png",
      "/images/previews/media/games/x.png",
      "/images/previews/media/home/..%2F..%2F..%2Fpackage.png",
      "/images/previews/media/..%2Fpackage.png",
      "/images/previews/media/home/hero-glasses-xl.svg",
      "/images/previews/products/",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^application\/json/);
    }
  });

  it("rasterises a drawing once however many ask at once, and keeps only so many", async () => {
    const cache = new PreviewCache(2);
    const svg = (fill: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="63"><rect width="120" height="63" fill="${fill}"/></svg>`;
    const [a, b] = await Promise.all([cache.bytesOf("a", svg("red")), cache.bytesOf("a", svg("red"))]);
    expect(a).toBe(b);
    expect(cache.rendered).toBe(1);
    await cache.bytesOf("b", svg("green"));
    await cache.bytesOf("a", svg("red")); // used: a is now the newest
    await cache.bytesOf("c", svg("blue")); // b, the least recently used, goes
    expect(cache.size).toBe(2);
    expect(cache.rendered).toBe(3);
    await cache.bytesOf("a", svg("red"));
    expect(cache.rendered).toBe(3);
    await cache.bytesOf("b", svg("green"));
    expect(cache.rendered).toBe(4);
    // A drawing that fails is not kept: the next request tries again.
    await expect(cache.bytesOf("bad", "<svg")).rejects.toThrow();
    await expect(cache.bytesOf("bad", "<svg")).rejects.toThrow();
    expect(cache.rendered).toBe(6);
  });
});

describe("the products' structured data states the checkout's real shipping and returns", () => {
  it("the table the pages state is the checkout's table", () => {
    expect(STORE_SHIPPING_RATES).toEqual(SHIPPING_RATES);
  });

  it("each offer's shipping rate per country and method is what the checkout charges for it", () => {
    for (const currency of Object.keys(SHIPPING_RATES)) {
      // Below and at each free-shipping threshold, and far above.
      const prices = [100, 9_999, 10_000, 14_999, 15_000, 5_000_000];
      for (const minor of prices) {
        const price = toMoney(minor, currency).amount;
        const details = offerShippingDetails(price, currency) as {
          shippingLabel: string;
          shippingDestination: { addressCountry: string };
          shippingRate: { value: string; currency: string };
        }[];
        expect(details).toHaveLength(SHIPPING_COUNTRIES.length * SHIPPING_METHODS.length);
        for (const zone of SHIPPING_COUNTRIES) {
          for (const method of SHIPPING_METHODS) {
            const label = method === "STANDARD" ? "Standard" : "Express";
            const detail = details.find(
              (d) => d.shippingDestination.addressCountry === zone && d.shippingLabel === label,
            );
            expect(detail?.shippingRate, `${currency} ${price} ${zone} ${method}`).toEqual({
              "@type": "MonetaryAmount",
              value: toMoney(shippingAmount(shippingRate(currency, zone), method, minor), currency).amount,
              currency,
            });
          }
        }
      }
    }
  });

  it("returns: the store's window, by mail, in the countries it ships to", () => {
    expect(merchantReturnPolicy()).toMatchObject({
      merchantReturnDays: RETURN_WINDOW_DAYS,
      applicableCountry: [...SHIPPING_COUNTRIES],
    });
  });
});
