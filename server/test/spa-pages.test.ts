// The SPA fallback names the matched route's chunks and stylesheets in index.html's head
// (server/src/http/spa-pages.ts, from dist/.vite/route-preloads.json that the client build writes).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSP } from "../src/http/security.ts";
import { loadSpaPages, pickEncoding, type RoutePreloads } from "../src/http/spa-pages.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Vela</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const MAP: RoutePreloads = {
  routes: [
    { path: "/", js: ["/assets/home-blocks-1.js"], css: ["/assets/home-blocks-1.css"] },
    {
      path: "/games",
      js: ["/assets/games-page-2.js", "/assets/use-reduced-motion-3.js"],
      css: ["/assets/games-page-2.css"],
    },
    { path: "/products/:handle", js: ["/assets/product-page-4.js"], css: [] },
    { path: "/release-updates/:app", js: ["/assets/release-notes-5.js"], css: [] },
    { path: "/release-updates/xr-glasses", js: ["/assets/release-notes-5.js"], css: ["/assets/x-6.css"] },
  ],
};

const modulepreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
const stylesheets = (html: string) =>
  [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "vela-spa-"));
  mkdirSync(path.join(dist, ".vite"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), INDEX);
  writeFileSync(path.join(dist, ".vite/route-preloads.json"), JSON.stringify(MAP));
  mkdirSync(path.join(dist, "assets"));
  for (const href of MAP.routes.flatMap((r) => [...r.js, ...r.css])) writeFileSync(path.join(dist, href), "");
  t = await createTestApp({ env: { CLIENT_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("index.html per route", () => {
  it("names the games page's chunks and stylesheet for /games, before </head>", async () => {
    const res = await page("/games");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(modulepreloads(res.body)).toEqual(["/assets/games-page-2.js", "/assets/use-reduced-motion-3.js"]);
    expect(stylesheets(res.body)).toEqual(["/assets/games-page-2.css"]);
    const head = res.body.slice(0, res.body.indexOf("</head>"));
    expect(head).toContain("/assets/games-page-2.js");
    // The entry stays as built; no inline script, and the CSP is the same as on every answer.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.headers["content-security-policy"]).toBe(CSP);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("names nothing for a path no route knows, and for a non-page", async () => {
    for (const url of ["/no-such-page", "/games/extra", "/products"]) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
    }
    const api = await page("/api/no-such-thing");
    expect(api.statusCode).toBe(404);
  });

  it("matches patterns and the trailing slash, and ranks a static path over a pattern", async () => {
    expect(modulepreloads((await page("/products/vela-one-xr-glasses?x=1")).body)).toEqual([
      "/assets/product-page-4.js",
    ]);
    expect(modulepreloads((await page("/games/")).body)).toContain("/assets/games-page-2.js");
    expect(stylesheets((await page("/release-updates/xr-glasses")).body)).toEqual(["/assets/x-6.css"]);
    expect(stylesheets((await page("/release-updates/luma")).body)).toEqual([]);
    expect(modulepreloads((await page("/")).body)).toEqual(["/assets/home-blocks-1.js"]);
  });

  it("sends brotli or gzip as accepted, and 304 for the ETag it gave", async () => {
    const br = await page("/games", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const text = brotliDecompressSync(br.rawPayload).toString();
    expect(modulepreloads(text)).toContain("/assets/games-page-2.js");
    const gz = await page("/games", { "accept-encoding": "gzip, br;q=0" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(text);
    const etag = String(br.headers.etag);
    expect((await page("/games", { "if-none-match": etag })).statusCode).toBe(304);
    // Another route's page is another document.
    expect((await page("/", { "if-none-match": etag })).statusCode).toBe(200);
  });

  it("answers HEAD without a body", async () => {
    const res = await t.app.inject({ method: "HEAD", url: "/games" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe("");
  });
});

describe("the product page's main picture", () => {
  it("is preloaded by a Link header, the product's first image", async () => {
    const first = await t.db.productImage.findFirst({
      where: { product: { handle: "vela-one-xr-glasses" } },
      orderBy: { position: "asc" },
    });
    expect(first?.url).toMatch(/^\/images\/products\//);
    const res = await page("/products/vela-one-xr-glasses");
    expect(res.headers.link).toBe(`<${first?.url}>; rel=preload; as=image; fetchpriority=high`);
    expect(modulepreloads(res.body)).toEqual(["/assets/product-page-4.js"]);
  });

  it("is not named for an unknown product, a handle the page refuses, or another page", async () => {
    for (const url of ["/products/no-such-product", "/products/Not_A_Handle", "/games", "/"]) {
      expect((await page(url)).headers.link, url).toBeUndefined();
    }
  });
});

describe("loadSpaPages", () => {
  it("refuses a map that names a file the build does not have", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vela-spa-missing-"));
    try {
      mkdirSync(path.join(dir, ".vite"));
      writeFileSync(path.join(dir, "index.html"), INDEX);
      const missing: RoutePreloads = { routes: [{ path: "/x", js: ["/assets/gone-1.js"], css: [] }] };
      writeFileSync(path.join(dir, ".vite/route-preloads.json"), JSON.stringify(missing));
      expect(() => loadSpaPages(dir)).toThrow(/gone-1\.js, not a built asset/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a map that names something other than a built asset", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vela-spa-bad-"));
    try {
      mkdirSync(path.join(dir, ".vite"));
      writeFileSync(path.join(dir, "index.html"), INDEX);
      const bad: RoutePreloads = { routes: [{ path: "/x", js: ['/assets/a.js"><script>'], css: [] }] };
      writeFileSync(path.join(dir, ".vite/route-preloads.json"), JSON.stringify(bad));
      expect(() => loadSpaPages(dir)).toThrow(/not a built asset/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("serves index.html as built when the build has no route map", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vela-spa-old-"));
    try {
      writeFileSync(path.join(dir, "index.html"), INDEX);
      expect(loadSpaPages(dir).forPath("/games").html.toString()).toBe(INDEX);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(pickEncoding("deflate")).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});
