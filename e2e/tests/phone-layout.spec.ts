import { expect, type Locator, test } from "../support/test.ts";
import { quietVisit } from "./content-support.ts";

/** The phone the store was walked on. */
const PHONE = { width: 390, height: 844 } as const;

test.beforeEach(async ({ context, baseURL, page }) => {
  await quietVisit(context, baseURL);
  await page.setViewportSize(PHONE);
});

const top = async (l: Locator) => Math.round((await l.boundingBox())?.y ?? -1);

test("a product page has Add to Cart whole on the first screen, and three different pictures", async ({
  page,
}) => {
  // The product with the most above its button: promotion badges, a compare-at price, three variants.
  await page.goto("/products/vela-pro-xr-glasses");
  const add = page.getByRole("button", { name: "Add to Cart" });
  await expect(add).toBeVisible();
  const box = await add.boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
  const thumbs = page.locator(".gallery-thumb img");
  const sources = await thumbs.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(sources.length).toBeGreaterThan(1);
  const drawn = await Promise.all(sources.map(async (src) => (await page.request.get(src)).text()));
  expect(new Set(drawn).size).toBe(sources.length);
  await expect(page.getByRole("img", { name: /seen from the front$/ })).toBeVisible();
});

test("the glasses tools' names all show on a phone: Color Tuning is on screen, not scrolled away", async ({
  page,
}) => {
  await page.goto("/firmware/calibration");
  const nav = page.getByRole("navigation", { name: "Glasses tools" });
  const color = nav.getByRole("link", { name: "Color Tuning" });
  await expect(color).toBeInViewport({ ratio: 1 });
  expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test("games page numbers keep one row on a phone, with Previous and Next together below", async ({
  page,
}) => {
  for (const n of [1, 7]) {
    await page.goto(`/games?page=${n}`);
    const nav = page.getByRole("navigation", { name: "Pages" });
    await expect(nav).toBeVisible();
    const numbers = nav.locator(".link-pager-number, .link-pager-gap");
    const rows = new Set(
      await numbers.evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return Math.round(r.top + r.height / 2);
        }),
      ),
    );
    expect(rows.size, `page ${n}`).toBe(1);
    const previous = nav.locator(".link-pager-prev");
    const next = nav.locator(".link-pager-next");
    expect(await top(previous)).toBe(await top(next));
    expect(await top(next)).toBeGreaterThan(await top(numbers.first()));
  }
});

test("review page numbers keep one row on a phone, with Previous and Next together below", async ({
  page,
}) => {
  await page.goto("/reviews");
  const nav = page.getByRole("navigation", { name: "Review pages" });
  await expect(nav).toBeVisible();
  const numbers = nav.locator(".page-number, .page-gap");
  const rows = new Set(
    await numbers.evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return Math.round(r.top + r.height / 2);
      }),
    ),
  );
  expect(rows.size).toBe(1);
  const previous = nav.getByRole("button", { name: "Previous" });
  const next = nav.getByRole("button", { name: "Next" });
  expect(await top(previous)).toBe(await top(next));
  expect(await top(next)).toBeGreaterThan(await top(numbers.first()));
});
