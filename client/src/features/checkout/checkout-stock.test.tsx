import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CART_ID_STORAGE_KEY } from "@vela/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { CART_ID, makeCart } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render.tsx";

const STOCK = 50;
const VARIANT = "gid://vela/ProductVariant/11";

/**
 * A cart of one line at `price` and a quote that follows it, priced like the store's checkout:
 * standard shipping is 8 (800 in yen) below the free-shipping threshold (100 USD, 15000 JPY to Japan).
 */
function store(currency: "USD" | "JPY", price: number, start: number) {
  let quantity = start;
  const m = (n: number) => ({
    amount: currency === "USD" ? n.toFixed(2) : String(n),
    currencyCode: currency,
  });
  const free = currency === "USD" ? 100 : 15_000;
  const standard = currency === "USD" ? 8 : 800;
  const cart = () =>
    quantity === 0
      ? makeCart([])
      : makeCart([{ id: 11, quantity, price: price.toFixed(2), title: "Vela Neckband" }]);
  const quote = () => {
    if (quantity === 0) throw new ApiFailure("BAD_REQUEST", "Your cart is empty");
    const goods = price * quantity;
    const shipping = goods >= free ? 0 : standard;
    return {
      quote: {
        cartId: CART_ID,
        currencyCode: currency,
        lines: [
          {
            merchandiseId: VARIANT,
            title: "Vela Neckband",
            variantTitle: "Black",
            productHandle: "vela-neckband",
            image: { url: "", altText: "" },
            quantity,
            price: m(price),
            previousPrice: null,
            totalPrice: m(goods),
            soldOut: false,
            available: STOCK,
          },
        ],
        discountCodes: [],
        shippingMethod: "STANDARD",
        shippingOptions: [
          { method: "STANDARD", price: m(shipping) },
          { method: "EXPRESS", price: m(currency === "USD" ? 25 : 2000) },
        ],
        subtotalPrice: m(goods),
        discountPrice: m(0),
        shippingPrice: m(shipping),
        taxPrice: m(0),
        totalPrice: m(goods + shipping),
        totalMinor: (goods + shipping) * (currency === "USD" ? 100 : 1),
      },
    };
  };
  return {
    "checkout.paymentMode": () => ({ mode: "test" }),
    "account.me": () => {
      throw new ApiFailure("UNAUTHORIZED", "You need to sign in to do that");
    },
    "cart.get": cart,
    "cart.updateLine": (input: unknown) => {
      quantity = Math.min((input as { quantity: number }).quantity, STOCK);
      return cart();
    },
    "cart.removeLine": () => {
      quantity = 0;
      return cart();
    },
    "checkout.quote": quote,
  };
}

beforeEach(() => window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID));

describe("checkout: the summary's lines", () => {
  it("changes a line's quantity in the summary, and the totals follow", async () => {
    const { api } = renderApp("/checkout", { handlers: store("USD", 30, 2) });
    expect((await screen.findByTestId("checkout-total")).textContent).toBe("$68.00");
    const qty = screen.getByLabelText("Quantity of Vela Neckband") as HTMLInputElement;
    expect(qty.value).toBe("2");
    fireEvent.change(qty, { target: { value: "3" } });
    fireEvent.blur(qty);
    await waitFor(() => expect(screen.getByTestId("checkout-total").textContent).toBe("$98.00"));
    expect(api.calls.find((c) => c.path === "cart.updateLine")?.input).toMatchObject({ quantity: 3 });
    expect(screen.getByRole("button", { name: "Pay $98.00" })).toBeTruthy();
  });

  it("says when a quantity was set to the stock", async () => {
    renderApp("/checkout", { handlers: store("USD", 30, 2) });
    const qty = (await screen.findByLabelText("Quantity of Vela Neckband")) as HTMLInputElement;
    fireEvent.change(qty, { target: { value: "75" } });
    fireEvent.keyDown(qty, { key: "Enter" });
    const line = within(qty.closest("li") as HTMLElement);
    await waitFor(() =>
      expect(line.getByRole("status").textContent).toBe("Only 50 available; your quantity was set to 50"),
    );
    await waitFor(() => expect(screen.getByTestId("checkout-total").textContent).toBe("$1,500.00"));
  });

  it("removes a line; with none left it leads back to the cart", async () => {
    renderApp("/checkout", { handlers: store("USD", 30, 2) });
    fireEvent.click(await screen.findByRole("button", { name: "Remove Vela Neckband" }));
    expect(await screen.findByText("Your cart is empty: there is nothing to pay for.")).toBeTruthy();
  });

  it("always offers the way back to the cart", async () => {
    renderApp("/checkout", { handlers: store("USD", 30, 2) });
    await screen.findByTestId("checkout-total");
    expect(screen.getByRole("link", { name: "Back to cart" }).getAttribute("href")).toBe("/cart");
  });
});

describe("checkout: shipping", () => {
  it("names each method's business days from the delivery table, for where the order goes", async () => {
    renderApp("/checkout", { handlers: store("USD", 30, 2) });
    await screen.findByTestId("checkout-total");
    expect(screen.getByRole("radio", { name: /^Standard \(3–5 business days\)/ })).toBeTruthy();
    expect(screen.getByRole("radio", { name: /^Express \(1–2 business days\)/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "DE" } });
    expect(await screen.findByRole("radio", { name: /^Standard \(7–14 business days\)/ })).toBeTruthy();
    expect(screen.getByRole("radio", { name: /^Express \(3–5 business days\)/ })).toBeTruthy();
  });

  it("says how much more makes shipping free, and stops saying it once it is", async () => {
    renderApp("/checkout", { handlers: store("USD", 30, 2) });
    expect((await screen.findByTestId("free-shipping-gap")).textContent).toBe(
      "Add $40.00 more for free shipping",
    );
    const qty = screen.getByLabelText("Quantity of Vela Neckband");
    fireEvent.change(qty, { target: { value: "4" } });
    fireEvent.blur(qty);
    await waitFor(() => expect(screen.getByTestId("checkout-total").textContent).toBe("$120.00"));
    expect(screen.queryByTestId("free-shipping-gap")).toBeNull();
  });

  it("says it in yen, on the tax-included price, on a Japanese page", async () => {
    renderApp("/checkout", { locale: "ja-JP", handlers: store("JPY", 4000, 3) });
    expect((await screen.findByTestId("free-shipping-gap")).textContent).toBe(
      "あと￥3,000のお買い上げで送料無料",
    );
    expect(screen.getByRole("radio", { name: /^通常配送（2〜4営業日）/ })).toBeTruthy();
  });
});

describe("checkout on a phone", () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query === "(max-width: 52rem)",
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it("folds the summary at the top behind a button that says the total", async () => {
    renderApp("/checkout", { handlers: store("USD", 30, 2) });
    const toggle = await screen.findByRole("button", { name: /Show order summary/ });
    await waitFor(() => expect(toggle.textContent).toContain("$68.00"));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const panel = document.getElementById(toggle.getAttribute("aria-controls") ?? "") as HTMLElement;
    expect(panel.hidden).toBe(true);
    // It comes before the first step of the form.
    const email = screen.getByLabelText("Email");
    expect(toggle.compareDocumentPosition(email) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toContain("Hide order summary");
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByTestId("checkout-total").textContent).toBe("$68.00");
    // Paying stays at the bottom.
    expect(screen.getByRole("button", { name: "Pay $68.00" })).toBeTruthy();
  });
});
