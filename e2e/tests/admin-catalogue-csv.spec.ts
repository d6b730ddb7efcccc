// The catalogue as CSV in a browser: a manager downloads the export from the products list, changes
// a price in the file and makes one cell bad; the preview names the bad cell by row and column and
// Apply stays disabled; with the cell fixed, the preview shows the price before and after, Apply
// writes it, and the shop's page shows the new price. The import page passes axe. The product is
// put back at the end, for the specs after it.
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { adminCall, createStaffMember, freshTotpCode, signInAsStaff, totpCode } from "../support/admin.ts";
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, request as playwrightRequest, test } from "../support/test.ts";
import { h, skipSubscribeDialog } from "./storefront-support.ts";

const HANDLE = h("one-neckband");

/** RFC 4180 records (quoted cells with commas, quotes and line breaks), the byte-order mark dropped. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const src = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < src.length; i++) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && src[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}
const writeCsv = (rows: string[][]) =>
  `\uFEFF${rows.map((r) => `${r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")}\r\n`).join("")}`;

interface AdminProduct {
  id: number;
  handle: string;
  productType: string;
  texts: unknown;
  variants: {
    id: number;
    title: string;
    titleJa: string;
    sku: string;
    available: boolean;
    prices: Record<string, { amount: string; compareAt: string | null }>;
  }[];
}

async function adminQuery<T>(api: APIRequestContext, procedure: string, input: unknown): Promise<T> {
  const res = await api.get(`/admin/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

test("a manager exports the catalogue, fixes a bad cell the preview names, applies a new price and the shop shows it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const member = await createStaffMember(baseURL as string, "manager", "csv-manager");
  const setup = await playwrightRequest.newContext({ baseURL: baseURL as string });
  await adminCall(setup, "auth.signIn", { email: member.email, password: member.password });
  const { secret } = await adminCall<{ secret: string }>(setup, "auth.startTotpEnrolment");
  const used = totpCode(secret);
  await adminCall(setup, "auth.confirmTotpEnrolment", { code: used });
  await setup.dispose();
  await signInAsStaff(page, member.email, member.password, { code: freshTotpCode(secret, used) });
  const api = page.request;
  const list = await adminQuery<{ products: { id: number; handle: string }[] }>(api, "products.list", {
    q: "neckband",
  });
  const id = list.products.find((p) => p.handle === HANDLE)?.id as number;
  const was = await adminQuery<AdminProduct>(api, "products.get", { productId: id });
  try {
    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Products" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeFocused();

    // The shop's page before: not yet the new price (the shop shows whole dollars).
    const shop = await page.context().newPage();
    await shop.goto(`/products/${HANDLE}`);
    await expect(shop.locator(".product-page-price")).toBeVisible();
    await expect(shop.locator(".product-page-price")).not.toContainText("$137");

    // The export downloads as a CSV file.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync(await download.path(), "utf8");
    expect(text.startsWith("\uFEFFhandle,status,type,")).toBe(true);
    const rows = readCsv(text);
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    const index = rows.findIndex((r) => r[col("handle")] === HANDLE);
    const row = rows[index] as string[];
    const spreadsheetRow = index + 1;
    const oldStock = row[col("stock")] as string;
    row[col("price_usd")] = "137.00";
    row[col("stock")] = "-3";

    // One bad cell: named by its row and column, and Apply stays disabled.
    await page.getByRole("link", { name: "Import CSV" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Import the catalogue from CSV" }),
    ).toBeFocused();
    const file = page.getByLabel("CSV file");
    await file.setInputFiles({
      name: "catalogue.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(writeCsv(rows)),
    });
    await page.getByRole("button", { name: "Preview the changes" }).click();
    await expect(
      page.getByText(`Row ${spreadsheetRow}, column stock: A whole number of units, 0 or more`),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply the changes" })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    // Fixed: the preview shows the price before and after, and Apply writes it.
    row[col("stock")] = oldStock;
    await file.setInputFiles({
      name: "catalogue.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(writeCsv(rows)),
    });
    await page.getByRole("button", { name: "Preview the changes" }).click();
    const changes = page.getByRole("table", { name: new RegExp(`Variant ${row[col("sku")]}`) });
    await expect(changes.getByRole("row", { name: /price_usd/ })).toContainText("137.00");
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Apply the changes" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Imported: 0 new products, 1 products changed." }),
    ).toBeVisible();
    await expect(page.locator(":focus")).toContainText("Imported");

    // The shop's page, rendered (and cached) before the import, shows the new price after it.
    await shop.goto(`/products/${HANDLE}`);
    await expect(shop.locator(".product-page-price")).toContainText("$137");
    await shop.close();
  } finally {
    const now = await adminQuery<AdminProduct & { version: number }>(api, "products.get", { productId: id });
    await adminCall(api, "products.update", {
      productId: id,
      version: now.version,
      handle: was.handle,
      productType: was.productType,
      texts: was.texts,
      variants: was.variants.map(({ id: variantId, title, titleJa, sku, available, prices }) => ({
        id: variantId,
        title,
        titleJa,
        sku,
        available,
        prices,
      })),
    });
  }
});
