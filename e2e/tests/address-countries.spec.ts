import { expect, type Page, test } from "../support/test.ts";
import { createAnonymousCart, quietSubscribeDialog } from "./account-support.ts";

// The address form knows the countries the store ships to: the country is a list set to the
// reader's store, US states and Japanese prefectures are lists, postal codes are checked by
// country (full-width digits taken), the estimate is for the chosen country from the start, and
// the order's address is laid out by its country.

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openCheckout(page: Page, lang: "en-US" | "ja-JP") {
  await page.goto(`/cart?lang=${lang}`);
  await createAnonymousCart(page);
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-total")).toBeVisible();
  await expect(page.locator(".checkout-summary")).toHaveAttribute("aria-busy", "false");
}

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

test("English: the United States is chosen, states are a list, a ZIP is checked, the estimate is domestic", async ({
  page,
}) => {
  await openCheckout(page, "en-US");
  const country = field(page, "Country");
  await expect(country).toHaveValue("US");
  await expect(country.locator("option", { hasText: "Japan" })).toHaveCount(1);
  // Before anything is typed, express shipping is the US rate ($25.00), not the international one ($45.00).
  await expect(page.locator("label.radio", { hasText: "Express" })).toContainText("$25.00");

  const state = field(page, "Province/State/Region");
  await expect(state.locator("option", { hasText: "California" })).toHaveCount(1);
  await field(page, "Email").fill(`e2e-countries-${Date.now()}@vela.test`);
  await field(page, "First name").fill("Ada");
  await field(page, "Last name").fill("Lovelace");
  await field(page, "Address").fill("500 Howard Street");
  await field(page, "City").fill("San Francisco");
  await state.selectOption("CA");
  await field(page, "Postal/ZIP code").fill("ABCDE");
  await page.getByRole("button", { name: /^Pay / }).click();
  const zip = field(page, "Postal/ZIP code");
  await expect(zip).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Enter a 5-digit ZIP code (or ZIP+4)")).toBeVisible();

  // Another country: the state list gives way to Japan's prefectures, in romaji on English pages.
  await country.selectOption("JP");
  const prefecture = field(page, "Province/State/Region");
  await expect(prefecture).toHaveValue("");
  await expect(prefecture.locator("option", { hasText: "Tokyo" })).toHaveCount(1);
  await expect(page.locator("label.radio", { hasText: "Express" })).toContainText("$45.00");
});

test("Japanese: Japan is chosen, prefectures in Japanese, a full-width postcode is taken and the order reads from 〒 down", async ({
  page,
}) => {
  await openCheckout(page, "ja-JP");
  await expect(field(page, "国")).toHaveValue("JP");
  await expect(field(page, "国").locator("option", { hasText: "アメリカ合衆国" })).toHaveCount(1);
  await field(page, "メールアドレス").fill(`e2e-countries-ja-${Date.now()}@vela.test`);
  await field(page, "姓").fill("佐藤");
  await field(page, "名").fill("美奈");
  await field(page, "郵便番号").fill("１００－０００５");
  await field(page, "都道府県・州・地域").selectOption({ label: "東京都" });
  await field(page, "市区町村").fill("千代田区");
  await field(page, "住所").fill("丸の内2-4-1");
  await field(page, "カード番号").fill("4242 4242 4242 4242");
  await field(page, "有効期限（MM/YY）").fill("12/40");
  await field(page, "セキュリティコード（CVC）").fill("123");
  await expect(page.locator(".checkout-summary")).toHaveAttribute("aria-busy", "false");
  await page.getByRole("button", { name: /を支払う$/ }).click();

  const address = page.locator("address").first();
  await expect(address).toBeVisible({ timeout: 15_000 });
  await expect(address).toContainText("〒100-0005");
  await expect(address).toContainText("東京都 千代田区");
  const text = (await address.innerText()).split("\n").map((l) => l.trim());
  expect(text.indexOf("〒100-0005")).toBeLessThan(text.indexOf("丸の内2-4-1"));
});
