// Returns in a browser, from the customer's request to the refund:
// - a signed-in customer's order is paid and shipped (the operator's `npm run orders -- fulfil`);
//   on the order's page the customer asks for a return of one unit with the keyboard, with a
//   reason and a comment, and sees it waiting;
// - support finds it among the returns waiting in the admin, approves it and marks it received,
//   putting the unit back in stock; support has no refund button;
// - a manager refunds it from the same screen;
// - the customer's order page shows the return refunded, and every step's mail reached the mailbox.
// The customer's form, the admin's list and the return's page pass axe.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createStaffMember, signInAsStaff } from "../support/admin.ts";
import { expectNoSeriousA11yViolations, signInViaApi } from "../support/fixtures.ts";
import { type APIRequestContext, type Browser, expect, type Page, test } from "../support/test.ts";
import { quietSubscribeDialog, registerShopper, type Shopper } from "./account-support.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Market St",
  city: "San Francisco",
  province: "CA",
  zip: "94105",
  country: "United States",
};

/** `npm run orders -- <args>` on the running test server's database, as the operator runs it. */
function ordersCli(args: string[], publicUrl: string): string[] {
  const env: NodeJS.ProcessEnv = { ...process.env, PUBLIC_URL: publicUrl };
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  if (process.env.E2E_SESSION_SECRET) env.SESSION_SECRET = process.env.E2E_SESSION_SECRET;
  const res = spawnSync("npm", ["run", "--silent", "orders", "--", ...args], {
    cwd: root,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (res.status !== 0)
    throw new Error(`npm run orders -- ${args.join(" ")} failed (${res.status}): ${res.stderr}${res.stdout}`);
  return res.stdout.split("\n").filter(Boolean);
}

/** A paid order of two units of one variant, placed from the shopper's page through the checkout's API. */
async function placeOrder(page: Page, shopper: Shopper): Promise<{ number: number; id: string }> {
  return page.evaluate(
    async ({ email, address, key }) => {
      const post = async (p: string, body: unknown) => {
        const res = await fetch(p, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const cartId = (await post("/trpc/cart.create", { currencyCode: "USD" })).result.data.cart.id as string;
      await post("/trpc/cart.addLines", {
        cartId,
        items: [{ merchandiseId: "gid://vela/ProductVariant/1", quantity: 2 }],
      });
      const quote = await post("/api/checkout/quote", { cartId, email, address });
      const placed = await post("/api/checkout/orders", {
        cartId,
        email,
        address,
        card: { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" },
        idempotencyKey: key,
        expectedTotal: quote.quote.totalMinor,
      });
      return {
        number: placed.order.orderNumber as number,
        id: String(placed.order.id).split("/").at(-1) as string,
      };
    },
    {
      email: shopper.email,
      address: ADDRESS,
      key: `e2e-returns-${Date.now()}-${Math.floor(Math.random() * 1e9)}`,
    },
  );
}

/** The kinds of the mails the development mailbox lists as sent (or waiting) to an address. */
async function mailKinds(request: APIRequestContext, to: string): Promise<string[]> {
  const list = await (await request.get("/dev/mailbox")).text();
  const sent = list.split('<h2 id="held">')[0] ?? "";
  return [
    ...sent.matchAll(
      /<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a href="[^"]+">[^<]*<\/a><\/td><td>([^<]*)<\/td><\/tr>/g,
    ),
  ]
    .filter((r) => r[1] === to)
    .map((r) => r[2] ?? "");
}

async function staffPage(browser: Browser, baseURL: string, role: "support" | "manager") {
  const member = await createStaffMember(baseURL, role, `returns-${role}`);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsStaff(page, member.email, member.password);
  return { context, page };
}

test("a customer asks for a return; support approves and receives it; a manager refunds it", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL ?? "http://localhost";

  // The customer's paid order, shipped by the operator.
  const shopper = await registerShopper(request, "returns");
  await quietSubscribeDialog(page.context(), baseURL);
  await signInViaApi(page, { email: shopper.email, password: shopper.password });
  await page.goto("/account");
  const order = await placeOrder(page, shopper);
  expect(
    ordersCli(["fulfil", String(order.number), "--carrier", "UPS", "--tracking", "1Z999RET"], base),
  ).toEqual([`Order ${order.number} is now FULFILLED`]);
  const number = `R${order.number}-1`;

  // The request, by keyboard, from the order's page.
  await page.goto(`/account/orders/${order.id}`);
  const returns = page.getByRole("region", { name: "Returns" });
  await expect(returns.getByText(/You can ask for a return until/)).toBeVisible();
  await returns.getByRole("button", { name: "Request a return" }).focus();
  await page.keyboard.press("Enter");
  await expect(returns.getByRole("heading", { name: "Request a return" })).toBeFocused();
  // Sending nothing is refused on the form, the first quantity taking the focus.
  await returns.getByRole("button", { name: "Send the request" }).focus();
  await page.keyboard.press("Enter");
  const quantity = returns.getByRole("spinbutton", { name: /how many to return/ });
  await expect(quantity).toBeFocused();
  await expect(returns.getByText("Choose at least one item to return")).toBeVisible();
  await page.keyboard.press("Control+A");
  await page.keyboard.type("1");
  await page.keyboard.press("Tab");
  await expect(returns.getByRole("combobox", { name: "Reason" })).toBeFocused();
  await returns.getByRole("combobox", { name: "Reason" }).selectOption("DEFECTIVE");
  await page.keyboard.press("Tab");
  await expect(returns.getByRole("textbox", { name: /Comment/ })).toBeFocused();
  await page.keyboard.type("The left display flickers.");
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Tab");
  await expect(returns.getByRole("button", { name: "Send the request" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(returns.getByText(`Your return request ${number} was sent.`, { exact: false })).toBeVisible();
  await expect(returns.getByText(`Return ${number}`)).toBeVisible();
  await expect(returns.getByText("Waiting for approval")).toBeVisible();

  // Support: the waiting list, approve, receive with the unit back in stock; no refund button.
  const support = await staffPage(browser, base, "support");
  await support.page.goto("/admin/returns");
  const list = support.page.getByRole("table", { name: "Returns" });
  await expect(list.getByRole("link", { name: number })).toBeVisible();
  await expectNoSeriousA11yViolations(support.page);
  await list.getByRole("link", { name: number }).click();
  await expect(support.page.getByRole("heading", { level: 1, name: `Return ${number}` })).toBeVisible();
  await expect(support.page.getByText("The left display flickers.")).toBeVisible();
  await support.page.getByRole("button", { name: "Approve" }).click();
  await expect(support.page.getByText(/^Approved\. The customer has been mailed/)).toBeVisible();
  const restock = support.page.getByRole("checkbox", { name: /back in stock/ });
  await expect(restock).toBeChecked();
  await expectNoSeriousA11yViolations(support.page);
  await support.page.getByRole("button", { name: "Mark received" }).click();
  await expect(support.page.getByText(/^Marked received/)).toBeVisible();
  await expect(support.page.getByText(/Refunds need the permission to refund payments/)).toBeVisible();
  await expect(support.page.getByRole("button", { name: /^Refund/ })).toHaveCount(0);
  await support.context.close();

  // The manager refunds from the same screen, with the unit's value.
  const manager = await staffPage(browser, base, "manager");
  await manager.page.goto("/admin/returns?show=RECEIVED");
  await manager.page.getByRole("table", { name: "Returns" }).getByRole("link", { name: number }).click();
  const refund = manager.page.getByRole("button", { name: /^Refund \$/ });
  await expect(refund).toBeVisible();
  await refund.click();
  await expect(manager.page.getByText(/^Refunded \$[\d.,]+\. The customer has been mailed\./)).toBeVisible();
  await manager.context.close();

  // The customer's page shows it refunded; each step's mail arrived.
  await page.goto(`/account/orders/${order.id}`);
  await expect(returns.getByText(`Return ${number}`)).toBeVisible();
  await expect(returns.getByText("Refunded", { exact: true })).toBeVisible();
  await expect(returns.getByText(/^Refunded \$/)).toBeVisible();
  await expect
    .poll(() => mailKinds(request, shopper.email))
    .toEqual(
      expect.arrayContaining([
        "order-shipped",
        "return-requested",
        "return-approved",
        "return-received",
        "order-refunded",
      ]),
    );
});
