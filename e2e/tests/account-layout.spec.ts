import { expectNoSeriousA11yViolations, signInViaApi } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { DESKTOP, expectFitsViewport, PHONE, quietSubscribeDialog } from "./account-support.ts";

const SIGNED_IN = [
  ["/account", "My Account"],
  ["/account/orders", "My Orders"],
  ["/account/orders/1026", "Order #1026"],
  ["/account/addresses", "Address Management"],
  ["/account/profile", "Profile Settings"],
  ["/cart", "Your Cart"],
] as const;

const SIGNED_OUT = [
  ["/account/login", "Login"],
  ["/account/register", "Create Account"],
  ["/account/recover", "Recover Password"],
] as const;

for (const [name, size] of [
  ["375 px", PHONE],
  ["1280 px", DESKTOP],
] as const) {
  test(`account pages fit ${name} and pass axe`, async ({ page, context, baseURL }) => {
    // Nine pages, each with an axe run: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    await quietSubscribeDialog(context, baseURL);
    await page.setViewportSize(size);
    for (const [path, heading] of SIGNED_OUT) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectFitsViewport(page);
      await expectNoSeriousA11yViolations(page);
    }
    await signInViaApi(page);
    for (const [path, heading] of SIGNED_IN) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('[role="status"] .spinner-ring')).toHaveCount(0);
      await expectFitsViewport(page);
      await expectNoSeriousA11yViolations(page);
    }
  });
}

test("the account area works from the keyboard with a visible focus", async ({ page, context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
  await signInViaApi(page);
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  // Tab from the top: the skip link comes first and takes us to the content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
  // Reach the Orders tab by keyboard and open it.
  const ordersTab = page.getByRole("link", { name: "Orders", exact: true });
  for (let i = 0; i < 15 && !(await ordersTab.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(ordersTab).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/account\/orders$/);
});

test("the account area speaks Japanese", async ({ page, context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
  await signInViaApi(page);
  await page.goto("/account/orders?lang=ja-JP");
  await expect(page.getByRole("heading", { level: 1, name: "注文履歴" })).toBeVisible();
  await expect(page.getByRole("button", { name: "さらに注文を読み込む" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  // The choice is remembered in the cookie for the next page.
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "マイアカウント" })).toBeVisible();
  await page.getByLabel("言語").selectOption("en-US");
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
});
