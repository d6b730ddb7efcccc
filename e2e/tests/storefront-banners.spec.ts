import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, type Locator, type Page, test } from "../support/test.ts";
import {
  DESKTOP,
  fitsViewport,
  PHONE,
  pauseClock,
  skipSubscribeDialog,
  stepUntil,
} from "./storefront-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

const activeLabels = (slider: Locator) =>
  slider
    .locator('.slider-slide[data-active="true"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));

async function openProducts(page: Page) {
  await pauseClock(page);
  await page.goto("/products");
  const hero = page.getByRole("region", { name: "Featured" });
  await stepUntil(page, () => hero.isVisible(), 50);
  return { hero, scheduled: await page.evaluate(() => Date.now()) };
}

test("the background slider moves every 5 s and the card slider every 3 s (controlled clock)", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  const { hero, scheduled } = await openProducts(page);
  const cards = page.getByRole("region", { name: "Helpful pages" });
  await stepUntil(page, () => cards.isVisible(), 50);
  const since = (await page.evaluate(() => Date.now())) - scheduled;
  expect(await activeLabels(hero)).toEqual(["1 of 3"]);
  await page.clock.runFor(2_900 - since);
  expect(await activeLabels(cards)).toEqual(["1 of 4", "2 of 4", "3 of 4"]);
  await page.clock.runFor(250);
  expect(await activeLabels(cards)).toEqual(["2 of 4", "3 of 4", "4 of 4"]);
  await page.clock.runFor(4_850 - 3_150);
  expect(await activeLabels(hero)).toEqual(["1 of 3"]);
  await page.clock.runFor(250);
  expect(await activeLabels(hero)).toEqual(["2 of 3"]);
  await expect(hero.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute("aria-current", "true");
});

test("hover and focus pause it; arrow keys, buttons and a swipe move it", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize(DESKTOP);
  const { hero } = await openProducts(page);
  await hero.hover();
  await page.clock.runFor(12_000);
  expect(await activeLabels(hero)).toEqual(["1 of 3"]);
  await page.mouse.move(0, 0);
  await page.clock.runFor(5_100);
  expect(await activeLabels(hero)).toEqual(["2 of 3"]);

  await hero.getByRole("button", { name: "Next slide" }).focus();
  await page.keyboard.press("ArrowRight");
  expect(await activeLabels(hero)).toEqual(["3 of 3"]);
  await page.clock.runFor(12_000);
  expect(await activeLabels(hero)).toEqual(["3 of 3"]);
  await page.keyboard.press("Home");
  expect(await activeLabels(hero)).toEqual(["1 of 3"]);
  await hero.getByRole("button", { name: "Previous slide" }).click();
  expect(await activeLabels(hero)).toEqual(["3 of 3"]);

  const box = await hero.locator(".slider-viewport").boundingBox();
  if (!box) throw new Error("no viewport");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.3, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.7, y, { steps: 5 });
  await page.mouse.up();
  expect(await activeLabels(hero)).toEqual(["2 of 3"]);

  await hero.getByRole("button", { name: "Pause the slide show" }).click();
  await page.mouse.move(0, 0);
  await page.locator("h1").click();
  await page.clock.runFor(12_000);
  expect(await activeLabels(hero)).toEqual(["2 of 3"]);
});

test("no autoplay for readers who prefer reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const { hero } = await openProducts(page);
  await page.clock.runFor(12_000);
  expect(await activeLabels(hero)).toEqual(["1 of 3"]);
  await expect(hero.getByRole("button", { name: "Start the slide show" })).toBeDisabled();
});

test("banners at 375px in Japanese: one card in view, nothing wider than the screen, axe", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/products?lang=ja-JP");
  const hero = page.getByRole("region", { name: "注目の製品" });
  await expect(hero.getByText("Luma Pro：より明るく、より鮮明に")).toBeVisible();
  const cards = page.getByRole("region", { name: "お役立ちページ" });
  expect(await activeLabels(cards)).toEqual(["4枚中1枚目"]);
  expect(await fitsViewport(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
