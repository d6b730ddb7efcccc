// The catalogue end to end: a manager with an authenticator app creates a product (English and
// Japanese titles, prices in dollars and yen), adds a second variant holding one unit, receives 3
// units of the first with a reason, uploads a picture (a PNG made here with sharp) and publishes it.
// A shopper then finds it on /products, on its Japanese page (the Japanese title and the yen price)
// and in /sitemap.xml; two shoppers race for the second variant's last unit: one order, and the
// other is told it is sold out. The product is archived at the end, out of the other specs' way.
import type { APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import {
  adminCall,
  createStaffMember,
  freshTotpCode,
  type StaffMember,
  signInAsStaff,
  totpCode,
} from "../support/admin.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import {
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "../support/test.ts";
import { quietSubscribeDialog } from "./account-support.ts";
import { skipSubscribeDialog } from "./storefront-support.ts";

const run = Date.now() % 10_000_000;
const HANDLE = `vela-scenario-pack-${run}`;
const TITLE = `Vela Scenario Pack ${run}`;
const TITLE_JA = `ベラ シナリオパック ${run}`;
const SKU_ONE = `SCENARIO-${run}-BLK`;
const SKU_TWO = `SCENARIO-${run}-WHT`;

async function managerWithTotp(baseURL: string): Promise<StaffMember & { secret: string; used: string }> {
  const member = await createStaffMember(baseURL, "manager", "scenario-manager");
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await adminCall(api, "auth.signIn", { email: member.email, password: member.password });
    const { secret } = await adminCall<{ secret: string }>(api, "auth.startTotpEnrolment");
    const used = totpCode(secret);
    await adminCall(api, "auth.confirmTotpEnrolment", { code: used });
    return { ...member, secret, used };
  } finally {
    await api.dispose();
  }
}

/** One admin query over HTTP, as the admin's client sends it (a GET with `?input=`). */
async function adminQuery<T>(api: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const res = await api.get(`/admin/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

const outcome = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** A 320×240 PNG of two colours, made with sharp. */
const picture = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .composite([
      {
        input: {
          create: { width: 160, height: 240, channels: 3, background: { r: 230, g: 200, b: 60 } },
        },
        left: 160,
        top: 0,
      },
    ])
    .png()
    .toBuffer();

/** A cart holding one unit of the variant, then the checkout form filled in English with the test card. */
async function readyToPay(page: Page, variant: string, email: string) {
  await page.evaluate(async (variant) => {
    const post = (p: string, body: unknown) =>
      fetch(`/trpc/${p}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const id = (await (await post("cart.create", { currencyCode: "USD" })).json()).result.data.cart
      .id as string;
    await post("cart.addLines", { cartId: id, items: [{ merchandiseId: variant, quantity: 1 }] });
    localStorage.setItem("cartId", id);
  }, variant);
  await page.goto("/checkout");
  await page.getByLabel("Email", { exact: true }).fill(email);
  for (const [label, value] of Object.entries({
    "First name": "Ada",
    "Last name": "Lovelace",
    Address: "1 Market St",
    City: "San Francisco",
    "Province/State/Region": "CA",
    "Postal/ZIP code": "94105",
    Country: "United States",
  }))
    if ((await page.getByLabel(label, { exact: true }).evaluate((el) => el.tagName)) === "SELECT")
      await page.getByLabel(label, { exact: true }).selectOption(value);
    else await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/40");
  await page.getByLabel("Security code (CVC)").fill("123");
  await expect(page.locator(".checkout-summary")).toHaveAttribute("aria-busy", "false");
}

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

test("a manager makes a product with two variants, both prices, stock and a picture, publishes it; shoppers find it and race for its last unit", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const manager = await managerWithTotp(baseURL as string);
  await signInAsStaff(page, manager.email, manager.password, {
    code: freshTotpCode(manager.secret, manager.used),
  });
  let productId = 0;
  try {
    // The product, as a draft with its first variant.
    await page.goto("/admin/products/new");
    await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeVisible();
    await page.getByLabel("Handle").fill(HANDLE);
    await page.getByLabel("Type").selectOption("accessories");
    await page.getByLabel("Title (English)").fill(TITLE);
    await page.getByLabel("Title (Japanese)").fill(TITLE_JA);
    await page.getByLabel("Name (English)").fill("Black");
    await page.getByLabel(/Name \(Japanese\)/).fill("ブラック");
    await page.getByLabel("SKU").fill(SKU_ONE);
    await page.getByLabel("Price (USD)", { exact: true }).fill("39.00");
    await page.getByLabel("Price (JPY)", { exact: true }).fill("5800");
    await page.getByRole("button", { name: "Create the draft" }).click();
    await expect(page).toHaveURL(/\/admin\/products\/\d+$/);
    productId = Number(/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();

    // The second variant, from the dialog (opened and filled by keyboard), holding one unit.
    await page.getByRole("button", { name: "Add a variant" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add a variant" });
    await expect(dialog.getByLabel("Name (English)")).toBeFocused();
    await page.keyboard.type("White");
    await dialog.getByLabel(/Name \(Japanese\)/).fill("ホワイト");
    await dialog.getByLabel("SKU").fill(SKU_TWO);
    await dialog.getByLabel("Price (USD)", { exact: true }).fill("41.00");
    await dialog.getByLabel(/Compare-at price \(USD\)/).fill("45.00");
    await dialog.getByLabel("Price (JPY)", { exact: true }).fill("6200");
    await dialog.getByLabel(/Units on hand/).fill("1");
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Add the variant" }).click();
    await expect(outcome(page, `Variant ${SKU_TWO} added.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel("SKU")).toHaveCount(2);
    await expect(page.getByText(`${SKU_TWO}: 1 in stock`)).toBeVisible();

    // Three units of the first variant received, with a reason.
    await page.getByLabel("Variant", { exact: true }).selectOption({ label: `Black (${SKU_ONE})` });
    await page.getByLabel("Units (negative to take off)").fill("3");
    await page.getByLabel("Reason").selectOption("RECEIVED");
    await page.getByLabel("Note").fill("First delivery");
    await page.getByRole("button", { name: "Update stock" }).click();
    await expect(page.getByText(`${SKU_ONE}: 3 in stock`)).toBeVisible();

    // A picture, then published.
    const panel = page.getByRole("region", { name: "Pictures" });
    await panel
      .getByLabel("Picture file")
      .setInputFiles({ name: "pack.png", mimeType: "image/png", buffer: await picture() });
    await panel.getByLabel("Alt text (English)").fill("The pack in two colours");
    await panel.getByLabel("Alt text (Japanese)").fill("2色のパック");
    await panel.getByRole("button", { name: "Upload picture" }).click();
    await expect(outcome(page, "The picture was added.")).toBeVisible();
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(outcome(page, "Published: the product is in the shop.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    const product = await adminQuery<{ variants: { id: number; sku: string }[] }>(
      page.request,
      "products.get",
      {
        productId,
      },
    );
    const lastUnit = `gid://vela/ProductVariant/${product.variants.find((v) => v.sku === SKU_TWO)?.id}`;

    // A shopper finds it: the catalogue, the Japanese page with the yen price, the sitemap.
    const shopperContexts: BrowserContext[] = [await browser.newContext(), await browser.newContext()];
    try {
      const shoppers = await Promise.all(
        shopperContexts.map(async (context) => {
          await quietSubscribeDialog(context, baseURL);
          return context.newPage();
        }),
      );
      const [first, second] = shoppers as [Page, Page];
      await first.goto("/products");
      const grid = first.getByRole("list", { name: "Products" });
      await grid.getByRole("link", { name: TITLE, exact: true }).click();
      await expect(first.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
      await first.goto(`/products/${HANDLE}?lang=ja-JP`);
      await expect(first.getByRole("heading", { level: 1, name: TITLE_JA })).toBeVisible();
      await expect(first.getByText(/[¥￥]\s?5,800/).first()).toBeVisible();
      const sitemap = await (await first.request.get("/sitemap.xml")).text();
      expect(sitemap).toContain(`/products/${HANDLE}`);

      // Both have the last unit in their carts; one buys it, the other is told it is sold out.
      await first.goto("/products?lang=en-US");
      await second.goto("/products");
      await readyToPay(first, lastUnit, `e2e-scenario-${run}-a@vela.test`);
      await readyToPay(second, lastUnit, `e2e-scenario-${run}-b@vela.test`);
      await Promise.all(shoppers.map((p) => p.getByRole("button", { name: /^Pay / }).click()));
      const result = async (p: Page) => {
        const thanks = p.getByRole("heading", { level: 1, name: "Thank you for your order" });
        const soldOut = p.getByRole("alert").filter({ hasText: "Sorry, this item is sold out" });
        await expect(thanks.or(soldOut)).toBeVisible();
        return (await thanks.isVisible()) ? "order" : "sold out";
      };
      expect((await Promise.all(shoppers.map(result))).sort()).toEqual(["order", "sold out"]);
    } finally {
      await Promise.all(shopperContexts.map((c) => c.close()));
    }
  } finally {
    // Out of the shop again, for the specs after this one.
    if (productId) {
      const now = await adminQuery<{ version: number; status: string }>(page.request, "products.get", {
        productId,
      });
      if (now.status !== "ARCHIVED")
        await adminCall(page.request, "products.setStatus", {
          productId,
          version: now.version,
          status: "ARCHIVED",
        });
    }
  }
});
