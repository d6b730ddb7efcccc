import { expect, test } from "@playwright/test";
import { DEMO } from "../support/fixtures.ts";
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
  await page.getByRole("button", { name: "Sign In" }).click();
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
