import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { Gallery, galleryPictures } from "./gallery.tsx";

const IMAGES = [
  { url: "/images/products/vela-pro-mobile-dock-1.svg", altText: "Vela Pro Mobile Dock, view 1" },
  { url: "/images/products/vela-pro-mobile-dock-2.svg", altText: "Vela Pro Mobile Dock, view 2" },
];

describe("product gallery", () => {
  it("shows the chosen variant's colour in place of the first picture", () => {
    const black = "/images/products/vela-pro-mobile-dock-1--black.svg";
    expect(galleryPictures(IMAGES, black).map((i) => i.url)).toEqual([black, IMAGES[1]?.url]);
    expect(galleryPictures(IMAGES, IMAGES[0]?.url)).toBe(IMAGES);
    expect(galleryPictures(IMAGES, undefined)).toBe(IMAGES);
  });

  it("names the picture with the translated title, never the stored English alt text", async () => {
    renderWithProviders(
      <Gallery
        images={IMAGES}
        title="Vela Pro モバイルドック"
        variantImage="/images/products/vela-pro-mobile-dock-1--black.svg"
      />,
      { locale: "ja-JP" },
    );
    const main = await screen.findByRole("img", { name: "Vela Pro モバイルドック（正面から）" });
    expect(main.getAttribute("src")).toBe("/images/products/vela-pro-mobile-dock-1--black.svg");
    expect(screen.queryByAltText(/Mobile Dock/)).toBeNull();
  });
});
