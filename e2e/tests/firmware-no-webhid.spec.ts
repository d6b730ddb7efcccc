import { withoutWebHid } from "../support/firmware.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";

for (const path of ["/firmware/calibration", "/firmware/update", "/firmware/color"]) {
  test(`${path} says plainly that this browser has no WebHID and offers the simulated glasses`, async ({
    page,
  }) => {
    await withoutWebHid(page);
    await page.goto(path);
    const message = page.getByTestId("no-webhid");
    await expect(message).toContainText("This browser cannot connect to the glasses.");
    await expect(message).toContainText("Chrome or Edge 98 or later");
    await expect(message).toContainText("HTTPS or from localhost");
    await expect(page.getByRole("button", { name: "Connect", exact: true })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Try with simulated glasses" }).click();
    await expect(page.getByTestId("device-panel")).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId("connection-status")).toHaveText("Connected to simulated glasses.");
  });
}
