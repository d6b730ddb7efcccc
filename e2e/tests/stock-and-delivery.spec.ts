// Stock and delivery before paying: the product page says how many are left and when an order
// arrives (in the page's language, with no hydration mismatch), the cart holds no more than the
// stock and says so, and checkout lets the shopper change the order, see how far free shipping is,
// and on a phone fold the summary at the top, with every input of a row equally tall.
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { seedFixtures } from "../support/seed.ts";
import { expect, type Page, test } from "../support/test.ts";
import { skipSubscribeDialog } from "./storefront-support.ts";

const run = Date.now() % 10_000_000;
const FEW = `vela-few-left-${run}`;
const PLENTY = `vela-plenty-${run}`;

test.beforeAll(() => {
  seedFixtures(
    {
      products: [
        {
          handle: FEW,
          title: "Vela Few Left",
          type: "accessories",
          variants: [{ title: "Black", sku: `FEW-LEFT-${run}`, usd: 1999, jpy: 2980, inventory: 3 }],
        },
        {
          handle: PLENTY,
          title: "Vela Plenty",
          type: "accessories",
          variants: [{ title: "Black", sku: `PLENTY-${run}`, usd: 1999, jpy: 2980, inventory: 50 }],
        },
      ],
    },
    test.info().outputPath("stock-and-delivery.json"),
  );
});

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

/** Console errors of the page (a hydration mismatch is one: React #418). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** Adds the product's one variant from its page and closes the cart drawer. */
async function addFromPage(page: Page, handle: string): Promise<void> {
  await page.goto(`/products/${handle}?lang=en-US`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  const drawer = page.getByRole("dialog", { name: "Added to your cart" });
  await expect(drawer).toBeVisible();
  await drawer.getByRole("button", { name: /close/i }).click();
}

test("the product page says how many are left and when an order arrives, in English and Japanese", async ({
  page,
}) => {
  const errors = consoleErrors(page);
  await page.goto(`/products/${FEW}?lang=en-US`);
  await expect(page.getByTestId("availability")).toHaveText("Only 3 left");
  await expect(page.getByTestId("arrives-by")).toHaveText(
    /^Order today, get it by \w{3}, \w+ \d{1,2} \(standard shipping within the US\)$/,
  );
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/products/${PLENTY}?lang=ja-JP`);
  await expect(page.getByTestId("availability")).toHaveText("在庫あり");
  await expect(page.getByTestId("arrives-by")).toHaveText(
    /^今日のご注文で\d{1,2}月\d{1,2}日\(.\)までにお届け（国内・通常配送）$/,
  );
  expect(errors).toEqual([]);
});

test("a cart quantity above the stock is set to the stock, and the cart says so", async ({ page }) => {
  await addFromPage(page, PLENTY);
  await page.goto("/cart");
  const qty = page.getByRole("spinbutton", { name: "Quantity of Vela Plenty" });
  await qty.fill("75");
  await qty.press("Enter");
  await expect(qty).toHaveValue("50");
  await expect(page.getByRole("status").filter({ hasText: "Only 50" })).toHaveText(
    "Only 50 available; your quantity was set to 50",
  );
  await expect(page.getByTestId("cart-subtotal")).toHaveText("$999.50");
});

test("checkout: a quantity changed in the summary moves the totals, and the free-shipping hint follows", async ({
  page,
}) => {
  await addFromPage(page, PLENTY);
  await page.goto("/checkout");
  await expect(page.getByRole("link", { name: "Back to cart" })).toHaveAttribute("href", "/cart");
  const total = page.getByTestId("checkout-total");
  await expect(total).toHaveText("$27.99");
  await expect(page.getByTestId("free-shipping-gap")).toHaveText("Add $80.01 more for free shipping");
  await expect(page.getByRole("radio", { name: /^Standard \(3–5 business days\)/ })).toBeVisible();

  const qty = page.getByRole("spinbutton", { name: "Quantity of Vela Plenty" });
  await qty.fill("4");
  await qty.press("Tab");
  await expect(total).toHaveText("$87.96");
  await expect(page.getByTestId("free-shipping-gap")).toHaveText("Add $20.04 more for free shipping");

  await qty.fill("6");
  await qty.press("Tab");
  await expect(total).toHaveText("$119.94");
  await expect(page.getByTestId("free-shipping-gap")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test("checkout on a phone: the summary folds at the top, and every input of a row is as tall as the others", async ({
  page,
}) => {
  await addFromPage(page, PLENTY);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/checkout");
  const toggle = page.getByRole("button", { name: /Show order summary/ });
  await expect(toggle).toBeVisible();
  await expect(toggle).toContainText("$27.99");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  // Above the form's first field.
  const email = page.getByLabel("Email");
  expect((await toggle.boundingBox())?.y ?? Infinity).toBeLessThan((await email.boundingBox())?.y ?? 0);
  await expect(page.getByTestId("checkout-total")).toBeHidden();
  await toggle.click();
  await expect(page.getByRole("button", { name: /Hide order summary/ })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(page.getByTestId("checkout-total")).toHaveText("$27.99");
  await expect(page.getByRole("button", { name: "Pay $27.99" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const heights = await page
      .locator(".checkout-address input:not([type=checkbox]), .checkout-address select")
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().height)));
    expect(heights.length).toBeGreaterThan(5);
    expect(new Set(heights).size, `input heights at ${width}px: ${heights.join(", ")}`).toBe(1);
  }
});
