import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { Gallery } from "./gallery.tsx";

const HASH = "a".repeat(64);
const UPLOADED = {
  url: `/images/pictures/${HASH}-640.jpg`,
  altText: "ドック、正面",
  sources: {
    webp: `/images/pictures/${HASH}-320.webp 320w, /images/pictures/${HASH}-640.webp 640w`,
    original: `/images/pictures/${HASH}-320.jpg 320w, /images/pictures/${HASH}-640.jpg 640w`,
    width: 640,
    height: 480,
  },
};

describe("product gallery with an uploaded picture", () => {
  it("offers WebP first, then the original's format, with the picture's own alt text and size", async () => {
    const { container } = renderWithProviders(
      <Gallery images={[UPLOADED]} title="Vela Pro モバイルドック" />,
      {
        locale: "ja-JP",
      },
    );
    const main = await screen.findByRole("img", { name: "ドック、正面" });
    expect(main.getAttribute("src")).toBe(UPLOADED.url);
    expect(main.getAttribute("srcset")).toBe(UPLOADED.sources.original);
    expect([main.getAttribute("width"), main.getAttribute("height")]).toEqual(["640", "480"]);
    const source = container.querySelector("picture > source");
    expect(source?.getAttribute("type")).toBe("image/webp");
    expect(source?.getAttribute("srcset")).toBe(UPLOADED.sources.webp);
    expect(main.parentElement?.tagName).toBe("PICTURE");
  });

  it("falls back to the drawn picture's alt text when an uploaded picture has none", async () => {
    renderWithProviders(<Gallery images={[{ ...UPLOADED, altText: "" }]} title="Vela Pro Mobile Dock" />);
    expect(await screen.findByRole("img", { name: /Vela Pro Mobile Dock/ })).toBeTruthy();
  });
});
