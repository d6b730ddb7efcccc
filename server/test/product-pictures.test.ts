// The store's own product pictures: each product drawn as itself (its glasses frame, its
// accessory's shape, what its pack holds), in its colour or its variant's, with no text in the
// picture; link previews are PNG copies of the same drawings at 1200×630.
import { handle, PREVIEW_IMAGE, previewImagePath } from "@vela/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productImageName, productSvg } from "../src/modules/media/product-images.ts";
import { PRODUCT_COLOURS, PRODUCT_LOOKS } from "../src/modules/media/product-looks.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const drawing = (name: string): string => {
  const svg = productSvg(name);
  if (svg === undefined) throw new Error(`no drawing for ${name}`);
  return svg;
};

describe("product pictures", () => {
  it("draws every product of the catalogue differently from every other, even in one colour", async () => {
    const products = await t.db.product.findMany({ select: { handle: true } });
    expect(products.length).toBe(Object.keys(PRODUCT_LOOKS).length);
    for (const colour of [null, "black"] as const) {
      const drawings = new Map<string, string>();
      for (const p of products) {
        const svg = drawing(productImageName(p.handle, 1, colour));
        const same = [...drawings].find(([, other]) => other === svg);
        expect(same?.[0], `${p.handle} is drawn like ${same?.[0]}`).toBeUndefined();
        drawings.set(p.handle, svg);
      }
    }
  });

  it("puts no text in a picture: no <text>, no title, no English label", async () => {
    const images = await t.db.productImage.findMany({ select: { url: true } });
    const variants = await t.db.productVariant.findMany({ select: { imageUrl: true } });
    for (const url of [...images.map((i) => i.url), ...variants.map((v) => v.imageUrl)]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/<text|<title|<desc|aria-label/);
      expect(res.body, url).not.toMatch(/glasses|dock|adapter|neckband|pack/i);
    }
  });

  it("fills a variant's picture with the variant's colour", async () => {
    const dock = handle("pro-mobile-dock");
    const black = drawing(productImageName(dock, 1, "black"));
    const silver = drawing(productImageName(dock, 1, "silver"));
    expect(black).toContain(`fill="${PRODUCT_COLOURS.black}"`);
    expect(black).not.toContain(PRODUCT_COLOURS.silver);
    expect(silver).toContain(`fill="${PRODUCT_COLOURS.silver}"`);
    expect(black.replaceAll(PRODUCT_COLOURS.black, "X")).toBe(silver.replaceAll(PRODUCT_COLOURS.silver, "X"));
    // The seeded Black variant's picture is the black drawing; an unknown colour is no picture.
    const variant = await t.db.productVariant.findFirstOrThrow({
      where: { title: "Black", product: { handle: dock } },
      select: { imageUrl: true },
    });
    expect(variant.imageUrl).toBe(`/images/products/${dock}-1--black.svg`);
    const served = await t.app.inject({ method: "GET", url: variant.imageUrl });
    expect(served.body).toBe(black);
    const pink = await t.app.inject({ method: "GET", url: `/images/products/${dock}-1--pink.svg` });
    expect(pink.statusCode).toBe(404);
  });

  it("gives each glasses model a frame of its own", () => {
    const frames = ["one-xr-glasses", "one-lite-xr-glasses", "pro-xr-glasses", "luma-pro-xr-glasses"].map(
      (rest) =>
        drawing(productImageName(handle(rest), 1, "black"))
          // The lenses and frame without the colour: the outlines alone tell the models apart.
          .replaceAll(PRODUCT_COLOURS.black, "X"),
    );
    expect(new Set(frames).size).toBe(frames.length);
  });

  it("previews a product picture as a 1200×630 PNG of the new drawing", async () => {
    const url = `/images/products/${handle("luma-ultra-xr-glasses")}-1.svg`;
    const preview = previewImagePath(url);
    expect(preview).not.toBeNull();
    const res = await t.app.inject({ method: "GET", url: preview ?? "" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([
      "png",
      PREVIEW_IMAGE.width,
      PREVIEW_IMAGE.height,
    ]);
    // The preview of another product is another picture.
    const other = await t.app.inject({
      method: "GET",
      url: previewImagePath(`/images/products/${handle("pro-mobile-dock")}-1.svg`) ?? "",
    });
    expect(other.rawPayload.equals(res.rawPayload)).toBe(false);
  });
});
