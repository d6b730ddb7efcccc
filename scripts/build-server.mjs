// Compiles the server to JavaScript (ADR 012): server/src/main.ts and the CLI each become one ES
// module under server/dist/, with the workspace packages (@vela/*, TypeScript sources) and the
// generated Prisma client bundled in, and every package from node_modules left as an import that
// Node resolves at run time (native addons, Prisma's wasm query compiler and runtime, Fastify's
// plugins), so the output runs with plain `node` from server/dist/. Prisma's query compiler is the one
// exception: its WebAssembly ships as a base64 module, which would keep 8 MiB of strings in the heap
// for as long as the process lives (the module's source and its export); the build writes the bytes
// beside main.js instead (query-compiler.<engine>.wasm) and the bundle reads them from there.
//
//   node scripts/build-server.mjs          build when a source is newer than the output
//   node scripts/build-server.mjs --force  build in any case
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outdir = path.join(root, "server/dist");
export const SERVER_ENTRY = path.join(outdir, "main.js");
export const CLI_ENTRY = path.join(outdir, "cli.js");
/** The engines whose query compiler the generated client can load. */
const COMPILER_ENGINES = ["sqlite", "postgresql"];
const compilerWasmFile = (engine, dir = outdir) => path.join(dir, `query-compiler.${engine}.wasm`);

/** The newest modification time of the sources under `dir` (dependencies and builds left out). */
export function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name === "dist-ssr") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Whether server/dist is older than anything it is built from (sources, packages, lock file). */
export function serverBuildIsStale() {
  if (!existsSync(SERVER_ENTRY) || !existsSync(CLI_ENTRY)) return true;
  if (COMPILER_ENGINES.some((engine) => !existsSync(compilerWasmFile(engine)))) return true;
  const built = Math.min(statSync(SERVER_ENTRY).mtimeMs, statSync(CLI_ENTRY).mtimeMs);
  const sources = Math.max(
    newestMtime(path.join(root, "server/src")),
    newestMtime(path.join(root, "packages/shared/src")),
    newestMtime(path.join(root, "packages/i18n/src")),
    newestMtime(path.join(root, "packages/device/src")),
    statSync(path.join(root, "package-lock.json")).mtimeMs,
    statSync(fileURLToPath(import.meta.url)).mtimeMs,
  );
  return built < sources;
}

/** Bare imports stay imports, except the workspace's own packages, which are TypeScript sources. */
const nodeModulesExternal = {
  name: "node-modules-external",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@vela/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Prisma's query compiler from the .wasm file the build writes, instead of its base64 module. The
 * generated client decodes what the module exports with `Buffer.from(wasm, "base64")`; given an
 * object, Buffer.from uses what its valueOf answers, and copies a Buffer as it is: the bytes read
 * from the file pass through unchanged.
 */
const COMPILER_MODULE = /^@prisma\/client\/runtime\/query_compiler_fast_bg\.(\w+)\.wasm-base64\.mjs$/;
export const compilerFromFile = {
  name: "prisma-compiler-from-file",
  setup(b) {
    b.onResolve({ filter: COMPILER_MODULE }, (args) => ({
      path: COMPILER_MODULE.exec(args.path)[1],
      namespace: "prisma-compiler-file",
    }));
    b.onLoad({ filter: /.*/, namespace: "prisma-compiler-file" }, (args) => {
      if (!COMPILER_ENGINES.includes(args.path)) throw new Error(`no query compiler file for ${args.path}`);
      return {
        // valueOf: Buffer.from(object) takes what it answers, so the bytes are read when the client
        // compiles the module and are garbage afterwards; an exported Buffer would stay for good.
        contents: `import { readFileSync } from "node:fs";\nexport const wasm = { valueOf: () => readFileSync(new URL("./query-compiler.${args.path}.wasm", import.meta.url)) };\n`,
        loader: "js",
      };
    });
  },
};

/** Writes each engine's query compiler, decoded, where the bundle in `dir` reads it. */
export async function writeCompilerWasm(dir = outdir) {
  for (const engine of COMPILER_ENGINES) {
    const { wasm } = await import(`@prisma/client/runtime/query_compiler_fast_bg.${engine}.wasm-base64.mjs`);
    writeFileSync(compilerWasmFile(engine, dir), Buffer.from(wasm, "base64"));
  }
}

export async function buildServer() {
  const started = Date.now();
  // Loaded here, not at the top: `npm start` imports this file for serverBuildIsStale only.
  const esbuild = await import("esbuild");
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: "server/src/main.ts", cli: "server/src/cli/main.ts" },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: "linked",
    // The map names the sources, which are in the checkout; their text in it (three quarters of
    // its 3 MB) would sit in the serving process's heap, as Node keeps the maps it was given.
    sourcesContent: false,
    // Names stay as written: stack traces and logged errors read like the sources.
    minify: false,
    legalComments: "none",
    logLevel: "warning",
    // First: the query compiler's module is bundled (as a file read), not left as an import.
    plugins: [compilerFromFile, nodeModulesExternal],
  });
  // esbuild's service process would otherwise live as long as the caller.
  await esbuild.stop();
  await writeCompilerWasm();
  return Date.now() - started;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--force") || serverBuildIsStale()) {
    const ms = await buildServer();
    console.info(`built the server into server/dist in ${ms} ms`);
  } else {
    console.info("server/dist is up to date");
  }
}
