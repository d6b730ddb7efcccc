import { expect, type Page, test } from "../support/test.ts";
import { createAnonymousCart, quietSubscribeDialog } from "./account-support.ts";

// The checkout as a shopper types it, key by key and Tab: errors said after Pay go as the fields
// are put right, the card number and expiry are made readable, and a declined card is said
// beside the card fields.

/**
 * The address as [labels it may go by, values it may be chosen as]: the country comes first, as
 * it names the state and postal code fields, which may be lists to choose from.
 */
type AddressEntry = [labels: string[], values: string[]];
const ADDRESS_EN: AddressEntry[] = [
  [["Country"], ["United States", "US"]],
  [["First name"], ["Ada"]],
  [["Last name"], ["Lovelace"]],
  [["Address"], ["1 Market St"]],
  [["City"], ["San Francisco"]],
  [
    ["Province/State/Region", "State"],
    ["CA", "California"],
  ],
  [["Postal/ZIP code", "ZIP code"], ["94105"]],
];
const ADDRESS_JA: AddressEntry[] = [
  [["国"], ["日本", "JP"]],
  [["名"], ["美奈"]],
  [["姓"], ["佐藤"]],
  [["住所"], ["丸の内2-4-1"]],
  [["市区町村"], ["千代田区"]],
  [
    ["都道府県・州・地域", "都道府県"],
    ["東京都", "13"],
  ],
  [["郵便番号", "郵便番号（〒）"], ["100-0005"]],
];
const FIX = "Please correct the highlighted fields.";

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Types like a person, one key at a time, then leaves the field with Tab. */
async function typeAndTab(page: Page, label: string, text: string) {
  const input = field(page, label);
  await input.click();
  await input.pressSequentially(text);
  await input.press("Tab");
}

/** Types (or chooses) an address field's value, then leaves with Tab; answers the field. */
async function setAddressField(page: Page, [labels, values]: AddressEntry, { typed = true } = {}) {
  for (const label of labels) {
    const control = field(page, label);
    if ((await control.count()) === 0) continue;
    await control.focus();
    if ((await control.evaluate((el) => el.tagName)) === "SELECT") {
      const option = await control.evaluate(
        (el: HTMLSelectElement, wanted) =>
          [...el.options].find((o) => wanted.includes(o.value) || wanted.includes(o.text))?.value ?? null,
        values,
      );
      await control.selectOption(option ?? values[0] ?? "");
    } else if (typed) await control.pressSequentially(values[0] ?? "");
    else await control.fill(values[0] ?? "");
    await control.press("Tab");
    return control;
  }
  throw new Error(`no field labelled ${labels.join(" or ")}`);
}

async function openCheckout(page: Page) {
  await page.goto("/cart");
  await createAnonymousCart(page);
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-total")).toBeVisible();
}

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

test("after Pay on an empty form, each error and red border goes as the shopper fixes the field, and the notice with the last", async ({
  page,
}) => {
  await openCheckout(page);
  const pay = page.getByRole("button", { name: /^Pay / });
  await pay.click();
  const email = field(page, "Email");
  await expect(email).toBeFocused();
  await expect(page.getByText("Email is required")).toBeVisible();
  await expect(page.locator(".checkout-summary").getByRole("alert")).toHaveText(FIX);

  await typeAndTab(page, "Email", `e2e-forgiving-${Date.now()}@vela.test`);
  await expect(page.getByText("Email is required")).toHaveCount(0);
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await expect(email.locator("xpath=..")).not.toHaveClass(/field-invalid/);
  await expect(page.locator(".checkout-summary").getByRole("alert")).toHaveText(FIX);

  await expect(page.getByText("City is required")).toBeVisible();
  for (const entry of ADDRESS_EN) {
    const control = await setAddressField(page, entry);
    await expect(control).not.toHaveAttribute("aria-invalid", "true");
    await expect(control.locator("xpath=..")).not.toHaveClass(/field-invalid/);
  }
  await expect(page.getByText("City is required")).toHaveCount(0);
  // Emptied again and left: said again.
  await field(page, "City").fill("");
  await field(page, "City").press("Tab");
  await expect(page.getByText("City is required")).toBeVisible();
  await typeAndTab(page, "City", "San Francisco");
  await expect(page.getByText("City is required")).toHaveCount(0);

  await typeAndTab(page, "Card number", "4242424242424242");
  await typeAndTab(page, "Expiry (MM/YY)", "1240");
  await expect(field(page, "Expiry (MM/YY)")).toHaveValue("12/40");
  await expect(page.locator(".checkout-summary").getByRole("alert")).toHaveText(FIX);
  await typeAndTab(page, "Security code (CVC)", "123");
  await expect(page.locator("[aria-invalid='true']")).toHaveCount(0);
  await expect(page.locator(".field-invalid")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("the card number is grouped in fours with its brand, the caret stays put, the expiry is read however typed, and the server gets digits", async ({
  page,
}) => {
  await openCheckout(page);
  await field(page, "Email").fill(`e2e-card-${Date.now()}@vela.test`);
  for (const entry of ADDRESS_EN) await setAddressField(page, entry, { typed: false });

  const number = field(page, "Card number");
  await typeAndTab(page, "Card number", "3530111333300000");
  await expect(number).toHaveValue("3530 1113 3330 0000");
  await expect(page.getByText("Card type: JCB")).toBeVisible();

  await number.fill("");
  await number.pressSequentially("555555555555");
  await expect(number).toHaveValue("5555 5555 5555");
  await expect(page.getByText("Card type: Mastercard")).toBeVisible();

  // A digit typed in the middle: the caret stays after it, not at the end.
  await number.fill("");
  await number.pressSequentially("42424242424242");
  await number.evaluate((el: HTMLInputElement) => el.setSelectionRange(4, 4));
  await number.press("4");
  await number.press("2");
  await expect(number).toHaveValue("4242 4242 4242 4242");
  expect(await number.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe(7);
  await expect(page.getByText("Card type: Visa")).toBeVisible();

  for (const typed of ["12/40", "12 / 40", "1240"]) {
    await field(page, "Expiry (MM/YY)").fill("");
    await typeAndTab(page, "Expiry (MM/YY)", typed);
    await expect(field(page, "Expiry (MM/YY)")).toHaveValue("12/40");
  }
  await typeAndTab(page, "Security code (CVC)", "123");

  await expect(page.locator(".checkout-summary")).toHaveAttribute("aria-busy", "false");
  const placed = page.waitForRequest(
    (req) => new URL(req.url()).pathname === "/trpc/checkout.place" && req.method() === "POST",
  );
  await page.getByRole("button", { name: /^Pay / }).click();
  // The client's batching link sends the call's input as the batch's item "0".
  const body = (await placed).postDataJSON() as Record<string, unknown>;
  const input = (body["0"] ?? body) as { card?: unknown };
  expect(input.card).toEqual({ number: "4242424242424242", expiry: "12/40", cvc: "123" });
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
});

test("a declined card is said beside the card fields, which are marked invalid and take focus (Japanese)", async ({
  page,
}) => {
  await page.goto("/cart?lang=ja-JP");
  await expect
    .poll(async () => (await page.context().cookies()).find((c) => c.name === "lang")?.value)
    .toBe("ja-JP");
  await createAnonymousCart(page);
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-total")).toBeVisible();
  await field(page, "メールアドレス").fill(`e2e-declined-${Date.now()}@vela.test`);
  for (const entry of ADDRESS_JA) await setAddressField(page, entry, { typed: false });
  await typeAndTab(page, "カード番号", "4000000000000002");
  await expect(page.getByText("カードの種類：Visa")).toBeVisible();
  await typeAndTab(page, "有効期限（MM/YY）", "12 / 40");
  await typeAndTab(page, "セキュリティコード（CVC）", "123");
  await expect(page.locator(".checkout-summary")).toHaveAttribute("aria-busy", "false");
  await page.getByRole("button", { name: /を支払う$/ }).click();

  const payment = page.getByRole("group", { name: "お支払い" });
  const alert = payment.getByRole("alert");
  await expect(alert).toHaveText("カードが承認されませんでした");
  await expect(page.getByRole("alert")).toHaveCount(1);
  await expect(field(page, "カード番号")).toBeFocused();
  const alertId = await alert.getAttribute("id");
  for (const label of ["カード番号", "有効期限（MM/YY）", "セキュリティコード（CVC）"]) {
    await expect(field(page, label)).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, label)).toHaveAttribute("aria-describedby", new RegExp(`\\b${alertId}\\b`));
  }
  // In the error colour, not the page's ink.
  const ink = await page.locator("body").evaluate((el) => getComputedStyle(el).color);
  expect(await alert.evaluate((el) => getComputedStyle(el).color)).not.toBe(ink);

  // Another card: the message and the marks go, and it pays.
  await field(page, "カード番号").fill("");
  await field(page, "カード番号").pressSequentially("4242424242424242");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(field(page, "カード番号")).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: /を支払う$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ご注文ありがとうございます" })).toBeVisible();
});
