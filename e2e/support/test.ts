// The suite's `test`: Playwright's, with a page whose goto() waits until the store's app has
// taken over the page (hydrated a server-rendered page, or rendered a client one: the app marks
// <html data-hydrated>). A server-rendered page shows its buttons and fields before its script
// runs; a click or a typed value that lands before then is lost, as it would be for a person on a
// slow link. Pages without the app (the development mailbox, the API docs) and pages opened with
// JavaScript off are not waited for.
import { test as base } from "@playwright/test";

export * from "@playwright/test";

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await page.waitForFunction(
          () => document.documentElement.hasAttribute("data-hydrated") || !document.getElementById("root"),
          null,
          { timeout: 15_000 },
        );
        return response;
      };
    }
    await use(page);
  },
});
