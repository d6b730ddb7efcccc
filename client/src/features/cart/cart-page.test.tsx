import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CART_ID_STORAGE_KEY } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { CART_ID, makeCart } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render.tsx";

function cartServer() {
  let lines = [
    { id: 11, quantity: 1, price: "499.00", title: "Vela One XR Glasses" },
    { id: 21, quantity: 2, price: "79.50", title: "Vela Neckband" },
  ];
  return {
    "cart.get": () => makeCart(lines),
    "cart.updateLine": (input: unknown) => {
      const { lineId, quantity } = input as { lineId: string; quantity: number };
      lines = lines.map((l) => (`gid://vela/CartLine/${l.id}` === lineId ? { ...l, quantity } : l));
      return makeCart(lines);
    },
    "cart.removeLine": (input: unknown) => {
      const { lineId } = input as { lineId: string };
      lines = lines.filter((l) => `gid://vela/CartLine/${l.id}` !== lineId);
      return makeCart(lines);
    },
  };
}

describe("cart page", () => {
  it("shows the empty state when there is no cart", async () => {
    renderApp("/cart");
    expect(await screen.findByText("Your cart is empty")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/products");
  });

  it("lists lines with price and subtotal; the stepper and remove keep the header count in step", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    renderApp("/cart", { handlers: cartServer() });
    expect(await screen.findByRole("link", { name: "Vela One XR Glasses" })).toBeTruthy();
    expect(screen.getByTestId("cart-subtotal").textContent).toBe("$658.00");
    expect(screen.getByRole("link", { name: "Cart, 3 items" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Increase quantity of Vela One XR Glasses" }));
    await waitFor(() => expect(screen.getByTestId("cart-subtotal").textContent).toBe("$1,157.00"));
    expect(screen.getByRole("link", { name: "Cart, 4 items" })).toBeTruthy();
    expect((screen.getByLabelText("Quantity of Vela One XR Glasses") as HTMLInputElement).value).toBe("2");

    const qty = screen.getByLabelText("Quantity of Vela Neckband");
    fireEvent.change(qty, { target: { value: "5" } });
    fireEvent.blur(qty);
    await waitFor(() => expect(screen.getByRole("link", { name: "Cart, 7 items" })).toBeTruthy());

    const line = within(screen.getByRole("link", { name: "Vela Neckband" }).closest("li") as HTMLElement);
    fireEvent.click(line.getByRole("button", { name: "Remove: Vela Neckband" }));
    await waitFor(() => expect(screen.queryByRole("link", { name: "Vela Neckband" })).toBeNull());
    expect(screen.getByRole("link", { name: "Cart, 2 items" })).toBeTruthy();
  });

  it("cannot step below one", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    const { api } = renderApp("/cart", { handlers: cartServer() });
    const minus = await screen.findByRole("button", { name: "Decrease quantity of Vela One XR Glasses" });
    expect(minus.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(minus);
    expect(api.calls.some((c) => c.path === "cart.updateLine")).toBe(false);
  });
});

describe("cart page: keyboard and typed quantities", () => {
  it("after Remove, focus goes to the next line, and to the cart heading when none is left", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    renderApp("/cart", { handlers: cartServer() });
    const remove = await screen.findByRole("button", { name: "Remove: Vela One XR Glasses" });
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(screen.queryByRole("link", { name: "Vela One XR Glasses" })).toBeNull());
    const next = screen.getByRole("heading", { level: 2, name: "Vela Neckband" });
    await waitFor(() => expect(document.activeElement).toBe(next));

    const last = screen.getByRole("button", { name: "Remove: Vela Neckband" });
    last.focus();
    fireEvent.click(last);
    await screen.findByText("Your cart is empty");
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Your Cart" })),
    );
  });

  it("says so when a typed 999 or 0 is brought to 99 or 1", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    const { api } = renderApp("/cart", { handlers: cartServer() });
    const qty = await screen.findByLabelText("Quantity of Vela Neckband");
    const line = within(qty.closest("li") as HTMLElement);
    fireEvent.change(qty, { target: { value: "999" } });
    fireEvent.blur(qty);
    expect(line.getByRole("status").textContent).toBe("Quantity set to 99: it can be 1 to 99.");
    await waitFor(() => expect((qty as HTMLInputElement).value).toBe("99"));
    expect(api.calls.filter((c) => c.path === "cart.updateLine").at(-1)?.input).toMatchObject({
      quantity: 99,
    });

    fireEvent.change(qty, { target: { value: "0" } });
    expect(line.getByRole("status").textContent).toBe("");
    fireEvent.blur(qty);
    expect(line.getByRole("status").textContent).toBe("Quantity set to 1: it can be 1 to 99.");
  });
});
