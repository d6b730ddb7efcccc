// A customer of this spec's own, with orders in statuses of its choosing, loaded through
// `npm run db:seed -- --fixtures` into the running store before the spec runs.

import { seedFixtures } from "../support/seed.ts";
import { expect, test } from "../support/test.ts";
import { signInWithForm } from "./account-support.ts";

// Unique per run, so that a retry (a new worker, the same database) seeds again without a clash.
const run = Date.now() % 10_000_000;
const shopper = { email: `fixture-${run}@example.com`, password: "fixture-password" };
const numbers = [run * 10 + 1, run * 10 + 2];

test.beforeAll(async () => {
  const out = seedFixtures(
    {
      customers: [
        {
          ...shopper,
          firstName: "Fixture",
          lastName: "Shopper",
          addresses: [
            {
              firstName: "Fixture",
              lastName: "Shopper",
              address1: "9 Harbour Road",
              city: "Wellington",
              province: "Wellington",
              country: "New Zealand",
              zip: "6011",
            },
          ],
          orders: [
            {
              number: numbers[0] ?? 0,
              processedAt: "2026-10-01T09:00:00Z",
              financialStatus: "PAID",
              fulfillmentStatus: "FULFILLED",
              currency: "USD",
              lines: [{ handle: "vela-one-xr-glasses", quantity: 1 }],
              tracking: [
                { company: "UPS", number: "1Z999FX10", url: "https://www.ups.com/track?tracknum=1Z999FX10" },
              ],
            },
            {
              number: numbers[1] ?? 0,
              processedAt: "2026-11-01T09:00:00Z",
              financialStatus: "AWAITING_REVIEW",
              fulfillmentStatus: null,
              currency: "USD",
              lines: [{ sku: "VELA-PRO-MOBILE-DOCK-1", quantity: 2 }],
            },
          ],
        },
      ],
    },
    test.info().outputPath("fixtures.json"),
  );
  expect(out).toMatch(/1 customers \(0 invited\), 1 addresses, 2 orders/);
});

test("a customer seeded from fixtures signs in and sees their own orders", async ({ page }) => {
  await signInWithForm(page, shopper);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto("/account/orders");
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
  const rows = page.locator(".order-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByRole("link")).toHaveText(`Order #${numbers[1]}`);
  await expect(rows.nth(1).getByRole("link")).toHaveText(`Order #${numbers[0]}`);
  // A status the store has no label for is shown as written; a missing fulfilment as Unfulfilled.
  await expect(rows.nth(0).locator(".badge", { hasText: /^AWAITING_REVIEW$/ })).toBeVisible();
  await expect(rows.nth(0).locator(".badge", { hasText: /^Unfulfilled$/ })).toBeVisible();
  await expect(rows.nth(1).locator(".badge", { hasText: /^Paid$/ })).toBeVisible();

  await rows.nth(1).getByRole("link").click();
  await expect(page).toHaveURL(/\/account\/orders\/\d+$/);
  await expect(page.getByText("Vela One XR Glasses").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /1Z999FX10/ })).toBeVisible();
});
