// The admin's customers area in a browser: a manager finds the demo customer, sends the reset
// link (it reaches the mailbox), disables sign-in (the customer's next sign-in fails with the
// wrong-password message) and enables it again; support sees the same page without any action;
// both pages pass axe in English and Japanese.
import { createStaffMember, type StaffMember, signInAsStaff } from "../support/admin.ts";
import { DEMO, expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "../support/test.ts";
import { quietSubscribeDialog, signInWithForm } from "./account-support.ts";

const LOGIN_FAILED = "Login failed, please check your email and password";

/** A member of `role` (added by the operator, password set through the one-time link), signed in. */
async function signInAs(
  page: Page,
  baseURL: string | undefined,
  role: "manager" | "support",
): Promise<StaffMember> {
  const member = await createStaffMember(baseURL as string, role, `customers-${role}`);
  await signInAsStaff(page, member.email, member.password);
  return member;
}

/** How many mails of a kind the development mailbox lists for an address. */
async function mailCount(request: APIRequestContext, to: string, kind: string): Promise<number> {
  const list = await (await request.get("/dev/mailbox")).text();
  const sent = list.split('<h2 id="held">')[0] ?? "";
  return [
    ...sent.matchAll(
      /<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a href="[^"]+">[^<]*<\/a><\/td><td>([^<]*)<\/td><\/tr>/g,
    ),
  ].filter((r) => r[1] === to && r[2] === kind).length;
}

async function useJapanese(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: "lang", value: "ja-JP", url: baseURL ?? "http://localhost" }]);
}

/** The message an action left on the customer's page (read out as a status). */
const outcome = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** Finds the demo customer from the list's search and opens their page. */
async function openDemoCustomer(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: /./ }).getByRole("link", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await page.getByLabel("Email or name").fill("alex rivera");
  await page.getByLabel("Email or name").press("Enter");
  await expect(page).toHaveURL(/\/admin\/customers\?q=alex\+rivera$/);
  const row = page.getByRole("row").filter({ hasText: DEMO.email });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: "Alex Rivera" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Alex Rivera" })).toBeVisible();
}

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

test("a manager finds the demo customer, sends a reset link, disables sign-in and enables it again", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await signInAs(page, baseURL, "manager");
  await openDemoCustomer(page);
  const signIn = page.getByRole("region", { name: "Sign-in", exact: true });
  await expect(signIn).toContainText("Allowed");
  await expect(
    page
      .getByRole("region", { name: "Orders", exact: true })
      .getByRole("link", { name: /^Order \d+$/ })
      .first(),
  ).toHaveAttribute("href", /^\/admin\/orders\/\d+$/);

  // The reset link: confirmed in the dialog, mailed to the customer.
  const before = await mailCount(request, DEMO.email, "password-reset");
  await page.getByRole("button", { name: "Send a password reset link" }).click();
  const confirm = page.getByRole("dialog", { name: "Send a password reset link?" });
  await expect(confirm).toContainText(DEMO.email);
  await confirm.getByRole("button", { name: "Send the link" }).click();
  await expect(outcome(page, `A reset link went to ${DEMO.email}`)).toBeVisible();
  await expect.poll(() => mailCount(request, DEMO.email, "password-reset")).toBe(before + 1);
  await expect(signIn).toContainText("Sent, works until");

  // Disable: Cancel changes nothing; confirming does, and the customer cannot sign in.
  await page.getByRole("button", { name: "Disable sign-in" }).click();
  await page
    .getByRole("dialog", { name: "Disable sign-in?" })
    .getByRole("button", { name: "Cancel" })
    .click();
  await expect(signIn).toContainText("Allowed");
  await page.getByRole("button", { name: "Disable sign-in" }).click();
  await page
    .getByRole("dialog", { name: "Disable sign-in?" })
    .getByRole("button", { name: "Disable sign-in" })
    .click();
  await expect(outcome(page, `Sign-in is disabled for ${DEMO.email}`)).toBeVisible();
  await expect(signIn).toContainText("Disabled since");
  await expect(page.getByRole("button", { name: "Send a password reset link" })).toHaveCount(0);

  const shopper = await browser.newContext({ baseURL: baseURL as string });
  try {
    await quietSubscribeDialog(shopper, baseURL);
    const shop = await shopper.newPage();
    await signInWithForm(shop, DEMO);
    await expect(shop.getByRole("alert")).toContainText(LOGIN_FAILED);

    // Enable: the customer signs in with the password they had.
    await page.getByRole("button", { name: "Enable sign-in" }).click();
    await page
      .getByRole("dialog", { name: "Enable sign-in?" })
      .getByRole("button", { name: "Enable sign-in" })
      .click();
    await expect(outcome(page, `Sign-in is enabled again for ${DEMO.email}`)).toBeVisible();
    await expect(signIn).toContainText("Allowed");
    await signInWithForm(shop, DEMO);
    await expect(shop.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  } finally {
    await shopper.close();
  }
});

test("support sees the customer's page without any action", async ({ page, baseURL }) => {
  await signInAs(page, baseURL, "support");
  await openDemoCustomer(page);
  await expect(page.getByRole("region", { name: "Profile", exact: true })).toContainText(DEMO.email);
  await expect(page.getByRole("region", { name: "Sign-in", exact: true })).toBeVisible();
  for (const name of ["Send a password reset link", "Disable sign-in", "Enable sign-in"]) {
    await expect(page.getByRole("button", { name })).toHaveCount(0);
  }
});

test("both pages pass axe in English and in Japanese, and work from the keyboard", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAs(page, baseURL, "manager");
  await page.goto("/admin/customers");
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Customers, newest first" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The search from the keyboard: type, Enter, then Tab to the customer's link and follow it.
  await page.getByLabel("Email or name").focus();
  await page.keyboard.type(DEMO.email);
  await page.keyboard.press("Enter");
  const link = page.getByRole("link", { name: "Alex Rivera" });
  await expect(link).toBeVisible();
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Alex Rivera" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The confirm dialog from the keyboard: it opens on Enter and Escape closes it, changing nothing.
  await page.getByRole("button", { name: "Disable sign-in" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Disable sign-in?" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Sign-in", exact: true })).toContainText("Allowed");
  const customerUrl = page.url();

  await useJapanese(context, baseURL);
  await page.goto("/admin/customers");
  await expect(page.getByRole("heading", { level: 1, name: "顧客" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(customerUrl);
  await expect(page.getByRole("heading", { level: 1, name: "Rivera Alex" })).toBeVisible();
  await expect(page.getByRole("region", { name: "ログイン", exact: true })).toContainText("可能");
  await expectNoSeriousA11yViolations(page);
});
