import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { DESKTOP, fitsViewport, PHONE, skipSubscribeDialog } from "./storefront-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

test("a use case narrows the devices; the devices' essentials come from the catalogue and go to the cart", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/help-me-choose");
  await expect(page.getByRole("heading", { level: 1, name: "Help Me Choose" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("radio", { name: "Play games" }).check();
  const devices = page.getByRole("group", { name: "Which devices do you have?" });
  await expect(devices.getByRole("checkbox")).toHaveCount(5);
  await expect(devices.getByRole("checkbox", { name: "Mac" })).toHaveCount(0);
  await devices.getByRole("checkbox", { name: "Nintendo Switch" }).check();
  await expect(page).toHaveURL("/help-me-choose?use=game&device=switch");
  const result = page.getByRole("region", { name: "Our suggestion" });
  await expect(result.getByRole("heading", { level: 3 })).toHaveText([
    "Vela One XR Glasses",
    "Vela Pro Mobile Dock",
    "Vela Luma Pro Gaming Pack",
    "Vela Luma Pro Dock Pack",
  ]);
  await expect(result.getByRole("button", { name: "Add to Cart: Vela Pro Mobile Dock" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const before = Number(await page.getByTestId("cart-count").textContent());
  await result.getByRole("button", { name: "Add to Cart: Vela Pro Mobile Dock" }).click();
  await page.getByRole("dialog", { name: "Item added to cart" }).getByRole("button", { name: "OK" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText(String(before + 1));

  // A second device, from the keyboard: its essentials join the first's, each product once, glasses first.
  await devices.getByRole("checkbox", { name: "Game console with HDMI" }).focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL("/help-me-choose?use=game&device=switch&device=console");
  await expect(result.getByRole("heading", { level: 3 })).toHaveText([
    "Vela One XR Glasses",
    "Vela Luma Pro XR Glasses",
    "Vela Pro Mobile Dock",
    "Vela Luma Pro Gaming Pack",
    "Vela Luma Pro Dock Pack",
  ]);
  await expectNoSeriousA11yViolations(page);

  // Neither device is offered for work: both are forgotten.
  await page.getByRole("radio", { name: "Work on a bigger screen" }).check();
  await expect(page).toHaveURL("/help-me-choose?use=work");
  await expect(result).toHaveCount(0);
});

test("in Japanese at 375px, with the Japanese data, promo lists, product names and yen prices", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/help-me-choose?use=watch&device=android&lang=ja-JP");
  await expect(page.getByRole("heading", { level: 1, name: "製品選びガイド" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "映画や動画を観る" })).toBeChecked();
  await expect(
    page.getByRole("checkbox", { name: "映像出力対応のAndroidスマートフォン（USB-C）" }),
  ).toBeChecked();
  const result = page.getByRole("region", { name: "おすすめの製品" });
  // No cloud pack in Japan: only the one ultimate collection as a bundle.
  await expect(result.getByRole("heading", { level: 3 })).toHaveText([
    "Vela One XRグラス",
    "Vela USB-C 充電アダプター",
    "Vela Luma Pro アルティメットコレクション",
  ]);
  await expect(result.locator(".finder-price").first()).toHaveText("￥59,800（税込）");
  expect(await fitsViewport(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);
});
