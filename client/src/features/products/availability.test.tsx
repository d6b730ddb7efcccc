import { screen } from "@testing-library/react";
import { LOW_STOCK_THRESHOLD } from "@vela/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { quietSubscribeDialog } from "../../test/quiet-subscribe-dialog.ts";
import { renderApp } from "../../test/render.tsx";
import { makeProduct, PRO_HANDLE } from "./test-data.ts";

beforeEach(() => {
  quietSubscribeDialog();
});

/** Friday 27 November 2026, 15:00 UTC: Friday in New York, Saturday night in Tokyo. */
const FRIDAY = Date.parse("2026-11-27T15:00:00Z");

/** The product with its first variant holding `stock` units (and only that variant when `alone`). */
function productWithStock(stock: number, alone = false) {
  const product = makeProduct();
  const [first, ...rest] = product.variants;
  if (!first) throw new Error("test data: no variant");
  const variant = { ...first, available: stock > 0, quantityAvailable: stock };
  return { product: { ...product, variants: alone ? [variant] : [variant, ...rest] } };
}

describe("product availability", () => {
  it("says In stock and the day standard shipping in the US arrives by", async () => {
    renderApp(`/products/${PRO_HANDLE}`, {
      clock: () => FRIDAY,
      handlers: { "catalog.product": () => productWithStock(50) },
    });
    expect((await screen.findByTestId("availability")).textContent).toBe("In stock");
    // US standard: 3–5 business days, counted from Friday.
    expect(screen.getByTestId("arrives-by").textContent).toBe(
      "Order today, get it by Fri, December 4 (standard shipping within the US)",
    );
    expect((screen.getByRole("button", { name: "Add to Cart" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it(`says how many are left at ${LOW_STOCK_THRESHOLD} or fewer`, async () => {
    renderApp(`/products/${PRO_HANDLE}`, {
      clock: () => FRIDAY,
      handlers: { "catalog.product": () => productWithStock(3) },
    });
    expect((await screen.findByTestId("availability")).textContent).toBe("Only 3 left");
  });

  it("says Sold out and shows Add to Cart disabled, with the reason", async () => {
    renderApp(`/products/${PRO_HANDLE}`, {
      clock: () => FRIDAY,
      handlers: { "catalog.product": () => productWithStock(0, true) },
    });
    expect((await screen.findByTestId("availability")).textContent).toBe("Sold out");
    const button = screen.getByRole("button", { name: "Add to Cart" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBe("product-sold-out-reason");
    expect(document.getElementById("product-sold-out-reason")?.textContent).toBe(
      "This option is sold out, so it cannot be added to the cart.",
    );
    expect(screen.queryByTestId("arrives-by")).toBeNull();
  });

  it("is in Japanese, for delivery within Japan, on a Japanese page", async () => {
    renderApp(`/products/${PRO_HANDLE}`, {
      locale: "ja-JP",
      clock: () => FRIDAY,
      handlers: { "catalog.product": () => productWithStock(2) },
    });
    expect((await screen.findByTestId("availability")).textContent).toBe("残り2点");
    // Already Saturday in Tokyo: shipped Monday, Japan's standard 2–4 business days.
    expect((await screen.findByTestId("arrives-by")).textContent).toBe(
      "今日のご注文で12月4日(金)までにお届け（国内・通常配送）",
    );
  });
});
