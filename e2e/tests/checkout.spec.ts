import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expectNoSeriousA11yViolations, latestLinkFor, signInViaApi } from "../support/fixtures.ts";
import { seedFixtures } from "../support/seed.ts";
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "../support/test.ts";
import { createAnonymousCart, quietSubscribeDialog, registerShopper } from "./account-support.ts";
import { mailboxRows } from "./storefront-support.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The operator's command line against the running server's database. */
function ordersCli(...args: string[]): string {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  if (process.env.E2E_SESSION_SECRET) env.SESSION_SECRET = process.env.E2E_SESSION_SECRET;
  const res = spawnSync("npm", ["run", "--silent", "orders", "--", ...args], {
    cwd: root,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  if (res.status !== 0) throw new Error(`orders ${args.join(" ")} failed: ${res.stderr}${res.stdout}`);
  return res.stdout;
}

/** How many mails of this kind the development mailbox holds for this address. */
async function mailCount(request: APIRequestContext, to: string, kind: string): Promise<number> {
  const list = await (await request.get("/dev/mailbox")).text();
  return [
    ...list.matchAll(
      /<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a href="[^"]+">[^<]*<\/a><\/td><td>([^<]*)<\/td><\/tr>/g,
    ),
  ].filter((r) => r[1] === to && r[2] === kind).length;
}

async function fillAddress(page: Page, labels: Record<string, string>) {
  for (const [label, value] of Object.entries(labels))
    if ((await page.getByLabel(label, { exact: true }).evaluate((el) => el.tagName)) === "SELECT")
      // The country, and a US state or a prefecture, are lists to choose from (by value or name).
      await page.getByLabel(label, { exact: true }).selectOption(value);
    else await page.getByLabel(label, { exact: true }).fill(value);
}

/** The summary has the server's answer for what the form holds now. */
const settled = (page: Page) =>
  expect(page.locator(".checkout-summary")).toHaveAttribute("aria-busy", "false");

async function fillCard(
  page: Page,
  labels: { number: string; expiry: string; cvc: string },
  names: [string, string, string],
) {
  await page.getByLabel(names[0]).fill(labels.number);
  await page.getByLabel(names[1]).fill(labels.expiry);
  await page.getByLabel(names[2]).fill(labels.cvc);
}

const EN = {
  address: {
    "First name": "Ada",
    "Last name": "Lovelace",
    Address: "1 Market St",
    City: "San Francisco",
    "Province/State/Region": "CA",
    "Postal/ZIP code": "94105",
    Country: "United States",
  },
  card: ["Card number", "Expiry (MM/YY)", "Security code (CVC)"] as [string, string, string],
  pay: /^Pay /,
  thanks: "Thank you for your order",
};
const JA = {
  address: {
    名: "美奈",
    姓: "佐藤",
    住所: "丸の内2-4-1",
    市区町村: "千代田区",
    "都道府県・州・地域": "東京都",
    郵便番号: "100-0005",
    国: "日本",
  },
  card: ["カード番号", "有効期限（MM/YY）", "セキュリティコード（CVC）"] as [string, string, string],
  pay: /を支払う$/,
  thanks: "ご注文ありがとうございます",
};
const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };

/**
 * From a cart of the given variant to a filled checkout form whose summary has settled, in `lang`.
 * The page that was open when this is called chose the language from its `?lang=`; the choice is
 * remembered in the `lang` cookie by an effect once the app has mounted, which can come after the
 * load event `goto` waits for. Leaving before it opened /checkout in English, and the fill then
 * waited for a Japanese label until the test timed out; so wait for the cookie first. The cart is
 * made in the page's currency, as the store's own Add to Cart makes it, so that the page does not
 * move it to yen while the form is being filled.
 */
async function readyToPay(
  page: Page,
  lang: typeof EN | typeof JA,
  opts: { email?: string; variant?: string } = {},
) {
  const currencyCode = lang === JA ? "JPY" : "USD";
  if (lang === JA)
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === "lang")?.value)
      .toBe("ja-JP");
  await page.evaluate(
    async ({ variant, currencyCode }) => {
      const post = (p: string, body: unknown) =>
        fetch(`/trpc/${p}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const id = (await (await post("cart.create", { currencyCode })).json()).result.data.cart.id as string;
      await post("cart.addLines", { cartId: id, items: [{ merchandiseId: variant, quantity: 1 }] });
      localStorage.setItem("cartId", id);
    },
    { variant: opts.variant ?? "gid://vela/ProductVariant/1", currencyCode },
  );
  await page.goto("/checkout");
  if (opts.email) await page.getByLabel(lang === JA ? "メールアドレス" : "Email").fill(opts.email);
  await fillAddress(page, lang.address);
  await fillCard(page, GOOD_CARD, lang.card);
  await settled(page);
}

test.beforeEach(async ({ context, baseURL }) => {
  await quietSubscribeDialog(context, baseURL);
});

test("a guest buys in English: a declined card says why and keeps the cart; a double click on Pay makes one order", async ({
  page,
  request,
}) => {
  const email = `e2e-guest-${Date.now()}@vela.test`;
  await page.goto("/products");
  await createAnonymousCart(page);
  await page.goto("/cart");
  await page.getByRole("link", { name: "Check out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await expect(page.getByText("Shipping and tax are estimates until you enter your address.")).toBeVisible();
  await fillAddress(page, {
    "First name": "Ada",
    "Last name": "Lovelace",
    Address: "1 Market St",
    City: "San Francisco",
    "Province/State/Region": "CA",
    "Postal/ZIP code": "94105",
    Country: "United States",
  });
  await expect(page.getByText("Shipping and tax are estimates until you enter your address.")).toHaveCount(0);
  await fillCard(page, { number: "4000 0000 0000 0002", expiry: "12/40", cvc: "123" }, [
    "Card number",
    "Expiry (MM/YY)",
    "Security code (CVC)",
  ]);
  const pay = page.getByRole("button", { name: /^Pay / });
  await settled(page);
  await pay.click();
  await expect(page.getByRole("alert")).toHaveText("Your card was declined");
  await expect(page).toHaveURL(/\/checkout$/);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await pay.dblclick();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  await expect(page.getByText(`We have sent a confirmation to ${email}.`)).toBeVisible();
  await expect(page.getByText("Paid with Visa ending in 4242")).toBeVisible();
  await expect.poll(() => mailCount(request, email, "order-confirmation")).toBe(1);
  await expect(page.getByTestId("cart-count")).toHaveText("0");
});

test("a signed-in customer buys in Japanese with the 10% code, which is refused the second time; the operator ships it and the order shows Track Package", async ({
  page,
  request,
}) => {
  const shopper = await registerShopper(request, "checkout");
  // The newsletter's welcome code, bound to the shopper's email.
  await request.post("/api/newsletter/subscribe", { data: { email: shopper.email } });
  const confirm = new URL(await latestLinkFor(request, shopper.email, "newsletter-confirm"), "http://x");
  await request.post("/api/newsletter/confirm", { data: { token: confirm.searchParams.get("token") } });
  const list = await (await request.get("/dev/mailbox")).text();
  const welcomeHref = [
    ...list.matchAll(
      /<td>([^<]*)<\/td><td><a href="(\/dev\/mailbox\/\d+)">[^<]*<\/a><\/td><td>newsletter-welcome-code<\/td>/g,
    ),
  ].find((r) => r[1] === shopper.email)?.[2];
  const code = /VELA10-[A-Z0-9]{8}/.exec(
    await (await request.get(welcomeHref as string)).text(),
  )?.[0] as string;
  expect(code).toBeTruthy();

  await signInViaApi(page, { email: shopper.email, password: shopper.password });
  await page.goto("/products?lang=ja-JP");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");

  const buy = async (withCode: boolean) => {
    await createAnonymousCart(page);
    await page.goto("/checkout");
    await expect(page.getByRole("heading", { level: 1, name: "ご購入手続き" })).toBeVisible();
    await expect(page.getByLabel("メールアドレス")).toHaveValue(shopper.email);
    await fillAddress(page, {
      名: "美奈",
      姓: "佐藤",
      住所: "丸の内2-4-1",
      市区町村: "千代田区",
      "都道府県・州・地域": "東京都",
      郵便番号: "100-0005",
      国: "日本",
    });
    await expect(page.getByTestId("checkout-total")).toContainText("￥");
    if (withCode) {
      await page.getByLabel("割引コード").fill(code);
      await page.getByRole("button", { name: "適用" }).click();
    }
    await settled(page);
  };

  await buy(true);
  await expect(page.getByText(`コード ${code} を適用しました`)).toBeVisible();
  await expect(page.getByTestId("checkout-discount")).toBeVisible();
  await fillCard(page, { number: "4242424242424242", expiry: "12/40", cvc: "123" }, [
    "カード番号",
    "有効期限（MM/YY）",
    "セキュリティコード（CVC）",
  ]);
  await page.getByRole("button", { name: /を支払う$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "ご注文ありがとうございます" })).toBeVisible();
  const orderNumber = /#(\d+)/.exec(
    (await page.getByText(/注文番号 #\d+/).textContent()) ?? "",
  )?.[1] as string;

  await buy(true);
  await expect(page.getByText(`この割引コードはすでに使用されています: ${code}`)).toBeVisible();
  await expect(page.getByTestId("checkout-discount")).toHaveCount(0);

  // The order heads the account's list, Paid and Unfulfilled; the operator ships it.
  await page.goto("/account/orders");
  await expect(page.getByText(`#${orderNumber}`).first()).toBeVisible();
  const orderId = /#(\d+)/.exec(ordersCli("show", orderNumber))?.[1];
  expect(orderId).toBe(orderNumber);
  expect(ordersCli("fulfil", orderNumber, "--carrier", "UPS", "--tracking", "1Z999AA10123456784")).toContain(
    "FULFILLED",
  );
  await page.goto("/account/orders");
  await page.getByText(`#${orderNumber}`).first().click();
  await expect(page.getByRole("link", { name: /Track Package|荷物を追跡/ }).first()).toBeVisible();
  await expect.poll(() => mailCount(request, shopper.email, "order-shipped")).toBe(1);
});

test("a guest buys in Japanese, takes the offered account, and after activation finds the order in it", async ({
  page,
  request,
}) => {
  const email = `e2e-guest-ja-${Date.now()}@vela.test`;
  await page.goto("/products?lang=ja-JP");
  await readyToPay(page, JA, { email });
  await expect(page.getByTestId("checkout-total")).toContainText("￥");
  await page.getByRole("button", { name: JA.pay }).click();
  await expect(page.getByRole("heading", { level: 1, name: JA.thanks })).toBeVisible();
  const orderNumber = /#(\d+)/.exec(
    (await page.getByText(/注文番号 #\d+/).textContent()) ?? "",
  )?.[1] as string;

  await page.getByRole("button", { name: "リンクをメールで受け取る" }).click();
  await expect(page.getByRole("status")).toContainText("リンクをお送りしました");
  await expectNoSeriousA11yViolations(page);

  const link = await latestLinkFor(request, email, "account-activation");
  // The activation mail is in the order's language, and the welcome in the reader's.
  const subjectOf = async (kind: string) =>
    (await mailboxRows(request)).find((r) => r.to === email && r.kind === kind)?.subject;
  expect(await subjectOf("account-activation")).toBe("Velaアカウントの有効化");
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await page.getByLabel("新しいパスワード").fill("guest-ja-password");
  await page.getByLabel("パスワード（確認）").fill("guest-ja-password");
  await page.getByRole("button", { name: "アカウントを有効化" }).click();
  await expect(page).toHaveURL(/\/account\/login$/);
  await expect.poll(() => subjectOf("welcome")).toBe("Velaへようこそ");
  await signInViaApi(page, { email, password: "guest-ja-password" });
  await page.goto("/account/orders");
  await expect(page.getByText(`#${orderNumber}`).first()).toBeVisible();
});

test("a signed-in customer buys in English, is offered no account, and the order heads their list", async ({
  page,
  request,
}) => {
  const shopper = await registerShopper(request, "checkout-en");
  await signInViaApi(page, { email: shopper.email, password: shopper.password });
  await page.goto("/products");
  await readyToPay(page, EN);
  await expect(page.getByLabel("Email")).toHaveValue(shopper.email);
  await page.getByRole("button", { name: EN.pay }).click();
  await expect(page.getByRole("heading", { level: 1, name: EN.thanks })).toBeVisible();
  await expect(page.getByRole("button", { name: "Email me a link" })).toHaveCount(0);
  const orderNumber = /#(\d+)/.exec((await page.getByText(/Order #\d+/).textContent()) ?? "")?.[1] as string;
  await page.getByRole("link", { name: "View your orders" }).click();
  await expect(page.getByText(`#${orderNumber}`).first()).toBeVisible();
  await expect.poll(() => mailCount(request, shopper.email, "order-confirmation")).toBe(1);
});

test("two shoppers race for the last unit: one order, and one clear sold-out message", async ({
  browser,
  baseURL,
}) => {
  const run = Date.now() % 10_000_000;
  const handle = `vela-last-unit-${run}`;
  seedFixtures(
    {
      products: [
        {
          handle,
          title: "Vela Last Unit",
          type: "accessories",
          variants: [{ title: "Only one", sku: `LAST-UNIT-${run}`, usd: 1999, jpy: 2980, inventory: 1 }],
        },
      ],
    },
    test.info().outputPath("last-unit.json"),
  );
  const contexts: BrowserContext[] = [await browser.newContext(), await browser.newContext()];
  try {
    const pages = await Promise.all(
      contexts.map(async (context) => {
        await quietSubscribeDialog(context, baseURL);
        const page = await context.newPage();
        await page.goto("/products");
        return page;
      }),
    );
    const product = await (await pages[0]?.request.get(`/api/products/${handle}`))?.json();
    const variant = (product as { product: { variants: { id: string }[] } }).product.variants[0]?.id;
    for (const [i, page] of pages.entries())
      await readyToPay(page, EN, { email: `e2e-race-${run}-${i}@vela.test`, variant });
    await Promise.all(pages.map((page) => page.getByRole("button", { name: EN.pay }).click()));
    const outcome = async (page: Page) => {
      const thanks = page.getByRole("heading", { level: 1, name: EN.thanks });
      const alert = page.getByRole("alert").filter({ hasText: /sold out/ });
      await expect(thanks.or(alert)).toBeVisible();
      return (await thanks.isVisible()) ? "order" : "sold out";
    };
    expect((await Promise.all(pages.map(outcome))).sort()).toEqual(["order", "sold out"]);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});
