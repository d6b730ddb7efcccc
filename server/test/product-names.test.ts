// One source of product names: the catalogue's titles, the compatibility records' product names
// and the mobile-kit finder's accessories all say what packages/shared/src/storefront/product-names.ts
// says, in each language; a page cannot call a product something else than the catalogue does.
import {
  COMPATIBILITY_HANDLES,
  handle,
  isNamedProduct,
  mobileAccessories,
  PRODUCT_NAMES,
  productName,
} from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rest = (full: string) => full.replace(/^[a-z0-9]+-/, "");
/** The languages the catalogue has product texts in. */
const CATALOGUE_LANGUAGES = ["en-US", "ja-JP"] as const;

async function catalogueTitles(language: string): Promise<Map<string, string>> {
  const { products } = await callerFor(t).catalog.list(language === "en-US" ? {} : { language: "ja-JP" });
  return new Map(products.map((p) => [p.handle, p.title]));
}

describe("product names", () => {
  it("the catalogue titles every seeded product with its name from the one source, per language", async () => {
    for (const language of CATALOGUE_LANGUAGES) {
      const titles = await catalogueTitles(language);
      expect(titles.size).toBe(Object.keys(PRODUCT_NAMES).length);
      for (const [full, title] of titles) {
        const r = rest(full);
        expect(isNamedProduct(r), full).toBe(true);
        if (isNamedProduct(r)) expect(title, `${language} ${full}`).toBe(productName(r, language));
      }
    }
  });

  it("each compatibility record is titled as the catalogue titles its product, in every language", async () => {
    for (const language of CATALOGUE_LANGUAGES) {
      const titles = await catalogueTitles(language);
      for (const h of COMPATIBILITY_HANDLES) {
        const { record } = await callerFor(t).compatibility.get({ handle: h, language });
        expect(record.title, `${language} ${h}`).toBe(titles.get(h));
      }
    }
    // The catalogue has no Chinese texts; the Chinese records follow the one source all the same.
    for (const h of COMPATIBILITY_HANDLES) {
      const { record } = await callerFor(t).compatibility.get({ handle: h, language: "zh-CN" });
      const r = rest(h);
      if (isNamedProduct(r)) expect(record.title, h).toBe(productName(r, "zh-CN"));
    }
  });

  it("a ja-JP or zh-CN compatibility record names no product in English", async () => {
    const ja = await catalogueTitles("ja-JP");
    for (const language of ["ja-JP", "zh-CN"] as const) {
      for (const h of COMPATIBILITY_HANDLES) {
        const { record } = await callerFor(t).compatibility.get({ handle: h, language });
        const text = JSON.stringify(record);
        for (const [r, names] of Object.entries(PRODUCT_NAMES)) {
          if (names[language] === names["en-US"]) continue;
          expect(text, `${language} ${h} names ${r} in English`).not.toContain(names["en-US"]);
        }
      }
    }
    // The dock's record and the adapter it mentions, as the Japanese catalogue titles them.
    const dock = await callerFor(t).compatibility.get({
      handle: handle("pro-mobile-dock"),
      language: "ja-JP",
    });
    expect(dock.record.title).toBe(ja.get(handle("pro-mobile-dock")));
    expect(JSON.stringify(dock.record)).toContain(ja.get(handle("lightning-hdmi-adapter")));
  });

  it("the mobile-kit finder offers each accessory under its product's catalogue title", async () => {
    for (const language of CATALOGUE_LANGUAGES) {
      const titles = await catalogueTitles(language);
      for (const accessory of mobileAccessories(language)) {
        const [essential] = accessory.essentials;
        if (!essential) continue;
        expect(accessory.name, `${language} ${accessory.id}`).toBe(titles.get(essential));
      }
    }
  });
});
