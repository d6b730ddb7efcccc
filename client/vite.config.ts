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

export default defineConfig({
  plugins: [react(), brandInHtml()],
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
  },
});
