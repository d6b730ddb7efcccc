import { expectNoSeriousA11yViolations, SECOND, signInViaApi } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { DESKTOP, fitsViewport, h, PHONE, skipSubscribeDialog } from "./storefront-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

const LUMA = h("luma-pro-xr-glasses");

async function countOf(request: import("@playwright/test").APIRequestContext, handle?: string) {
  const res = await request.get(`/api/reviews${handle ? `?handle=${handle}` : ""}`);
  return (await res.json()).summary.count as number;
}

test("the product dropdown rewrites the handle in the URL and filters; pages move with ?page=", async ({
  page,
}) => {
  const all = await countOf(page.request);
  const luma = await countOf(page.request, LUMA);
  await page.setViewportSize(DESKTOP);
  await page.goto("/reviews");
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const select = page.getByLabel("Product");
  await expect(select).toHaveValue("");
  await expect(select.locator("option").first()).toHaveText("All Products");
  await expect(page.getByText(`Based on ${all} reviews`)).toBeVisible();
  await expect(page.locator(".review")).toHaveCount(5);
  await expectNoSeriousA11yViolations(page);

  await select.selectOption({ label: "Vela Luma Pro XR Glasses" });
  await expect(page).toHaveURL(`/reviews?handle=${LUMA}`);
  await expect(page.getByText(`Based on ${luma} reviews`)).toBeVisible();
  const pages = page.getByRole("navigation", { name: "Review pages" });
  await pages.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(`/reviews?handle=${LUMA}&page=2`);
  await expect(pages.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

  await select.selectOption({ label: "All Products" });
  await expect(page).toHaveURL("/reviews");
  await expect(page.getByText(`Based on ${all} reviews`)).toBeVisible();
});

test("opens filtered from /reviews?handle= at 375px, in Japanese too", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/reviews?handle=${LUMA}`);
  await expect(page.getByLabel("Product")).toHaveValue(LUMA);
  await expect(page.getByRole("link", { name: "Login to review a product you have ordered" })).toBeVisible();
  expect(await fitsViewport(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/reviews?handle=${LUMA}&lang=ja-JP`);
  await expect(page.getByRole("heading", { level: 1, name: "レビュー" })).toBeVisible();
  await expect(page.getByLabel("製品")).toHaveValue(LUMA);
  await expectNoSeriousA11yViolations(page);
});

test("a signed-in customer who ordered the product writes a verified review, once", async ({ page }) => {
  const handle = h("one-xr-glasses");
  const before = await countOf(page.request, handle);
  await signInViaApi(page);
  await page.goto(`/reviews?handle=${handle}`);
  const form = page.locator("form.write-review");
  await expect(form.getByRole("heading", { name: "Write a review" })).toBeVisible();
  await form.getByRole("button", { name: "Publish review" }).click();
  await expect(form.getByText("Choose a rating from 1 to 5")).toBeVisible();
  await form.getByRole("radio", { name: "5 out of 5 stars" }).check();
  await form.getByLabel("Title").fill("My everyday screen");
  await form.getByLabel("Your review").fill("I use them on every commute. Bright, light and easy.");
  await expectNoSeriousA11yViolations(page);
  await form.getByRole("button", { name: "Publish review" }).click();
  await expect(page.getByText("Thank you! Your review is published.")).toBeVisible();
  const first = page.locator(".review").first();
  await expect(first.getByRole("heading", { name: "My everyday screen" })).toBeVisible();
  await expect(first.getByText("Verified buyer")).toBeVisible();
  await expect(first.getByText("Alex R.")).toBeVisible();
  await expect(page.getByText(`Based on ${before + 1} review`)).toBeVisible();

  await page.reload();
  await expect(page.getByText("You have already reviewed this product")).toBeVisible();
});

test("a customer who has not ordered the product is told so", async ({ page }) => {
  await signInViaApi(page, SECOND);
  await page.goto(`/reviews?handle=${LUMA}`);
  await expect(page.getByText("You can review a product once you have ordered it")).toBeVisible();
});
