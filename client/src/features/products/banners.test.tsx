import { screen, within } from "@testing-library/react";
import { CARD_SLIDES, HERO_SLIDES } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render.tsx";
import { hasBannerIcon } from "./banner-icon.tsx";
import { CardBanners, HeroBanners } from "./banners.tsx";

const iconsIn = (root: HTMLElement) => [...root.querySelectorAll("svg.banner-icon")];

describe("banner slides render their icon (spec 000 §3)", () => {
  it("has a glyph for every icon the slides name", () => {
    const names = [...Object.values(HERO_SLIDES), ...Object.values(CARD_SLIDES)].flat().map((s) => s.icon);
    expect(names.filter((name) => !hasBannerIcon(name))).toEqual([]);
  });

  it("shows each hero slide's icon, hidden from assistive technology", async () => {
    renderWithProviders(<HeroBanners intervalMs={60_000} />);
    const region = await screen.findByRole("region", { name: "Featured" });
    const icons = iconsIn(region);
    expect(icons.map((icon) => icon.getAttribute("data-icon"))).toEqual(
      HERO_SLIDES["en-US"].map((s) => s.icon),
    );
    for (const icon of icons) {
      expect(icon.getAttribute("aria-hidden")).toBe("true");
      expect(icon.getAttribute("focusable")).toBe("false");
    }
  });

  it("shows each card's icon beside its title, which keeps its plain name", async () => {
    renderWithProviders(<CardBanners intervalMs={60_000} />, { locale: "ja-JP" });
    const first = CARD_SLIDES["ja-JP"][0];
    const heading = await screen.findByRole("heading", { level: 3, name: first?.title });
    expect(within(heading).queryByRole("img")).toBeNull();
    expect(heading.querySelector("svg.banner-icon")?.getAttribute("data-icon")).toBe(first?.icon);
  });
});
