// Public pages arrive as HTML (docs/decisions/013-server-rendering.md): readable and navigable
// with JavaScript off, and hydrated with JavaScript on, without a console error, a hydration
// warning or a second fetch of what the server rendered.
import { expect, type Page, test } from "../support/test.ts";

const PRODUCT = "/products/vela-one-xr-glasses";

/** The text a person sees in an element: innerText holds only what is rendered. */
const shownText = (el: HTMLElement | SVGElement): string => (el as HTMLElement).innerText;

/** Every public route the server renders, and a text of its content. */
const PUBLIC_PAGES: [path: string, text: string | RegExp][] = [
  ["/", "See more. Carry less."],
  ["/products", "Vela Luma Pro XR Glasses"],
  [PRODUCT, "147-inch virtual screen"],
  ["/games?q=island&sort=name", "Endless Islands"],
  ["/blog", "Vela Luma Ultra arrives with a brighter, sharper view"],
  ["/blog/luma-ultra-arrives", "Brighter than ever"],
  ["/help-me-choose", "Help Me Choose"],
  ["/reviews", "The screen I always wanted"],
  ["/compatibility?product=vela-one-xr-glasses", "Compatibility"],
  ["/contact", "Department mailboxes"],
  ["/release-updates/xr-glasses", "Version 1.3.0"],
  ["/release-updates/spacewalker", "Version 3.6.0"],
  ["/mobile", "Your phone, on a big screen"],
  ["/store/mobile", "Mobile accessories"],
  ["/privacy-policy", "Privacy Policy"],
];

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, text] of PUBLIC_PAGES) {
    test(`${path} shows its content`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.locator("#main")).toContainText(text);
    });
  }

  test("links are plain links: from the catalogue to a product, and back to the catalogue", async ({
    page,
  }) => {
    await page.goto("/products");
    await page.getByRole("link", { name: "Vela One XR Glasses", exact: true }).first().click();
    await expect(page).toHaveURL(PRODUCT);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vela One XR Glasses");
    await expect(page.locator(".product-page-price")).toContainText("$399");
    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: "Products" })
      .click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Products");
  });

  // Playwright's text locators skip <noscript>, so the notes are found by their class, and what
  // a person sees is read from innerText (which holds only rendered text).
  test("forms that need JavaScript say so where they stand", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Send us a message" });
    await expect(form.locator(".needs-script")).toBeVisible();
    expect(await form.evaluate(shownText)).toContain("Sending this form needs JavaScript.");
    await page.goto(PRODUCT);
    const info = page.locator(".product-info");
    await expect(info.locator(".needs-script")).toBeVisible();
    expect(await info.evaluate(shownText)).toContain(
      "Choosing a version and adding to the cart need JavaScript.",
    );
  });

  test("a Japanese reader gets the page in Japanese from the server", async ({ page }) => {
    await page.goto(`${PRODUCT}?lang=ja-JP`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja-JP");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vela One XRグラス");
  });
});

/** Console errors and warnings, and uncaught errors, of a page from now on. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

test.describe("with JavaScript on", () => {
  for (const [path, text] of PUBLIC_PAGES) {
    test(`${path} hydrates without an error or a hydration warning`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.goto(path);
      await expect(page.locator("#main")).toContainText(text);
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
    });
  }

  test("the product page does not fetch the product the server rendered, and then navigates as an app", async ({
    page,
  }) => {
    const problems = watchConsole(page);
    const productCalls: string[] = [];
    page.on("request", (req) => {
      if (req.url().includes("/trpc/") && req.url().includes("catalog.product")) productCalls.push(req.url());
    });
    await page.goto(PRODUCT);
    await page.waitForLoadState("networkidle");
    expect(productCalls).toEqual([]);
    // Hydrated: a control that needs React works (Add to Cart puts the product in the cart).
    await page.getByRole("button", { name: "Add to Cart" }).click();
    const added = page.getByRole("dialog", { name: "Added to your cart" });
    await added.getByRole("button", { name: "Continue shopping" }).click();
    await expect(added).toBeHidden();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    // From here the router navigates in the page: no new document is loaded.
    await page.evaluate(() => {
      (window as { __sameDocument?: boolean }).__sameDocument = true;
    });
    await page
      .getByRole("navigation", { name: "Breadcrumb" })
      .getByRole("link", { name: "Products" })
      .click();
    await expect(page).toHaveURL("/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Products");
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(problems).toEqual([]);
  });

  test("the notes for readers without JavaScript are not shown", async ({ page }) => {
    for (const path of ["/contact", PRODUCT]) {
      await page.goto(path);
      await expect(page.locator("#main button.btn-primary").first()).toBeVisible();
      expect(await page.locator("#main").evaluate(shownText)).not.toContain("needs JavaScript");
      await expect(page.locator(".needs-script")).toHaveCount(0);
    }
  });

  for (const [width, height] of [
    [1366, 900],
    [412, 915],
  ] as const) {
    test(`/games hydrates without a layout shift at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      // Every shift from the first paint on, hydration's included (buffered: those before this runs).
      await page.addInitScript(() => {
        type Shift = PerformanceEntry & { value: number; sources: { node?: Node | null }[] };
        const w = window as unknown as { __shifts: string[] };
        w.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Shift[]) {
            // What moved, for the failure message: the value and the moved elements' classes.
            const moved = e.sources.map((x) => (x.node as Element | null)?.className || x.node?.nodeName);
            w.__shifts.push(`${e.value.toFixed(4)}: ${moved.join(", ")}`);
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto("/games");
      await expect(page.getByRole("list", { name: "Games" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
    });
  }

  test("a private page arrives as the client's shell, named, and not for indexes", async ({ page }) => {
    const res = await page.goto("/cart");
    expect(res?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page).toHaveTitle("Your Cart | Vela");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
