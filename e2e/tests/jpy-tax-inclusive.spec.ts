// A Japanese shopper's yen prices include consumption tax (総額表示): the price on the product page
// is what the goods cost at checkout. The total is that price plus shipping, marked 税込, with the
// tax it contains shown beneath (うち消費税), never added on top; the confirmation agrees.
import { expect, type Locator, type Page, test } from "../support/test.ts";
import { h, skipSubscribeDialog } from "./storefront-support.ts";

const yenOf = async (l: Locator): Promise<number> => Number((await l.innerText()).replace(/[^\d]/g, ""));

/** The amount of the summary row whose label is `label`. */
const row = (page: Page, label: string) =>
  page
    .getByTestId("checkout-totals")
    .locator("div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd");

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

test("a Japanese shopper pays the product page's price plus shipping, tax included", async ({ page }) => {
  await page.goto(`/products/${h("pro-xr-glasses")}?lang=ja-JP`);
  await expect(page.getByRole("heading", { level: 1, name: "Vela Pro XRグラス" })).toBeVisible();
  const shown = page.locator(".product-page-price");
  await expect(shown).toContainText("（税込）");
  const price = await yenOf(shown.locator(".price").first());
  expect(price).toBeGreaterThan(0);

  await page.getByRole("button", { name: "カートに追加" }).click();
  // The product page's cart drawer, in Japanese.
  const drawer = page.getByRole("dialog", { name: "カートに追加しました" });
  await expect(drawer).toContainText("（税込）");
  await drawer.getByRole("button", { name: "ショッピングを続ける" }).click();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-subtotal")).toContainText("（税込）");
  expect(await yenOf(page.getByTestId("cart-subtotal"))).toBe(price);
  await expect(page.getByText("価格は税込です。送料はチェックアウト時に計算されます。")).toBeVisible();

  await page.goto("/checkout");
  await page.getByLabel("メールアドレス").fill(`e2e-jpy-${Date.now()}@vela.test`);
  // The country and the prefecture are lists (Japan is already chosen on a Japanese page).
  await page.getByLabel("国", { exact: true }).selectOption("JP");
  await page.getByLabel("都道府県・州・地域", { exact: true }).selectOption({ label: "東京都" });
  const address: Record<string, string> = {
    名: "美奈",
    姓: "佐藤",
    住所: "丸の内2-4-1",
    市区町村: "千代田区",
    郵便番号: "100-0005",
  };
  for (const [label, value] of Object.entries(address))
    await page.getByLabel(label, { exact: true }).fill(value);
  // Express, so that shipping is not free and the arithmetic has something to add.
  await page.getByRole("radio", { name: /速達/ }).check();
  await expect(page.locator(".checkout-summary")).toHaveAttribute("aria-busy", "false");

  const total = await yenOf(page.getByTestId("checkout-total"));
  const shipping = await yenOf(row(page, "配送料"));
  expect(shipping).toBeGreaterThan(0);
  expect(total - shipping).toBe(price);
  await expect(row(page, "合計（税込）")).toHaveCount(1);
  expect(await yenOf(row(page, "うち消費税"))).toBe(Math.floor((price * 10) / 110));
  await expect(row(page, "税")).toHaveCount(0);

  await page.getByLabel("カード番号").fill("4242 4242 4242 4242");
  await page.getByLabel("有効期限（MM/YY）").fill("12/40");
  await page.getByLabel("セキュリティコード（CVC）").fill("123");
  await page.getByRole("button", { name: /を支払う$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ご注文ありがとうございます" })).toBeVisible();
  expect(await yenOf(page.getByTestId("confirmation-total"))).toBe(total);
  expect(await yenOf(page.getByTestId("summary-tax-included"))).toBe(Math.floor((price * 10) / 110));
});
