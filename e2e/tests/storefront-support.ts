import type { BrowserContext, Page } from "@playwright/test";

/** Name and value of the subscribe dialog's cookie (packages/shared storefront constants). */
export const SUBSCRIBED_COOKIE = "subscribed";
export const BRAND_SLUG = "vela";
export const h = (rest: string): string => `${BRAND_SLUG}-${rest}`;

/** Keeps the subscribe dialog away, as on a visit after the first one (spec 000 §4). */
export async function skipSubscribeDialog(
  context: BrowserContext,
  baseURL: string | undefined,
): Promise<void> {
  await context.addCookies([
    {
      name: SUBSCRIBED_COOKIE,
      value: encodeURIComponent("anonymous@vela.test"),
      url: baseURL ?? "http://localhost",
    },
  ]);
}

export const PHONE = { width: 375, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** True when nothing on the page is wider than the viewport (no sideways scrolling). */
export async function fitsViewport(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
