import { expectNoSeriousA11yViolations, SECOND, signInViaApi } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { quietSubscribeDialog } from "./account-support.ts";

test.beforeEach(async ({ page, context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
  await signInViaApi(page);
});

test("orders: Load More appends pages until the end", async ({ page }) => {
  await page.goto("/account/orders");
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Orders", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const rows = page.locator(".order-row");
  await expect(rows).toHaveCount(10);
  await expect(rows.first().getByRole("link")).toHaveText("Order #1026");
  await expectNoSeriousA11yViolations(page);

  const more = page.getByRole("button", { name: "Load More Orders" });
  await more.click();
  await expect(rows).toHaveCount(20);
  await expect(rows.first().getByRole("link")).toHaveText("Order #1026");
  await expect(page.getByRole("link", { name: "Order #1016" })).toBeFocused();
  await more.click();
  await expect(rows).toHaveCount(26);
  await expect(more).toHaveCount(0);
  await expect(rows.last().getByRole("link")).toHaveText("Order #1001");

  // Every label of spec 000 §4 appears, a missing fulfilment shows Unfulfilled, an unknown value raw.
  for (const label of [
    "Paid",
    "Pending",
    "Authorized",
    "Refunded",
    "Voided",
    "Fulfilled",
    "Unfulfilled",
    "EXPIRED",
  ]) {
    await expect(page.locator(".badge", { hasText: new RegExp(`^${label}$`) }).first()).toBeVisible();
  }
});

test("order detail with tracking", async ({ page }) => {
  await page.goto("/account/orders");
  await page.getByRole("link", { name: "Order #1026" }).click();
  await expect(page).toHaveURL(/\/account\/orders\/1026$/);
  await expect(page.getByRole("heading", { level: 1, name: "Order #1026" })).toBeVisible();
  await expect(page.getByText(/^Placed on /)).toBeVisible();
  await expect(page.locator(".badge", { hasText: "Fulfilled" })).toBeVisible();
  const track = page.getByRole("link", { name: "Track Package" });
  await expect(track).toHaveAttribute("href", /^https:\/\/www\.ups\.com\/track\?tracknum=1Z999AA1/);
  await expect(page.getByRole("heading", { name: "Tracking Information" })).toBeVisible();
  await expect(page.getByText("USPS")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Shipping Address" })).toBeVisible();
  await expect(page.getByText("500 Howard Street")).toBeVisible();
  for (const label of ["Subtotal", "Shipping", "Tax", "Total"]) {
    await expect(page.locator(".summary dt", { hasText: new RegExp(`^${label}$`) })).toBeVisible();
  }
  await expect(page.locator(".summary dd").first()).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.locator(".line-item")).toHaveCount(2);
  await expect(page.locator(".line-item").first().getByRole("link")).toHaveAttribute(
    "href",
    /^\/products\/vela-/,
  );
  await expect(page.getByRole("button", { name: "Buy Again" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("link", { name: "Back to Order List" }).first().click();
  await expect(page).toHaveURL(/\/account\/orders$/);
});

test("order detail without tracking hides Track Package", async ({ page }) => {
  // 1025 waits for fulfilment: no tracking and no Track Package.
  await page.goto("/account/orders/1025");
  await expect(page.getByRole("heading", { level: 1, name: "Order #1025" })).toBeVisible();
  await expect(page.locator(".badge", { hasText: "Pending Fulfillment" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Track Package" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Tracking Information" })).toHaveCount(0);
});

test("a Japanese order is shown in yen", async ({ page }) => {
  // Every fourth order of the demo customer is in JPY; 1023 is the first of them.
  await page.goto("/account/orders/1023");
  await expect(page.locator(".summary-total dd")).toHaveText(/^¥[\d,]+$/);
});

test("another customer's order shows Order Not Found", async ({ page }) => {
  await page.goto("/account/orders/2001");
  await expect(page.getByRole("heading", { level: 1, name: "Order Not Found" })).toBeVisible();
  await expect(
    page.getByText("This order does not exist or you don't have permission to view it"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Order List" })).toHaveAttribute(
    "href",
    "/account/orders",
  );
  await expectNoSeriousA11yViolations(page);
});

test("the second customer sees their own orders and not the demo customer's", async ({ page, context }) => {
  await context.clearCookies();
  await signInViaApi(page, SECOND);
  await page.goto("/account/orders/2001");
  await expect(page.getByRole("heading", { level: 1, name: "Order #2001" })).toBeVisible();
  await page.goto("/account/orders/1026");
  await expect(page.getByRole("heading", { level: 1, name: "Order Not Found" })).toBeVisible();
});
