import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { quietSubscribeDialog } from "./account-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

const TEXTS = {
  invalidReset:
    "Invalid password reset link. Please check your email for the correct link or request a new one.",
  invalidActivation:
    "Invalid activation link. Please check your email for the correct link or contact support.",
  expiredReset: "This password reset link has expired. Please request a new one.",
  expiredActivation: "This activation link has expired. Please request a new one.",
};

const now = () => Math.floor(Date.now() / 1000);

test("an incomplete reset link shows the spec's text at load", async ({ page }) => {
  await page.goto(`/account/reset?customerId=1&timestamp=${now()}`);
  await expect(page.getByRole("alert")).toHaveText(TEXTS.invalidReset);
  await expect(page.getByLabel("New password")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Request a new link" })).toHaveAttribute(
    "href",
    "/account/recover",
  );
  await expectNoSeriousA11yViolations(page);
});

test("an incomplete activation link shows the spec's text at load", async ({ page }) => {
  await page.goto("/account/activate?customerId=1&token=abc");
  await expect(page.getByRole("alert")).toHaveText(TEXTS.invalidActivation);
});

test("a reset link older than 86400 s shows the expired text at load", async ({ page }) => {
  await page.goto(`/account/reset?customerId=1&token=abc&timestamp=${now() - 86_401}`);
  await expect(page.getByRole("alert")).toHaveText(TEXTS.expiredReset);
});

test("an activation link older than 172800 s shows the expired text; a younger one shows the form", async ({
  page,
}) => {
  await page.goto(`/account/activate?customerId=1&token=abc&timestamp=${now() - 172_801}`);
  await expect(page.getByRole("alert")).toHaveText(TEXTS.expiredActivation);
  await page.goto(`/account/activate?customerId=1&token=abc&timestamp=${now() - 100_000}`);
  await expect(page.getByRole("heading", { level: 1, name: "Activate Account" })).toBeVisible();
  await expect(page.getByLabel("New password")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a reset link is checked again at submit: one that expires while the page is open is refused", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto(`/account/reset?customerId=1&token=abc&timestamp=${now()}`);
  await expect(page.getByLabel("New password")).toBeVisible();
  await page.clock.fastForward("24:00:05");
  await page.getByLabel("New password").fill("a-new-password");
  await page.getByLabel("Confirm password").fill("a-new-password");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByRole("alert")).toHaveText(TEXTS.expiredReset);
});

test("the link texts are translated", async ({ page }) => {
  await page.goto(`/account/reset?customerId=1&timestamp=${now()}&lang=ja-JP`);
  await expect(page.getByRole("alert")).toContainText("パスワード再設定リンクが無効です");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
});
