import { describe, expect, it } from "vitest";
import { CATALOG_HANDLES_MAX, CATALOGUE_PAGE_MAX, CATALOGUE_PAGE_SIZE } from "./constants.ts";
import { ZCatalogListInput } from "./schemas.ts";

describe("the catalogue's pages", () => {
  it("holds 24 products a page: two, three, four and six across divide it", () => {
    expect(CATALOGUE_PAGE_SIZE).toBe(24);
    expect(CATALOGUE_PAGE_MAX).toBe(10_000);
  });

  it("takes a 1-based whole page number up to the bound", () => {
    for (const page of [1, 2, CATALOGUE_PAGE_MAX])
      expect(ZCatalogListInput.safeParse({ page }).success).toBe(true);
    for (const page of [0, -1, 1.5, CATALOGUE_PAGE_MAX + 1, Number.NaN])
      expect(ZCatalogListInput.safeParse({ page }).success, String(page)).toBe(false);
    expect(ZCatalogListInput.safeParse({ page: "2" }).success).toBe(false);
  });

  it("answers a handles list whole: a page with handles is refused", () => {
    const handles = Array.from({ length: CATALOG_HANDLES_MAX }, (_, i) => `p-${i}`);
    expect(ZCatalogListInput.safeParse({ handles }).success).toBe(true);
    expect(ZCatalogListInput.safeParse({ handles, page: 1 }).success).toBe(false);
  });
});
