// An order paid with Stripe, on the customer's order page: a second store server of its own
// (PAYMENT_PROVIDER=stripe, a fresh seeded database) against the Stripe stand-in
// (server/test/support/stripe/), as checkout-stripe.spec.ts runs it. The payment goes through the
// REST paths (POST /api/checkout/payments and /payments/complete) from the signed-in browser, Stripe's
// side confirmed through the stand-in; the page then says where the payment stands.
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_CUSTOMER } from "../../server/src/seed/demo.ts";
import { type StripeStandIn, startStripeStandIn } from "../../server/test/support/stripe/stand-in.ts";
import { DEMO_OWNER } from "../support/admin.ts";
import { expect, test } from "../support/test.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WEBHOOK_SECRET = "whsec_e2eorderpages0123456789abcd";
const SECRET_KEY = "sk_test_e2eorderpages0123456789abcd";
const SESSION_SECRET = "e2e-stripe-order-pages-secret-e2e-stripe-order";

let standIn: StripeStandIn;
let store: ChildProcess | null = null;
let storeUrl = "";
let databaseUrl = "";
/** The order the first test places: its number and its PaymentIntent. */
const paid = { orderNumber: 0, intent: "" };

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
  databaseUrl = `file:./data/e2e/stripe-orders-${port}.db`;
  standIn = await startStripeStandIn({
    apiKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: `http://127.0.0.1:${port}/api/payments/stripe/webhook`,
  });
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
      STRIPE_PUBLISHABLE_KEY: "pk_test_e2eorderpages0123456789abcd",
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

test("the customer's order paid with Stripe says the payment is authorized and taken when it ships", async ({
  page,
}) => {
  await page.goto(`${storeUrl}/products`);
  // Signed in, a cart, and the payment started over REST from the page's origin.
  const started = await page.evaluate(async (customer) => {
    const send = async (url: string, body: unknown) => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    await send("/api/account/login", customer);
    const cartId = (await send("/trpc/cart.create", { currencyCode: "USD" })).result.data.cart.id as string;
    await send("/trpc/cart.addLines", {
      cartId,
      items: [{ merchandiseId: "gid://vela/ProductVariant/1", quantity: 1 }],
    });
    const address = {
      firstName: "Ada",
      lastName: "Lovelace",
      address1: "1 Market St",
      city: "San Francisco",
      province: "CA",
      country: "United States",
      zip: "94105",
    };
    const body = { cartId, email: customer.email, address, shippingMethod: "STANDARD" };
    const quote = await send("/api/checkout/quote", body);
    return (await send("/api/checkout/payments", {
      ...body,
      idempotencyKey: `e2e-order-pages-${Date.now()}`,
      expectedTotal: quote.quote.totalMinor,
    })) as { placementId: string; clientSecret: string };
  }, DEMO_CUSTOMER);

  // Stripe.js's part: the card confirmed at Stripe (the stand-in).
  const intent = started.clientSecret.split("_secret_")[0] ?? "";
  await standIn.stripe.paymentIntents.confirm(intent, { payment_method: "pm_card_visa" });
  const completed = await page.evaluate(async (placementId) => {
    const res = await fetch("/api/checkout/payments/complete", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ placementId }),
    });
    return (await res.json()) as { status: string; order: { id: string; orderNumber: number } };
  }, started.placementId);
  expect(completed.status).toBe("placed");
  paid.orderNumber = completed.order.orderNumber;
  paid.intent = intent;

  await page.goto(`${storeUrl}/account/orders/${completed.order.id.split("/").pop()}`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Order #${completed.order.orderNumber}` }),
  ).toBeVisible();
  await expect(page.getByTestId("order-payment")).toHaveText(
    "Payment: authorized, taken when your order ships",
  );

  // A seeded order, not paid with Stripe, says nothing of it.
  await page.goto(`${storeUrl}/account/orders`);
  const seeded = page.getByRole("link", { name: /#10\d\d/ }).last();
  await seeded.click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order #10\d\d$/ })).toBeVisible();
  await expect(page.getByTestId("order-payment")).toHaveCount(0);
});

test("the admin's order page shows Stripe's state and the PaymentIntent's id", async ({ page }) => {
  expect(paid.orderNumber).toBeGreaterThan(0);
  await page.goto(`${storeUrl}/admin/sign-in`);
  await page.getByLabel("Email").fill(DEMO_OWNER.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_OWNER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.goto(`${storeUrl}/admin/orders/${paid.orderNumber}`);
  const payment = page.getByRole("region", { name: "Payment" });
  await expect(payment.getByTestId("stripe-status")).toHaveText(
    "Authorized, to be captured when it ships (requires_capture)",
  );
  await expect(payment.getByTestId("stripe-intent")).toHaveText(paid.intent);
  await expect(page.getByText("Disputed", { exact: true })).toHaveCount(0);
});
