import { latestLinkFor } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { quietSubscribeDialog, signInWithForm } from "./account-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

test("the invited customer activates the account from the emailed link and signs in", async ({
  page,
  request,
}) => {
  const link = await latestLinkFor(request, "invited@vela.test", "account-activation");
  expect(link).toMatch(/\/account\/activate\?customerId=\d+&token=[^&]+&timestamp=\d+/);
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Activate Account" })).toBeVisible();
  await page.getByLabel("New password").fill("jordan-password");
  await page.getByLabel("Confirm password").fill("jordan-password");
  await page.getByRole("button", { name: "Activate Account" }).click();

  await expect(page).toHaveURL(/\/account\/login$/);
  await expect(page.getByText("Your account is now active. Please log in.")).toBeVisible();
  await signInWithForm(page, { email: "invited@vela.test", password: "jordan-password" });
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.getByText("Jordan Lee")).toBeVisible();
});
