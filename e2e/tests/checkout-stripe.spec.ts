// Checkout with Stripe in a browser: a second store server of its own (PAYMENT_PROVIDER=stripe, a
// fresh seeded database) against the Stripe stand-in (server/test/support/stripe/), and a stand-in
// for Stripe.js (support/fake-stripe-js.js) served at STRIPE_JS_URL. The real Stripe.js is exercised
// by the manual check in docs/stripe-testing.md.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type StripeStandIn, startStripeStandIn } from "../../server/test/support/stripe/stand-in.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, type Page, test } from "../support/test.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FAKE_STRIPE_JS = readFileSync(path.join(root, "e2e/support/fake-stripe-js.js"), "utf8");
const WEBHOOK_SECRET = "whsec_e2estripe0123456789abcdef";
const SECRET_KEY = "sk_test_e2estripe0123456789abcdef";

let standIn: StripeStandIn;
let store: ChildProcess | null = null;
let storeUrl = "";
let databaseUrl = "";
const SESSION_SECRET = "e2e-stripe-secret-e2e-stripe-secret-e2e";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

test.describe.configure({ mode: "serial" });
test.setTimeout(60_000);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const port = await freePort();
  storeUrl = `http://localhost:${port}`;
  databaseUrl = `file:./data/e2e/stripe-${port}.db`;
  standIn = await startStripeStandIn({
    apiKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
  });
  // The main suite's server has built the client and the server; start.mjs migrates and seeds a
  // fresh database for this one and serves it.
  store = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: storeUrl,
      DATABASE_URL: databaseUrl,
      FRESH_DB: "1",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MULTIPLIER: "100",
      SESSION_SECRET,
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: "pk_test_e2estripe0123456789abcdef",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      STRIPE_JS_URL: `${standIn.url}/v3/`,
    },
  });
  let stderr = "";
  store.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const deadline = Date.now() + 200_000;
  for (;;) {
    if (store.exitCode !== null) throw new Error(`the Stripe store did not start: ${stderr}`);
    try {
      if ((await fetch(`${storeUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the Stripe store did not answer: ${stderr}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  if (store && store.exitCode === null) {
    const stopped = new Promise((r) => store?.once("exit", r));
    store.kill("SIGTERM");
    await stopped;
  }
  await standIn?.close();
  const file = path.resolve(root, databaseUrl.slice("file:".length));
  for (const s of ["", "-wal", "-shm", "-journal"]) rmSync(file + s, { force: true });
});

/** The orders in this store's database, as the operator's command line lists them. */
function ordersList(): string {
  const res = spawnSync("npm", ["run", "--silent", "orders", "--", "list"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (res.status !== 0) throw new Error(`orders list failed: ${res.stderr}${res.stdout}`);
  return res.stdout;
}

const cors = { "access-control-allow-origin": "*" };
const intentOf = (clientSecret: string) => clientSecret.split("_secret_")[0] ?? "";

/**
 * Stripe.js's side, in the test: the fake script at STRIPE_JS_URL; its confirm and retrieve calls
 * (made with the client secret, answered here with the secret key through the official client);
 * and the 3-D Secure page the intent redirects to, with Complete and Fail, which come back to the
 * store's return page as Stripe does.
 */
async function routeStripe(page: Page): Promise<void> {
  await page.route(`${standIn.url}/v3/`, (route) =>
    route.fulfill({ contentType: "text/javascript", body: FAKE_STRIPE_JS, headers: cors }),
  );
  await page.route(`${standIn.url}/browser/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith("/browser/3ds/")) {
      const [, , , id, outcome] = url.pathname.split("/");
      const pi = standIn.paymentIntent(id as string);
      const back = new URL(String(pi.next_action?.redirect_to_url?.return_url));
      if (outcome === "complete") standIn.completeThreeDS(id as string);
      else standIn.failThreeDS(id as string);
      back.searchParams.set("payment_intent", id as string);
      back.searchParams.set("payment_intent_client_secret", String(pi.client_secret));
      back.searchParams.set("redirect_status", outcome === "complete" ? "succeeded" : "failed");
      await route.fulfill({ status: 302, headers: { location: back.href } });
      return;
    }
    const body = JSON.parse(route.request().postData() ?? "{}") as {
      clientSecret: string;
      method: string;
      returnUrl: string | null;
    };
    const id = intentOf(body.clientSecret);
    try {
      const pi = await standIn.stripe.paymentIntents.retrieve(id);
      if (pi.client_secret !== body.clientSecret) throw new Error("No such client secret");
      if (url.pathname === "/browser/retrieve") {
        await route.fulfill({ json: { paymentIntent: pi }, headers: cors });
        return;
      }
      const confirmed = await standIn.stripe.paymentIntents.confirm(id, {
        ...(body.method === "konbini"
          ? {
              payment_method_data: {
                type: "konbini",
                billing_details: { name: "Mina Sato", email: "mina@example.com" },
              },
            }
          : { payment_method: body.method }),
        ...(body.returnUrl ? { return_url: body.returnUrl } : {}),
      });
      await route.fulfill({ json: { paymentIntent: confirmed }, headers: cors });
    } catch (err) {
      const e = err as { type?: string; code?: string; message?: string };
      await route.fulfill({
        status: 402,
        json: { error: { type: e.type ?? "card_error", code: e.code, message: e.message } },
        headers: cors,
      });
    }
  });
  await page.route(`${standIn.url}/test/redirect/**`, async (route) => {
    const id = new URL(route.request().url()).pathname.split("/").pop();
    await route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><title>3-D Secure (stand-in)</title><main><h1>Authenticate this payment</h1>
<p><a href="/browser/3ds/${id}/complete">Complete authentication</a></p>
<p><a href="/browser/3ds/${id}/fail">Fail authentication</a></p></main></html>`,
    });
  });
}

const EN_ADDRESS: Record<string, string> = {
  "First name": "Ada",
  "Last name": "Lovelace",
  Address: "1 Market St",
  City: "San Francisco",
  "Province/State/Region": "CA",
  "Postal/ZIP code": "94105",
  Country: "United States",
};
const JA_ADDRESS: Record<string, string> = {
  名: "美奈",
  姓: "佐藤",
  住所: "丸の内2-4-1",
  市区町村: "千代田区",
  "都道府県・州・地域": "東京都",
  郵便番号: "100-0005",
  国: "日本",
};

/** A cart with one product in the page's currency, and the checkout form filled, the element mounted. */
async function readyToPay(page: Page, email: string, ja = false): Promise<void> {
  await routeStripe(page);
  await page
    .context()
    .addCookies([
      { name: "subscribed", value: encodeURIComponent("anonymous@vela.test"), url: storeUrl },
      ...(ja ? [{ name: "lang", value: "ja-JP", url: storeUrl }] : []),
    ]);
  await page.goto(`${storeUrl}/products${ja ? "?lang=ja-JP" : ""}`);
  await page.evaluate(
    async ({ currencyCode }) => {
      const post = (p: string, body: unknown) =>
        fetch(`/trpc/${p}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const id = (await (await post("cart.create", { currencyCode })).json()).result.data.cart.id as string;
      await post("cart.addLines", {
        cartId: id,
        items: [{ merchandiseId: "gid://vela/ProductVariant/1", quantity: 1 }],
      });
      localStorage.setItem("cartId", id);
    },
    { currencyCode: ja ? "JPY" : "USD" },
  );
  await page.goto(`${storeUrl}/checkout`);
  await page.getByLabel(ja ? "メールアドレス" : "Email").fill(email);
  for (const [label, value] of Object.entries(ja ? JA_ADDRESS : EN_ADDRESS)) {
    const field = page.getByLabel(label, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
  await expect(page.locator(".checkout-summary")).toHaveAttribute("aria-busy", "false");
  await expect(page.locator(".fake-stripe-payment-element")).toBeVisible();
}

const pay = (page: Page, ja = false) => page.getByRole("button", { name: ja ? /を支払う$/ : /^Pay / });

test("a card that succeeds: one intent held for capture, the order placed, the confirmation shown", async ({
  page,
}) => {
  await readyToPay(page, "stripe-card@example.com");
  const element = page.locator(".fake-stripe-payment-element");
  await expect(element).toHaveAttribute("data-currency", "usd");
  await expect(element).toHaveAttribute("data-capture-method", "manual");
  const total = Number(await element.getAttribute("data-amount"));
  expect(total).toBeGreaterThan(0);
  // The test provider's card fields are not there.
  await expect(page.getByLabel("Card number")).toHaveCount(0);
  await page.getByLabel("Card (succeeds)").check();
  await pay(page).dblclick();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  expect(page.url()).toContain("/checkout/confirmation/");
  const created = standIn.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");
  expect(created.filter((r) => !r.replayed && r.status === 200)).toHaveLength(1);
  expect(Number(created[0]?.params.amount)).toBe(total);
  expect(created[0]?.params).toMatchObject({ currency: "usd", capture_method: "manual" });
  expect(ordersList()).toContain("stripe-card@example.com");
});

test("a declined card: Stripe's message beside the element, focus there, no order", async ({ page }) => {
  await readyToPay(page, "stripe-decline@example.com");
  await page.getByLabel("Card (declined)").check();
  await pay(page).click();
  const box = page.locator("#checkout-stripe-element");
  await expect(box.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(box).toBeFocused();
  expect(page.url()).toMatch(/\/checkout$/);
  expect(ordersList()).not.toContain("stripe-decline@example.com");
  // Keyboard: from the element, Tab reaches the payment choice (the radio group's chosen one).
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Card (declined)")).toBeFocused();
});

test("3-D Secure completed: the return page settles the payment and opens the confirmation", async ({
  page,
}) => {
  await readyToPay(page, "stripe-3ds@example.com");
  await page.getByLabel("Card with 3-D Secure").check();
  await pay(page).click();
  await page.getByRole("link", { name: "Complete authentication" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  expect(ordersList()).toContain("stripe-3ds@example.com");
});

test("3-D Secure abandoned: the return page says so, with the way back to checkout", async ({ page }) => {
  await readyToPay(page, "stripe-3ds-fail@example.com");
  await page.getByLabel("Card with 3-D Secure").check();
  await pay(page).click();
  await page.getByRole("link", { name: "Fail authentication" }).click();
  await expect(page.getByRole("heading", { name: "Your payment was not completed" })).toBeVisible();
  await expect(page.getByTestId("payment-return-error")).toBeVisible();
  await page.getByRole("link", { name: "Back to checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(ordersList()).not.toContain("stripe-3ds-fail@example.com");
});

test("Japanese page, konbini: yen, Japanese texts, the order pending with the slip's number and deadline", async ({
  page,
}) => {
  await readyToPay(page, "stripe-konbini@example.com", true);
  const element = page.locator(".fake-stripe-payment-element");
  await expect(element).toHaveAttribute("data-currency", "jpy");
  // A yen intent holds cards through their own options: the element leaves the capture automatic.
  await expect(element).toHaveAttribute("data-capture-method", "automatic");
  await expect(page.getByTestId("checkout-total")).toContainText("￥");
  await expect(page.getByRole("group", { name: "テスト用の支払い方法" })).toBeVisible();
  await page.getByLabel("コンビニ").check();
  await pay(page, true).click();
  await expect(page.getByRole("heading", { name: "ご注文ありがとうございます" })).toBeVisible();
  const slip = page.getByTestId("konbini-slip");
  await expect(slip.getByRole("heading", { name: "コンビニでのお支払い" })).toBeVisible();
  await expect(slip.getByTestId("konbini-number")).toHaveText(/^\d{6,}$/);
  await expect(slip.getByTestId("konbini-deadline")).toContainText("年");
  await expect(slip.getByRole("link", { name: "払込票を開く（新しいタブ）" })).toHaveAttribute(
    "href",
    new RegExp(`^${standIn.url}/test/konbini/pi_`),
  );
  expect(ordersList()).toMatch(/PENDING.*stripe-konbini@example\.com/);
});

test("the tab closed before the page heard back: the webhook places the order", async ({ page }) => {
  await readyToPay(page, "stripe-closed@example.com");
  await page.getByLabel("Card (succeeds)").check();
  // The page never hears back from the store: its completePayment call is held.
  await page.route(
    (url) => url.pathname.includes("checkout.completePayment"),
    () => {},
  );
  const confirmed = page.waitForResponse((r) => r.url().startsWith(`${standIn.url}/browser/confirm`));
  await pay(page).click();
  await confirmed;
  await page.close();
  await expect.poll(() => ordersList(), { timeout: 15_000 }).toContain("stripe-closed@example.com");
  expect(standIn.deliveries.some((d) => d.status === 200)).toBe(true);
});

test("the checkout page with the Payment Element mounted passes axe", async ({ page }) => {
  await readyToPay(page, "stripe-axe@example.com");
  await expectNoSeriousA11yViolations(page);
});
