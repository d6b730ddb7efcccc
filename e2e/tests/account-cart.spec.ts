import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { createAnonymousCart, quietSubscribeDialog } from "./account-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

test("the cart page: empty state, then lines whose stepper and remove keep the header count in step", async ({
  page,
}) => {
  await page.goto("/cart");
  await expect(page.getByRole("heading", { level: 1, name: "Your Cart" })).toBeVisible();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Continue shopping" })).toHaveAttribute("href", "/products");
  await expectNoSeriousA11yViolations(page);

  // An anonymous visitor's cart: made on the first add, its id kept in localStorage.
  const cartId = await createAnonymousCart(page);
  expect(cartId).toMatch(/^[A-Za-z0-9_-]{10,64}$/);
  await page.reload();
  const count = page.getByTestId("cart-count");
  await expect(count).toHaveText("1");
  const line = page.locator(".cart-line").first();
  await expect(line.getByRole("img")).toBeVisible();
  const subtotal = page.getByTestId("cart-subtotal");
  const before = await subtotal.textContent();

  await line.getByRole("button", { name: /^Increase quantity/ }).click();
  await expect(count).toHaveText("2");
  await expect(line.getByRole("spinbutton")).toHaveValue("2");
  await expect(subtotal).not.toHaveText(before ?? "");

  await line.getByRole("spinbutton").fill("4");
  await line.getByRole("spinbutton").press("Enter");
  await expect(count).toHaveText("4");

  await line.getByRole("button", { name: /^Remove/ }).click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(count).toHaveText("0");
});
