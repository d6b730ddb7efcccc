// The compiled server reads Prisma's query compiler from a .wasm file beside the bundle instead of
// its base64 module (scripts/build-server.mjs): the bundle's module hands the generated client the
// file's bytes, which it passes through `Buffer.from(wasm, "base64")` unchanged, and they are the
// very compiler the base64 module holds.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterEach, describe, expect, it } from "vitest";
import { compilerFromFile, writeCompilerWasm } from "../../scripts/build-server.mjs";
import { ROOT_DIR } from "../src/config.ts";

const ENGINES = ["sqlite", "postgresql"] as const;

describe("the compiled server's query compiler", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it.each(ENGINES)(
    "%s: read from the file the build writes, the same bytes as the base64 module's",
    async (engine) => {
      dir = await mkdtemp(path.join(os.tmpdir(), "vela-compiler-"));
      const specifier = `@prisma/client/runtime/query_compiler_fast_bg.${engine}.wasm-base64.mjs`;
      // What the generated client does with the module (getQueryCompilerWasmModule).
      const entry = `const { wasm } = await import("${specifier}");\nexport default Buffer.from(wasm, "base64");\n`;
      const out = await build({
        stdin: { contents: entry, resolveDir: ROOT_DIR, loader: "js" },
        bundle: true,
        write: false,
        platform: "node",
        format: "esm",
        logLevel: "silent",
        plugins: [compilerFromFile],
      });
      const code = out.outputFiles[0]?.text ?? "";
      // Bundled as a file read: the base64 module is neither imported nor inlined.
      expect(code).toContain(`query-compiler.${engine}.wasm`);
      expect(code).not.toContain("wasm-base64");

      await writeCompilerWasm(dir);
      const bundle = path.join(dir, "main.mjs");
      await writeFile(bundle, code);
      const fromFile = ((await import(pathToFileURL(bundle).href)) as { default: Buffer }).default;
      const { wasm } = (await import(specifier)) as { wasm: string };
      const original = Buffer.from(wasm, "base64");
      expect(fromFile.length).toBeGreaterThan(1_000_000);
      expect(fromFile.equals(original)).toBe(true);
      // A WebAssembly module: its magic number and version 1.
      expect(fromFile.subarray(0, 8).toString("hex")).toBe("0061736d01000000");
      expect((await readFile(path.join(dir, `query-compiler.${engine}.wasm`))).equals(original)).toBe(true);
    },
  );
});
