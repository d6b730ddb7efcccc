// Removing a product's variant in a browser: a manager with an authenticator app opens a draft
// with three variants, removes one by keyboard through the confirmation naming it (axe on it);
// a removal from a page opened before another member's change is refused with "changed since you
// opened it" and removes nothing; once one variant is left its Remove button is off and says why.
// The spec's product is a draft (never in the shop) and is archived at its end.
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
import { skipSubscribeDialog } from "./storefront-support.ts";

const run = Date.now() % 10_000_000;

type AdminProduct = { id: number; version: number; variants: { id: number; sku: string }[] };

async function adminQuery<T>(api: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const res = await api.get(`/admin/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

async function managerWithTotp(baseURL: string): Promise<StaffMember & { secret: string; used: string }> {
  const member = await createStaffMember(baseURL, "manager", "variants-manager");
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

const outcome = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const prices = { USD: { amount: "10.00", compareAt: null }, JPY: { amount: "1500", compareAt: null } };
const variant = (title: string, sku: string) => ({ title, titleJa: "", sku, available: true, prices });

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

test("a manager removes variants through a confirmation; a stale page is refused; the last one stays", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const manager = await managerWithTotp(baseURL as string);
  await signInAsStaff(page, manager.email, manager.password, {
    code: freshTotpCode(manager.secret, manager.used),
  });
  const api = page.request;
  const sku = (colour: string) => `VARIANTS-${run}-${colour}`;
  let p = await adminCall<AdminProduct>(api, "products.create", {
    handle: `vela-variants-e2e-${run}`,
    productType: "accessories",
    texts: {
      en: { title: `Variants Case ${run}`, description: "", seoDescription: "" },
      ja: { title: "", description: "", seoDescription: "" },
    },
    variant: variant("Black", sku("BLK")),
  });
  try {
    for (const [title, colour] of [
      ["White", "WHT"],
      ["Red", "RED"],
    ] as const)
      p = await adminCall<AdminProduct>(api, "products.addVariant", {
        productId: p.id,
        version: p.version,
        variant: variant(title, sku(colour)),
      });
    await page.goto(`/admin/products/${p.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Variants Case ${run}` })).toBeVisible();

    // By keyboard: the confirmation names the variant, starts on Cancel, and removes it.
    await page.getByRole("button", { name: `Remove variant White (${sku("WHT")})` }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: `Remove variant White (${sku("WHT")})?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expect(confirm).toContainText("taken off sale instead");
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Shift+Tab");
    await expect(confirm.getByRole("button", { name: "Remove the variant" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(outcome(page, `Variant ${sku("WHT")} removed.`)).toBeVisible();
    await expect(page.getByLabel("SKU")).toHaveCount(2);

    // Another member adds a variant meanwhile: this page's removal is refused and removes nothing.
    const now = await adminQuery<AdminProduct>(api, "products.get", { productId: p.id });
    await adminCall(api, "products.addVariant", {
      productId: p.id,
      version: now.version,
      variant: variant("Blue", sku("BLU")),
    });
    await page.getByRole("button", { name: `Remove variant Red (${sku("RED")})` }).click();
    const stale = page.getByRole("dialog", { name: `Remove variant Red (${sku("RED")})?` });
    await stale.getByRole("button", { name: "Remove the variant" }).click();
    await expect(stale.getByText("This product changed since you opened it")).toBeVisible();
    expect((await adminQuery<AdminProduct>(api, "products.get", { productId: p.id })).variants).toHaveLength(
      3,
    );
    await stale.getByRole("button", { name: "Cancel" }).click();

    // Opened again: down to the last variant, whose Remove is off.
    await page.reload();
    for (const [title, colour] of [
      ["Red", "RED"],
      ["Blue", "BLU"],
    ] as const) {
      await page.getByRole("button", { name: `Remove variant ${title} (${sku(colour)})` }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Remove the variant" }).click();
      await expect(outcome(page, `Variant ${sku(colour)} removed.`)).toBeVisible();
    }
    await expect(page.getByRole("button", { name: `Remove variant Black (${sku("BLK")})` })).toBeDisabled();
    await expect(page.getByText("A product keeps at least one variant.")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  } finally {
    const now = await adminQuery<AdminProduct & { status: string }>(api, "products.get", { productId: p.id });
    if (now.status !== "ARCHIVED")
      await adminCall(api, "products.setStatus", {
        productId: p.id,
        version: now.version,
        status: "ARCHIVED",
      });
  }
});
