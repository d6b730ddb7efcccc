import { act, fireEvent, screen, within } from "@testing-library/react";
import { CART_ALERTS } from "@vela/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { makeCart } from "../../test/fixtures.ts";
import { quietSubscribeDialog } from "../../test/quiet-subscribe-dialog.ts";
import { renderApp } from "../../test/render.tsx";
import { makeProduct, PRO_HANDLE } from "./test-data.ts";

beforeEach(() => {
  quietSubscribeDialog();
});

const CART_ID = "cart_abcdefghijklmnop";

/** The cart after adding variant 5 (Prescription-ready) to a cart that held another line. */
function cartWithAdded() {
  const { cart } = makeCart([
    { id: 1, quantity: 1, price: "299.00", title: "Vela One XR Glasses" },
    { id: 5, quantity: 2, price: "549.00", title: "Vela Pro XR Glasses" },
  ]);
  const lines = cart.lines.map((l) =>
    l.merchandise.id.endsWith("/5")
      ? { ...l, merchandise: { ...l.merchandise, title: "Prescription-ready" } }
      : l,
  );
  return { cart: { ...cart, lines } };
}

function renderProduct() {
  return renderApp(`/products/${PRO_HANDLE}`, {
    handlers: {
      "catalog.product": () => ({ product: makeProduct() }),
      "cart.create": () => ({ cart: { id: CART_ID } }),
      "cart.addLines": () => cartWithAdded(),
      "cart.get": () => cartWithAdded(),
    },
  });
}

describe("cart drawer after Add to Cart on the product page", () => {
  it("shows the product, its variant and price, the cart's total, Check out and View cart; no alert", async () => {
    renderProduct();
    fireEvent.click(await screen.findByRole("radio", { name: "Prescription-ready" }));
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    const drawer = await screen.findByRole("dialog", { name: "Added to your cart" });
    expect(screen.queryByRole("dialog", { name: CART_ALERTS.added })).toBeNull();
    expect(drawer.classList.contains("cart-drawer")).toBe(true);
    expect(within(drawer).getByText("Vela Pro XR Glasses")).toBeTruthy();
    expect(within(drawer).getByText("Prescription-ready")).toBeTruthy();
    expect(within(drawer).getByTestId("cart-drawer-price").textContent).toBe("$549.00");
    expect(within(drawer).getByText("Quantity in cart: 2")).toBeTruthy();
    // 299 + 2 × 549, the shared cart's subtotal, and its three items.
    expect(within(drawer).getByTestId("cart-drawer-total").textContent).toBe("$1,397.00");
    expect(within(drawer).getByText("(3 items)")).toBeTruthy();
    expect(within(drawer).getByRole("link", { name: "Check out" }).getAttribute("href")).toBe("/checkout");
    expect(within(drawer).getByRole("link", { name: "View cart" }).getAttribute("href")).toBe("/cart");
    // Focus is inside the drawer.
    expect(drawer.contains(document.activeElement)).toBe(true);
  });

  it("closes with Escape (the dialog's close) and gives focus back to Add to Cart", async () => {
    renderProduct();
    const button = await screen.findByRole("button", { name: "Add to Cart" });
    act(() => button.focus());
    fireEvent.click(button);
    const drawer = (await screen.findByRole("dialog", { name: "Added to your cart" })) as HTMLDialogElement;
    // jsdom has no Escape handling of its own: the browser's Escape closes the dialog, firing close.
    act(() => {
      drawer.removeAttribute("open");
      drawer.dispatchEvent(new Event("close"));
    });
    expect(screen.queryByRole("dialog", { name: "Added to your cart" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add to Cart" }));
  });

  it("closes with its Close button, focus back on Add to Cart", async () => {
    renderProduct();
    fireEvent.click(await screen.findByRole("button", { name: "Add to Cart" }));
    const drawer = await screen.findByRole("dialog", { name: "Added to your cart" });
    fireEvent.click(within(drawer).getByRole("button", { name: "Close the cart summary" }));
    expect(screen.queryByRole("dialog", { name: "Added to your cart" })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add to Cart" }));
  });

  it("in Japanese", async () => {
    renderApp(`/products/${PRO_HANDLE}`, {
      locale: "ja-JP",
      handlers: {
        "catalog.product": () => ({ product: makeProduct() }),
        "cart.create": () => ({ cart: { id: CART_ID } }),
        "cart.addLines": () => cartWithAdded(),
        "cart.get": () => cartWithAdded(),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "カートに追加" }));
    const drawer = await screen.findByRole("dialog", { name: "カートに追加しました" });
    expect(within(drawer).getByRole("link", { name: "購入手続きへ" })).toBeTruthy();
    expect(within(drawer).getByRole("link", { name: "カートを見る" })).toBeTruthy();
  });
});
