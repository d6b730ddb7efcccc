import { connect, expectNoHorizontalScroll, withSimulatedGlasses } from "../support/firmware.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";

test.describe("IMU calibration page", () => {
  test("connects to the glasses and shows product name, firmware version and serial number", async ({
    page,
  }) => {
    await withSimulatedGlasses(page, {
      model: "N6P",
      firmwareVersion: "1.0.0",
      serialNumber: "N6P-E2E-0042",
    });
    await page.goto("/firmware/calibration");
    await expect(page.getByRole("heading", { level: 1, name: "IMU Calibration" })).toBeVisible();
    await expect(page.getByText("Use Chrome or Edge 98 or later.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Calibrate" })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    await connect(page);
    await expect(page.getByTestId("product-name")).toContainText("Vela Pro");
    await expect(page.getByTestId("firmware-version")).toHaveText("1.0.0");
    await expect(page.getByTestId("serial-number")).toHaveText("N6P-E2E-0042");
    await expect(page.getByTestId("connection-status")).toHaveText("Connected.");
    // The type select follows the glasses that answered.
    await expect(page.getByLabel("Glasses type")).toHaveValue("N6P");
    await expect(page.getByLabel("Glasses type")).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Disconnect" }).click();
    await expect(page.getByTestId("device-panel")).toBeHidden();
    await expect(page.getByTestId("connection-status")).toHaveText("Not connected.");
  });

  test("calibrates to 100%, starting again when the glasses move", async ({ page }) => {
    await withSimulatedGlasses(page, { model: "N6" });
    await page.goto("/firmware/calibration");
    await connect(page);
    // Half a second into the IMU stream the glasses are shaken for 0.6 s.
    await page.evaluate(() =>
      window.__VELA_SIMULATOR__.glasses.injectFault({ kind: "motion", afterMs: 500, durationMs: 600 }),
    );
    await page.getByRole("button", { name: "Calibrate" }).click();
    const status = page.getByTestId("calibration-status");
    await expect(page.getByTestId("calibration-restarts")).toContainText(
      /Restarts because the glasses moved: [1-9]/,
      {
        timeout: 10_000,
      },
    );
    await expect(status).toHaveText("Calibration complete.", { timeout: 20_000 });
    await expect(page.getByTestId("calibration-percent")).toHaveText("100%");
    await expect(page.getByRole("progressbar", { name: "Calibration progress" })).toHaveAttribute(
      "value",
      "100",
    );
    await expect(page.getByTestId("calibration-result")).toContainText("rad/s");
    const stored = await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.store.calibration);
    expect(stored).not.toBeNull();
    expect(Math.hypot(...(stored?.gravity ?? [0, 0, 0]))).toBeCloseTo(9.81, 0);
    await expectNoSeriousA11yViolations(page);
  });

  test("refuses the Luma Ultra at connect with a clear message", async ({ page }) => {
    await withSimulatedGlasses(page, { model: "P6S", serialNumber: "P6S-E2E-0001" });
    await page.goto("/firmware/calibration");
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(page.getByTestId("connect-problem")).toHaveText(
      "The Vela Luma Ultra needs no IMU calibration and is not supported by this tool.",
    );
    await expect(page.getByTestId("device-panel")).toBeHidden();
    await expect(page.getByTestId("connection-status")).toHaveText("Not connected.");
    // The glasses were let go again, so another app (or tool) can open them.
    await expect.poll(() => page.evaluate(() => window.__VELA_SIMULATOR__.glasses.linkOpen)).toBe(false);
  });

  test("a device chooser closed without a choice is not an error", async ({ page }) => {
    await withSimulatedGlasses(page, { grant: false });
    await page.goto("/firmware/calibration");
    await page.getByRole("button", { name: "Connect", exact: true }).click();
    await expect(page.getByTestId("connection-status")).toHaveText("Not connected.");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Connect", exact: true })).toBeEnabled();
  });

  test("Try with simulated glasses works without a device, in Japanese, on a phone-sized screen", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/firmware/calibration?lang=ja-JP");
    await expect(page.getByRole("heading", { level: 1, name: "IMUキャリブレーション" })).toBeVisible();
    await page.getByLabel("グラスの種類").selectOption("N6C");
    await page.getByRole("button", { name: "シミュレーションのグラスで試す" }).click();
    await expect(page.getByTestId("product-name")).toContainText("Vela One Lite", { timeout: 10_000 });
    await expect(page.getByTestId("serial-number")).toHaveText("N6C-DEMO-0001");
    await expect(page.getByTestId("simulator-panel")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
  });

  test("is usable with the keyboard alone", async ({ page }) => {
    await withSimulatedGlasses(page);
    await page.goto("/firmware/calibration");
    const connectButton = page.getByRole("button", { name: "Connect", exact: true });
    await connectButton.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("device-panel")).toBeVisible();
    const calibrate = page.getByRole("button", { name: "Calibrate" });
    await calibrate.focus();
    await expect(calibrate).toBeFocused();
  });
});

test.describe("when the glasses cannot be opened", () => {
  /** Another program holds the glasses' control interface, so the page's open() is refused. */
  async function holdTheGlasses(page: import("@playwright/test").Page): Promise<void> {
    // The simulator is installed by a dynamic import after load; wait for it rather than race it.
    await page.waitForFunction(() => Boolean(window.__VELA_SIMULATOR__));
    await page.evaluate(() => {
      window.__VELA_SIMULATOR__.glasses.openLink({ onReport() {}, onDisconnect() {} });
    });
  }

  test.describe("on Linux", () => {
    test.use({
      userAgent:
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
    });

    test("the page explains the udev rule", async ({ page }) => {
      await withSimulatedGlasses(page);
      await page.goto("/firmware/calibration");
      await holdTheGlasses(page);
      await page.getByRole("button", { name: "Connect", exact: true }).click();
      const problem = page.getByTestId("connect-problem");
      await expect(problem).toContainText("Linux did not let this browser open the glasses.");
      await expect(problem).toContainText("/etc/udev/rules.d/70-vela-glasses.rules");
      await expect(problem).toContainText('ATTRS{idVendor}=="3a56"');
      await expect(problem).toContainText('TAG+="uaccess"');
      await expect(problem).toContainText("sudo udevadm control --reload-rules && sudo udevadm trigger");
      await expect(page.getByTestId("device-panel")).toBeHidden();
      await expectNoSeriousA11yViolations(page);
    });
  });

  test.describe("on Windows", () => {
    test.use({
      userAgent:
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
    });

    test("the page says another app may hold the glasses", async ({ page }) => {
      await withSimulatedGlasses(page);
      await page.goto("/firmware/calibration");
      await holdTheGlasses(page);
      await page.getByRole("button", { name: "Connect", exact: true }).click();
      await expect(page.getByTestId("connect-problem")).toHaveText(
        "The glasses could not be opened. Close other apps that use them (such as the desktop app or another browser tab), then try again.",
      );
    });
  });
});

test.describe("after an unplug", () => {
  test("during the calibration, a successful Reconnect clears the disconnect error", async ({ page }) => {
    await withSimulatedGlasses(page, { model: "N6" });
    await page.goto("/firmware/calibration");
    await connect(page);
    await page.getByRole("button", { name: "Calibrate" }).click();
    const status = page.getByTestId("calibration-status");
    await expect(status).not.toHaveText("Calibration complete.");
    await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.unplug());
    await expect(status).toHaveText(
      "The glasses were disconnected during the calibration. Reconnect them and try again.",
    );

    await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.plug());
    await page.getByRole("button", { name: "Reconnect" }).click();
    await expect(page.getByTestId("connection-status")).toHaveText("Connected.");
    await expect(status).toHaveText("Ready to calibrate.");
    await expect(page.getByText("disconnected during the calibration")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Calibrate" })).toBeEnabled();
  });
});
