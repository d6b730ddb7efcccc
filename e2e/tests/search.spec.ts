// The store's search as a shopper meets it: the header's box with its suggestions, the results
// page at /search?q= (server-rendered, its state in the URL), Japanese words, a typo, and the
// phone's one-row header that stays on screen.
import { expectNoSeriousA11yViolations } from "../support/fixtures.ts";
import { expect, test } from "../support/test.ts";
import { DESKTOP, fitsViewport, PHONE, quietVisit } from "./content-support.ts";

test.beforeEach(async ({ context, baseURL }) => {
  await quietVisit(context, baseURL);
});

test("typing in the header's box suggests products; Enter opens the results page, rendered by the server", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search the store" });
  await box.pressSequentially("neckb");
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list.getByRole("option", { name: /One Neckband/ })).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=neckb$/);
  await expect(page.getByRole("heading", { level: 1, name: "Results for “neckb”" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Vela One Neckband" })).toBeVisible();
  await expect(box).toHaveValue("neckb");
  await expectNoSeriousA11yViolations(page);

  // The page arrives with its results in the HTML, before any script runs.
  const res = await page.request.get("/search?q=neckband");
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain("Vela One Neckband");
  expect(html).toContain('<meta name="robots" content="noindex"');
});

test("the arrow keys choose a suggestion and Enter opens it; Escape closes the list", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/products");
  const box = page.getByRole("combobox", { name: "Search the store" });
  await box.pressSequentially("neckband");
  const option = page.getByRole("option", { name: /One Neckband/ });
  await expect(option).toBeVisible();
  await box.press("Escape");
  await expect(page.getByRole("listbox")).toBeHidden();
  await box.press("ArrowDown");
  await expect(option).toBeVisible();
  await box.press("ArrowDown");
  await expect(option).toHaveAttribute("aria-selected", "true");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/products\/vela-one-neckband$/);
});

test("Japanese words find a product, two-character words too, and the page answers in Japanese", async ({
  page,
}) => {
  for (const q of ["充電", "変換アダプター"]) {
    await page.goto(`/search?q=${encodeURIComponent(q)}&lang=ja-JP`);
    await expect(page.getByRole("heading", { level: 1, name: `「${q}」の検索結果` })).toBeVisible();
  }
  await page.goto(`/search?q=${encodeURIComponent("充電")}&lang=ja-JP`);
  await expect(page.getByRole("link", { name: "Vela USB-C 充電アダプター" })).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent("変換アダプター")}&lang=ja-JP`);
  await expect(page.getByRole("link", { name: "Vela Lightning HDMI 変換アダプター" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("a typo still finds the product, and the page says the results come close", async ({ page }) => {
  await page.goto("/search?q=neckbnad");
  await expect(page.getByRole("link", { name: "Vela One Neckband" })).toBeVisible();
  await expect(page.getByText("Nothing holds “neckbnad” as typed; these come close.")).toBeVisible();
});

test("/products?q= leads to the search", async ({ page }) => {
  await page.goto("/products?q=neckband");
  await expect(page).toHaveURL(/\/search\?q=neckband$/);
  await expect(page.getByRole("link", { name: "Vela One Neckband" })).toBeVisible();
});

test("on a phone the header is one compact row that stays on screen, with the cart and the search button", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/products");
  const header = page.locator("header.site-header");
  const brand = header.getByRole("link", { name: "Vela", exact: true });
  const cart = header.getByRole("link", { name: /^Cart, / });
  const searchButton = header.getByRole("link", { name: "Search" });
  const language = header.getByRole("combobox", { name: "Language" });
  for (const item of [brand, cart, searchButton, language]) await expect(item).toBeVisible();

  // One row: the header is as tall as one control row, and its items share a middle line.
  const box = await header.boundingBox();
  const layout = await header.evaluate((el) =>
    [...el.querySelectorAll(".site-header-inner > *")].map((c) => {
      const r = c.getBoundingClientRect();
      return `${c.className}: ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    }),
  );
  expect(box?.height ?? 999, layout.join("; ")).toBeLessThanOrEqual(60);
  const middles = await Promise.all(
    [brand, searchButton, cart, language].map(async (l) => {
      const b = await l.boundingBox();
      return (b?.y ?? 0) + (b?.height ?? 0) / 2;
    }),
  );
  expect(Math.max(...middles) - Math.min(...middles)).toBeLessThanOrEqual(8);
  expect(await fitsViewport(page)).toBe(true);

  // It stays at the top after scrolling, the cart still in reach.
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await expect(header).toBeInViewport();
  expect(Math.round((await header.boundingBox())?.y ?? -1)).toBe(0);
  await expect(cart).toBeInViewport();

  // The search button opens the box; Enter searches.
  await searchButton.click();
  const field = page.getByRole("combobox", { name: "Search the store" });
  await expect(field).toBeFocused();
  await field.fill("neckband");
  await field.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=neckband$/);
  await expect(page.getByRole("link", { name: "Vela One Neckband" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
