// What a link preview, a search engine and a browser tab read from a page's head: the product
// page's title, Open Graph price and JSON-LD; noindex on a private page, in its HTML and header;
// robots.txt and the sitemap.
import { expect, test } from "../support/test.ts";
import { h, skipSubscribeDialog } from "./storefront-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await skipSubscribeDialog(context, baseURL);
});

const meta = (key: string) => `head meta[property="${key}"], head meta[name="${key}"]`;

test("a product page names itself in the tab and in its preview card, with its JSON-LD", async ({
  page,
  baseURL,
}) => {
  const path = `/products/${h("pro-xr-glasses")}`;
  await page.goto(path);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeVisible();
  const name = (await heading.textContent()) ?? "";
  await expect(page).toHaveTitle(`${name} | Vela`);
  // Asked for without ?lang=: the x-default page, canonical as itself.
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
  await expect(page.locator('head link[rel="alternate"][hreflang="ja-JP"]')).toHaveAttribute(
    "href",
    `${baseURL}${path}?lang=ja-JP`,
  );
  await expect(page.locator(meta("og:title"))).toHaveAttribute("content", name);
  await expect(page.locator(meta("og:image"))).toHaveAttribute("content", new RegExp(`^${baseURL}/`));
  await expect(page.locator(meta("product:price:currency"))).toHaveAttribute("content", "USD");
  await expect(page.locator(meta("product:price:amount"))).toHaveAttribute("content", /^\d+\.\d{2}$/);
  await expect(page.locator(meta("robots"))).toHaveCount(0);
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "") as { "@type": string }));
  expect(jsonLd.map((ld) => ld["@type"])).toEqual(["Product", "BreadcrumbList"]);
  expect(jsonLd[0]).toMatchObject({
    name,
    offers: expect.arrayContaining([expect.objectContaining({ priceCurrency: "USD" })]),
  });

  // The next page has its own title and no product tags.
  await page.goto("/contact");
  await expect(page).toHaveTitle("Contact Us | Vela");
  await expect(page.locator(meta("product:price:amount"))).toHaveCount(0);
});

test("the sign-in page is noindex in its HTML and its header", async ({ page }) => {
  const answer = await page.goto("/account/login");
  expect(answer?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page).toHaveTitle("Login | Vela");
  await expect(page.locator(meta("robots"))).toHaveAttribute("content", "noindex");
  const home = await page.goto("/");
  expect(home?.headers()["x-robots-tag"]).toBeUndefined();
});

test("robots.txt points at the sitemap, which lists the product in both languages", async ({
  request,
  baseURL,
}) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /account");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await sitemap.text();
  for (const lang of ["en-US", "ja-JP"]) {
    expect(xml).toContain(`<loc>${baseURL}/products/${h("pro-xr-glasses")}?lang=${lang}</loc>`);
  }
});
