import { DEMO } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { quietSubscribeDialog, signInWithForm } from "./account-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

test("a 401 on the orders page goes to login with the redirect, and back after signing in", async ({
  page,
}) => {
  await page.goto("/account/orders");
  await expect(page).toHaveURL(/\/account\/login\?redirect=\/account\/orders$/);
  await page.getByLabel("Email").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "My Orders" })).toBeVisible();
});

test("a 401 on the addresses page carries its own redirect", async ({ page }) => {
  await page.goto("/account/addresses");
  await expect(page).toHaveURL(/\/account\/login\?redirect=\/account\/addresses$/);
});

test("a 401 on the overview goes to plain /account/login", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account\/login$/);
});

test("a redirect to another site is ignored after signing in", async ({ page, baseURL }) => {
  await signInWithForm(page, DEMO, "/account/login?redirect=//example.org/steal");
  await expect(page).toHaveURL(`${baseURL}/account`);
  await signInWithForm(page, DEMO, `/account/login?redirect=${encodeURIComponent("https://example.org/")}`);
  await expect(page).toHaveURL(`${baseURL}/account`);
  await signInWithForm(page, DEMO, `/account/login?redirect=${encodeURIComponent("/\\example.org")}`);
  await expect(page).toHaveURL(`${baseURL}/account`);
});

test("a redirect that normalises to another host ends on a store page", async ({ page, baseURL }) => {
  await signInWithForm(page, DEMO, "/account/login?redirect=/.//evil.test/phish");
  await expect(page).toHaveURL(`${baseURL}/account`);
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
});

test("registering with a redirect that normalises to another host ends on the login page", async ({
  page,
  baseURL,
}) => {
  await page.goto("/account/register?redirect=/..//evil.test/x");
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Redirect");
  await page.getByLabel("Email").fill(`e2e-redirect-${Date.now()}@vela.test`);
  await page.getByLabel("Password", { exact: true }).fill("redirect-password-1");
  await page.getByLabel("Confirm password").fill("redirect-password-1");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(`${baseURL}/account/login`);
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
});

test("the spec's /login is the sign-in page and keeps its redirect", async ({ page, baseURL }) => {
  await signInWithForm(page, DEMO, "/login?redirect=/account/addresses");
  await expect(page).toHaveURL(`${baseURL}/account/addresses`);
});
