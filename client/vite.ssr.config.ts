import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The server renderer (src/app/entry-server.tsx): `vite build --config vite.ssr.config.ts --ssr
 * src/app/entry-server.tsx` writes dist-ssr/entry-server.js, which the server imports at run time
 * (server/src/http/page-renderer.ts). Libraries stay external (Node loads them from
 * node_modules); the workspace packages and the app are bundled in.
 */
export default defineConfig({
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: "dist-ssr",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: "entry-server.js" } },
  },
});
