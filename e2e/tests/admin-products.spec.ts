// The admin's products area in a browser: a manager with an authenticator app signs in with a code,
// finds a product, changes its Japanese title, yen price and search engine description (the shop's
// Japanese page shows them at once, the last as its meta description), adds stock with a reason and
// sees it in the history, archives another product (its shop page answers 404); the list, the new
// product's form and the product page pass axe. What the spec changed is put back at its end, for the specs after it.
import type { APIRequestContext } from "@playwright/test";
import {
  adminCall,
  createStaffMember,
  freshTotpCode,
  type StaffMember,
  signInAsStaff,
  totpCode,
} from "../support/admin.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, type Page, request as playwrightRequest, test } from "../support/test.ts";
import { h, skipSubscribeDialog } from "./storefront-support.ts";

const EDITED = h("pro-cloud-pack");
const ARCHIVED = h("pro-dock-pack");

/** One admin query over HTTP, as the admin's client sends it (a GET with `?input=`). */
async function adminQuery<T>(api: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const res = await api.get(`/admin/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

/** A member whose authenticator app is set up (through the enrolment procedures, as the enrol page calls them). */
async function managerWithTotp(baseURL: string): Promise<StaffMember & { secret: string; used: string }> {
  const member = await createStaffMember(baseURL, "manager", "products-manager");
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

/** The message an action left on the product's page (read out as a status). */
const outcome = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** Opens a product's admin page from the list's search, by its title. */
async function openProduct(page: Page, q: string, title: string): Promise<void> {
  await page
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: "Products" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeFocused();
  await page.getByLabel("Title, handle or SKU").fill(q);
  await page.getByLabel("Title, handle or SKU").press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/products\\?q=${q}$`));
  const table = page.getByRole("table", { name: /Products/ });
  await table.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

interface AdminProduct {
  id: number;
  version: number;
  handle: string;
  productType: string;
  status: string;
  texts: unknown;
  variants: {
    id: number;
    title: string;
    titleJa: string;
    sku: string;
    available: boolean;
    inventory: number;
    prices: Record<string, { amount: string; compareAt: string | null }>;
  }[];
}

const titleOf = (p: AdminProduct) => (p.texts as { en: { title: string } }).en.title;

/** Puts a product back as it was (texts, prices, status, stock) through the admin's procedures. */
async function restore(api: APIRequestContext, was: AdminProduct): Promise<void> {
  const now = await adminQuery<AdminProduct>(api, "products.get", { productId: was.id });
  const saved = await adminCall<AdminProduct>(api, "products.update", {
    productId: was.id,
    version: now.version,
    handle: was.handle,
    productType: was.productType,
    texts: was.texts,
    variants: was.variants.map(({ inventory: _, ...v }) => v),
  });
  if (saved.status !== was.status)
    await adminCall(api, "products.setStatus", {
      productId: was.id,
      version: saved.version,
      status: was.status,
    });
  for (const v of was.variants)
    await adminCall(api, "products.adjustStock", {
      variantId: v.id,
      mode: "set",
      quantity: v.inventory,
      reason: "COUNTED",
      note: "e2e: put back",
    });
}

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

test("a manager edits a product's Japanese title and price, archives another, and adds stock with a reason", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const manager = await managerWithTotp(baseURL as string);
  await signInAsStaff(page, manager.email, manager.password, {
    code: freshTotpCode(manager.secret, manager.used),
  });
  // The page's own session (its cookie) reads and puts back what the spec changes.
  const api = page.request;
  const list = await adminQuery<{ products: { id: number; handle: string }[] }>(api, "products.list", {
    limit: 100,
  });
  const idOf = (handle: string) => list.products.find((p) => p.handle === handle)?.id as number;
  const edited = await adminQuery<AdminProduct>(api, "products.get", { productId: idOf(EDITED) });
  const archived = await adminQuery<AdminProduct>(api, "products.get", { productId: idOf(ARCHIVED) });
  try {
    // The list, and the new product's form (opened by keyboard), pass axe.
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Products" })
      .click();
    await expect(page.getByRole("table", { name: "Products" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Add a product" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "New product" })).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // The Japanese title and the yen price.
    await openProduct(page, "cloud", titleOf(edited));
    await expectNoSeriousA11yViolations(page);
    const jaTitle = page.getByLabel("Title (Japanese)");
    await expect(jaTitle).toHaveValue(/\S/);
    await jaTitle.fill("Vela Pro クラウドパック（新）");
    await page.getByLabel("Price (JPY)", { exact: true }).fill("95800");
    await page.getByLabel("Search engine description (Japanese)").fill("通勤にも使えるクラウドパック");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(outcome(page, "Saved.")).toBeVisible();
    // The outcome takes focus (the control used may be gone), for keyboard and screen reader users.
    await expect(page.locator(":focus")).toContainText("Saved.");

    const shop = await page.context().newPage();
    await shop.goto(`/products/${EDITED}?lang=ja-JP`);
    await expect(
      shop.getByRole("heading", { level: 1, name: "Vela Pro クラウドパック（新）" }),
    ).toBeVisible();
    await expect(shop.locator(".product-page-price")).toContainText("95,800");
    await expect(shop.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      /通勤にも使えるクラウドパック/,
    );

    // Stock: received units, with a note, into the history.
    const before = edited.variants[0]?.inventory ?? 0;
    await page.getByLabel("Units (negative to take off)").fill("5");
    await page.getByLabel("Reason").selectOption("RECEIVED");
    await page.getByLabel("Note").fill("Delivery from the e2e spec");
    await page.getByRole("button", { name: "Update stock" }).click();
    await expect(outcome(page, `stock is now ${before + 5} (+5)`)).toBeVisible();
    const history = page.getByRole("table", { name: "The latest stock changes, newest first" });
    const latest = history.getByRole("row").nth(1);
    await expect(latest).toContainText("Received");
    await expect(latest).toContainText("+5");
    await expect(latest).toContainText("Delivery from the e2e spec");
    await expect(latest).toContainText(manager.email);

    // Another product archived: its shop page answers 404.
    expect((await shop.goto(`/products/${ARCHIVED}`))?.status()).toBe(200);
    await openProduct(page, "dock", titleOf(archived));
    await page.getByRole("button", { name: "Archive" }).click();
    await expect(outcome(page, "Archived: the product is out of the shop.")).toBeVisible();
    await expect(page.locator(":focus")).toContainText("Archived");
    expect((await shop.goto(`/products/${ARCHIVED}`))?.status()).toBe(404);
    await expectNoSeriousA11yViolations(page);
    await shop.close();
  } finally {
    await restore(api, edited);
    await restore(api, archived);
  }
  expect((await page.request.get(`/products/${ARCHIVED}`)).status()).toBe(200);
});
