import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type ProxyOptions, type Rollup } from "vite";
// By path: Vite loads its config with Node, which cannot import a workspace package's .ts entry.
import { BRAND } from "../packages/shared/src/brand.ts";
import { ROUTE_MODULES } from "./src/app/route-modules.ts";

/** Everything the Fastify server answers; the dev server forwards it there. */
const API_TARGET = "http://localhost:3000";
const proxied = ["/trpc", "/api", "/dev", "/images", "/admin/trpc"] as const;
const DEV_PORT = 5173;

/**
 * The server accepts writes only from PUBLIC_URL's origin (and its loopback names in
 * development), never from the request's Host. A page of this dev server is the store too, so
 * its Origin (a loopback name on the port this dev server answers on, 5173 or the next free one)
 * is forwarded as the server's own; any other Origin passes unchanged, and is refused.
 */
const forwardDevOrigin: Pick<ProxyOptions, "configure"> = {
  configure(proxy) {
    proxy.on("proxyReq", (proxyReq, req) => {
      const origin = req.headers.origin;
      if (typeof origin !== "string") return;
      try {
        const from = new URL(origin);
        const loopback = ["localhost", "127.0.0.1", "[::1]"].includes(from.hostname);
        if (loopback && from.port === String(req.socket.localPort)) {
          proxyReq.setHeader("origin", new URL(API_TARGET).origin);
        }
      } catch {
        // not a URL: left as it is, and the server refuses it
      }
    });
  },
};

/** The brand is named once, in @vela/shared; index.html says %BRAND_NAME%. */
const brandInHtml = (): Plugin => ({
  name: "vela-brand-in-html",
  transformIndexHtml: (html) => html.replaceAll("%BRAND_NAME%", BRAND.name),
});

const CLIENT_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * The admin is a second entry (admin.html -> src/app/admin/main.tsx): its own bundle, which no
 * shopper's page loads (docs/admin.md, "The admin client").
 */
const SHOP_ENTRY = path.join(CLIENT_DIR, "src/main.tsx");
const ADMIN_ENTRY = path.join(CLIENT_DIR, "src/app/admin/main.tsx");

type ModuleInfoOf = (
  id: string,
) => { importers: readonly string[]; dynamicImporters: readonly string[] } | null;

/**
 * Whether the shop's entry loads a module: through static imports only (`lazy` false: its first
 * screen), or through lazy import()s too (`lazy` true: on any shop page). Walks the importers up.
 */
function shopLoads(id: string, info: ModuleInfoOf, lazy: boolean): boolean {
  const seen = new Set<string>([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (next === SHOP_ENTRY) return true;
    const m = info(next);
    for (const importer of [...(m?.importers ?? []), ...(lazy ? (m?.dynamicImporters ?? []) : [])]) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return false;
}

/** The app's own modules, not the entries' (index.html, main.tsx and the admin's main.tsx stay entries). */
const FIRST_SCREEN_MODULE = (id: string): boolean =>
  !/[\\/]node_modules[\\/]|[\\/]src[\\/](main|app[\\/]admin[\\/]main)\.tsx$|\.html$/.test(id);

/** In development the dev server answers /admin pages with admin.html (the built server does the same). */
const adminPagesInDev = (): Plugin => ({
  name: "vela-admin-pages-in-dev",
  apply: "serve",
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = req.url ?? "";
      const pathname = url.split("?")[0] ?? "";
      if ((pathname === "/admin" || pathname.startsWith("/admin/")) && !pathname.startsWith("/admin/trpc")) {
        req.url = `/admin.html${url.slice(pathname.length)}`;
      }
      next();
    });
  },
});

/**
 * Writes dist/.vite/chunk-modules.json: each JS chunk's file name with the modules whose code it
 * carries and their rendered length in bytes (paths relative to client/, tree-shaken-away modules
 * left out). The manifest does not list bundled node_modules; the "Pages" benchmark reads this to
 * check what the entry ships.
 */
const chunkModules = (): Plugin => ({
  name: "vela-chunk-modules",
  apply: "build",
  generateBundle(_options, bundle) {
    const chunks: Record<string, Record<string, number>> = {};
    for (const output of Object.values(bundle)) {
      if (output.type !== "chunk") continue;
      chunks[output.fileName] = Object.fromEntries(
        Object.entries(output.modules)
          .filter(([, info]) => info.renderedLength > 0)
          .map(([id, info]) => [
            path.relative(CLIENT_DIR, id).split(path.sep).join("/"),
            info.renderedLength,
          ]),
      );
    }
    this.emitFile({
      type: "asset",
      fileName: ".vite/chunk-modules.json",
      source: `${JSON.stringify(chunks, null, 1)}\n`,
    });
  },
});

/** What dist/.vite/route-preloads.json holds; the server reads it (server/src/http/spa-pages.ts). */
interface RoutePreloads {
  routes: { path: string; js: string[]; css: string[] }[];
}

/**
 * Writes dist/.vite/route-preloads.json: for each route of src/app/route-modules.ts, the JS chunks
 * (its lazy page and what that imports, beyond the entry's own files) and the stylesheets it
 * needs. The server names them in the index.html of that route, so they download with the entry
 * instead of after the entry has run and the router has asked for them.
 */
const routePreloads = (): Plugin => ({
  name: "vela-route-preloads",
  apply: "build",
  enforce: "post",
  // After Vite's CSS plugin has removed the chunks that held only CSS (they are never fetched).
  generateBundle: {
    order: "post",
    handler(_options, bundle) {
      const chunks = new Map<string, Rollup.OutputChunk>();
      for (const output of Object.values(bundle))
        if (output.type === "chunk") chunks.set(output.fileName, output);
      const closure = (start: Iterable<string>): Set<string> => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const i of chunks.get(file)?.imports ?? []) visit(i);
        };
        for (const f of start) visit(f);
        return seen;
      };
      const cssOf = (files: Iterable<string>): Set<string> =>
        new Set([...files].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]));
      // The shop's entry (the admin's is a separate page with no route hints).
      const entry = closure(
        [...chunks.values()]
          .filter((c) => c.isEntry && c.facadeModuleId !== ADMIN_ENTRY)
          .map((c) => c.fileName),
      );
      const entryCss = cssOf(entry);
      const byModule = new Map<string, string>();
      for (const c of chunks.values()) {
        if (c.facadeModuleId) {
          byModule.set(path.relative(CLIENT_DIR, c.facadeModuleId).split(path.sep).join("/"), c.fileName);
        }
      }
      const routes = Object.entries(ROUTE_MODULES).map(([routePath, modules]) => {
        const starts = modules.map((m) => {
          const file = byModule.get(m);
          if (!file)
            this.error(`route-modules.ts: ${routePath} names ${m}, which no chunk of the build starts with`);
          return file;
        });
        const files = [...closure(starts)].filter((f) => chunks.has(f) && !entry.has(f));
        const css = [...cssOf(files)].filter((f) => !entryCss.has(f));
        return { path: routePath, js: files.map((f) => `/${f}`), css: css.map((f) => `/${f}`) };
      });
      const out: RoutePreloads = { routes };
      this.emitFile({
        type: "asset",
        fileName: ".vite/route-preloads.json",
        source: `${JSON.stringify(out, null, 1)}\n`,
      });
    },
  },
});

/**
 * Writes a .br and a .gz beside every text file of the build, once, at build time; the server
 * serves them (@fastify/static preCompressed) to browsers that accept them. Uncompressed, the
 * JavaScript alone was ~590 KB before the first paint (bench/, "Pages").
 */
const precompress = (): Plugin => ({
  name: "vela-precompress",
  apply: "build",
  writeBundle(options) {
    const dir = options.dir ?? path.join(CLIENT_DIR, "dist");
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(js|css|html|svg|json|txt|webmanifest)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (file.includes(`${path.sep}.vite${path.sep}`)) continue;
      const data = readFileSync(file);
      if (data.length < 1024) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
        }),
      );
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    }
  },
});

export default defineConfig({
  plugins: [react(), brandInHtml(), adminPagesInDev(), chunkModules(), routePreloads(), precompress()],
  server: {
    port: DEV_PORT,
    proxy: Object.fromEntries(
      proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false, ...forwardDevOrigin }]),
    ),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    // Production CSP is script-src 'self': no inline scripts, no eval, so no modulepreload polyfill.
    modulePreload: { polyfill: false },
    sourcemap: true,
    rolldownOptions: {
      // The shop, and the admin apart from it.
      input: { index: path.join(CLIENT_DIR, "index.html"), admin: path.join(CLIENT_DIR, "admin.html") },
      treeshake: {
        // The workspace packages are data, schemas and pure functions: a module none of whose
        // exports is used is left out, so the entry does not carry every page's data.
        moduleSideEffects: [{ test: /[\\/]packages[\\/](shared|i18n)[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // Libraries by how they change, so a release of the app does not re-download React.
            { name: "react", test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: "router",
              test: /[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/,
              priority: 2,
            },
            { name: "data", test: /[\\/]node_modules[\\/](@tanstack|@trpc)[\\/]/, priority: 2 },
            // The app's own modules that the entry loads (layout, providers, shared ui, the
            // messages it starts with): one file instead of a dozen 1 kB ones, each of which
            // cost a round trip before the first paint (bench/, "Pages": 19 files before).
            // index.html and main.tsx stay the entry chunk. Only what the shop's entry loads: the
            // admin's first screen shares these with it.
            {
              name: (id, ctx) => (shopLoads(id, (m) => ctx.getModuleInfo(m), false) ? "app" : null),
              debugName: "app",
              tags: ["$initial"],
              test: FIRST_SCREEN_MODULE,
              priority: 1,
            },
            // The admin's own first screen, which no shop page loads, in a chunk of its own: nothing
            // of the admin reaches the shop's "app". Its modules only, not what they import (the
            // shop's modules stay in the chunks the shop loads them from).
            {
              name: (id, ctx) => (shopLoads(id, (m) => ctx.getModuleInfo(m), true) ? null : "admin-app"),
              debugName: "admin-app",
              tags: ["$initial"],
              test: FIRST_SCREEN_MODULE,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // Small modules several pages share (a badge, a price, the stars, the account's order
            // row): 0.1-0.6 kB gzip each, and each a request of its own; the product page needed
            // six of them, behind the six files of the entry on HTTP/1.1's six connections. One
            // chunk of ~4 kB instead. Nothing here imports zod or the markdown renderer.
            {
              name: "shared-ui",
              test: /[\\/]client[\\/]src[\\/](ui[\\/](badge|notice|needs-script|price|rating-stars|use-reduced-motion)|app[\\/](safe-redirect|cart[\\/](use-add-to-cart|cart-error-text))|features[\\/]account[\\/]shared[\\/](use-login-on-401|status|status-badges|order-summary-row|postal-address)|features[\\/]products[\\/](use-store-currency|product-price|product-rating))\.tsx?$/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
