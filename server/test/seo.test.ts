// What search engines read: /robots.txt, /sitemap.xml (every public page in both languages with
// its lastmod) and `X-Robots-Tag: noindex` on private page paths.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { RELEASE_APPS } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
