import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, type Page, test } from "../support/test.ts";
import { DESKTOP, fitsViewport, PHONE, quietVisit } from "./content-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietVisit(context, baseURL);
  // The academy is another site: answer for it, so that a new window has something to show.
  await context.route(/^https:\/\/(jp\.)?academy\.vela\.test\//, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Academy</title><p>Academy</p>" }),
  );
});

const finder = (page: Page, name = "Get Moving And Mobile With The Right Mobile Kit") =>
  page.getByRole("region", { name });
const packTitle = (page: Page, name?: string) =>
  finder(page, name).getByRole("article").getByRole("heading", { level: 3 });

test("the finder follows the en-US pack rules and adds the suggested pack to the cart", async ({ page }) => {
  await page.goto("/mobile");
  await expect(page.getByRole("heading", { level: 1, name: "Your phone, on a big screen" })).toBeVisible();
  const f = finder(page);
  await expect(f.getByRole("heading", { level: 2 })).toHaveText(
    "Get Moving And Mobile With The Right Mobile Kit",
  );
  // Before any choice: the default pack.
  await expect(packTitle(page)).toHaveText("Vela Luma Pro XR Glasses");

  const steps: [string, string[], string, boolean][] = [
    ["iPhone 15 or later (USB-C)", ["Vela USB-C Charging Adapter"], "Vela Luma Pro USB-C iPhone Pack", false],
    [
      "iPhone 14 or earlier (Lightning)",
      ["Vela Lightning HDMI Adapter"],
      "Vela Luma Pro Lightning iPhone Pack",
      false,
    ],
    [
      "Android phone",
      ["Vela One Neckband", "Vela Pro Mobile Dock"],
      "Vela Luma Pro Ultimate Collection",
      true,
    ],
    ["Handheld console or tablet", ["Vela Pro Mobile Dock"], "Vela Luma Pro Dock Pack", true],
    ["Android phone", ["Vela One Neckband"], "Vela Luma Pro Cloud Pack", false],
    ["iPhone 15 or later (USB-C)", ["Just the glasses"], "Vela Luma Pro XR Glasses", false],
    ["Two iPhones: we watch together", ["Vela Pro Mobile Dock"], "Vela Luma Pro Duo Pack", false],
    ["Two Android phones: we watch together", ["Vela One Neckband"], "Vela Luma Pro Duo Pack", false],
  ];
  for (const [intent, accessories, pack, freeController] of steps) {
    // Each step chooses another intent than the one before.
    await f.getByRole("radio", { name: intent, exact: true }).check();
    // Choosing an intent clears the accessories and the suggestion.
    await expect(f.getByRole("article")).toHaveCount(0);
    for (const a of accessories) await f.getByRole("checkbox", { name: a, exact: true }).check();
    await expect(packTitle(page)).toHaveText(pack);
    await expect(f.getByText("Free controller")).toHaveCount(freeController ? 1 : 0);
  }
  // Unticking every accessory leaves no pack.
  await f.getByRole("checkbox", { name: "Vela One Neckband" }).uncheck();
  await expect(f.getByRole("article")).toHaveCount(0);

  await f.getByRole("radio", { name: "iPhone 15 or later (USB-C)" }).check();
  await f.getByRole("checkbox", { name: "Vela USB-C Charging Adapter" }).check();
  await expect(packTitle(page)).toHaveText("Vela Luma Pro USB-C iPhone Pack");
  await expect(f.locator(".mobile-pack-price")).toContainText("$629");
  await f.getByRole("button", { name: "Add to Cart" }).click();
  const dialog = page.getByRole("dialog", { name: "Item added to cart" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const cartId = await page.evaluate(() => localStorage.getItem("cartId"));
  const cart = await (await page.request.get(`/api/cart/${cartId}`)).json();
  expect(cart.cart.lines[0].merchandise.product.handle).toBe("vela-luma-pro-usb-c-iphone-pack");
});

test("ja-JP: the same rules with the Pro packs, in Japanese", async ({ page }) => {
  await page.goto("/mobile?lang=ja-JP");
  const name = "最適なモバイルキットで、もっと自由に動こう";
  const f = finder(page, name);
  // Product names as the Japanese catalogue has them.
  await expect(packTitle(page, name)).toHaveText("Vela Pro XRグラス");
  const steps: [string, string[], string, boolean][] = [
    ["iPhone 15以降（USB-C）", ["Vela USB-C 充電アダプター"], "Vela Pro USB-C iPhoneパック", false],
    [
      "iPhone 14以前（Lightning）",
      ["Vela Lightning HDMI 変換アダプター"],
      "Vela Pro Lightning iPhoneパック",
      false,
    ],
    [
      "Androidスマートフォン",
      ["Vela One ネックバンド", "Vela Pro モバイルドック"],
      "Vela Pro アルティメットコレクション",
      true,
    ],
    ["携帯ゲーム機・タブレット", ["Vela Pro モバイルドック"], "Vela Pro ドックパック", false],
    ["Androidスマートフォン", ["Vela One ネックバンド"], "Vela Pro クラウドパック", false],
    ["iPhone 2台：ふたりで観る", ["グラスのみ"], "Vela Pro デュオパック", false],
  ];
  for (const [intent, accessories, pack, freeController] of steps) {
    await f.getByRole("radio", { name: intent, exact: true }).check();
    for (const a of accessories) await f.getByRole("checkbox", { name: a, exact: true }).check();
    await expect(packTitle(page, name)).toHaveText(pack);
    await expect(f.getByText("コントローラー無料")).toHaveCount(freeController ? 1 : 0);
  }
  await f.getByRole("button", { name: "カートに追加" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

test("scrolling cards open in a new window without an opener; iOS and Android cards link to academy videos", async ({
  page,
}) => {
  await page.goto("/mobile");
  const cards = page.getByRole("region", { name: "More ways to go mobile" });
  const links = cards.getByRole("link");
  await expect(links).toHaveCount(5);
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
  }
  const [popup] = await Promise.all([page.waitForEvent("popup"), links.first().click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/^https:\/\/academy\.vela\.test\/mobile\/1$/);
  expect(await popup.evaluate(() => window.opener)).toBeNull();
  await popup.close();

  await expect(page.getByRole("link", { name: /Watch the iPhone video/ })).toHaveAttribute(
    "href",
    "https://academy.vela.test/videos/iphone",
  );
  await expect(page.getByRole("link", { name: /Watch the Android video/ })).toHaveAttribute(
    "href",
    "https://academy.vela.test/videos/android",
  );
});

test("the accessories section leads to /store/mobile, which lists the mobile accessories", async ({
  page,
}) => {
  await page.goto("/mobile");
  await page.getByRole("link", { name: "Shop mobile accessories" }).click();
  await expect(page).toHaveURL("/store/mobile");
  await expect(page.getByRole("heading", { level: 1, name: "Mobile accessories" })).toBeVisible();
  const list = page.getByRole("list", { name: "Mobile accessories" });
  await expect(list.getByRole("heading", { level: 2 })).toHaveText([
    "Vela Pro Mobile Dock",
    "Vela One Neckband",
    "Vela USB-C Charging Adapter",
    "Vela Lightning HDMI Adapter",
  ]);
  await list.getByRole("link", { name: "Vela Pro Mobile Dock" }).click();
  await expect(page).toHaveURL("/products/vela-pro-mobile-dock");
});

for (const size of [DESKTOP, PHONE]) {
  for (const lang of ["en-US", "ja-JP"]) {
    test(`mobile pages at ${size.width}px in ${lang}: no sideways scroll, axe`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto(`/mobile?lang=${lang}`);
      await expect(page.getByRole("article")).toBeVisible();
      expect(await fitsViewport(page)).toBe(true);
      await expectNoSeriousA11yViolations(page);
      await page.goto("/store/mobile");
      await expect(page.getByRole("listitem").first()).toBeVisible();
      expect(await fitsViewport(page)).toBe(true);
      await expectNoSeriousA11yViolations(page);
    });
  }
}
