// The privacy policy, the app release notes linked from the footer, and zh-CN kept to its own
// pages (spec 000 §2, §9; spec 001 §2, §9).

import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";

test("the footer's Privacy Policy opens the policy, in English and Japanese, with no serious axe violation", async ({
  page,
}) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page).toHaveTitle(/^Privacy Policy \| /);
  await expect(page.getByRole("region", { name: "Signing in" })).toContainText("14 days without use");
  await expectNoSeriousA11yViolations(page);

  await page.goto("/privacy-policy?lang=ja-JP");
  await expect(page.getByRole("heading", { level: 1, name: "プライバシーポリシー" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  await expectNoSeriousA11yViolations(page);
});

test("the footer leads to the Spacewalker app's release notes for Windows", async ({ page }) => {
  await page.goto("/products");
  await page.getByRole("contentinfo").getByRole("link", { name: "Spacewalker release notes" }).click();
  await expect(page).toHaveURL("/release-updates/spacewalker?language=en-US&platform=Windows");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Spacewalker");
});

test("a reader who chose zh-CN reads the release notes in zh-CN and the rest of the store in English", async ({
  page,
}) => {
  await page.goto("/release-updates/xr-glasses?lang=zh-CN");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("banner").getByRole("link", { name: "账户" })).toBeVisible();

  await page.getByRole("contentinfo").getByRole("link", { name: "隐私政策" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.getByRole("banner").getByRole("link", { name: "Account" })).toBeVisible();

  // The choice is kept: a new visit to another page is English, the compatibility page Chinese.
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await page.goto("/compatibility");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
});
