// The store's first screen carries English only; another language's texts are a chunk of their
// own, fetched before the first render for the readers who need it (ADR 008).
import { expect, type Page, test } from "../support/test.ts";
import { skipSubscribeDialog } from "./storefront-support.ts";

const JA_TEXTS = /\/assets\/ja-JP-[\w-]+\.js$/;

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

/** The script URLs a visit fetched. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") urls.push(new URL(r.url()).pathname);
  });
  return urls;
}

test("an English visit fetches no Japanese texts; a Japanese one fetches them and shows them from the start", async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto("/products");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  expect(scripts.filter((s) => JA_TEXTS.test(s))).toEqual([]);

  await page.goto("/products?lang=ja-JP");
  await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
  await expect(page.getByRole("heading", { level: 1, name: "製品" })).toBeVisible();
  expect(scripts.some((s) => JA_TEXTS.test(s))).toBe(true);
});

test("when the Japanese texts cannot load, the store still renders, in English", async ({ page }) => {
  await page.route(JA_TEXTS, (route) => route.abort());
  await page.goto("/products?lang=ja-JP");
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Products", exact: true }).first()).toBeVisible();
});
