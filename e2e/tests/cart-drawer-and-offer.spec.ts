import type { Locator } from "@playwright/test";
import { expectNoSeriousA11yViolations, signInViaApi } from "../support/fixtures.ts";
import { expect, type Page, test } from "../support/test.ts";
import { quietSubscribeDialog, registerShopper } from "./account-support.ts";
import { DESKTOP, h, PHONE } from "./storefront-support.ts";

const PRODUCT = `/products/${h("pro-xr-glasses")}`;
const OFFER = "Subscribe and save 10%";

/** Whether two elements' boxes share any area. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error("an element has no box");
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test.describe("the cart drawer", () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await quietSubscribeDialog(context, baseURL);
  });

  test("Add to Cart opens the drawer with the product, its price and the cart's total; Escape gives focus back", async ({
    page,
  }) => {
    await page.goto(PRODUCT);
    await page.getByRole("radio", { name: "Prescription-ready" }).check();
    const add = page.getByRole("button", { name: "Add to Cart" });
    await add.focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Added to your cart" });
    await expect(drawer).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Item added to cart" })).toHaveCount(0);
    await expect(drawer).toContainText("Vela Pro XR Glasses");
    await expect(drawer).toContainText("Prescription-ready");
    await expect(drawer.getByTestId("cart-drawer-price")).toHaveText("$549.00");
    await expect(drawer.getByTestId("cart-drawer-total")).toHaveText("$549.00");
    await expect(drawer.getByRole("link", { name: "Check out" })).toHaveAttribute("href", "/checkout");
    await expect(drawer.getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");
    // Focus is in the drawer; the drawer sits along the window's right edge.
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    const box = await drawer.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(width);
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await expect(add).toBeFocused();

    // A second add counts both in the total; View cart leads to the cart.
    await add.click();
    await expect(drawer.getByTestId("cart-drawer-total")).toHaveText("$1,098.00");
    await expect(drawer).toContainText("Quantity in cart: 2");
    await drawer.getByRole("link", { name: "View cart" }).click();
    await expect(page).toHaveURL("/cart");
    await expect(page.getByTestId("cart-subtotal")).toHaveText("$1,098.00");
  });
});

test.describe("the subscribe offer on a first visit", () => {
  // First visits: none of the 'subscribed' cookie that playwright.config.ts gives every other spec.
  test.use({ storageState: { cookies: [], origins: [] } });

  test("takes no focus from a focused hero link, is no modal, and closes with Escape", async ({ page }) => {
    await page.goto("/");
    const link = page
      .getByRole("region", { name: "Highlights" })
      .locator('.hero-slide[data-active="true"] a')
      .first();
    await link.focus();
    const offer = page.getByRole("region", { name: OFFER });
    // Real time: the offer comes 5 s after load.
    await expect(offer).toBeVisible({ timeout: 10_000 });
    await expect(link).toBeFocused();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Reached from the keyboard like the rest of the page; Escape inside it closes it.
    await offer.getByLabel("Email").focus();
    await page.keyboard.press("Escape");
    await expect(offer).toHaveCount(0);
  });

  for (const [name, size] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    test(`on a ${name} it covers neither the variant picker nor Add to Cart`, async ({ page }) => {
      await page.setViewportSize(size);
      await expectOfferClear(page);
    });
  }

  async function expectOfferClear(page: Page): Promise<void> {
    await page.goto(PRODUCT);
    const offer = page.getByRole("region", { name: OFFER });
    await expect(offer).toBeVisible({ timeout: 10_000 });
    const add = page.getByRole("button", { name: "Add to Cart" });
    const picker = page.getByRole("group", { name: "Variant" });
    expect(await overlap(offer, add)).toBe(false);
    expect(await overlap(offer, picker)).toBe(false);
    // Scrolled so that Add to Cart sits at the bottom of the window, the offer still keeps clear.
    await add.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await expect.poll(() => overlap(offer, add)).toBe(false);
    await expect(add).toBeInViewport();
    await add.click({ trial: true });
  }
});

test("the home slider's tiles show their captions", async ({ page, context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
  await page.goto("/");
  const slider = page.getByRole("region", { name: "Explore" });
  const captions = slider.locator("figcaption");
  await expect(captions).toHaveText([
    "Shop XR glasses",
    "Browse games",
    "Mobile kits",
    "Newsroom",
    "Release notes",
    "Check compatibility",
  ]);
  await captions.first().scrollIntoViewIfNeeded();
  await expect(captions.first()).toBeVisible();
  await expect(slider.getByRole("link", { name: "Shop XR glasses" })).toHaveAttribute("href", "/products");
});

test("addresses: the default is listed first, and the delete question names the address", async ({
  page,
  context,
  baseURL,
  request,
}) => {
  await quietSubscribeDialog(context, baseURL);
  const shopper = await registerShopper(request, "address-order");
  await signInViaApi(page, { email: shopper.email, password: shopper.password });
  await page.goto("/account/addresses");
  for (const [last, street, city, state, zip] of [
    ["Home", "1 Main Street", "Portland", "OR", "97201"],
    ["Office", "9 Work Road", "Seattle", "WA", "98101"],
  ] as const) {
    await page.getByRole("button", { name: "Add New Address" }).click();
    await page.getByLabel("First name").fill("Robin");
    await page.getByLabel("Last name").fill(last);
    await page.getByLabel("Address", { exact: true }).fill(street);
    await page.getByLabel("City").fill(city);
    await page.getByLabel("Country").selectOption("United States");
    // A US state is a list once the country is the US.
    const region = page.getByLabel("Province/State/Region");
    if ((await region.evaluate((el) => el.tagName)) === "SELECT") await region.selectOption(state);
    else await region.fill(state);
    await page.getByLabel("Postal/ZIP code").fill(zip);
    await page.getByRole("button", { name: "Save Address" }).click();
    await expect(page.locator(".address-card", { hasText: `Robin ${last}` })).toBeVisible();
  }
  const cards = page.locator(".address-card");
  // The first saved is the default, and first.
  await expect(cards.first()).toContainText("Robin Home");
  await page.getByRole("button", { name: "Set as Default: 9 Work Road, Seattle" }).click();
  await expect(cards.first()).toContainText("Robin Office");
  await expect(cards.first().getByText("Default", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Delete: 1 Main Street, Portland" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the address 1 Main Street, Portland?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(
    "Are you sure you want to delete this address? This action cannot be undone.",
  );
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(cards).toHaveCount(2);
});
