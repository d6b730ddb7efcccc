// The API reference at /api/docs: Swagger UI reads /api/openapi.json and shows every path, under the
// store's Content Security Policy (no inline script, nothing from another host).
import { expect, test } from "../support/test.ts";

test("the API reference shows the store's paths and their answers, with nothing refused by the CSP", async ({
  page,
}) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  page.on("pageerror", (error) => refused.push(error.message));
  const res = await page.goto("/api/docs");
  expect(res?.status()).toBe(200);
  expect(res?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page).toHaveTitle("Vela store API");
  await expect(page.getByRole("heading", { name: /Vela store API/ })).toBeVisible();
  const orders = page.locator("#operations-Orders-getApiAccountOrders");
  await expect(orders).toBeVisible();
  await orders.getByRole("button").first().click();
  await expect(orders.getByText("The endCursor of the page before")).toBeVisible();
  await expect(page.getByRole("button", { name: "Authorize" })).toBeVisible();
  expect(refused).toEqual([]);
});
