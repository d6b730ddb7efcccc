import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { BRAND, CART_ID_STORAGE_KEY } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { renderApp } from "../../test/render.tsx";

const CART_ID = "cart_abcdefghijklmnop";

const cartWith = (totalQuantity: number) => ({
  cart: {
    id: CART_ID,
    currencyCode: "USD",
    totalQuantity,
    lines: [],
    cost: { subtotalAmount: { amount: "0.00", currencyCode: "USD" } },
  },
});

describe("layout", () => {
  it("shows the brand, the account link and a cart count of 0 when no cart is stored", async () => {
    const { api } = renderApp("/");
    const header = within(screen.getByRole("banner"));
    expect(header.getByRole("link", { name: BRAND.name })).toHaveProperty("pathname", "/");
    expect(header.getByRole("link", { name: "Account" })).toHaveProperty("pathname", "/account");
    expect(screen.getByRole("link", { name: "Cart, 0 items" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(`Welcome to ${BRAND.name}`);
    // No cart is made for a visitor who only looks.
    expect(api.calls.filter((c) => c.path === "cart.create")).toHaveLength(0);
  });

  it("links every page's footer to the privacy policy and the Spacewalker app's release notes (spec 001 §2)", async () => {
    renderApp("/");
    const footer = within(screen.getByRole("contentinfo"));
    expect(footer.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy-policy");
    expect(footer.getByRole("link", { name: "Spacewalker release notes" }).getAttribute("href")).toBe(
      "/release-updates/spacewalker?language=en-US&platform=Windows",
    );
  });

  it("counts the items of the stored cart", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    renderApp("/", { handlers: { "cart.get": () => cartWith(3) } });
    expect(await screen.findByRole("link", { name: "Cart, 3 items" })).toBeTruthy();
  });

  it("forgets a stored cart the server no longer has", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    renderApp("/", {
      handlers: {
        "cart.get": () => {
          throw new ApiFailure("NOT_FOUND", "Cart not found");
        },
      },
    });
    await waitFor(() => expect(window.localStorage.getItem(CART_ID_STORAGE_KEY)).toBeNull());
    expect(screen.getByRole("link", { name: "Cart, 0 items" })).toBeTruthy();
  });

  it("switches the language, remembers it in a cookie and updates <html lang>", async () => {
    renderApp("/");
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "ja-JP" } });
    expect(await screen.findByRole("heading", { level: 1, name: `${BRAND.name}へようこそ` })).toBeTruthy();
    expect(document.documentElement.lang).toBe("ja-JP");
    expect(document.cookie).toContain("lang=ja-JP");
    // The name holds the visible text ("カート 0"), as axe's label-content-name-mismatch asks.
    expect(screen.getByRole("link", { name: "カート 0点" })).toBeTruthy();
  });

  it("takes the language from ?lang= in the URL", async () => {
    renderApp("/?lang=ja-JP");
    expect(await screen.findAllByRole("link", { name: "アカウント" })).toHaveLength(2);
    expect(document.cookie).toContain("lang=ja-JP");
  });

  it("shows the not-found page for an unknown path", () => {
    renderApp("/no/such/page");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Page not found");
    expect(screen.getByRole("link", { name: "Back to the home page" })).toBeTruthy();
  });
});
