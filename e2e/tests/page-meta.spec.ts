// What a link preview, a search engine and a browser tab read from a page's head: the product
// page's title, Open Graph price and JSON-LD; the preview pictures; noindex on a private page, in
// its HTML and header; robots.txt and the sitemap.
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

/** Width and height of a PNG, from its IHDR chunk (bytes 16-23). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
    true,
  );
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("each kind of page names a 1200×630 PNG preview picture that answers, with its alt text in the page's language", async ({
  page,
  request,
  baseURL,
}) => {
  const pages: [path: string, alt: RegExp][] = [
    [`/products/${h("pro-xr-glasses")}`, /XR Glasses/],
    ["/blog/luma-ultra-arrives", /\S/],
    ["/blog", /^A phone drawn/],
    ["/", /^A pair of Vela XR glasses/],
    ["/?lang=ja-JP", /^緑の背景に描かれたVela XRグラス$/],
  ];
  for (const [path, alt] of pages) {
    await page.goto(path);
    const image = (await page.locator(meta("og:image")).getAttribute("content")) ?? "";
    expect(image, path).toMatch(new RegExp(`^${baseURL}/images/previews/.+\\.png$`));
    await expect(page.locator(meta("twitter:image"))).toHaveAttribute("content", image);
    await expect(page.locator(meta("og:image:type"))).toHaveAttribute("content", "image/png");
    await expect(page.locator(meta("og:image:width"))).toHaveAttribute("content", "1200");
    await expect(page.locator(meta("og:image:height"))).toHaveAttribute("content", "630");
    await expect(page.locator(meta("og:image:alt"))).toHaveAttribute("content", alt);
    await expect(page.locator(meta("twitter:image:alt"))).toHaveAttribute("content", alt);
    const answer = await request.get(image);
    expect(answer.status(), image).toBe(200);
    expect(answer.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await answer.body())).toEqual({ width: 1200, height: 630 });
  }
  // The Product JSON-LD names raster pictures too (Merchant Center takes no SVG).
  await page.goto(`/products/${h("pro-xr-glasses")}`);
  const [product] = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "") as { image: string[] }));
  expect(product?.image.length).toBeGreaterThan(0);
  for (const url of product?.image ?? []) {
    const answer = await request.get(url);
    expect(answer.headers()["content-type"], url).toBe("image/png");
  }
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
