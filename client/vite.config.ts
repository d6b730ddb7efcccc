import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
// By path: Vite loads its config with Node, which cannot import a workspace package's .ts entry.
import { BRAND } from "../packages/shared/src/brand.ts";

/** Everything the Fastify server answers; the dev server forwards it there. */
const API_TARGET = "http://localhost:3000";
const proxied = ["/trpc", "/api", "/dev", "/images"] as const;

/** The brand is named once, in @vela/shared; index.html says %BRAND_NAME%. */
const brandInHtml = (): Plugin => ({
  name: "vela-brand-in-html",
  transformIndexHtml: (html) => html.replaceAll("%BRAND_NAME%", BRAND.name),
});

const CLIENT_DIR = path.dirname(fileURLToPath(import.meta.url));

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
  plugins: [react(), brandInHtml(), chunkModules(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    // Production CSP is script-src 'self': no inline scripts, no eval, so no modulepreload polyfill.
    modulePreload: { polyfill: false },
    sourcemap: true,
    rolldownOptions: {
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
          ],
        },
      },
    },
  },
});
