// Every /admin page is answered with the admin's own index.html (client/admin.html, a second
// entry of the client build): never rendered by the shop's server renderer nor kept in the page
// cache, `Cache-Control: no-store`, `X-Robots-Tag: noindex`, disallowed in robots.txt, under the
// store's CSP; /admin/trpc stays the admin's API. The admin's page is never a static file of its own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSP } from "../src/http/security.ts";
import { isAdminPagePath } from "../src/http/spa-pages.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

const INDEX = `<!doctype html>
<html lang="en">
  <head><title>Vela</title><script type="module" crossorigin src="/assets/index-abc.js"></script></head>
  <body><div id="root"></div></body>
</html>
`;
const ADMIN = `<!doctype html>
<html lang="en">
  <head>
    <meta name="robots" content="noindex, nofollow" />
    <title>Vela admin</title>
    <script type="module" crossorigin src="/assets/admin-xyz.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
/** A server renderer that counts its renders (the page cache and the renderer never see /admin). */
const RENDERER = `
globalThis.__adminPagesRenders ??= [];
export async function renderPage(input) {
  globalThis.__adminPagesRenders.push(input.url);
  return { kind: "page", status: 200, lang: "en-US", head: "", body: "<p>shop page</p>", state: "{}" };
}
`;
const renders = () => (globalThis as { __adminPagesRenders?: string[] }).__adminPagesRenders ?? [];

let root: string;
let t: TestApp;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), "vela-admin-pages-"));
  const dist = path.join(root, "dist");
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  mkdirSync(path.join(root, "dist-ssr"));
  writeFileSync(path.join(dist, "index.html"), INDEX);
  writeFileSync(path.join(dist, "admin.html"), ADMIN);
  writeFileSync(path.join(dist, "admin.html.br"), brotliCompressSync(ADMIN));
  writeFileSync(path.join(dist, "admin.html.gz"), gzipSync(ADMIN));
  writeFileSync(path.join(root, "dist-ssr", "entry-server.js"), RENDERER);
  t = await createTestApp({ env: { CLIENT_DIST: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });

describe("the admin's pages", () => {
  const pages = [
    "/admin",
    "/admin/",
    "/admin/sign-in",
    "/admin/staff",
    "/admin/audit?kind=staff.created",
    "/admin/orders/1001",
    "/admin/no-such-page",
    "/ADMIN/Staff",
    "/%61dmin/staff",
  ];

  it("answer admin.html as built, uncached, never indexed, under the store's CSP", async () => {
    for (const url of pages) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(res.body, url).toBe(ADMIN);
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.headers["x-robots-tag"], url).toBe("noindex");
      expect(res.headers.etag, url).toBeUndefined();
      expect(res.headers["content-security-policy"], url).toBe(CSP);
    }
  });

  it("are never rendered by the shop's server renderer nor put in the page cache", async () => {
    const before = renders().length;
    for (const url of pages) await get(url, { "accept-language": "ja" });
    expect(renders().slice(before)).toEqual([]);
    expect(t.app.pages?.size).toBe(0);
    // The shop's pages still are (the renderer and its cache are wired in this app).
    const shop = await get("/products");
    expect(shop.body).toContain("<p>shop page</p>");
    expect(renders().slice(before)).toEqual(["/products"]);
    expect(t.app.pages?.size).toBe(1);
    expect(shop.headers["x-robots-tag"]).toBeUndefined();
  });

  it("answer compressed for a browser that accepts it", async () => {
    const res = t.app.inject({
      method: "GET",
      url: "/admin/staff",
      headers: { "accept-encoding": "br, gzip" },
    });
    const answer = await res;
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(answer.rawPayload).toString("utf8")).toBe(ADMIN);
  });

  it("send the setup link's page without a referrer", async () => {
    const res = await get("/admin/setup-password?token=abc");
    expect(res.body).toBe(ADMIN);
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });

  it("leave /admin/trpc to the admin's API", async () => {
    const me = await get("/admin/trpc/auth.me");
    expect(me.statusCode).toBe(200);
    expect(me.headers["content-type"]).toMatch(/^application\/json/);
    expect(me.headers["cache-control"]).toBe("no-store");
    const missing = await get("/admin/trpc/no.such");
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain("<html");
  });

  it("are not served as a file of their own at /admin.html", async () => {
    for (const url of ["/admin.html", "/admin.html.br", "/admin.html.gz"]) {
      const res = await get(url);
      expect(res.body, url).not.toContain("Vela admin");
    }
  });

  it("are disallowed in robots.txt", async () => {
    const lines = (await get("/robots.txt")).body.split("\n");
    expect(lines).toContain("Disallow: /admin");
  });

  it("are told apart from the admin's API and from look-alike paths", () => {
    expect(isAdminPagePath("/admin")).toBe(true);
    expect(isAdminPagePath("/admin/staff")).toBe(true);
    expect(isAdminPagePath("/admin/trpc")).toBe(false);
    expect(isAdminPagePath("/admin/trpc/auth.me")).toBe(false);
    expect(isAdminPagePath("/administrator")).toBe(false);
    expect(isAdminPagePath("/admins/x")).toBe(false);
  });
});

describe("a client build without the admin", () => {
  let bare: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "vela-no-admin-"));
    writeFileSync(path.join(dir, "index.html"), INDEX);
    bare = await createTestApp({ env: { CLIENT_DIST: dir } });
  });
  afterAll(async () => {
    await bare.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers /admin pages 404, not the shop's page", async () => {
    const res = await bare.app.inject({ method: "GET", url: "/admin/staff" });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("<html");
    expect(res.headers["x-robots-tag"]).toBe("noindex");
  });
});
