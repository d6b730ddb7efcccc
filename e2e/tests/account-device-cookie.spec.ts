// A browser that has signed in to an account keeps a signed device cookie across sign-out and
// presents it at the next sign-in, so failed sign-ins from elsewhere never lock it out of its
// own account (the lock-out itself is tested in server/test/rate-limits.test.ts).

import { DEMO } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { failOnPageErrors, quietSubscribeDialog, signInWithForm } from "./account-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

test("signing in with the form leaves a device cookie that outlives Logout and is used again", async ({
  page,
  context,
}) => {
  const watch = failOnPageErrors(page);
  const device = async () => (await context.cookies()).find((c) => c.name === "vela_device");
  await page.goto("/account/login");
  expect(await device()).toBeUndefined();

  await signInWithForm(page, DEMO);
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  const first = await device();
  expect(first?.httpOnly).toBe(true);
  expect(first?.sameSite).toBe("Strict");
  // About a year, not a session cookie.
  expect(first?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
  // Scripts on the page cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain("vela_device");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect.poll(async () => (await page.request.get("/api/account/customer")).status()).toBe(401);
  expect((await device())?.value).toBe(first?.value);

  // The next sign-in from this browser is recognised: the same cookie comes back.
  await signInWithForm(page, DEMO);
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();
  expect((await device())?.value).toBe(first?.value);
  expect(watch.errors).toEqual([]);
});
