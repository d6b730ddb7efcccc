import type { BrowserContext, Page } from "../support/test.ts";

export const PHONE = { width: 375, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** The brand's slug (packages/shared/src/brand.ts); handles are built from it. */
export const h = (rest: string): string => `vela-${rest}`;

/**
 * Keeps the store's subscribe dialog (spec 000 §4) away, as on a visit after the first one: its
 * cookie holds an anonymous placeholder address.
 */
export async function quietVisit(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([
    {
      name: "subscribed",
      value: encodeURIComponent("anonymous@vela.test"),
      url: baseURL ?? "http://localhost",
    },
  ]);
}

/** True when nothing on the page is wider than the viewport (no sideways scrolling). */
export async function fitsViewport(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
