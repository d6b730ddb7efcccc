import { expectNoSeriousA11yViolations, signInViaApi } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { quietSubscribeDialog, registerShopper } from "./account-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

test("addresses: add, edit, set default and delete", async ({ page, request }) => {
  const shopper = await registerShopper(request, "addresses");
  await signInViaApi(page, { email: shopper.email, password: shopper.password });
  await page.goto("/account/addresses");
  await expect(page.getByRole("heading", { level: 1, name: "Address Management" })).toBeVisible();
  await expect(page.getByText("You haven't saved any addresses yet")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Add: required fields are checked inline first.
  await page.getByRole("button", { name: "Add New Address" }).click();
  await expect(page.getByRole("heading", { name: "Add New Address" })).toBeVisible();
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Postal/ZIP code is required")).toBeVisible();
  await expect(page.getByLabel("First name")).toBeFocused();
  await expect(page.getByLabel("Address", { exact: true })).toHaveAttribute("autocomplete", "address-line1");
  await expectNoSeriousA11yViolations(page);

  const fill = async (values: Record<string, string>) => {
    for (const [label, value] of Object.entries(values)) {
      // The country, and a US state or a prefecture, are lists to choose from (by value or name).
      const control = page.getByLabel(label, { exact: true });
      if ((await control.evaluate((el) => el.tagName)) === "SELECT") await control.selectOption(value);
      else await control.fill(value);
    }
  };
  await fill({
    "First name": "Robin",
    "Last name": "Home",
    Address: "1 Main Street",
    City: "Portland",
    "Province/State/Region": "OR",
    "Postal/ZIP code": "97201",
    Country: "United States",
  });
  await page.getByRole("button", { name: "Save Address" }).click();
  const home = page.locator(".address-card", { hasText: "Robin Home" });
  await expect(home).toBeVisible();
  // The first address becomes the default: no Set as Default on it.
  await expect(home.getByText("Default", { exact: true })).toBeVisible();
  await expect(home.getByRole("button", { name: /Set as Default/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Add New Address" }).click();
  await fill({
    "First name": "Robin",
    "Last name": "Office",
    "Company (optional)": "Vela",
    Address: "9 Work Road",
    City: "Seattle",
    "Province/State/Region": "WA",
    "Postal/ZIP code": "98101",
    Country: "United States",
  });
  await page.getByRole("button", { name: "Save Address" }).click();
  const office = page.locator(".address-card", { hasText: "Robin Office" });
  await expect(office).toBeVisible();

  // Set as default moves the badge.
  await office.getByRole("button", { name: /Set as Default/ }).click();
  await expect(office.getByText("Default", { exact: true })).toBeVisible();
  await expect(home.getByRole("button", { name: /Set as Default/ })).toBeVisible();
  // The default address is listed first.
  await expect(page.locator(".address-card").first()).toContainText("Robin Office");

  // Edit; Cancel first leaves it unchanged.
  await office.getByRole("button", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Address" })).toBeVisible();
  await page.getByLabel("City").fill("Tacoma");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(office).toContainText("Seattle");
  await office.getByRole("button", { name: /^Edit/ }).click();
  await page.getByLabel("City").fill("Tacoma");
  await page.getByRole("button", { name: "Save Address" }).click();
  await expect(office).toContainText("Tacoma");

  // Delete asks first, naming the address, with the spec's warning; Cancel keeps it.
  await home.getByRole("button", { name: /^Delete/ }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the address 1 Main Street, Portland?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(
    "Are you sure you want to delete this address? This action cannot be undone.",
  );
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(home).toBeVisible();
  await home.getByRole("button", { name: /^Delete/ }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(home).toHaveCount(0);
  await expect(page.locator(".address-card")).toHaveCount(1);

  // After a reload the book is as we left it.
  await page.reload();
  await expect(office).toContainText("Tacoma");
  await expect(office.getByText("Default", { exact: true })).toBeVisible();
});
