// The catalogue in pages: a shopper moves from page 1 to page 2 and back with the pager below the
// grid; the pager is plain links, so it works with JavaScript off, and each page is rendered on the
// server on its own. The demo's catalogue fits one page, so the spec adds accessories (fixtures,
// after the catalogue's own) until the accessories take two pages, and pages through that view.
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { seedFixtures } from "../support/seed.ts";
import { expect, type Page, test } from "../support/test.ts";
import { skipSubscribeDialog } from "./storefront-support.ts";

/** CATALOGUE_PAGE_SIZE (packages/shared): products on a page. */
const PAGE_SIZE = 24;
const VIEW = "/products?type=accessories";
const run = Date.now() % 10_000_000;

interface ListAnswer {
  products: { handle: string; title: string }[];
  pageInfo: { page: number; pageCount: number; total: number };
}

const accessories = async (page: Page, n = 1): Promise<ListAnswer> =>
  (await page.request.get(`/api/products?type=accessories&page=${n}`)).json() as Promise<ListAnswer>;

test.beforeEach(async ({ context, baseURL, page }, info) => {
  await skipSubscribeDialog(context, baseURL);
  const { pageInfo } = await accessories(page);
  const missing = PAGE_SIZE + 1 - pageInfo.total;
  if (missing > 0) {
    seedFixtures(
      {
        products: Array.from({ length: missing }, (_, i) => ({
          handle: `vela-paged-case-${run}-${i}`,
          title: `Vela Paged Case ${run}-${i}`,
          type: "accessories" as const,
          variants: [{ title: "Black", sku: `PAGED-CASE-${run}-${i}`, usd: 1500, jpy: 2200 }],
        })),
      },
      info.outputPath("catalogue-pages.json"),
    );
  }
});

test("a shopper moves to page 2 of the catalogue and back", async ({ page }) => {
  const [one, two] = [await accessories(page, 1), await accessories(page, 2)];
  expect(one.pageInfo.pageCount).toBeGreaterThanOrEqual(2);
  const firstOfOne = one.products[0]?.title ?? "";
  const firstOfTwo = two.products[0]?.title ?? "";

  await page.goto(VIEW);
  const grid = page.getByRole("list", { name: "Products" });
  await expect(grid.getByRole("listitem")).toHaveCount(PAGE_SIZE);
  await expect(grid.getByRole("link", { name: firstOfOne, exact: true })).toBeVisible();
  const pager = page.getByRole("navigation", { name: "Catalogue pages" });
  await expect(pager.getByText(`Page 1 of ${one.pageInfo.pageCount}`)).toBeVisible();
  await expect(pager.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(page);

  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/products\?type=accessories&page=2$/);
  await expect(grid.getByRole("link", { name: firstOfTwo, exact: true })).toBeVisible();
  await expect(grid.getByRole("link", { name: firstOfOne, exact: true })).toHaveCount(0);
  await expect(grid.getByRole("listitem")).toHaveCount(two.products.length);
  await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expectNoSeriousA11yViolations(page);

  await pager.getByRole("link", { name: "Previous" }).click();
  // Page 1 is the view's own URL, with no ?page=1.
  await expect(page).toHaveURL(/\/products\?type=accessories$/);
  await expect(grid.getByRole("link", { name: firstOfOne, exact: true })).toBeVisible();
});

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the pager is plain links and each page arrives rendered", async ({ page }) => {
    const two = await accessories(page, 2);
    const firstOfTwo = two.products[0]?.title ?? "";
    await page.goto(VIEW);
    const pager = page.getByRole("navigation", { name: "Catalogue pages" });
    await pager.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/products\?type=accessories&page=2$/);
    await expect(page.getByRole("link", { name: firstOfTwo, exact: true })).toBeVisible();
    await expect(pager.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  });
});
