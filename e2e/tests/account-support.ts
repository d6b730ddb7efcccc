import { type APIRequestContext, type BrowserContext, expect, type Page } from "../support/test.ts";

export const PHONE = { width: 375, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** The storefront's subscribe dialog opens on a first visit; these flows are not about it. */
export async function quietSubscribeDialog(
  context: BrowserContext,
  baseURL: string | undefined,
): Promise<void> {
  await context.addCookies([
    {
      name: "subscribed",
      value: encodeURIComponent("anonymous@vela.test"),
      url: baseURL ?? "http://localhost",
    },
  ]);
}

export interface Shopper {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

let counter = 0;

/** A new customer of their own, so a flow that changes an account leaves the demo data alone. */
export async function registerShopper(request: APIRequestContext, label: string): Promise<Shopper> {
  counter += 1;
  const shopper = {
    firstName: "Robin",
    lastName: `Tester ${label}`,
    email: `e2e-${label}-${Date.now()}-${counter}@vela.test`,
    password: `pw-${label}-${counter}-long`,
  };
  const res = await request.post("/api/account/register", {
    data: {
      firstName: shopper.firstName,
      lastName: shopper.lastName,
      email: shopper.email,
      password: shopper.password,
    },
  });
  expect(res.status()).toBe(200);
  return shopper;
}

/** Signs in through the login page, the way a person does. */
export async function signInWithForm(
  page: Page,
  who: { email: string; password: string },
  path = "/account/login",
) {
  await page.goto(path);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Nothing on the page is wider than the viewport (no sideways scrolling). */
export async function expectFitsViewport(page: Page): Promise<void> {
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits).toBe(true);
}

/** Fails the test on any error the page logs or throws. */
export function failOnPageErrors(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    // A 401 from the API shows as a failed resource load; the pages handle it on purpose.
    if (msg.type() === "error" && !/status of 40[0-9]/.test(msg.text())) errors.push(msg.text());
  });
  return { errors };
}

/**
 * An anonymous visitor's cart as the page makes it on a first add (cart.create, then one line
 * of variant 1), with its id kept in localStorage; returns the id.
 */
export async function createAnonymousCart(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const post = (path: string, body: unknown) =>
      fetch(`/trpc/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const created = await (await post("cart.create", {})).json();
    const id = created.result.data.cart.id as string;
    await post("cart.addLines", {
      cartId: id,
      items: [{ merchandiseId: "gid://vela/ProductVariant/1", quantity: 1 }],
    });
    localStorage.setItem("cartId", id);
    return id;
  });
}
