// The rating stars are graphics that carry information: each star, filled or empty, must stand
// out from the surfaces it is drawn on by 3:1 at least (WCAG 2.2, 1.4.11 Non-text Contrast). axe
// does not check non-text contrast, so the colours are read from the stylesheets and measured.
import { readFileSync } from "node:fs";
import path from "node:path";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../test/render.tsx";
import { RatingStars } from "./rating-stars.tsx";

const SRC = path.resolve(import.meta.dirname, "..");
const css = (file: string) => readFileSync(path.join(SRC, file), "utf8");

/** The declarations of the first rule whose selector is exactly `selector`. */
function rule(sheet: string, selector: string): string {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const m = new RegExp(`(?:^|})\\s*${escaped}\\s*\\{([^}]*)\\}`, "m").exec(sheet);
  if (!m?.[1]) throw new Error(`no rule ${selector}`);
  return m[1];
}

/** WCAG 2.x relative luminance of #rrggbb. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two #rrggbb colours, 1 to 21. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const HEX = /#[0-9a-f]{6}\b/gi;
const root = rule(css("styles.css"), ":root");
const variable = (name: string) => {
  const m = new RegExp(`--${name}:\\s*(#[0-9a-f]{6})`, "i").exec(root);
  if (!m?.[1]) throw new Error(`no --${name}`);
  return m[1];
};
// The surfaces stars are drawn on: the page, the washed panels and cards, the info panels.
const SURFACES = { paper: variable("paper"), wash: variable("wash"), "info-wash": variable("info-wash") };

describe("rating star colours", () => {
  const sheet = css("ui/storefront-ui.css");
  const filled = rule(sheet, ".rating-stars").match(/color:\s*(#[0-9a-f]{6})/i)?.[1] ?? "";
  const empty = rule(sheet, ".rating-stars .star-empty").match(/color:\s*(#[0-9a-f]{6})/i)?.[1] ?? "";
  const half = rule(sheet, ".rating-stars .star-half").match(HEX) ?? [];

  it("reads the colours it measures", () => {
    expect(filled).toMatch(HEX);
    expect(empty).toMatch(HEX);
    // The half star is the filled colour and the empty one.
    expect(half.map((c) => c.toLowerCase())).toEqual([filled.toLowerCase(), empty.toLowerCase()]);
  });

  it.each(Object.entries(SURFACES))("filled and empty stars stand out 3:1 from %s", (_name, surface) => {
    expect(contrast(filled, surface)).toBeGreaterThanOrEqual(3);
    expect(contrast(empty, surface)).toBeGreaterThanOrEqual(3);
  });

  it("measures contrast as WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
    // The empty star's colour before: too faint.
    expect(contrast("#b8bfcc", "#ffffff")).toBeLessThan(3);
  });

  it("draws five stars, their fill to the nearest half, and says the rating in words", () => {
    renderWithProviders(<RatingStars value={3.6} />);
    const stars = screen.getByRole("img", { name: "Rated 3.6 out of 5" });
    expect([...stars.children].map((s) => s.className)).toEqual([
      "star star-full",
      "star star-full",
      "star star-full",
      "star star-half",
      "star star-empty",
    ]);
  });
});
