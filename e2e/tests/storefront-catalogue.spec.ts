import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { DESKTOP, fitsViewport, h, PHONE, skipSubscribeDialog } from "./storefront-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

for (const size of [DESKTOP, PHONE]) {
  test(`products page at ${size.width}px: grid, type filter, banners, no sideways scroll, axe`, async ({
    page,
  }) => {
    const count = async (type?: string) =>
      (
        (await (await page.request.get(`/api/products${type ? `?type=${type}` : ""}`)).json())
          .products as unknown[]
      ).length;
    await page.setViewportSize(size);
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
    const grid = page.getByRole("list", { name: "Products" });
    await expect(grid.getByRole("listitem")).toHaveCount(await count());
    await expect(grid.getByRole("link", { name: "Vela One XR Glasses", exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Featured" })).toBeVisible();
    expect(await fitsViewport(page)).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: "Packs", exact: true }).click();
    await expect(page).toHaveURL(/\/products\?type=packs$/);
    await expect(grid.getByRole("listitem")).toHaveCount(await count("packs"));
    await page.getByRole("link", { name: "Accessories", exact: true }).click();
    await expect(grid.getByRole("listitem")).toHaveCount(await count("accessories"));
  });
}

test("product page: gallery, variant, compare-at price, Add to Cart through the shared cart", async ({
  page,
}) => {
  await page.goto(`/products/${h("pro-xr-glasses")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Vela Pro XR Glasses" })).toBeVisible();
  await expect(page.locator(".product-page-price")).toHaveText("$499");
  await page.getByRole("radio", { name: "Prescription-ready" }).check();
  await expect(page.locator(".product-page-price")).toHaveText("$549");
  await page.getByRole("button", { name: "Show picture 2 of 3" }).click();
  await expect(page.getByRole("img", { name: "Vela Pro XR Glasses, seen from an angle" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Add to Cart" }).click();
  // The product page says it with the cart drawer (the order page's line keeps the spec's alert).
  const drawer = page.getByRole("dialog", { name: "Added to your cart" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId("cart-drawer-price")).toHaveText("$549.00");
  await drawer.getByRole("button", { name: "Continue shopping" }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const cartId = await page.evaluate(() => localStorage.getItem("cartId"));
  const cart = await (await page.request.get(`/api/cart/${cartId}`)).json();
  expect(cart.cart.lines[0].merchandise.title).toBe("Prescription-ready");
});

test("product page shows the compare-at price, links to reviews and compatibility", async ({ page }) => {
  await page.goto(`/products/${h("luma-pro-xr-glasses")}`);
  await expect(page.locator(".product-page-price")).toHaveText("Sale price$599 Regular price$649");
  await page.getByRole("link", { name: "Check compatibility" }).click();
  await expect(page).toHaveURL(`/compatibility?product=${h("luma-pro-xr-glasses")}`);
  await page.goto(`/products/${h("luma-pro-xr-glasses")}`);
  await page.locator(".product-info .product-rating").click();
  await expect(page).toHaveURL(`/reviews?handle=${h("luma-pro-xr-glasses")}`);
});

test("/product/{handle} leads to /products/{handle}; an unknown handle says so", async ({ page }) => {
  await page.goto(`/product/${h("one-neckband")}`);
  await expect(page).toHaveURL(`/products/${h("one-neckband")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Vela One Neckband" })).toBeVisible();
  await page.goto(`/products/${h("no-such-product")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Product Not Found" })).toBeVisible();
});

test("product page in Japanese at 375px: Japanese title, description and variants, yen prices, a yen cart", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/products/${h("pro-xr-glasses")}?lang=ja-JP`);
  await expect(page.getByRole("heading", { level: 1, name: "Vela Pro XRグラス" })).toBeVisible();
  await expect(page.getByText("電子調光、3DoFトラッキング、120Hzディスプレイを搭載。")).toBeVisible();
  await expect(page.locator(".product-page-price")).toHaveText("￥74,800（税込）");
  await page.getByRole("radio", { name: "度付きレンズ対応" }).check();
  await expect(page.locator(".product-page-price")).toHaveText("￥81,800（税込）");
  await expect(page.getByRole("button", { name: "カートに追加" })).toBeVisible();
  await expect(page.getByRole("link", { name: "対応機種を確認" })).toBeVisible();
  expect(await fitsViewport(page)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // The cart is made in yen and names its line in Japanese.
  await page.getByRole("button", { name: "カートに追加" }).click();
  // The product page's cart drawer, in Japanese.
  const drawer = page.getByRole("dialog", { name: "カートに追加しました" });
  await expect(drawer).toContainText("（税込）");
  await drawer.getByRole("button", { name: "ショッピングを続ける" }).click();
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: "Vela Pro XRグラス" })).toBeVisible();
  await expect(page.getByTestId("cart-subtotal")).toHaveText("￥81,800（税込）");

  // The product list in Japanese, in yen.
  await page.goto("/products?type=glasses");
  await expect(page.getByRole("link", { name: "Vela One XRグラス", exact: true })).toBeVisible();
  await expect(page.getByText("￥59,800").first()).toBeVisible();
});
