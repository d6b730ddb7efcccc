// The client build writes a source map beside each script and style sheet (client/vite.config.ts,
// `sourcemap: true`). Served, they hand out the client's whole source with its comments: only
// development serves them; elsewhere their URLs answer 404, compressed copies included, while the
// scripts themselves are served as ever.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers.ts";

const SCRIPT = `console.info(${JSON.stringify("x".repeat(2000))});\n//# sourceMappingURL=app-abc123.js.map\n`;
const MAP = JSON.stringify({
  version: 3,
  sources: ["../src/secret-plan.ts"],
  sourcesContent: ["// internal"],
});

let dist: string;
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), "vela-dist-maps-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Vela</title>");
  for (const [name, text] of [
    ["app-abc123.js", SCRIPT],
    ["app-abc123.js.map", MAP],
    ["style-abc123.css.map", MAP],
  ] as const) {
    const file = path.join(dist, "assets", name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const MAP_URLS = [
  "/assets/app-abc123.js.map",
  "/assets/style-abc123.css.map",
  "/assets/app-abc123.js.map.br",
  "/assets/app-abc123.js.map.gz",
];

describe.each(["production", "test"])("NODE_ENV=%s", (env) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CLIENT_DIST: dist, NODE_ENV: env } });
  });
  afterAll(() => t.close());

  it.each(MAP_URLS)("GET %s → 404, without the map", async (url) => {
    for (const encoding of [undefined, "br", "gzip"]) {
      const res = await t.app.inject({
        method: "GET",
        url,
        headers: encoding ? { "accept-encoding": encoding } : {},
      });
      expect(res.statusCode, `${url} ${encoding ?? ""}`).toBe(404);
      expect(res.body).not.toContain("secret-plan");
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
    }
  });

  it("the script itself is served", async () => {
    const res = await t.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SCRIPT);
  });
});

describe("NODE_ENV=development", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { CLIENT_DIST: dist, NODE_ENV: "development", PUBLIC_URL: "http://localhost:3000" },
    });
  });
  afterAll(() => t.close());

  it.each(MAP_URLS.slice(0, 2))("GET %s → the map, for the browser's developer tools", async (url) => {
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(MAP);
  });
});
