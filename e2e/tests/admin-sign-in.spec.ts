// The admin in a browser: the demo owner signs in, sets up an authenticator app (codes computed
// here with otpauth, as the app would), signs out, signs in again with a code, and adds a support
// member; the member opens the one-time link, chooses a password, signs in, sees no Staff entry and
// gets the no-access page at /admin/staff. Every admin page passes axe in English and Japanese, is
// used by keyboard (focus to the page's heading on navigation) and fits a tablet.

import {
  createStaffMember,
  DEMO_OWNER,
  freshTotpCode,
  signInAsStaff,
  signOutOfAdmin,
  staffCli,
  totpCode,
} from "../support/admin.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";

test.describe("signing in to the admin", () => {
  // The demo owner's second factor is this spec's own: the specs after it sign in without one.
  test.afterAll(({ baseURL }) => {
    staffCli(["reset-2fa", DEMO_OWNER.email], baseURL ?? "http://localhost");
  });

  test("the owner sets up a second factor, signs in with it, and adds a support member who sees only their pages", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // No second factor yet: signed in at once, and offered one.
    await signInAsStaff(page, DEMO_OWNER.email, DEMO_OWNER.password);
    await expect(
      page.getByText("Your account has no second sign-in factor yet.", { exact: false }),
    ).toBeVisible();
    await page.getByRole("link", { name: "Set it up" }).click();

    await expect(
      page.getByRole("heading", { level: 1, name: "Set up your authenticator app" }),
    ).toBeVisible();
    await expect(
      page.getByRole("img", { name: "QR code to add this store to an authenticator app" }),
    ).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const enrolCode = totpCode(secret);
    await page.getByLabel("6-digit code from the app").fill(enrolCode);
    await page.getByRole("button", { name: "Confirm" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Save your recovery codes" })).toBeFocused();
    const codes = await page
      .getByRole("list", { name: "Recovery codes" })
      .getByRole("listitem")
      .allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("no second sign-in factor yet", { exact: false })).toHaveCount(0);

    // Out, and in again: the password, then a code from the app (not the one the set-up used).
    await signOutOfAdmin(page);
    await page.getByLabel("Email").fill(DEMO_OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_OWNER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
    await page.getByLabel("Code or recovery code").fill("000000");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("alert")).toContainText("That code is not right, or it was used already");
    await page.getByLabel("Code or recovery code").fill(freshTotpCode(secret, enrolCode));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();

    // A support member, added on the staff page: the link to hand over is shown once.
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await nav.getByRole("link", { name: "Staff" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeFocused();
    const email = `e2e-support-${Date.now()}@vela.test`;
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Role", { exact: true }).selectOption("support");
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByRole("heading", { name: `Hand this link to ${email}` })).toBeFocused();
    const link = await page.getByLabel(`One-time link for ${email}`).inputValue();
    expect(link).toMatch(/\/admin\/setup-password\?token=[\w-]{43}$/);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("Password not chosen yet")).toBeVisible();
    await signOutOfAdmin(page);

    // The member opens the link, chooses a password, signs in.
    const url = new URL(link);
    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole("heading", { level: 1, name: "Choose your password" })).toBeVisible();
    await page.getByLabel("New password").fill("support-password-e2e");
    await page.getByLabel("Repeat the password").fill("support-password-e2e");
    await page.getByRole("button", { name: "Set the password" }).click();
    await expect(page.getByText("Your password is set. You can sign in with it now.")).toBeVisible();
    // The link works once.
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel("New password").fill("another-password-e2e");
    await page.getByLabel("Repeat the password").fill("another-password-e2e");
    await page.getByRole("button", { name: "Set the password" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "This link to choose a password is invalid or was used already",
    );

    await signInAsStaff(page, email, "support-password-e2e");
    await expect(page.getByText(/Role: Support/)).toBeVisible();
    await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Audit trail" })).toHaveCount(0);
    await page.goto("/admin/staff");
    await expect(page.getByRole("heading", { level: 1, name: "You do not have access" })).toBeVisible();
    await expect(page.getByText("“Manage staff”", { exact: false })).toBeVisible();
  });

  test("an ended session sends the member to sign in, and back to the page after", async ({
    page,
    baseURL,
  }) => {
    const owner = await createStaffMember(baseURL ?? "", "owner", "expiry");
    await signInAsStaff(page, owner.email, owner.password);
    await page.goto("/admin/audit?kind=staff.created");
    await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
    // The session ends behind the page's back (here: the staff cookie is dropped).
    await page.context().clearCookies({ name: "vela_staff_session" });
    await page.getByLabel(/^Kind/).fill("staff.password-set");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(
      page.getByText("Your session has ended. Sign in again to continue where you were."),
    ).toBeVisible();
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/audit\?kind=staff\.password-set$/);
  });
});

for (const locale of ["en-US", "ja-JP"] as const) {
  test(`every admin page passes axe (${locale}), by keyboard and on a tablet`, async ({
    page,
    baseURL,
    context,
  }) => {
    test.setTimeout(120_000);
    const base = baseURL ?? "http://localhost";
    await context.addCookies([{ name: "lang", value: locale, url: base }]);
    const ja = locale === "ja-JP";
    const owner = await createStaffMember(base, "owner", `axe-${locale}`);
    const support = await createStaffMember(base, "support", `axe-${locale}`);

    // Signed out: sign-in, the password link.
    await page.goto("/admin/sign-in");
    await expect(
      page.getByRole("heading", { level: 1, name: ja ? "管理画面にログイン" : "Sign in to the admin" }),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expectNoSeriousA11yViolations(page);
    await page.goto("/admin/setup-password?token=not-a-real-token");
    await expect(
      page.getByRole("heading", { level: 1, name: ja ? "パスワードを設定" : "Choose your password" }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The owner's pages. Signing in by keyboard alone.
    await page.goto("/admin/sign-in");
    await page.getByLabel(ja ? "メールアドレス" : "Email").fill(owner.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(owner.password);
    await page.keyboard.press("Enter");
    const nav = page.getByRole("navigation", { name: ja ? "管理画面のメニュー" : "Admin sections" });
    await expect(nav).toBeVisible();
    await expect(
      page.getByRole("heading", { level: 1, name: ja ? "ダッシュボード" : "Dashboard" }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const [name, heading] of ja
      ? [
          ["スタッフ", "スタッフ"],
          ["監査ログ", "監査ログ"],
        ]
      : [
          ["Staff", "Staff"],
          ["Audit trail", "Audit trail"],
        ]) {
      const link = nav.getByRole("link", { name, exact: true });
      await link.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeFocused();
      await expect(page.getByRole("table")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // A tablet (768 px wide): the page fits, a wide table scrolls inside its own frame.
      await page.setViewportSize({ width: 768, height: 1024 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(768);
      await expect(nav).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 1280, height: 720 });
    }
    // The enrolment page (the owner has no second factor).
    await page.goto("/admin/enrol");
    await expect(page.getByTestId("totp-secret")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/admin");
    await page.getByRole("button", { name: ja ? "ログアウト" : "Sign out" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: ja ? "管理画面にログイン" : "Sign in to the admin" }),
    ).toBeVisible();

    // The no-access page, as support.
    await page.goto("/admin/sign-in");
    await page.getByLabel(ja ? "メールアドレス" : "Email").fill(support.email);
    await page.getByLabel(ja ? "パスワード" : "Password", { exact: true }).fill(support.password);
    await page.getByRole("button", { name: ja ? "ログイン" : "Sign in" }).click();
    await expect(nav).toBeVisible();
    await page.goto("/admin/staff");
    await expect(
      page.getByRole("heading", {
        level: 1,
        name: ja ? "このページへのアクセス権がありません" : "You do not have access",
      }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
