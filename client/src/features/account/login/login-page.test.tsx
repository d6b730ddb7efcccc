import { fireEvent, screen, waitFor } from "@testing-library/react";
import { CART_ID_STORAGE_KEY, MESSAGES, TEXT_FIELD_MESSAGES } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../../test/api-mock.ts";
import { makeCart, makeCustomer } from "../../../test/fixtures.ts";
import { fakePageControl, renderApp } from "../../../test/render.tsx";

const CUSTOMER_CART = "customer_cart_0123456789";

async function signIn(path: string, handlers = {}) {
  const page = fakePageControl();
  const view = renderApp(path, {
    pageControl: page,
    handlers: {
      "account.login": () => ({ customer: makeCustomer() }),
      "cart.claim": () => ({ cart: { id: CUSTOMER_CART } }),
      "cart.get": () => ({ cart: { ...makeCart([]).cart, id: CUSTOMER_CART } }),
      ...handlers,
    },
  });
  fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "demo@vela.test" } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "demo-password" } });
  fireEvent.click(screen.getByRole("button", { name: "Login" }));
  return { ...view, page };
}

describe("login page", () => {
  it("links to recover and register, and checks the fields", async () => {
    renderApp("/account/login");
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe(
      "/account/recover",
    );
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/account/register",
    );
    expect(screen.getByLabelText("Email").getAttribute("type")).toBe("email");
    expect(screen.getByLabelText("Password").getAttribute("autocomplete")).toBe("current-password");
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeTruthy();
  });

  it("claims the browser's cart, keeps the customer's cart id and loads the redirect target", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, "browser_cart_0123456789");
    const { api, page } = await signIn("/account/login?redirect=/account/orders");
    await waitFor(() => expect(page.assigned).toEqual(["/account/orders"]));
    expect(api.calls.find((c) => c.path === "account.login")?.input).toEqual({
      email: "demo@vela.test",
      password: "demo-password",
    });
    expect(api.calls.find((c) => c.path === "cart.claim")?.input).toEqual({
      cartId: "browser_cart_0123456789",
    });
    expect(window.localStorage.getItem(CART_ID_STORAGE_KEY)).toBe(CUSTOMER_CART);
  });

  it("keeps the redirect on the way to register", async () => {
    renderApp("/account/login?redirect=/account/addresses");
    expect((await screen.findByRole("link", { name: "Create an account" })).getAttribute("href")).toBe(
      "/account/register?redirect=/account/addresses",
    );
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/.//evil.test/phish",
    "/..//evil.test/x",
    "https://evil.example/account",
    "javascript:alert(1)",
  ])("ignores the redirect %s and goes to /account", async (redirect) => {
    const { page } = await signIn(`/account/login?redirect=${encodeURIComponent(redirect)}`);
    await waitFor(() => expect(page.assigned).toEqual(["/account"]));
  });

  it("still signs in when the cart cannot be claimed", async () => {
    const { page } = await signIn("/account/login", {
      "cart.claim": () => {
        throw new Error("offline");
      },
    });
    await waitFor(() => expect(page.assigned).toEqual(["/account"]));
  });

  it("shows the server's text, else the spec's fallback", async () => {
    const { page } = await signIn("/account/login", {
      "account.login": () => {
        throw new ApiFailure("UNAUTHORIZED", MESSAGES.invalidCredentials);
      },
    });
    expect((await screen.findByRole("alert")).textContent).toContain(MESSAGES.invalidCredentials);
    expect(page.assigned).toEqual([]);
  });

  it("uses the network fallback when the request fails", async () => {
    await signIn("/account/login", {
      "account.login": () => {
        throw new Error("offline");
      },
    });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "An error occurred during login, please try again later",
    );
  });
});

describe("register page", () => {
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it("checks the confirmation, not the length, and lands on the login page saying what to do next", async () => {
    const page = fakePageControl();
    const { api, router } = renderApp("/account/register", {
      pageControl: page,
      handlers: { "account.register": () => ({ ok: true, message: "Thank you" }) },
    });
    await screen.findByRole("heading", { level: 1, name: "Create Account" });
    expect(screen.getByLabelText("Password").getAttribute("placeholder")).toBe("At least 8 characters");
    fill("First name", "Ada");
    fill("Last name", "Lovelace");
    fill("Email", "ada@vela.test");
    fill("Password", "short");
    fill("Confirm password", "shorter");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(MESSAGES.passwordsMismatchRegister)).toBeTruthy();
    fill("Confirm password", "short");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe("/account/login");
    expect(screen.getByRole("status").textContent).toBe(
      "Thank you for registering. We have sent you an email. Enter your email and password below to continue.",
    );
    expect(page.assigned).toEqual([]);
    expect(api.calls.find((c) => c.path === "account.register")?.input).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@vela.test",
      password: "short",
    });
  });

  it("keeps a same-site redirect value for after signing in", async () => {
    const page = fakePageControl();
    const { router } = renderApp("/account/register?redirect=/account/orders", {
      pageControl: page,
      handlers: {
        "account.register": () => ({ ok: true, message: "Thank you" }),
        "account.login": () => ({ customer: makeCustomer() }),
        "cart.claim": () => ({ cart: { id: CUSTOMER_CART } }),
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Create Account" });
    fill("First name", "Ada");
    fill("Last name", "Lovelace");
    fill("Email", "ada@vela.test");
    fill("Password", "long-enough-1");
    fill("Confirm password", "long-enough-1");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("status")).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      "/account/login?redirect=/account/orders",
    );
    fill("Email", "ada@vela.test");
    fill("Password", "long-enough-1");
    fireEvent.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(page.assigned).toEqual(["/account/orders"]));
  });

  it.each(["/..//evil.test/x", "/.//evil.test/phish"])(
    "ignores the redirect %s and goes to the login page, without passing it on",
    async (redirect) => {
      const { router } = renderApp(`/account/register?redirect=${encodeURIComponent(redirect)}`, {
        handlers: { "account.register": () => ({ ok: true, message: "Thank you" }) },
      });
      await screen.findByRole("heading", { level: 1, name: "Create Account" });
      expect(screen.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/account/login");
      fill("First name", "Ada");
      fill("Last name", "Lovelace");
      fill("Email", "ada@vela.test");
      fill("Password", "long-enough-1");
      fill("Confirm password", "long-enough-1");
      fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
      expect(await screen.findByRole("status")).toBeTruthy();
      expect(router.state.location.pathname + router.state.location.search).toBe("/account/login");
    },
  );
});

describe("register page: text rules of the shared schema", () => {
  it("refuses a bidi override in a name before sending, with the field's message", async () => {
    const { api } = renderApp("/account/register");
    await screen.findByRole("heading", { level: 1, name: "Create Account" });
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill("First name", "Ada\u202eecalevoL");
    fill("Last name", "Lovelace");
    fill("Email", "ada@vela.test");
    fill("Password", "long-enough-1");
    fill("Confirm password", "long-enough-1");
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText(TEXT_FIELD_MESSAGES.firstName)).toBeTruthy();
    expect(api.calls.some((c) => c.path === "account.register")).toBe(false);
  });
});

describe("the spec's /login", () => {
  it("shows the sign-in page and keeps the query", async () => {
    const { router } = renderApp("/login?redirect=/account/addresses");
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/account/login");
    expect(router.state.location.search).toBe("?redirect=/account/addresses");
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/account/register?redirect=/account/addresses",
    );
  });
});

describe("recover page", () => {
  it("shows the same confirmation whatever the email", async () => {
    const { api } = renderApp("/account/recover", {
      handlers: { "account.recover": () => ({ ok: true, message: "server text" }) },
    });
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "nobody@vela.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(
      await screen.findByText(
        "If an account exists for this email, we have sent a link to reset your password.",
      ),
    ).toBeTruthy();
    expect(api.calls.find((c) => c.path === "account.recover")?.input).toEqual({ email: "nobody@vela.test" });
  });

  it("shows a rate limit in a red box", async () => {
    renderApp("/account/recover", {
      handlers: {
        "account.recover": () => {
          throw new ApiFailure("TOO_MANY_REQUESTS", MESSAGES.tooManyRequests);
        },
      },
    });
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "demo@vela.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect((await screen.findByRole("alert")).textContent).toContain(MESSAGES.tooManyRequests);
  });
});
