// route-modules.ts is what the build turns into the server's per-route preload hints: it must
// follow the route table, or a page would be answered without (or with another page's) hints.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PATHS } from "../lib/routes.ts";
import { ROUTE_MODULES } from "./route-modules.ts";

const CLIENT_DIR = path.resolve(import.meta.dirname, "../..");
/** The files whose `import("./x.tsx")` calls load a page (the "Pages" benchmark measures what this table names). */
const ROUTER_FILES = [
  "src/app/router.tsx",
  "src/app/routes/shop-routes.tsx",
  "src/app/routes/support-routes.tsx",
  "src/app/routes/discover-routes.tsx",
  "src/app/routes/legal-routes.tsx",
  "src/features/firmware/routes.tsx",
  "src/features/home/home-page.tsx",
];

function lazyModules(): Set<string> {
  const found = new Set<string>();
  for (const rel of ROUTER_FILES) {
    const abs = path.join(CLIENT_DIR, rel);
    for (const m of readFileSync(abs, "utf8").matchAll(/import\(\s*["'`](\.[^"'`]+)["'`]\s*\)/g)) {
      const spec = m[1] as string;
      found.add(
        path
          .relative(CLIENT_DIR, path.resolve(path.dirname(abs), spec))
          .split(path.sep)
          .join("/"),
      );
    }
  }
  return found;
}

describe("ROUTE_MODULES", () => {
  it("names only paths of the route table", () => {
    const paths = new Set<string>(Object.values(PATHS));
    for (const p of Object.keys(ROUTE_MODULES)) expect(paths, p).toContain(p);
  });

  it("covers every page the router loads lazily, and names nothing else", () => {
    const named = new Set(Object.values(ROUTE_MODULES).flat());
    expect([...lazyModules()].sort()).toEqual([...named].sort());
  });
});
