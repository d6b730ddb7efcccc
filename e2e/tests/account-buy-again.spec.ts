import { expectNoSeriousA11yViolations, signInViaApi } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { quietSubscribeDialog } from "./account-support.ts";

test.beforeEach(async ({ page, context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
  await signInViaApi(page);
});

test("Buy Again says Adding..., then the success text, and lands on /cart with the items after about 3 s", async ({
  page,
}) => {
  await page.goto("/account/orders/1026");
  await expect(page.getByRole("heading", { level: 1, name: "Order #1026" })).toBeVisible();
  const titles = await page.locator(".line-item-title").allInnerTexts();
  expect(titles.length).toBeGreaterThan(0);
  const button = page.getByRole("button", { name: "Buy Again" });

  // Hold the request a moment so the intermediate state can be seen.
  await page.route("**/trpc/cart.addLines**", async (route) => {
    await new Promise((r) => setTimeout(r, 400));
    await route.continue();
  });
  await button.click();
  await expect(page.getByRole("button", { name: "Adding..." })).toBeVisible();
  await expect(page.getByText("Items successfully added to cart! Redirecting to cart...")).toBeVisible();
  const shownAt = Date.now();
  await page.waitForURL(/\/cart$/, { timeout: 6_000 });
  const waited = Date.now() - shownAt;
  expect(waited).toBeGreaterThan(2_500);
  expect(waited).toBeLessThan(4_500);

  await expect(page.getByRole("heading", { level: 1, name: "Your Cart" })).toBeVisible();
  for (const title of titles)
    await expect(page.locator(".cart-line").filter({ hasText: title }).first()).toBeVisible();
  await expect(page.getByTestId("cart-count")).not.toHaveText("0");
  await expectNoSeriousA11yViolations(page);
});

test("Add to Cart on a line alerts 'Item added to cart', or 'Failed to add item to cart' when it fails", async ({
  page,
}) => {
  await page.goto("/account/orders/1025");
  await expect(page.getByRole("heading", { level: 1, name: "Order #1025" })).toBeVisible();
  const count = page.getByTestId("cart-count");
  await expect(count).toBeVisible();
  const before = Number(await count.textContent());

  await page
    .getByRole("button", { name: /^Add to Cart/ })
    .first()
    .click();
  const added = page.getByRole("dialog", { name: "Item added to cart" });
  await expect(added).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await added.getByRole("button", { name: "OK" }).click();
  await expect(added).toHaveCount(0);
  await expect.poll(async () => Number(await count.textContent())).toBeGreaterThan(before);

  await page.route("**/trpc/cart.addLines**", (route) => route.abort());
  await page
    .getByRole("button", { name: /^Add to Cart/ })
    .first()
    .click();
  const failed = page.getByRole("dialog", { name: "Failed to add item to cart" });
  await expect(failed).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(failed).toHaveCount(0);
});
