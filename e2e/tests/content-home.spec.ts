import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, type Locator, type Page, test } from "../support/test.ts";
import { DESKTOP, fitsViewport, PHONE, quietVisit } from "./content-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietVisit(context, baseURL);
});

const hero = (page: Page) => page.getByRole("region", { name: "Highlights" });
const road = (page: Page) => page.getByRole("region", { name: "On the road" });
const activeSlide = (slider: Locator) => slider.getAttribute("data-active");
const shownText = (slider: Locator) => slider.locator('.hero-slide[data-active="true"] .hero-text');

/** Scrolls so that `fraction` of the element's height is inside the viewport, at the top. */
async function showFraction(page: Page, slider: Locator, fraction: number): Promise<void> {
  await slider.evaluate((el, f) => {
    const track = el.querySelector(".hero-track") as HTMLElement;
    const box = track.getBoundingClientRect();
    const top = box.top + window.scrollY;
    // The track's bottom `f` of its height stays in view at the top of the window.
    window.scrollTo(0, top + box.height * (1 - f));
  }, fraction);
  await page.waitForTimeout(100);
}

test("hero slider: 8 s per image, 2 s after a video ends, text fades after 5 s (controlled clock)", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.clock.install();
  await page.goto("/");
  const slider = hero(page);
  await expect(slider).toHaveAttribute("data-playing", "true");
  // Freeze the page's time, then start the first slide afresh: its timers start now.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await slider.getByRole("button", { name: "Go to slide 3" }).click();
  await slider.getByRole("button", { name: "Go to slide 1" }).click();
  // Pointer and focus leave the slider, which holds still while either is inside.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  expect(await activeSlide(slider)).toBe("0");

  // The first slide's text shows, then fades 5 s later.
  await expect(shownText(slider)).toHaveAttribute("data-shown", "true");
  await page.clock.runFor(4999);
  await expect(shownText(slider)).toHaveAttribute("data-shown", "true");
  await page.clock.runFor(1);
  await expect(shownText(slider)).toHaveAttribute("data-shown", "false");

  // An image slide advances after 8 s.
  await page.clock.runFor(8000 - 5000 - 1);
  await expect(slider).toHaveAttribute("data-active", "0");
  await page.clock.runFor(1);
  await expect(slider).toHaveAttribute("data-active", "1");

  // A video slide waits for its video (a 2 s clip playing in real time), then 2 s more.
  const video = slider.locator("video");
  await expect(video).toHaveAttribute("data-ended", "true", { timeout: 15_000 });
  await page.clock.runFor(1999);
  await expect(slider).toHaveAttribute("data-active", "1");
  await page.clock.runFor(1);
  await expect(slider).toHaveAttribute("data-active", "2");
  await expect(shownText(slider)).toHaveAttribute("data-shown", "true");
});

test("hero slider plays only while 30% is in view; out of view the video pauses and the text hides", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.clock.install();
  await page.goto("/");
  const slider = hero(page);
  await expect(slider).toHaveAttribute("data-playing", "true");
  await page.getByRole("button", { name: "Go to slide 2" }).click();
  const video = slider.locator("video");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

  await showFraction(page, slider, 0.2);
  await expect(slider).toHaveAttribute("data-playing", "false");
  await expect(shownText(slider)).toHaveAttribute("data-shown", "false");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await page.clock.runFor(30_000);
  await expect(slider).toHaveAttribute("data-active", "1");

  await showFraction(page, slider, 0.4);
  await expect(slider).toHaveAttribute("data-playing", "true");
  await expect(shownText(slider)).toHaveAttribute("data-shown", "true");
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
});

test("hero slider holds still while keyboard focus is on a slide's link, so focus never falls to the document", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.clock.install();
  await page.goto("/");
  const slider = hero(page);
  await expect(slider).toHaveAttribute("data-playing", "true");
  await page.mouse.move(0, 0);
  const link = slider.locator(".hero-slide[data-active='true'] .hero-buttons a").first();
  await link.focus();
  await expect(link).toBeFocused();
  await page.clock.runFor(30_000);
  await expect(slider).toHaveAttribute("data-active", "0");
  await expect(link).toBeFocused();
  // Focus leaves: the slider plays on.
  await page.keyboard.press("Shift+Tab");
  await expect(link).not.toBeFocused();
  await page.clock.runFor(8000);
  await expect(slider).toHaveAttribute("data-active", "1");
});

test("a single video slide loops and never advances", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  const slider = road(page);
  await slider.scrollIntoViewIfNeeded();
  await expect(slider).toHaveAttribute("data-playing", "true");
  const video = slider.locator("video");
  await expect(video).toHaveJSProperty("loop", true);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.5);
  await expect(slider.getByRole("button", { name: "Next slide" })).toHaveCount(0);
  await expect(slider).toHaveAttribute("data-active", "0");
});

test("image slider: 436 px slides 20 px apart on desktop, a move every 5 s", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.clock.install();
  await page.goto("/");
  const slider = page.getByRole("region", { name: "Explore" });
  await slider.scrollIntoViewIfNeeded();
  const first = slider.getByRole("listitem").first();
  expect((await first.boundingBox())?.width).toBe(436);
  const second = slider.getByRole("listitem").nth(1);
  const a = await first.boundingBox();
  const b = await second.boundingBox();
  expect(Math.round((b?.x ?? 0) - (a?.x ?? 0) - (a?.width ?? 0))).toBe(20);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
  // Pointing at the slider pauses it; leaving starts a fresh 5 s.
  await slider.hover();
  await page.mouse.move(0, 0);
  const index = await slider.getAttribute("data-index");
  await page.clock.runFor(4999);
  await expect(slider).toHaveAttribute("data-index", index ?? "0");
  await page.clock.runFor(1);
  await expect(slider).toHaveAttribute("data-index", String(Number(index) + 1));
});

test("reduced motion: posters, no autoplay, the text stays", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const slider = hero(page);
  await expect(slider).toHaveAttribute("data-playing", "false");
  await expect(page.locator("video")).toHaveCount(0);
  await page.waitForTimeout(600);
  await expect(shownText(slider)).toHaveAttribute("data-shown", "true");
  await expect(page.getByRole("region", { name: "Explore" })).toHaveAttribute("data-playing", "false");
});

test("Ask Us opens a dialog with the contact form in the page's language", async ({ page }) => {
  await page.goto("/");
  const block = page.getByRole("region", { name: "Still have a question?" });
  const askUs = block.getByRole("button", { name: "Ask Us" });
  await askUs.click();
  const dialog = page.getByRole("dialog", { name: "Ask Us" });
  await expect(dialog).toBeVisible();
  const form = dialog.getByRole("form", { name: "Send us a message" });
  await expect(form.getByLabel("Name")).toBeVisible();
  await expect(form.getByRole("button", { name: "Send message" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(askUs).toBeFocused();

  await page.goto("/?lang=ja-JP");
  await page
    .getByRole("region", { name: "ご不明な点はありますか？" })
    .getByRole("button", { name: "お問い合わせ" })
    .click();
  const ja = page.getByRole("dialog", { name: "お問い合わせ" });
  await expect(ja.getByRole("form", { name: "メッセージを送る" }).getByLabel("お名前")).toBeVisible();
  await ja.getByRole("button", { name: "閉じる" }).click();
  await expect(ja).toBeHidden();
});

test("newsroom: View all leads to /blog, a post opens with its markdown", async ({ page }) => {
  await page.goto("/");
  const newsroom = page.getByRole("region", { name: "Newsroom" });
  await expect(newsroom.getByRole("listitem")).toHaveCount(3);
  await expect(newsroom.getByRole("heading", { level: 3 }).first()).toHaveText(
    "Vela Luma Ultra arrives with a brighter, sharper view",
  );
  await newsroom.getByRole("link", { name: "View all news" }).click();
  await expect(page).toHaveURL("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Newsroom" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Posts" }).getByRole("article")).toHaveCount(6);
  await page.getByRole("link", { name: "A mobile kit for the daily commute" }).click();
  await expect(page).toHaveURL("/blog/mobile-kit-for-commuters");
  await expect(
    page.getByRole("heading", { level: 1, name: "A mobile kit for the daily commute" }),
  ).toBeVisible();
  await expect(page.locator(".blog-body ol > li")).toHaveCount(3);
  await expect(page.locator(".blog-body").getByRole("link", { name: "mobile kit finder" })).toHaveAttribute(
    "href",
    "/mobile",
  );
  await expectNoSeriousA11yViolations(page);
  await page.goto("/blog/no-such-post");
  await expect(page.getByRole("heading", { level: 1, name: "Post Not Found" })).toBeVisible();
});

test("academy: four cards; the Japanese academy site for ja-JP", async ({ page }) => {
  await page.goto("/");
  const academy = page.getByRole("region", { name: "Visit the Academy" });
  await expect(academy.getByRole("listitem")).toHaveCount(4);
  await expect(academy.getByRole("link", { name: /^Visit the Academy/ })).toHaveAttribute(
    "href",
    "https://academy.vela.test/",
  );
  await page.goto("/?lang=ja-JP");
  const ja = page.getByRole("region", { name: "アカデミーへ" });
  await expect(ja.getByRole("listitem")).toHaveCount(4);
  await expect(ja.getByRole("link", { name: /^アカデミーを見る/ })).toHaveAttribute(
    "href",
    "https://jp.academy.vela.test/",
  );
  await expect(ja.getByRole("link", { name: /グラスの初期設定/ })).toHaveAttribute(
    "rel",
    "noopener noreferrer",
  );
});

for (const size of [DESKTOP, PHONE]) {
  for (const lang of ["en-US", "ja-JP"]) {
    test(`home and blog at ${size.width}px in ${lang}: no sideways scroll, axe`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto(`/?lang=${lang}`);
      await expect(
        page
          .getByRole("region", { name: lang === "en-US" ? "Newsroom" : "ニュースルーム" })
          .getByRole("listitem"),
      ).toHaveCount(3);
      expect(await fitsViewport(page)).toBe(true);
      // Stop the sliders, so axe never reads a text in the middle of its fade.
      const pause = page.getByRole("button", {
        name: lang === "en-US" ? "Pause the slide show" : /一時停止/,
      });
      while ((await pause.count()) > 0) await pause.first().click();
      // An animation cancelled meanwhile rejects its `finished` with AbortError: it has ended too.
      await page.evaluate(() =>
        Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
      );
      await expectNoSeriousA11yViolations(page);
      await page.goto("/blog");
      await expect(page.getByRole("article").first()).toBeVisible();
      expect(await fitsViewport(page)).toBe(true);
      await expectNoSeriousA11yViolations(page);
    });
  }
}
