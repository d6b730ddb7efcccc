// A server-rendered page shows its controls before its code has run; on a slow link a person
// clicks them then. Those clicks are held (public/early-clicks.js) and replayed once the app has
// hydrated the page (lib/early-clicks.ts), so none is lost now that rendered pages no longer
// hurry their code ahead of their content with modulepreload hints.
import { expect, type Page, test } from "@playwright/test";

/** Holds every script of the app back, as a slow link would, until `release()`. */
async function slowCode(page: Page): Promise<{ release(): void }> {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return { release: () => release() };
}

const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, {
    timeout: 20_000,
  });

test("a rendered page names no module preloads, and loads the click catcher first", async ({ page }) => {
  const res = await page.request.get("/products/vela-one-xr-glasses");
  const html = await res.text();
  expect(html).not.toContain('rel="modulepreload"');
  expect(html).toMatch(/<script async src="\/early-clicks\.js"><\/script>[\s\S]*<script type="module"/);
});

test("Ask Us clicked on / before the code arrives opens its dialog once it has", async ({ page }) => {
  const code = await slowCode(page);
  await page.goto("/", { waitUntil: "commit" });
  const askUs = page.getByRole("button", { name: "Ask Us" });
  await askUs.click();
  await expect(askUs).toHaveAttribute("aria-busy", "true");
  code.release();
  await hydrated(page);
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(askUs).not.toHaveAttribute("aria-busy", /.*/);
});

test("Add to Cart clicked before the code arrives puts the product in the cart", async ({ page }) => {
  const code = await slowCode(page);
  await page.goto("/products/vela-one-xr-glasses", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  code.release();
  await hydrated(page);
  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("link", { name: /view cart/i })).toBeVisible();
});

test("a games filter ticked before the code arrives filters once it has", async ({ page }) => {
  const code = await slowCode(page);
  await page.goto("/games", { waitUntil: "commit" });
  const box = page.getByRole("checkbox").first();
  await box.click();
  // Held: not ticked by the browser alone, which React would then overrule.
  await expect(box).not.toBeChecked();
  code.release();
  await hydrated(page);
  await expect(box).toBeChecked();
  await expect(page).toHaveURL(/\?.+=/);
});
