// Discount codes in the admin, in a browser: a manager with an authenticator app makes a 15 % code
// with a minimum order, a shopper uses it at checkout, the list shows its one use and the sale it
// touched; disabled, checkout refuses it with the message naming it. The list, the new code's form
// and the code's page pass axe.
import {
  adminCall,
  createStaffMember,
  freshTotpCode,
  type StaffMember,
  signInAsStaff,
  totpCode,
} from "../support/admin.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import {
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "../support/test.ts";
import { createAnonymousCart, quietSubscribeDialog } from "./account-support.ts";

/** A member whose authenticator app is set up (through the enrolment procedures, as the enrol page calls them). */
async function managerWithTotp(baseURL: string): Promise<StaffMember & { secret: string; used: string }> {
  const member = await createStaffMember(baseURL, "manager", "discounts-manager");
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await adminCall(api, "auth.signIn", { email: member.email, password: member.password });
    const { secret } = await adminCall<{ secret: string }>(api, "auth.startTotpEnrolment");
    const used = totpCode(secret);
    await adminCall(api, "auth.confirmTotpEnrolment", { code: used });
    return { ...member, secret, used };
  } finally {
    await api.dispose();
  }
}

const ADDRESS: Record<string, string> = {
  "First name": "Ada",
  "Last name": "Lovelace",
  Address: "1 Market St",
  City: "San Francisco",
  "Province/State/Region": "CA",
  "Postal/ZIP code": "94105",
  Country: "United States",
};

/** A guest's checkout in English with the code applied, up to the Pay button. */
async function checkoutWithCode(page: Page, email: string, code: string): Promise<void> {
  await page.goto("/products");
  await createAnonymousCart(page);
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  for (const [label, value] of Object.entries(ADDRESS)) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
  await page.getByLabel("Discount code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator(".checkout-summary")).toHaveAttribute("aria-busy", "false");
}

async function shopperPage(context: BrowserContext, baseURL: string): Promise<Page> {
  await quietSubscribeDialog(context, baseURL);
  return context.newPage();
}

test("a manager makes a 15 % code with a minimum; a shopper uses it; disabled, checkout refuses it", async ({
  page,
  browser,
  baseURL,
}) => {
  // Two checkouts and the admin's pages in one story.
  test.setTimeout(120_000);
  const manager = await managerWithTotp(baseURL as string);
  const code = `E2E15-${Date.now().toString(36).toUpperCase()}`;

  // A code is accepted once: the one the enrolment spent cannot sign in.
  await signInAsStaff(page, manager.email, manager.password, {
    code: freshTotpCode(manager.secret, manager.used),
  });
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Discount codes" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Discount codes" })).toBeFocused();
  // The newsletter's welcome code is a template, not a code.
  const templates = page.getByRole("region", { name: "Code templates" });
  await expect(templates.getByRole("heading", { name: "Newsletter welcome code Template" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: "Add a code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New discount code" })).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
  await page.getByLabel("Percentage off").fill("15");
  await page.getByLabel("Minimum order (USD)").fill("50.00");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Create the code" }).click();
  await expect(page.getByRole("heading", { level: 1, name: code })).toBeVisible();
  await expect(page.getByText("No orders yet")).toBeVisible();

  // A shopper, in a browser of their own, pays with it.
  const shopperContext = await browser.newContext();
  const shopper = await shopperPage(shopperContext, baseURL as string);
  await checkoutWithCode(shopper, `e2e-discount-${Date.now()}@vela.test`, code);
  await expect(shopper.getByText(`Code ${code} applied`)).toBeVisible();
  await expect(shopper.getByTestId("checkout-discount")).toBeVisible();
  await shopper.getByLabel("Card number").fill("4242424242424242");
  await shopper.getByLabel("Expiry (MM/YY)").fill("12/40");
  await shopper.getByLabel("Security code (CVC)").fill("123");
  await shopper.getByRole("button", { name: /^Pay / }).click();
  await expect(shopper.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();

  // The list shows its one use and the sale it touched.
  await page.getByRole("link", { name: "All discount codes" }).click();
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Code", { exact: true }).press("Enter");
  const row = page
    .getByRole("table", { name: /Discount codes/ })
    .getByRole("row", { name: new RegExp(code) });
  await expect(row.getByRole("cell", { name: /^1 orders, \$[\d,.]+ \(−\$[\d,.]+\)$/ })).toBeVisible();
  await expect(row.getByRole("cell", { name: "1", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Disabled, checkout refuses it with the message naming it.
  await row.getByRole("link", { name: code }).click();
  await expect(page.getByRole("heading", { level: 1, name: code })).toBeVisible();
  await page.getByRole("button", { name: "Disable the code" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The code is disabled" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await checkoutWithCode(shopper, `e2e-discount-late-${Date.now()}@vela.test`, code);
  await expect(shopper.getByText(`This discount code is no longer valid: ${code}`)).toBeVisible();
  await expect(shopper.getByTestId("checkout-discount")).toHaveCount(0);
  await shopperContext.close();
});
