// The admin's orders area in a browser. A shopper places orders through the checkout's API from
// their own signed-in browser; then
// - support finds one in the list, ships it from its page (the dialog says what is missing first),
//   sees no Refund or Cancel button and is refused by the server when it asks anyway; the
//   customer's order page shows the shipment and the shipped mail reaches the mailbox;
// - a manager, in Japanese, refunds part of another (a Japanese order): a refund made meanwhile
//   by someone else is refused with the reason in Japanese and nothing is paid twice; the
//   customer's page shows the partial refund and the Japanese refund mail reaches the mailbox.
// The list, an order's page and the dashboard pass axe in both languages; the dialogs are used
// by keyboard.
import { adminCall, createStaffMember, signInAsStaff } from "../support/admin.ts";
import { expectNoSeriousA11yViolations, signInViaApi } from "../support/fixtures.ts";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  request as playwrightRequest,
  test,
} from "../support/test.ts";
import { quietSubscribeDialog, registerShopper, type Shopper } from "./account-support.ts";

const ADDRESS = {
  "en-US": {
    firstName: "Ada",
    lastName: "Lovelace",
    address1: "1 Market St",
    city: "San Francisco",
    province: "CA",
    zip: "94105",
    country: "United States",
  },
  "ja-JP": {
    firstName: "美奈",
    lastName: "佐藤",
    address1: "丸の内2-4-1",
    city: "千代田区",
    province: "東京都",
    zip: "100-0005",
    country: "日本",
  },
} as const;

interface Placed {
  number: number;
  /** The id in the customer's order page address, /account/orders/<id>. */
  id: string;
}

/** A shopper of their own, signed in in a browser of their own. */
async function shopperBrowser(browser: Browser, request: APIRequestContext, baseURL: string | undefined) {
  const shopper = await registerShopper(request, "admin-orders");
  const context = await browser.newContext();
  await quietSubscribeDialog(context, baseURL);
  const page = await context.newPage();
  await signInViaApi(page, { email: shopper.email, password: shopper.password });
  await page.goto("/account");
  return { shopper, context, page };
}

/** A paid order of two units, placed from the shopper's page through the checkout's API, in `language`. */
async function placeOrder(page: Page, shopper: Shopper, language: "en-US" | "ja-JP"): Promise<Placed> {
  return page.evaluate(
    async ({ email, language, address, key }) => {
      const post = async (path: string, body: unknown) => {
        const res = await fetch(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const currencyCode = language === "ja-JP" ? "JPY" : "USD";
      const cartId = (await post("/trpc/cart.create", { currencyCode })).result.data.cart.id as string;
      await post("/trpc/cart.addLines", {
        cartId,
        items: [{ merchandiseId: "gid://vela/ProductVariant/1", quantity: 2 }],
      });
      const quote = await post("/api/checkout/quote", { cartId, email, address, language });
      const placed = await post("/api/checkout/orders", {
        cartId,
        email,
        language,
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
      language,
      address: ADDRESS[language],
      key: `e2e-admin-orders-${Date.now()}-${Math.floor(Math.random() * 1e9)}`,
    },
  );
}

/** The subjects of the mails of a kind the development mailbox lists for an address. */
async function mailSubjects(request: APIRequestContext, to: string, kind: string): Promise<string[]> {
  const list = await (await request.get("/dev/mailbox")).text();
  const sent = list.split('<h2 id="held">')[0] ?? "";
  return [
    ...sent.matchAll(
      /<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a href="[^"]+">([^<]*)<\/a><\/td><td>([^<]*)<\/td><\/tr>/g,
    ),
  ]
    .filter((r) => r[1] === to && r[3] === kind)
    .map((r) => (r[2] ?? "").replace(/&amp;/g, "&").replace(/&#39;/g, "'"));
}

async function useJapanese(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([{ name: "lang", value: "ja-JP", url: baseURL ?? "http://localhost" }]);
}

/** From the list's search to the order's page. */
async function openFromList(
  page: Page,
  number: number,
  labels: { nav: string; search: string; apply: string },
) {
  await page
    .getByRole("navigation", { name: /./ })
    .getByRole("link", { name: labels.nav, exact: true })
    .click();
  // The list is there before the member types (a person reads the page first).
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  const search = page.getByLabel(labels.search, { exact: true });
  await search.fill(`#${number}`);
  await expect(search).toHaveValue(`#${number}`);
  await page.getByRole("button", { name: labels.apply }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=%23${number}$`));
  const row = page.getByRole("row").filter({ hasText: `#${number}` });
  await expect(row).toHaveCount(1);
  await row.getByRole("link", { name: `#${number}` }).click();
}

test("support ships an order and cannot refund it; the customer sees the shipment and gets the mail", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const customer = await shopperBrowser(browser, request, baseURL);
  const order = await placeOrder(customer.page, customer.shopper, "en-US");

  const support = await createStaffMember(baseURL as string, "support");
  await signInAsStaff(page, support.email, support.password);
  await openFromList(page, order.number, { nav: "Orders", search: "Search", apply: "Apply filters" });
  await expect(page.getByRole("heading", { level: 1, name: `Order #${order.number}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Support's role has no refunds: neither button is there.
  await expect(page.getByRole("button", { name: "Refund" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel the order" })).toHaveCount(0);

  // Ship, by keyboard: the dialog says what is missing before it sends anything.
  await page.getByRole("button", { name: "Ship" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Ship order #${order.number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Carrier")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByText("Enter the carrier")).toBeVisible();
  await expect(dialog.getByText("Enter the tracking number")).toBeVisible();
  await expect(dialog.getByLabel("Carrier")).toBeFocused();
  await page.keyboard.type("UPS");
  await dialog.getByLabel("Tracking number").fill("1Z999E2E0001");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel("Tracking number").press("Enter");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Shipped." })).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByRole("row").filter({ hasText: "Shipped: UPS 1Z999E2E0001" })).toContainText(
    support.email,
  );
  await expect(page.getByRole("button", { name: "Ship" })).toHaveCount(0);

  // The server refuses the refund too, whatever the page shows.
  const refused = await page.evaluate(async (number) => {
    const res = await fetch("/admin/trpc/orders.refund", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ number, version: 0, amount: "1.00", reason: "asked anyway" }),
    });
    return { status: res.status, body: await res.text() };
  }, order.number);
  expect(refused.status).toBe(403);
  expect(refused.body).toContain("Your role does not allow this");

  // The customer's order page shows the shipment; the mail went out.
  await customer.page.goto(`/account/orders/${order.id}`);
  await expect(customer.page.getByText("1Z999E2E0001")).toBeVisible();
  await expect
    .poll(() => mailSubjects(request, customer.shopper.email, "order-shipped"))
    .toEqual([`Your order #${order.number} has shipped`]);
  await customer.context.close();
});

test("a manager refunds part of a Japanese order in Japanese; a refund made meanwhile is not made twice", async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const customer = await shopperBrowser(browser, request, baseURL);
  const order = await placeOrder(customer.page, customer.shopper, "ja-JP");
  const manager = await createStaffMember(baseURL as string, "manager");
  await signInAsStaff(page, manager.email, manager.password);
  await useJapanese(context, baseURL);

  // The dashboard counts the order as waiting to ship.
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "ダッシュボード" })).toBeVisible();
  await expect(page.getByText("発送待ちの注文")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openFromList(page, order.number, { nav: "注文", search: "検索", apply: "絞り込む" });
  await expect(page.getByRole("heading", { level: 1, name: `注文 #${order.number}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Someone else refunds ¥100 while the manager is looking at the order.
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    await adminCall(api, "auth.signIn", { email: manager.email, password: manager.password });
    const res = await api.get(
      `/admin/trpc/orders.get?input=${encodeURIComponent(JSON.stringify({ number: order.number }))}`,
    );
    const seen = ((await res.json()) as { result: { data: { version: number } } }).result.data;
    await adminCall(api, "orders.refund", {
      number: order.number,
      version: seen.version,
      amount: "100",
      reason: "先に返金",
    });
  } finally {
    await api.dispose();
  }

  await page.getByRole("button", { name: "返金", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `注文 #${order.number} を返金` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("金額（JPY）").fill("500");
  await dialog.getByLabel("理由", { exact: true }).fill("傷あり");
  await dialog.getByRole("button", { name: "返金してお客様に知らせる" }).click();
  // Refused with the reason, in Japanese; the page now shows the order as it is.
  await expect(dialog.getByRole("alert")).toContainText(
    `注文 ${order.number} は、開いた後に変更されています`,
  );
  await expect(dialog.getByLabel("金額（JPY）")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("region", { name: "支払い" })).toContainText("￥100");

  // Looked at again: the manager's refund goes through once.
  await page.getByRole("button", { name: "返金", exact: true }).click();
  await dialog.getByLabel("金額（JPY）").fill("500");
  await dialog.getByLabel("理由", { exact: true }).fill("傷あり");
  await dialog.getByLabel("理由", { exact: true }).press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "￥500 を返金しました" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "履歴" }).getByRole("row").filter({ hasText: "￥500 を返金：傷あり" }),
  ).toContainText(manager.email);

  // The customer's page shows the partial refund; both refund mails are in Japanese.
  await customer.page.goto(`/account/orders/${order.id}`);
  await expect(customer.page.getByText("Partially Refunded").first()).toBeVisible();
  await expect
    .poll(() => mailSubjects(request, customer.shopper.email, "order-refunded"))
    .toEqual([`ご注文 #${order.number} の返金`, `ご注文 #${order.number} の返金`]);
  await customer.context.close();
});
