// Product names and pictures on Japanese pages: the reviews, compatibility and adapters pages name
// every product exactly as the Japanese catalogue does (one source of names), a review in another
// language says so, and a product picture is a drawing with no text in it.
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/test.ts";
import { h, skipSubscribeDialog } from "./storefront-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

/** The Japanese catalogue's title of every product, by handle. */
async function japaneseCatalogue(request: APIRequestContext): Promise<Map<string, string>> {
  const res = await request.get("/api/products?language=ja-JP");
  expect(res.status()).toBe(200);
  const { products } = (await res.json()) as { products: { handle: string; title: string }[] };
  return new Map(products.map((p) => [p.handle, p.title]));
}

test("ja-JP reviews page: product links carry the Japanese catalogue's names; English reviews are labelled", async ({
  page,
  request,
}) => {
  const ja = await japaneseCatalogue(request);
  await page.goto("/reviews?lang=ja-JP");
  await expect(page.getByRole("heading", { level: 1, name: "レビュー" })).toBeVisible();
  await expect(page.getByLabel("製品").locator("option")).toHaveCount(ja.size + 1);
  const links = page.locator(".review-product a");
  await expect(links.first()).toBeVisible();
  const names = await links.allTextContents();
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect([...ja.values()], name).toContain(name);
  // The product filter offers the same names.
  const options = await page.getByLabel("製品").locator("option").allTextContents();
  expect(options.slice(1).sort()).toEqual([...ja.values()].sort());

  // A review in English on the Japanese page is labelled and marked as English.
  const english = page.locator("article.review", { has: page.locator('.review-body[lang="en-US"]') });
  await expect(english.first()).toBeVisible();
  await expect(english.first().getByText("英語のレビュー")).toBeVisible();
  const japanese = page.locator("article.review", { has: page.locator(".review-body:not([lang])") });
  if ((await japanese.count()) > 0) await expect(japanese.first().getByText("英語のレビュー")).toHaveCount(0);

  // One product's page of reviews names it as the catalogue does too.
  await page.goto(`/reviews?handle=${h("pro-mobile-dock")}&lang=ja-JP`);
  await expect(page.locator(".reviews-product a")).toHaveText(ja.get(h("pro-mobile-dock")) ?? "");
});

test("ja-JP compatibility page: every section is titled with the Japanese catalogue's name, and no product is named in English", async ({
  page,
  request,
}) => {
  const ja = await japaneseCatalogue(request);
  await page.goto("/compatibility?lang=ja-JP");
  await expect(page.locator(".compat-head h2")).toHaveCount(9);
  for (const section of await page.locator("section[id]").all()) {
    const id = await section.getAttribute("id");
    if (!id || !ja.has(id)) continue;
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(ja.get(id) ?? "");
  }
  const dock = page.locator(`section#${h("pro-mobile-dock")}`);
  await expect(dock.getByRole("heading", { level: 2 })).toHaveText("Vela Pro モバイルドック");
  const text = await page.locator("main").innerText();
  for (const english of [
    "Pro Mobile Dock",
    "Lightning HDMI Adapter",
    "USB-C Charging Adapter",
    "One Neckband",
  ]) {
    expect(text).not.toContain(english);
  }
  // The glasses' description links the dock under its catalogue name.
  await expect(
    page
      .locator(`section#${h("luma-pro-xr-glasses")}`)
      .getByRole("link", { name: "Vela Pro モバイルドック" }),
  ).toBeVisible();
});

test("ja-JP adapters: the finder's accessories and the accessories page use the Japanese catalogue's names", async ({
  page,
  request,
}) => {
  const ja = await japaneseCatalogue(request);
  const accessories = [
    "usb-c-charging-adapter",
    "lightning-hdmi-adapter",
    "one-neckband",
    "pro-mobile-dock",
  ].map(h);
  await page.goto("/mobile?lang=ja-JP");
  const finder = page.getByRole("region", { name: "最適なモバイルキットで、もっと自由に動こう" });
  await finder.getByRole("radio", { name: "iPhone 2台：ふたりで観る", exact: true }).check();
  for (const handle of accessories) {
    await expect(finder.getByRole("checkbox", { name: ja.get(handle), exact: true })).toBeVisible();
  }

  await page.goto("/store/mobile?lang=ja-JP");
  const headings = await page.locator(".mobile-store h2").allTextContents();
  expect(headings).toEqual(
    ["pro-mobile-dock", "one-neckband", "usb-c-charging-adapter", "lightning-hdmi-adapter"].map((r) =>
      ja.get(h(r)),
    ),
  );
  // Each picture is named in Japanese too.
  for (const img of await page.locator(".mobile-store img").all()) {
    expect(headings).toContain(await img.getAttribute("alt"));
  }
});

test("a product picture is a drawing with no text, named in the page's language", async ({
  page,
  request,
}) => {
  const ja = await japaneseCatalogue(request);
  const dock = h("pro-mobile-dock");
  await page.goto(`/products/${dock}?lang=ja-JP`);
  const main = page.locator("img.gallery-main");
  await expect(main).toBeVisible();
  expect(await main.getAttribute("alt")).toContain(ja.get(dock) ?? "?");
  const src = await main.getAttribute("src");
  expect(src).toMatch(/\.svg$/);
  const res = await request.get(src ?? "");
  expect(res.status()).toBe(200);
  const svg = await res.text();
  expect(svg).toContain("<svg");
  expect(svg).not.toMatch(/<text|<title|aria-label/);
  // Another product is drawn otherwise.
  const other = await request.get(`/images/products/${h("one-neckband")}-1.svg`);
  expect(await other.text()).not.toBe(svg);
  // Its link preview is a PNG.
  const preview = page.locator('meta[property="og:image"]');
  const og = await preview.getAttribute("content");
  const png = await request.get(new URL(og ?? "", page.url()).pathname);
  expect(png.headers()["content-type"]).toBe("image/png");
});
