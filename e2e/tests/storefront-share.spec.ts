import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { h, pauseClock, skipSubscribeDialog, stepUntil } from "./storefront-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

const PRODUCT = h("luma-pro-xr-glasses");

test("copy link says 'Copied!' for 2 s and puts the page address on the clipboard", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL ?? "" });
  await pauseClock(page);
  await page.goto(`/products/${PRODUCT}`);
  const bar = page.getByRole("group", { name: "Share" });
  await stepUntil(page, () => bar.isVisible(), 100);
  await bar.getByRole("button", { name: "Copy link" }).click();
  await stepUntil(page, async () => (await bar.getByRole("status").textContent()) === "Copied!", 10);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/products/${PRODUCT}`);
  await page.clock.runFor(1_900);
  await expect(bar.getByRole("status")).toHaveText("Copied!");
  await page.clock.runFor(150);
  await expect(bar.getByRole("status")).toHaveText("");
});

test("More reveals Reddit, WhatsApp and email; Less hides them; networks open 600x400 popups with the hashtags", async ({
  page,
}) => {
  await page.goto(`/products/${PRODUCT}`);
  const bar = page.getByRole("group", { name: "Share" });
  await expect(bar.getByRole("link", { name: "Share on X" })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Share on Reddit" })).toHaveCount(0);
  await bar.getByRole("button", { name: "More" }).click();
  await expect(bar.getByRole("button", { name: "Less" })).toHaveAttribute("aria-expanded", "true");
  await expect(bar.getByRole("link", { name: "Share on Reddit" })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Share on WhatsApp" })).toBeVisible();
  await expect(bar.getByRole("link", { name: "Email" })).toHaveAttribute(
    "href",
    /^mailto:\?subject=Vela%20Luma%20Pro/,
  );
  await expectNoSeriousA11yViolations(page);
  await bar.getByRole("button", { name: "Less" }).click();
  await expect(bar.getByRole("link", { name: "Share on Reddit" })).toHaveCount(0);

  await page.evaluate(() => {
    const calls: unknown[][] = [];
    (window as unknown as { shareCalls: unknown[][] }).shareCalls = calls;
    window.open = (...args: unknown[]) => {
      calls.push(args);
      return null;
    };
  });
  await bar.getByRole("link", { name: "Share on X" }).click();
  const [url, name, features] =
    (await page.evaluate(() => (window as unknown as { shareCalls: string[][] }).shareCalls[0])) ?? [];
  expect(url).toContain("https://twitter.com/intent/tweet?");
  expect(url).toContain("hashtags=Vela%2CXR%2CTechnology");
  expect(url).toContain(encodeURIComponent(`/products/${PRODUCT}`));
  expect(name).toBe("share");
  expect(features).toContain("width=600,height=400");
  await expect(page).toHaveURL(`/products/${PRODUCT}`);
});

test("the share bar in Japanese", async ({ page }) => {
  await page.goto(`/products/${PRODUCT}?lang=ja-JP`);
  const bar = page.getByRole("group", { name: "共有" });
  await expect(bar.getByRole("button", { name: "リンクをコピー" })).toBeVisible();
  await bar.getByRole("button", { name: "もっと見る" }).click();
  await expect(bar.getByRole("button", { name: "閉じる" })).toBeVisible();
});
