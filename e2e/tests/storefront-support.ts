import type { BrowserContext, Page } from "../support/test.ts";

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

export interface MailboxRow {
  to: string;
  subject: string;
  kind: string;
  href: string;
}

/** The development mailbox's rows, newest first (what a person sees at /dev/mailbox). */
export async function mailboxRows(
  request: import("@playwright/test").APIRequestContext,
): Promise<MailboxRow[]> {
  const list = await (await request.get("/dev/mailbox")).text();
  return [
    ...list.matchAll(
      /<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a href="(\/dev\/mailbox\/\d+)">([^<]*)<\/a><\/td><td>([^<]*)<\/td><\/tr>/g,
    ),
  ].map((m) => ({
    to: m[1] ?? "",
    href: m[2] ?? "",
    subject: (m[3] ?? "").replace(/&amp;/g, "&"),
    kind: m[4] ?? "",
  }));
}

/** The text of one mail of the development mailbox. */
export async function mailText(
  request: import("@playwright/test").APIRequestContext,
  href: string,
): Promise<string> {
  const html = await (await request.get(href)).text();
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/**
 * A controllable clock that does not move by itself: page timers fire only when the test moves
 * time on, so "5 s after load" can be checked just before and just after.
 */
export async function pauseClock(page: Page): Promise<void> {
  const start = new Date("2026-11-02T09:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
}

/**
 * Moves the paused clock on in small steps (the app's own zero-delay timers need them) until
 * `ready` holds; returns how far it moved. A timer the app set when `ready` became true was
 * set at most `stepMs` before the end.
 */
export async function stepUntil(
  page: Page,
  ready: () => Promise<boolean>,
  stepMs = 50,
  maxMs = 10_000,
): Promise<number> {
  let moved = 0;
  while (!(await ready())) {
    if (moved >= maxMs) throw new Error(`not ready after ${moved} ms of page time`);
    await page.clock.runFor(stepMs);
    moved += stepMs;
  }
  return moved;
}
