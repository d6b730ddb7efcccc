// The modules of @vela/shared that every page's first screen loads (the language catalogues, the
// header and footer, page metadata) must not load zod: their top-level schema calls cannot be
// left out by the bundler, so one value import would put zod (~26 kB gzip) in the client's entry
// (bench/ "Pages", JS per route). Schemas live in modules of their own (checkout/index.ts,
// content/*-input.ts, schemas.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.join(path.dirname(new URL(import.meta.url).pathname), "../../packages/shared/src");

/** What the client's entry chunk takes from @vela/shared (its build's chunk-modules.json). */
const FIRST_SCREEN = [
  "brand.ts",
  "constants.ts",
  "errors.ts",
  "text-rules.ts",
  "statuses.ts",
  "storefront/constants.ts",
  "storefront/messages.ts",
  "storefront/subscribe-visit.ts",
  "checkout/messages.ts",
  "content/games.ts",
  "content/release-notes.ts",
  "seo/json-ld.ts",
  "seo/pages.ts",
  "order-lookup-paths.ts",
];

/** The modules a module loads at run time (value imports and re-exports; `import type` is erased). */
function runtimeImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /^(?:import|export)\s+(type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gms;
  for (const m of source.matchAll(statement)) {
    if (!m[1] && m[2]) specifiers.push(m[2]);
  }
  return specifiers;
}

/** Every module `file` loads, transitively, as paths relative to src/ or bare package names. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  if (!file.endsWith(".ts")) return seen;
  for (const spec of runtimeImports(readFileSync(path.join(SRC, file), "utf8"))) {
    closure(spec.startsWith(".") ? path.join(path.dirname(file), spec) : spec, seen);
  }
  return seen;
}

describe("the first screen's modules", () => {
  it("reads value imports and skips type-only ones", () => {
    expect(
      runtimeImports(
        'import { z } from "zod";\nimport type { Y } from "./y.ts";\nexport * from "./x.ts";\nimport "./side.ts";',
      ),
    ).toEqual(["zod", "./x.ts", "./side.ts"]);
  });

  for (const file of FIRST_SCREEN) {
    it(`${file} does not load zod`, () => {
      expect([...closure(file)].filter((m) => m === "zod" || m.startsWith("zod/"))).toEqual([]);
    });
  }
});
