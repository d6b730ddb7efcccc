import { DEMO, expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import {
  failOnPageErrors,
  quietSubscribeDialog,
  registerShopper,
  signInWithForm,
} from "./account-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

test("signs in with the form and out with Logout", async ({ page }) => {
  const watch = failOnPageErrors(page);
  await page.goto("/account/login");
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute(
    "href",
    "/account/recover",
  );
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    "/account/register",
  );
  await expectNoSeriousA11yViolations(page);

  await signInWithForm(page, DEMO);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.getByText("Alex Rivera")).toBeVisible();
  await expect(page.getByText(DEMO.email)).toBeVisible();
  await expect(page.getByRole("link", { name: "Account Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Recent Orders" })).toBeVisible();
  await expect(page.locator(".recent-orders .order-row")).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);

  // Home at once (an in-app navigation), then a real reload after 0.5 s: a new load event.
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await reloaded;
  await expect.poll(async () => (await page.request.get("/api/account/customer")).status()).toBe(401);
  expect(watch.errors).toEqual([]);
});

test("a wrong password shows the server's text in a red box", async ({ page }) => {
  await signInWithForm(page, { email: DEMO.email, password: "not-the-password" });
  await expect(page.getByRole("alert")).toContainText("Login failed, please check your email and password");
  await expect(page).toHaveURL(/\/account\/login$/);
});

test("the login form checks its fields before sending", async ({ page }) => {
  await page.goto("/account/login");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
  await expect(page.getByLabel("Email")).toBeFocused();
});

test("registers, lands on the login page, then signs in", async ({ page }) => {
  await page.goto("/account/register");
  await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const email = `e2e-register-${Date.now()}@vela.test`;
  await page.getByLabel("First name").fill("Kim");
  await page.getByLabel("Last name").fill("Park");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("kim-password-1");
  await page.getByLabel("Confirm password").fill("kim-password-2");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Password and confirmation password do not match")).toBeVisible();

  await page.getByLabel("Confirm password").fill("kim-password-1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
  // The account is made but no one is signed in: the page says so and what to do next.
  await expect(page.getByRole("status")).toHaveText(
    "Thank you for registering. We have sent you an email. Enter your email and password below to continue.",
  );

  await signInWithForm(page, { email, password: "kim-password-1" });
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  await expect(page.getByText("Kim Park")).toBeVisible();
});

test("after registering from a page that asked for sign-in, signing in on the landing page reaches that page", async ({
  page,
  baseURL,
}) => {
  await page.goto("/account/register?redirect=/account/addresses");
  const email = `e2e-register-redirect-${Date.now()}@vela.test`;
  await page.getByLabel("First name").fill("Noa");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("noa-password-1");
  await page.getByLabel("Confirm password").fill("noa-password-1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(`${baseURL}/account/login?redirect=/account/addresses`);
  await expect(page.getByRole("status")).toContainText("Thank you for registering");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("noa-password-1");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${baseURL}/account/addresses`);
});

test("registering an email that exists answers like any registration", async ({ page, request }) => {
  const shopper = await registerShopper(request, "dup");
  await page.goto("/account/register");
  await page.getByLabel("First name").fill("Again");
  await page.getByLabel("Last name").fill("Again");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill("another-password");
  await page.getByLabel("Confirm password").fill("another-password");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
});
