// The index.html the server answers a page path with (the SPA fallback). For a path the client
// router knows, it names that page's code in the head: `<link rel="modulepreload">` for the page's
// lazy chunk and the chunks it imports, `<link rel="stylesheet">` for its CSS. Without them the
// browser learns of the page's code only after the entry has downloaded and run (one more serial
// round trip before the page, bench/ "Pages"). The build writes the route -> files map
// (dist/.vite/route-preloads.json, client/vite.config.ts); every variant of the page is built once,
// at start-up, and compressed once, when first asked for in that encoding (brotli at its best
// quality takes tens of milliseconds a page: at start-up it held back the first answer).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import { escapeHtml } from "./html.ts";

/** dist/.vite/route-preloads.json, as the client build writes it. */
export interface RoutePreloads {
  routes: { path: string; js: string[]; css: string[] }[];
}

export interface SpaPage {
  /** The files the page names beyond index.html's own (for tests and logs). */
  js: readonly string[];
  css: readonly string[];
  html: Buffer;
  /** Compressed on first use, then kept. */
  readonly br: Buffer;
  readonly gzip: Buffer;
  /** Weak: the same for every encoding of the page. */
  etag: string;
}

export interface SpaPages {
  /** The page for a URL path (no query string); index.html as built for a path no route knows. */
  forPath(urlPath: string): SpaPage;
}

export const ROUTE_PRELOADS_FILE = ".vite/route-preloads.json";

/** Only files of the build's assets/ folder are named: the map is data, the head is ours. */
const ASSET_HREF = /^\/assets\/[\w.-]+\.(js|css)$/;

function makePage(html: string, js: readonly string[], css: readonly string[]): SpaPage {
  const hints = [
    ...css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    ...js.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
  ];
  const text = hints.length ? html.replace("</head>", `  ${hints.join("\n    ")}\n  </head>`) : html;
  const body = Buffer.from(text, "utf8");
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    js,
    css,
    html: body,
    get br() {
      br ??= brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
      return br;
    },
    get gzip() {
      gzip ??= gzipSync(body, { level: 9 });
      return gzip;
    },
    etag: `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
  };
}

/** `/products/:handle` -> a regular expression for the path, with or without a trailing slash. */
function patternToRegExp(pattern: string): RegExp {
  const parts = pattern
    .split("/")
    .filter(Boolean)
    .map((seg) => (seg.startsWith(":") ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^/${parts.join("/")}${parts.length ? "/?" : ""}$`);
}

/**
 * Reads index.html and the route map of a client build. A build without the map (an older one)
 * answers every path with index.html as it is.
 */
export function loadSpaPages(distDir: string): SpaPages {
  const html = readFileSync(path.join(distDir, "index.html"), "utf8");
  const plain = makePage(html, [], []);
  const mapFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(mapFile)) return { forPath: () => plain };

  const map = JSON.parse(readFileSync(mapFile, "utf8")) as RoutePreloads;
  const byFiles = new Map<string, SpaPage>();
  const routes = map.routes.map((r) => {
    for (const href of [...r.js, ...r.css]) {
      if (!ASSET_HREF.test(href) || !existsSync(path.join(distDir, href))) {
        throw new Error(`${mapFile}: ${r.path} names ${href}, not a built asset`);
      }
    }
    const key = JSON.stringify([r.js, r.css]);
    let page = byFiles.get(key);
    if (!page) {
      page = makePage(html, r.js, r.css);
      byFiles.set(key, page);
    }
    return { pattern: r.path, re: patternToRegExp(r.path), page, dynamic: r.path.includes(":") };
  });
  // As the client router ranks them: a static path wins over a pattern (/release-updates/xr-glasses
  // over /release-updates/:app).
  routes.sort((a, b) => Number(a.dynamic) - Number(b.dynamic));
  return {
    forPath(urlPath) {
      return routes.find((r) => r.re.test(urlPath))?.page ?? plain;
    },
  };
}

/** The admin's own index.html, built beside index.html (client/vite.config.ts, a second entry). */
export const ADMIN_HTML = "admin.html";

/**
 * A page of the admin: `/admin` and below, except its API (`/admin/trpc`). The server answers
 * every one with admin.html as built (the admin's router decides), never rendered on the
 * server, never cached by the page cache or the browser, never indexed.
 */
export function isAdminPagePath(urlPath: string): boolean {
  const lower = urlPath.toLowerCase();
  if (lower !== "/admin" && !lower.startsWith("/admin/")) return false;
  return lower !== "/admin/trpc" && !lower.startsWith("/admin/trpc/");
}

/** The admin's page from a client build, or undefined when the build has none. */
export function loadAdminPage(distDir: string): SpaPage | undefined {
  const file = path.join(distDir, ADMIN_HTML);
  return existsSync(file) ? makePage(readFileSync(file, "utf8"), [], []) : undefined;
}

/** The encoding to answer with: brotli, then gzip, then none; `q=0` refuses one. */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}
