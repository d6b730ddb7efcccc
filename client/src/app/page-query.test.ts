// page-query.ts is what the server keys its page cache by: a parameter a page reads but the table
// leaves out would be dropped before the page is rendered, and every reader would get the page
// as if it were not there.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PATHS } from "../lib/routes.ts";
import { pageKind } from "./page-kinds.ts";
import { PAGE_QUERY, pageQueryParams } from "./page-query.ts";
import { ROUTE_MODULES } from "./route-modules.ts";

const CLIENT_DIR = path.resolve(import.meta.dirname, "../..");

/** The sources of a feature folder (tests aside). */
const featureSources = (folder: string): string[] =>
  readdirSync(path.join(CLIENT_DIR, folder), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => readFileSync(path.join(CLIENT_DIR, folder, f), "utf8"));

/** The query parameter names a source reads by name: `.get("q")`, `.getAll("genre")`, `X_PARAM = "type"`. */
const namesRead = (source: string): string[] =>
  [...source.matchAll(/\.(?:get|getAll|has)\(\s*"([\w-]+)"\s*\)|\b[A-Z_]+_PARAM\s*=\s*"([\w-]+)"/g)].map(
    (m) => (m[1] ?? m[2]) as string,
  );

describe("PAGE_QUERY", () => {
  it("names only paths of the route table", () => {
    const paths = new Set<string>(Object.values(PATHS));
    for (const p of Object.keys(PAGE_QUERY)) expect(paths, p).toContain(p);
  });

  it("names every parameter a server-rendered page's feature reads from the URL", () => {
    // Routes by the feature folder their page lives in (several routes may share one).
    const byFolder = new Map<string, string[]>();
    for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
      if (pageKind(route.replace(/:\w+/g, "x")).kind !== "rendered") continue;
      for (const m of modules) {
        const folder = /^src\/features\/[\w-]+/.exec(m)?.[0];
        if (folder) byFolder.set(folder, [...(byFolder.get(folder) ?? []), route]);
      }
    }
    let checked = 0;
    for (const [folder, routes] of byFolder) {
      const sources = featureSources(folder);
      if (!sources.some((s) => /useSearchParams|searchParams/.test(s))) continue;
      checked++;
      const declared = new Set(routes.flatMap((r) => PAGE_QUERY[r] ?? []));
      expect(
        declared.size,
        `${folder} reads the URL query: ${routes.join(", ")} must be in PAGE_QUERY`,
      ).toBeGreaterThan(0);
      for (const name of sources.flatMap(namesRead))
        expect([...declared], `${folder} reads ?${name}`).toContain(name);
    }
    // games, reviews, finder, products, compatibility, release-notes
    expect(checked).toBeGreaterThanOrEqual(6);
  });
});

describe("pageQueryParams", () => {
  it("answers by the route the router would pick: a static path before a pattern", () => {
    expect(pageQueryParams("/games")).toEqual(["q", "platform", "genre", "sort", "page"]);
    expect(pageQueryParams("/Games/")).toEqual(pageQueryParams("/games"));
    expect(pageQueryParams("/release-updates/xr-glasses")).toEqual(["product", "language"]);
    expect(pageQueryParams("/release-updates/spacewalker")).toEqual(["platform", "language"]);
    // Each page of the catalogue is rendered and cached on its own.
    expect(pageQueryParams("/products")).toEqual(["type", "page", "q"]);
  });

  it("is empty for a page that reads no parameter, and for a path no route knows", () => {
    expect(pageQueryParams("/")).toEqual([]);
    expect(pageQueryParams("/products/vela-one")).toEqual([]);
    expect(pageQueryParams("/games/extra")).toEqual([]);
    expect(pageQueryParams("/no-such-page")).toEqual([]);
  });
});
