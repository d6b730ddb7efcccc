import { connect, expectNoHorizontalScroll, withSimulatedGlasses } from "../support/firmware.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, type Page, test } from "../support/test.ts";

const displayed = (page: Page) => page.evaluate(() => window.__VELA_SIMULATOR__.glasses.displayedColor);
const stored = (page: Page) => page.evaluate(() => window.__VELA_SIMULATOR__.glasses.store.color);

async function pressOn(page: Page, testId: string, ...keys: string[]): Promise<void> {
  const slider = page.getByTestId(testId);
  await slider.focus();
  for (const key of keys) await page.keyboard.press(key);
}

test.describe("Color tuning page", () => {
  test("everything is disabled until connected; the model help dialog opens and closes from the keyboard", async ({
    page,
  }) => {
    await withSimulatedGlasses(page);
    await page.goto("/firmware/color");
    await expect(page.getByRole("heading", { level: 1, name: "Color Tuning" })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Wearer Detection" })).toBeDisabled();
    await expect(page.getByRole("switch", { name: "High Color Accuracy Mode" })).toBeDisabled();
    await expect(page.getByRole("switch", { name: "Blue Light Protection" })).toBeDisabled();
    await expect(page.getByRole("slider", { name: "Red" })).toBeDisabled();
    await expect(page.getByText("The dynamic light strip increases power consumption.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const help = page.getByRole("button", { name: "How to check your XR Glasses model?" });
    await help.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "How to check your XR Glasses model?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("inside of the temple arm");
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(help).toBeFocused();

    await connect(page);
    await expect(page.getByRole("switch", { name: "Wearer Detection" })).toBeEnabled();
    await expect(page.getByRole("switch", { name: "High Color Accuracy Mode" })).toBeEnabled();
    // Off from the factory on the Pro (N6P): only the One Lite ships with it on.
    await expect(page.getByRole("switch", { name: "Blue Light Protection" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    await expect(page.getByRole("slider", { name: "Red" })).toHaveValue("50");
    await expect(page.getByRole("slider", { name: "Contrast" })).toHaveValue("0");
    await expect(page.getByRole("slider", { name: "Section 1" })).toHaveValue("75");
    await expectNoSeriousA11yViolations(page);
  });

  test("sliders and the colour mode are previewed live on the glasses, and nothing is saved before Apply", async ({
    page,
  }) => {
    await withSimulatedGlasses(page);
    await page.goto("/firmware/color");
    await connect(page);

    await pressOn(page, "color-red", "End");
    await expect(page.getByRole("slider", { name: "Red" })).toHaveValue("127");
    await expect.poll(async () => (await displayed(page)).red).toBe(127);

    // A quick run of key presses: the glasses end on the last value.
    await pressOn(page, "color-green", ...Array<string>(12).fill("ArrowLeft"));
    await expect.poll(async () => (await displayed(page)).green).toBe(38);
    await pressOn(page, "color-temperature", "ArrowRight", "ArrowRight");
    await expect.poll(async () => (await displayed(page)).temperature).toBe(2);
    await page.getByRole("radio", { name: /Film/ }).check();
    await expect.poll(async () => (await displayed(page)).mode).toBe(2);
    expect(await stored(page)).toMatchObject({ red: 50, green: 50, temperature: 0, mode: 0 });
    await expect(page.getByText("Not applied yet").first()).toBeVisible();

    // Reset previews the defaults of spec 001 §9.
    await page.getByTestId("color-adjustment").getByRole("button", { name: "Reset" }).click();
    await expect(page.getByRole("slider", { name: "Red" })).toHaveValue("50");
    await expect.poll(async () => (await displayed(page)).red).toBe(50);

    // The light strip: Second 3, Section 2, previewed.
    await page.getByRole("tab", { name: "Second 1" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Second 3" })).toHaveAttribute("aria-selected", "true");
    await pressOn(page, "strip-section-2", "End");
    await expect
      .poll(() => page.evaluate(() => window.__VELA_SIMULATOR__.glasses.displayedLightStrip[2]?.[1]))
      .toBe(255);
  });

  test("applied settings survive a reconnect; previews do not", async ({ page }) => {
    await withSimulatedGlasses(page);
    await page.goto("/firmware/color");
    await connect(page);

    await pressOn(page, "color-red", "End");
    await page.getByRole("radio", { name: /Warm/ }).check();
    await page.getByTestId("color-adjustment").getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Applied. The glasses keep these color settings.")).toBeVisible();
    expect(await stored(page)).toMatchObject({ red: 127, mode: 3 });

    await page.getByRole("tab", { name: "Second 5" }).click();
    await pressOn(page, "strip-section-6", "Home");
    await page.getByTestId("light-strip").getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Applied. The glasses keep this light strip.")).toBeVisible();

    // Previewed only, never applied.
    await pressOn(page, "color-blue", "End");
    await expect.poll(async () => (await displayed(page)).blue).toBe(127);

    // Unplug and plug in again, then reconnect.
    await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.unplug());
    await expect(page.getByTestId("connection-status")).toContainText("The glasses were disconnected.");
    await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.plug());
    await page.getByRole("button", { name: "Reconnect" }).click();
    await expect(page.getByTestId("device-panel")).toBeVisible();

    await expect(page.getByRole("slider", { name: "Red" })).toHaveValue("127");
    await expect(page.getByRole("radio", { name: /Warm/ })).toBeChecked();
    await expect(page.getByRole("slider", { name: "Blue" })).toHaveValue("50");
    await page.getByRole("tab", { name: "Second 5" }).click();
    await expect(page.getByRole("slider", { name: "Section 6" })).toHaveValue("0");
    expect((await displayed(page)).blue).toBe(50);
  });

  test("High Color Accuracy Mode restarts the glasses and the page reconnects by itself", async ({
    page,
  }) => {
    await withSimulatedGlasses(page);
    await page.goto("/firmware/color");
    await connect(page);
    const hca = page.getByRole("switch", { name: "High Color Accuracy Mode" });
    await expect(hca).toHaveAttribute("aria-checked", "false");
    const bootsBefore = await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.stats.boots);

    await hca.click();
    await expect(page.getByTestId("hca-status")).toHaveText(
      "The glasses restarted with High Color Accuracy Mode on.",
      { timeout: 15_000 },
    );
    await expect(hca).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("connection-status")).toHaveText("Connected.");
    expect(await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.store.highColorAccuracy)).toBe(true);
    expect(await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.stats.boots)).toBe(bootsBefore + 1);
    // The reconnected glasses answer the other controls again.
    await pressOn(page, "color-red", "Home");
    await expect.poll(async () => (await displayed(page)).red).toBe(0);
  });

  test("Blue Light Protection is on from the factory on the One Lite; switched off, the glasses keep it off", async ({
    page,
  }) => {
    await withSimulatedGlasses(page, { model: "N6C", serialNumber: "N6C-E2E-0007" });
    await page.goto("/firmware/color");
    await connect(page);
    const blue = page.getByRole("switch", { name: "Blue Light Protection" });
    await expect(blue).toHaveAttribute("aria-checked", "true");
    const bootsBefore = await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.stats.boots);

    await blue.focus();
    await page.keyboard.press("Space");
    await expect(blue).toHaveAttribute("aria-checked", "false");
    expect(await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.store.blueLightProtection)).toBe(
      false,
    );
    // No restart, unlike High Color Accuracy Mode.
    expect(await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.stats.boots)).toBe(bootsBefore);

    await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.unplug());
    await expect(page.getByTestId("connection-status")).toContainText("The glasses were disconnected.");
    await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.plug());
    await page.getByRole("button", { name: "Reconnect" }).click();
    await expect(page.getByTestId("device-panel")).toBeVisible();
    await expect(blue).toHaveAttribute("aria-checked", "false");
    await expectNoSeriousA11yViolations(page);
  });

  test("Wearer Detection turns the display off one minute after the glasses are taken off", async ({
    page,
  }) => {
    await page.clock.install();
    await withSimulatedGlasses(page);
    await page.goto("/firmware/color");
    await connect(page);
    const wearer = page.getByRole("switch", { name: "Wearer Detection" });
    await wearer.click();
    await expect(wearer).toHaveAttribute("aria-checked", "true");
    expect(await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.store.wearerDetection)).toBe(true);

    await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.setWorn(false));
    await expect(page.getByTestId("wear-state")).toHaveText("The glasses are off. The display is on.");
    await page.clock.fastForward(61_000);
    await expect(page.getByTestId("wear-state")).toHaveText("The glasses are off. The display is off.");
    await page.evaluate(() => window.__VELA_SIMULATOR__.glasses.setWorn(true));
    await expect(page.getByTestId("wear-state")).toHaveText("The glasses are worn. The display is on.");
  });

  test("lays out on 375 px and 1280 px screens, in Japanese too", async ({ page }) => {
    await withSimulatedGlasses(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/firmware/color?lang=ja-JP");
      await expect(page.getByRole("heading", { level: 1, name: "カラー調整" })).toBeVisible();
      await page.getByRole("button", { name: "接続", exact: true }).click();
      await expect(page.getByTestId("device-panel")).toBeVisible();
      await expect(page.getByRole("switch", { name: "高色精度モード" })).toBeEnabled();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousA11yViolations(page);
    }
  });
});
