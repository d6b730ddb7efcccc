import { expectNoSeriousA11yViolations, latestLinkFor } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { mailboxRows, mailText, PHONE, pauseClock, stepUntil } from "./storefront-support.ts";

const COUNTER = "subscribeVisitCount";

// First visits: none of the 'subscribed' cookie that playwright.config.ts gives every other spec.
test.use({ storageState: { cookies: [], origins: [] } });

test("first visit shows the offer 5 s after load; the next visit sets the 'subscribed' cookie for a day instead", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await pauseClock(page);
  await page.goto("/products");
  // The offer's timer starts with the counter; step until the counter is there.
  await stepUntil(page, async () => (await page.evaluate((k) => localStorage.getItem(k), COUNTER)) === "1");
  const scheduled = await page.evaluate(() => Date.now());
  await stepUntil(page, () => page.getByRole("heading", { level: 1, name: "Products" }).isVisible(), 200);
  const sinceScheduled = (await page.evaluate(() => Date.now())) - scheduled;
  // The timer was set at most one 50 ms step before `scheduled`: 4.85 s later it has not fired.
  await page.clock.runFor(4_850 - sinceScheduled);
  await expect(page.getByRole("region", { name: "Subscribe and save 10%" })).toHaveCount(0);
  await page.clock.runFor(250);
  const dialog = page.getByRole("region", { name: "Subscribe and save 10%" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("cannot be combined with other promo codes");
  // (axe waits on timers, so the shown offer is checked in the tests below, on real time.)
  await dialog.getByRole("button", { name: "No thanks" }).click();
  await expect(dialog).toHaveCount(0);
  expect((await context.cookies()).find((c) => c.name === "subscribed")).toBeUndefined();

  // Next visit: no offer; the counter goes and the cookie comes, for one day.
  await page.reload();
  await stepUntil(page, () => page.getByRole("heading", { level: 1, name: "Products" }).isVisible(), 200);
  expect(await page.evaluate((k) => localStorage.getItem(k), COUNTER)).toBeNull();
  const cookie = (await context.cookies()).find((c) => c.name === "subscribed");
  expect(decodeURIComponent(cookie?.value ?? "")).toBe("anonymous@vela.test");
  const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
  expect(lifetime).toBeGreaterThan(86_400 - 60);
  expect(lifetime).toBeLessThanOrEqual(86_400 + 1);
  await page.clock.runFor(10_000);
  await expect(page.getByRole("region", { name: "Subscribe and save 10%" })).toHaveCount(0);

  // While the cookie lives, nothing more happens.
  await page.reload();
  await stepUntil(page, () => page.getByRole("heading", { level: 1, name: "Products" }).isVisible(), 200);
  await page.clock.runFor(10_000);
  await expect(page.getByRole("region", { name: "Subscribe and save 10%" })).toHaveCount(0);
  expect(await page.evaluate((k) => localStorage.getItem(k), COUNTER)).toBeNull();

  // Once it has gone (a day later), the next visit is a first one again.
  await context.clearCookies({ name: "subscribed" });
  await page.reload();
  await stepUntil(page, async () => (await page.evaluate((k) => localStorage.getItem(k), COUNTER)) === "1");
  await page.clock.runFor(5_100);
  await expect(page.getByRole("region", { name: "Subscribe and save 10%" })).toBeVisible();
});

test("subscribing: double opt-in email, then a single-use 10% code by email, and unsubscribing from the email", async ({
  page,
}) => {
  const email = `reader-${Date.now()}@example.com`;
  await page.setViewportSize(PHONE);
  await page.goto("/reviews");
  // Real time here: the offer comes 5 s after load.
  const dialog = page.getByRole("region", { name: "Subscribe and save 10%" });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  await expect(dialog.getByRole("status")).toHaveText(
    "Almost there: check your inbox and confirm your subscription.",
  );
  await dialog.getByRole("button", { name: "Close", exact: true }).click();

  const confirmLink = await latestLinkFor(page.request, email, "newsletter-confirm");
  expect(new URL(confirmLink).pathname).toBe("/newsletter/confirm");
  // Opening the link changes nothing (mail scanners open links and may run the page's scripts)...
  await page.goto(confirmLink);
  const confirmButton = page.getByRole("button", { name: "Confirm my subscription" });
  await expect(confirmButton).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.waitForLoadState("networkidle");
  expect((await mailboxRows(page.request)).filter((r) => r.to === email).map((r) => r.kind)).toEqual([
    "newsletter-confirm",
  ]);
  // ...the reader's click does.
  await confirmButton.click();
  await expect(page.getByRole("status")).toContainText("You are subscribed.");
  await expectNoSeriousA11yViolations(page);

  const welcome = (await mailboxRows(page.request)).find(
    (r) => r.to === email && r.kind === "newsletter-welcome-code",
  );
  expect(welcome?.subject).toBe("Your 10% code for your next order");
  const text = await mailText(page.request, welcome?.href ?? "");
  expect(text).toMatch(/Your code for 10% off your next order: VELA10-[A-Z2-9]{8}/);
  expect(text).toContain("The code can be used once and cannot be combined with other promo codes.");

  const unsubscribeLink = await latestLinkFor(page.request, email, "newsletter-welcome-code");
  expect(new URL(unsubscribeLink).pathname).toBe("/newsletter/unsubscribe");
  await page.goto(unsubscribeLink);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toContainText("You are unsubscribed.");
});

test("the offer in Japanese", async ({ page }) => {
  await page.goto("/products?lang=ja-JP");
  const dialog = page.getByRole("region", { name: "登録で10%オフ" });
  await expect(dialog).toBeVisible({ timeout: 10_000 });
  await expect(dialog).toContainText("他のプロモーションコードとの併用はできません");
  await expectNoSeriousA11yViolations(page);
});
