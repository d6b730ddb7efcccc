import { DEMO, latestLinkFor, signInViaApi } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";

test("signs in through the API and loads a page as the demo customer", async ({ page }) => {
  await signInViaApi(page);
  const me = await page.request.get("/api/account/customer");
  expect(me.status()).toBe(200);
  expect((await me.json()).customer.email).toBe(DEMO.email);

  await page.goto("/");
  await expect(page).toHaveTitle(/Vela/);
  await expect(page.getByRole("banner")).toContainText("Vela");
});

test("the development mailbox holds the invited customer's activation link", async ({ request }) => {
  const link = await latestLinkFor(request, "invited@vela.test", "account-activation");
  expect(link).toMatch(/\/account\/activate\?customerId=\d+&token=[A-Za-z0-9_-]{43}&timestamp=\d+$/);
});
