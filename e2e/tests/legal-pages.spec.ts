// The legal and trust pages: every footer reaches each of them, in English and Japanese, checkout
// links to the terms of sale, and none has a serious accessibility violation.

import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { createAnonymousCart, quietSubscribeDialog } from "./account-support.ts";

const PAGES = [
  { path: "/shipping-policy", en: ["Shipping", "Shipping Policy"], ja: ["配送について", "配送について"] },
  {
    path: "/returns-policy",
    en: ["Returns and Refunds", "Returns and Refunds"],
    ja: ["返品・返金", "返品・返金について"],
  },
  { path: "/warranty", en: ["Warranty", "Warranty"], ja: ["製品保証", "製品保証"] },
  { path: "/terms-of-sale", en: ["Terms of Sale", "Terms of Sale"], ja: ["販売条件", "販売条件"] },
  {
    path: "/legal-notice",
    en: ["Legal Notice", "Legal Notice (Specified Commercial Transactions Act)"],
    ja: ["特定商取引法に基づく表記", "特定商取引法に基づく表記"],
  },
] as const;

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

for (const { path, en, ja } of PAGES) {
  test(`the footer leads to ${path} in English and Japanese, with no serious axe violation`, async ({
    page,
  }) => {
    await page.goto("/?lang=en-US");
    await page.getByRole("contentinfo").getByRole("link", { name: en[0], exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: en[1] })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${en[1].replace(/[()]/g, "\\$&")} \\| `));
    await expectNoSeriousA11yViolations(page);

    await page.goto("/products?lang=ja-JP");
    await page.getByRole("contentinfo").getByRole("link", { name: ja[0], exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: ja[1] })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
    await expectNoSeriousA11yViolations(page);
  });
}

test("the shipping policy shows the checkout's rates", async ({ page }) => {
  await page.goto("/shipping-policy?lang=en-US");
  const usd = page.getByRole("table", { name: "Orders in US dollars" });
  await expect(usd.getByRole("row", { name: /United States/ })).toContainText("$8.00");
  await expect(usd.getByRole("row", { name: /United States/ })).toContainText("$100.00");
});

test("checkout links to the terms of sale beside the Pay button", async ({ page }) => {
  await page.goto("/");
  await createAnonymousCart(page);
  await page.goto("/checkout?lang=en-US");
  const summary = page.locator(".checkout-summary");
  await expect(summary).toContainText("By placing your order you agree to our Terms of Sale.");
  await summary.getByRole("link", { name: "Terms of Sale" }).click();
  await expect(page).toHaveURL("/terms-of-sale");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Sale" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Payment" })).toContainText(
    "The total is charged to your card when the order is placed.",
  );
});
