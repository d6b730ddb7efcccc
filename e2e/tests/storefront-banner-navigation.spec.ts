// The /products banner reached by a client-side navigation: the page before it (home) has left
// its styles in the document, and the banner must still show its text and a working button.
import { expect, type Page, test } from "../support/test.ts";
import { DESKTOP, skipSubscribeDialog } from "./storefront-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

async function expectBannerUsable(page: Page) {
  const hero = page.getByRole("region", { name: "Featured" });
  const slide = hero.locator('.slider-slide[data-active="true"]');
  await expect(slide.locator(".banner-hero-title")).toBeVisible();
  await expect(slide.locator(".banner-hero-title")).not.toHaveText("");
  // Seen by the reader: not transparent.
  expect(await slide.locator(".banner-hero").evaluate((el) => Number(getComputedStyle(el).opacity))).toBe(1);
  const button = slide.locator(".banner-links a").first();
  await expect(button).toBeVisible();
  const href = await button.getAttribute("href");
  // A real click (Playwright checks that nothing covers it and it receives the pointer).
  await button.click();
  await expect(page).not.toHaveURL(/\/products(\?|$)/);
  expect(href).toBeTruthy();
}

test("home's Shop glasses link leads to a /products banner that shows and works", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await page.getByRole("link", { name: "Shop glasses" }).first().click();
  await expect(page).toHaveURL(/\/products/);
  await expectBannerUsable(page);
});

test("the header's Products link from home leads to a /products banner that shows and works", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expectBannerUsable(page);
});
