import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CART_ID_STORAGE_KEY } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { CART_ID, makeCart } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render.tsx";

/** The fixtures' variants hold 50 units: the server sets a line above that to 50, as the real one does. */
const STOCK = 50;

function stockedServer(start: number) {
  let lines = [{ id: 11, quantity: start, price: "79.50", title: "Vela Neckband" }];
  return {
    "cart.get": () => makeCart(lines),
    "cart.updateLine": (input: unknown) => {
      const { quantity } = input as { quantity: number };
      lines = lines.map((l) => ({ ...l, quantity: Math.min(quantity, STOCK) }));
      return makeCart(lines);
    },
  };
}

describe("cart page: the stock", () => {
  it("says so when a quantity above the stock was set to the stock", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    const { api } = renderApp("/cart", { handlers: stockedServer(2) });
    const qty = (await screen.findByLabelText("Quantity of Vela Neckband")) as HTMLInputElement;
    const line = within(qty.closest("li") as HTMLElement);
    fireEvent.change(qty, { target: { value: "75" } });
    fireEvent.blur(qty);
    await waitFor(() => expect(qty.value).toBe("50"));
    expect(api.calls.find((c) => c.path === "cart.updateLine")?.input).toMatchObject({ quantity: 75 });
    expect(line.getByRole("status").textContent).toBe("Only 50 available; your quantity was set to 50");
    expect(screen.getByTestId("cart-subtotal").textContent).toBe("$3,975.00");
    // At the stock, + is refused here rather than by the server.
    const plus = line.getByRole("button", { name: "Increase quantity of Vela Neckband" });
    expect(plus.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(plus);
    expect(api.calls.filter((c) => c.path === "cart.updateLine")).toHaveLength(1);
    expect(qty.max).toBe("50");
  });

  it("says nothing when the stock covers the quantity", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    renderApp("/cart", { handlers: stockedServer(2) });
    const qty = (await screen.findByLabelText("Quantity of Vela Neckband")) as HTMLInputElement;
    fireEvent.change(qty, { target: { value: "40" } });
    fireEvent.blur(qty);
    await waitFor(() => expect(qty.value).toBe("40"));
    expect(within(qty.closest("li") as HTMLElement).getByRole("status").textContent).toBe("");
  });

  it("says it in Japanese on a Japanese page", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    renderApp("/cart", { locale: "ja-JP", handlers: stockedServer(2) });
    const qty = (await screen.findByLabelText("Vela Neckbandの数量")) as HTMLInputElement;
    fireEvent.change(qty, { target: { value: "75" } });
    fireEvent.blur(qty);
    await waitFor(() =>
      expect(within(qty.closest("li") as HTMLElement).getByRole("status").textContent).toBe(
        "在庫は50点のみのため、数量を50にしました",
      ),
    );
  });
});
