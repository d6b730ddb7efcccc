// A guest's order opened on another device: the confirmation mail's link, the lookup form, the
// mailed link, and the confirmation page in the second browser.
import { expect, type Page, test } from "../support/test.ts";
import { mailboxRows, mailText, skipSubscribeDialog } from "./storefront-support.ts";

const ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Market St",
  city: "San Francisco",
  province: "CA",
  country: "United States",
  zip: "94105",
};

/** A guest order placed from `page` (the store's own endpoints, same origin), with its number. */
async function placeGuestOrder(page: Page, email: string): Promise<number> {
  await page.goto("/products");
  return page.evaluate(
    async ({ email, address }) => {
      const post = async (path: string, body: unknown) => {
        const res = await fetch(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const cartId = (await post("/api/cart", {})).cart.id as string;
      await post(`/api/cart/${cartId}`, {
        items: [{ merchandiseId: "gid://vela/ProductVariant/1", quantity: 1 }],
      });
      const quote = await post("/api/checkout/quote", { cartId, email, address, language: "en-US" });
      const placed = await post("/api/checkout/orders", {
        cartId,
        email,
        language: "en-US",
        address,
        card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" },
        idempotencyKey: `e2e-lookup-${Date.now()}`,
        expectedTotal: quote.quote.totalMinor,
      });
      return placed.order.orderNumber as number;
    },
    { email, address: ADDRESS },
  );
}

async function linkOfMail(page: Page, to: string, kind: string, path: RegExp): Promise<string> {
  let href = "";
  await expect
    .poll(async () => {
      const row = (await mailboxRows(page.request)).find((r) => r.to === to && r.kind === kind);
      if (!row) return "";
      href = (await mailText(page.request, row.href)).match(path)?.[0] ?? "";
      return href;
    })
    .not.toBe("");
  return new URL(href).pathname + new URL(href).search;
}

test("the confirmation mail's link opens the order on another device through the lookup", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = `e2e-lookup-${Date.now()}@vela.test`;
  const laptop = await browser.newContext({ baseURL });
  await skipSubscribeDialog(laptop, baseURL);
  const orderNumber = await placeGuestOrder(await laptop.newPage(), email);

  // The phone: no order-access cookie.
  const phone = await browser.newContext({ baseURL });
  await skipSubscribeDialog(phone, baseURL);
  const page = await phone.newPage();
  const viewLink = await linkOfMail(
    page,
    email,
    "order-confirmation",
    /https?:\/\/\S+\/checkout\/confirmation\/\S+/,
  );
  expect(viewLink).toContain(`?order=${orderNumber}`);
  await page.goto(viewLink);
  await expect(page.getByRole("heading", { level: 1, name: "Find your order" })).toBeVisible();
  await expect(page.getByText("does not exist")).toHaveCount(0);
  await expect(page.getByLabel("Order number")).toHaveValue(String(orderNumber));
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByRole("status")).toContainText(
    "If an order matches, we've sent a link to its email.",
  );

  const accessLink = await linkOfMail(
    page,
    email,
    "order-access",
    /https?:\/\/\S+\/checkout\/order-link\?token=\S+/,
  );
  await page.goto(accessLink);
  await page.getByRole("button", { name: "View your order" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByText(`Order #${orderNumber}`)).toBeVisible();

  // The link worked once.
  await page.goto(accessLink);
  await page.getByRole("button", { name: "View your order" }).click();
  await expect(page.getByText(/already used or expired/)).toBeVisible();
  await laptop.close();
  await phone.close();
});

test("the lookup page answers the same for an order that does not match", async ({
  page,
  baseURL,
  context,
}) => {
  await skipSubscribeDialog(context, baseURL);
  await page.goto("/checkout/lookup");
  await page.getByLabel("Order number").fill("999999");
  await page.getByLabel("Email").fill("nobody@vela.test");
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByRole("status")).toContainText(
    "If an order matches, we've sent a link to its email.",
  );
});
