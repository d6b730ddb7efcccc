import AxeBuilder from "@axe-core/playwright";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

export const DEMO = { email: "demo@vela.test", password: "demo-password" } as const;
export const SECOND = { email: "second@vela.test", password: "second-password" } as const;

/** Signs in through the API; the session cookie lands in the page's browser context. */
export async function signInViaApi(
  page: Page,
  who: { email: string; password: string } = DEMO,
): Promise<void> {
  const res = await page.request.post("/api/account/login", { data: who });
  expect(res.status()).toBe(200);
}

/** Reads the development mailbox the way a person would, and returns the first link to the store in the newest mail to `to`. */
export async function latestLinkFor(request: APIRequestContext, to: string, kind?: string): Promise<string> {
  // Some mail is written just after the answer (recover answers first), so look a few times.
  let row: RegExpExecArray | undefined;
  for (let i = 0; i < 20 && !row; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 100));
    const list = await (await request.get("/dev/mailbox")).text();
    // Mail held back by the per-recipient limit is listed after a heading of its own: skip it.
    const sent = list.split('<h2 id="held">')[0] ?? "";
    row = [
      ...sent.matchAll(
        /<tr><td>[^<]*<\/td><td>([^<]*)<\/td><td><a href="(\/dev\/mailbox\/\d+)">[^<]*<\/a><\/td><td>([^<]*)<\/td><\/tr>/g,
      ),
    ].find((r) => r[1] === to && (!kind || r[3] === kind));
  }
  if (!row?.[2]) throw new Error(`no mail for ${to}`);
  const mail = await (await request.get(row[2])).text();
  const href = /<a href="([^"]+)">/.exec(mail.slice(mail.indexOf("<pre>")))?.[1];
  if (!href) throw new Error("no link in mail");
  return href.replace(/&amp;/g, "&");
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
