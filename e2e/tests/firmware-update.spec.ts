import { gunzipSync, gzipSync } from "node:zlib";
import { connect, expectNoHorizontalScroll, withSimulatedGlasses } from "../support/firmware.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, type Page, test } from "../support/test.ts";

async function chooseVersion(page: Page, version: string): Promise<void> {
  const select = page.getByLabel("Firmware version");
  const value = await select.locator("option", { hasText: version }).getAttribute("value");
  expect(value).not.toBeNull();
  await select.selectOption(value ?? "");
  await expect(page.getByTestId("release-info")).toContainText(`What's new in ${version}`);
}

test.describe("Firmware update page", () => {
  test("shows the instructions, the versions with date and notes, and updates to the Successful dialog", async ({
    page,
  }) => {
    await withSimulatedGlasses(page, { model: "N6P", firmwareVersion: "1.0.0" });
    await page.goto("/firmware/update");
    await expect(page.getByRole("heading", { level: 1, name: "Firmware Update" })).toBeVisible();
    await expect(
      page.getByText("Do not unplug the glasses or refresh this page during the update."),
    ).toBeVisible();
    await expect(
      page.getByText("Unplug the glasses only after the Update Successful message."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "See troubleshooting" })).toHaveAttribute("href", /#/);
    await expect(page.getByRole("link", { name: "Release notes", exact: true })).toHaveAttribute(
      "href",
      "/release-updates/xr-glasses",
    );
    await expect(page.getByRole("button", { name: "Update", exact: true })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    await connect(page);
    await expect(page.getByTestId("firmware-version")).toHaveText("1.0.0");
    // Newest first, each with its release date; the running version is marked.
    const options = page.getByLabel("Firmware version").locator("option");
    await expect(options.first()).toHaveText("1.3.0 (August 27, 2026)");
    await expect(options.last()).toHaveText("1.0.0 (February 10, 2025), installed");
    await chooseVersion(page, "1.1.0");
    await expect(page.getByTestId("release-info")).toContainText("June 24, 2025");
    await expect(page.getByTestId("release-info")).toContainText("Adds the dynamic light strip");

    await page.getByRole("button", { name: "Update", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Update Successful" });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toContainText("Your firmware has been upgraded to the selected version.");
    await expect(page.getByTestId("update-percent")).toHaveText("100%");
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.runningVersion)).toBe("1.1.0");

    await dialog.getByRole("button", { name: "Refresh" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("firmware-version")).toHaveText("1.1.0");
  });

  test("an unplug in the middle ends in the failed dialog; reconnecting and updating again resumes and succeeds", async ({
    page,
  }) => {
    await withSimulatedGlasses(page, { model: "N6P", firmwareVersion: "1.0.0" });
    await page.goto("/firmware/update");
    await connect(page);
    await chooseVersion(page, "1.2.0");
    const total = Number(
      await page.evaluate(async () => {
        const res = await fetch("/api/firmware?model=N6P");
        const list = (await res.json()) as { versions: { version: string; size: number }[] };
        return list.versions.find((v) => v.version === "1.2.0")?.size ?? 0;
      }),
    );
    expect(total).toBeGreaterThan(64 * 1024);
    await page.evaluate(() =>
      window.__VELA_SIMULATOR__.glasses.injectFault({ kind: "unplug", at: "write", afterBytes: 40_000 }),
    );
    await page.getByRole("button", { name: "Update", exact: true }).click();

    const failed = page.getByRole("dialog", { name: "Update Failed" });
    await expect(failed).toBeVisible({ timeout: 20_000 });
    await expect(failed).toContainText("Please try again.");
    await expect(failed).toContainText("The glasses were disconnected during the update.");
    await expectNoSeriousA11yViolations(page);
    await failed.getByRole("button", { name: "Close" }).click();
    await expect(failed).toBeHidden();
    await expect(page.getByTestId("connection-status")).toContainText("The glasses were disconnected.");
    const writtenBefore = await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.stats.chunksWritten);

    // Plug the glasses in again: they boot their old firmware.
    await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.plug());
    await page.getByRole("button", { name: "Reconnect" }).click();
    await expect(page.getByTestId("device-panel")).toBeVisible();
    await expect(page.getByTestId("firmware-version")).toHaveText("1.0.0");

    await chooseVersion(page, "1.2.0");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    const success = page.getByRole("dialog", { name: "Update Successful" });
    await expect(success).toBeVisible({ timeout: 20_000 });
    await success.getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("firmware-version")).toHaveText("1.2.0");
    // The second run continued from where the flash got to instead of writing everything again.
    const writtenAfter = await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.stats.chunksWritten);
    expect(writtenBefore).toBeGreaterThan(0);
    expect(writtenAfter).toBeLessThan(Math.ceil(total / 51) + 5);
  });

  test("a download that does not match its SHA-256 is refused before a byte reaches the glasses", async ({
    page,
  }) => {
    await withSimulatedGlasses(page, { model: "N6P", firmwareVersion: "1.0.0" });
    // A tampered image, validly gzipped, with the genuine checksum header.
    await page.route("**/api/firmware/*/image", async (route) => {
      const genuine = await route.fetch();
      const image = gunzipSync(await genuine.body());
      image[image.length - 1] = (image[image.length - 1] ?? 0) ^ 0xff;
      await route.fulfill({ response: genuine, body: gzipSync(image) });
    });
    await page.goto("/firmware/update");
    await connect(page);
    const spareBefore = await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.store.slots[1]);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    const failed = page.getByRole("dialog", { name: "Update Failed" });
    await expect(failed).toBeVisible({ timeout: 20_000 });
    await expect(failed).toContainText(
      "The downloaded firmware was damaged, so nothing was sent to the glasses.",
    );
    expect(await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.stats.chunksWritten)).toBe(0);
    expect(await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.store.slots[1])).toEqual(spareBefore);
    await failed.getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("connection-status")).toHaveText("Connected.");
  });

  test("Refresh after a failure reconnects to glasses that came back", async ({ page }) => {
    await withSimulatedGlasses(page, { model: "P6", firmwareVersion: "1.0.0", serialNumber: "P6-E2E-0007" });
    await page.goto("/firmware/update");
    await connect(page);
    await page.evaluate(() =>
      window.__VELA_SIMULATOR__.glasses.injectFault({
        kind: "unplug",
        at: "write",
        afterBytes: 4096,
        replugAfterMs: 100,
      }),
    );
    await page.getByRole("button", { name: "Update", exact: true }).click();
    const failed = page.getByRole("dialog", { name: "Update Failed" });
    await expect(failed).toBeVisible({ timeout: 20_000 });
    await failed.getByRole("button", { name: "Refresh" }).click();
    await expect(failed).toBeHidden();
    await expect(page.getByTestId("device-panel")).toBeVisible();
    await expect(page.getByTestId("firmware-version")).toHaveText("1.0.0");
  });

  test("lays out on a 375 px screen and reads in Japanese", async ({ page }) => {
    await withSimulatedGlasses(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/firmware/update?lang=ja-JP");
    await expect(page.getByRole("heading", { level: 1, name: "ファームウェア更新" })).toBeVisible();
    await page.getByRole("button", { name: "接続", exact: true }).click();
    await expect(page.getByTestId("device-panel")).toBeVisible();
    await expect(page.getByTestId("release-info")).toContainText("年");
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("Firmware update page on Windows", () => {
  test.use({
    userAgent:
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
  });

  test("shows the desktop-app note for the Luma Ultra", async ({ page }) => {
    await withSimulatedGlasses(page, { model: "P6S" });
    await page.goto("/firmware/update");
    await expect(page.getByTestId("ultra-windows-note")).toBeHidden();
    await connect(page);
    await expect(page.getByTestId("ultra-windows-note")).toContainText("desktop app with its driver");
  });
});
