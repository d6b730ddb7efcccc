import { expectNoSeriousA11yViolations, latestLinkFor, signInViaApi } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { quietSubscribeDialog, registerShopper, signInWithForm } from "./account-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

test("profile edit, then a new email that takes effect once its emailed link is followed", async ({
  page,
  request,
}) => {
  const shopper = await registerShopper(request, "profile");
  await signInViaApi(page, { email: shopper.email, password: shopper.password });
  await page.goto("/account/profile");
  await expect(page.getByRole("heading", { level: 1, name: "Profile Settings" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Profile Settings" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Once you follow it, use the new one the next time you log in.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const profile = page.getByRole("form", { name: "Personal Information" });
  await profile.getByLabel("First name").fill("");
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(profile.getByText("First name is required")).toBeVisible();

  await profile.getByLabel("First name").fill("Morgan");
  await profile.getByLabel("Phone (optional)").fill("+1 503 555 0199");
  await profile.getByLabel("Email me with news and offers").check();
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(profile.getByText("Your profile has been updated.")).toBeVisible();

  await page.reload();
  await expect(profile.getByLabel("First name")).toHaveValue("Morgan");
  await expect(profile.getByLabel("Phone (optional)")).toHaveValue("+1 503 555 0199");
  await expect(profile.getByLabel("Email me with news and offers")).toBeChecked();

  // A new email needs the current password, then waits for the link sent to it.
  const newEmail = shopper.email.replace("@", "-new@");
  await profile.getByLabel("Email", { exact: true }).fill(newEmail);
  const current = profile.getByLabel("Current password (needed to change your email)");
  await expect(current).toBeVisible();
  await current.fill("wrong-password");
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(profile.getByRole("alert")).toContainText("Current password is incorrect");
  await current.fill(shopper.password);
  await profile.getByRole("button", { name: "Save Changes" }).click();
  await expect(profile.getByText(`Check your inbox at ${newEmail}`)).toBeVisible();
  await expect(profile.getByLabel("Email", { exact: true })).toHaveValue(shopper.email);
  await expectNoSeriousA11yViolations(page);

  // Until the link is followed, the new email does not sign in.
  const early = await request.post("/api/account/login", {
    data: { email: newEmail, password: shopper.password },
  });
  expect(early.status()).toBe(401);

  // The mail to the new address, read in the development mailbox, and its link followed.
  await page.goto("/dev/mailbox");
  await page
    .getByRole("row")
    .filter({ hasText: newEmail })
    .filter({ hasText: "email-change-confirm" })
    .getByRole("link")
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /Confirm your new/ })).toBeVisible();
  // Followed as a mail client opens it: a fresh navigation to the link's address.
  const confirmLink = page.getByRole("link", { name: /\/account\/email-change\?token=/ });
  await page.goto((await confirmLink.getAttribute("href")) ?? "");
  await expect(page.getByRole("heading", { level: 1, name: "Confirm Your New Email" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Confirm New Email" }).click();
  await expect(
    page.getByText(`Your email is now ${newEmail}. Use it the next time you log in.`),
  ).toBeVisible();
  await expect(page.locator(":focus")).toContainText(`Your email is now ${newEmail}`);

  await page.goto("/account");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForLoadState("load");
  await signInWithForm(page, { email: shopper.email, password: shopper.password });
  await expect(page.getByRole("alert")).toContainText("Login failed");
  await signInWithForm(page, { email: newEmail, password: shopper.password });
  await expect(page.getByText("Morgan Tester profile")).toBeVisible();
});

test("the notice to the old address stops a pending email change", async ({ page, request }) => {
  const shopper = await registerShopper(request, "stop-change");
  await signInViaApi(page, { email: shopper.email, password: shopper.password });
  const newEmail = shopper.email.replace("@", "-elsewhere@");
  const res = await page.request.put("/api/account/profile", {
    data: {
      firstName: shopper.firstName,
      lastName: shopper.lastName,
      email: newEmail,
      phone: null,
      acceptsMarketing: false,
      currentPassword: shopper.password,
    },
  });
  expect(res.status()).toBe(200);

  await page.goto(await latestLinkFor(request, shopper.email, "email-change-requested"));
  await expect(page.getByRole("heading", { level: 1, name: "Stop the Email Change" })).toBeVisible();
  await page.getByRole("button", { name: "Stop the Change" }).click();
  await expect(page.getByText(/The change was stopped/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Reset your password" })).toHaveAttribute(
    "href",
    "/account/recover",
  );

  // The confirm link no longer works, and the page says why.
  await page.goto(await latestLinkFor(request, newEmail, "email-change-confirm"));
  await page.getByRole("button", { name: "Confirm New Email" }).click();
  await expect(page.getByRole("alert")).toContainText("the change was stopped");
});

test("password change: mismatch and too-short texts, then the new password works", async ({
  page,
  request,
}) => {
  const shopper = await registerShopper(request, "password");
  await signInViaApi(page, { email: shopper.email, password: shopper.password });
  await page.goto("/account/profile");
  const form = page.getByRole("form", { name: "Change Password" });
  await expect(form.getByText("Password must be at least 8 characters")).toBeVisible();
  await expect(form.getByLabel("New password", { exact: true })).toHaveAttribute(
    "autocomplete",
    "new-password",
  );

  await form.getByLabel("Current password").fill(shopper.password);
  await form.getByLabel("New password", { exact: true }).fill("short");
  await form.getByLabel("Confirm new password").fill("short");
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(form.getByText("New password must be at least 8 characters long")).toBeVisible();

  await form.getByLabel("New password", { exact: true }).fill("long-enough-password");
  await form.getByLabel("Confirm new password").fill("long-enough-passw0rd");
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(form.getByText("New passwords do not match")).toBeVisible();

  await form.getByLabel("Current password").fill("not-my-password");
  await form.getByLabel("Confirm new password").fill("long-enough-password");
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(form.getByRole("alert")).toContainText("Current password is incorrect");

  await form.getByLabel("Current password").fill(shopper.password);
  await form.getByRole("button", { name: "Update Password" }).click();
  await expect(form.getByText("Your password has been updated.")).toBeVisible();

  await page.context().clearCookies();
  await signInWithForm(page, { email: shopper.email, password: shopper.password });
  await expect(page.getByRole("alert")).toContainText("Login failed");
  await signInWithForm(page, { email: shopper.email, password: "long-enough-password" });
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
});
