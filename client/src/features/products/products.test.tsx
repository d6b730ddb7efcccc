import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { BRAND, CART_ALERTS, handle } from "@vela/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { quietSubscribeDialog } from "../../test/quiet-subscribe-dialog.ts";
import { renderApp } from "../../test/render.tsx";
import { emptyCart, makeCard, makeProduct, PRO_HANDLE } from "./test-data.ts";

beforeEach(() => {
  quietSubscribeDialog();
});

const CART_ID = "cart_abcdefghijklmnop";

describe("product page", () => {
  it("shows the gallery, rating link, price with compare-at price and compatibility link", async () => {
    renderApp(`/products/${PRO_HANDLE}`, {
      handlers: { "catalog.product": () => ({ product: makeProduct() }) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Vela Pro XR Glasses" })).toBeTruthy();
    expect(document.title).toBe(`Vela Pro XR Glasses | ${BRAND.name}`);
    const price = document.querySelector(".product-page-price");
    expect(price?.textContent).toBe("Sale price$499 Regular price$559");
    const rating = screen.getByRole("link", { name: /Rated 4\.3 out of 5/ });
    expect(rating.getAttribute("href")).toBe(`/reviews?handle=${PRO_HANDLE}`);
    expect(rating.textContent).toContain("12 reviews");
    expect(screen.getByRole("link", { name: "Check compatibility" }).getAttribute("href")).toBe(
      `/compatibility?product=${handle("luma-pro-xr-glasses")}`,
    );
    const thumbs = screen.getAllByRole("button", { name: /Show picture/ });
    expect(thumbs).toHaveLength(2);
    fireEvent.click(thumbs[1] as HTMLElement);
    // The picture is described, not numbered like a file.
    expect(screen.getByRole("img", { name: "Vela Pro XR Glasses, seen from an angle" })).toBeTruthy();
  });

  it("changes the price with the variant and adds the chosen variant to the cart", async () => {
    const { api } = renderApp(`/products/${PRO_HANDLE}`, {
      handlers: {
        "catalog.product": () => ({ product: makeProduct() }),
        "cart.create": () => ({ cart: { id: CART_ID } }),
        "cart.addLines": () => emptyCart(CART_ID),
        "cart.get": () => emptyCart(CART_ID),
      },
    });
    fireEvent.click(await screen.findByRole("radio", { name: "Prescription-ready" }));
    expect(document.querySelector(".product-page-price")?.textContent).toBe("$549");
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }));
    // Success opens the cart drawer (cart-drawer.test.tsx), not the spec's alert: that stays the order page's.
    expect(await screen.findByRole("dialog", { name: "Added to your cart" })).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: CART_ALERTS.added })).toBeNull();
    const add = api.calls.find((c) => c.path === "cart.addLines");
    expect(add?.input).toEqual({
      cartId: CART_ID,
      items: [{ merchandiseId: "gid://vela/ProductVariant/5", quantity: 1 }],
    });
  });

  it("says when adding failed", async () => {
    renderApp(`/products/${PRO_HANDLE}`, {
      handlers: {
        "catalog.product": () => ({ product: makeProduct() }),
        "cart.create": () => {
          throw new ApiFailure("INTERNAL_SERVER_ERROR", "boom");
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByRole("dialog", { name: CART_ALERTS.failed })).toBeTruthy();
  });

  it("shows a sold-out variant as unavailable", async () => {
    const product = makeProduct();
    const variants = product.variants.map((v, i) => (i === 1 ? { ...v, available: false } : v));
    renderApp(`/products/${PRO_HANDLE}`, {
      handlers: { "catalog.product": () => ({ product: { ...product, variants } }) },
    });
    const soldOut = await screen.findByRole("radio", { name: "Prescription-ready (Sold out)" });
    expect((soldOut as HTMLInputElement).disabled).toBe(true);
  });

  it("shows Product Not Found for an unknown handle", async () => {
    renderApp(`/products/${handle("nothing")}`, {
      handlers: {
        "catalog.product": () => {
          throw new ApiFailure("NOT_FOUND", "Product not found");
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Product Not Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to all products" }).getAttribute("href")).toBe("/products");
  });

  it("leads /product/{handle} to the same page", async () => {
    const { router } = renderApp(`/product/${PRO_HANDLE}`, {
      handlers: { "catalog.product": () => ({ product: makeProduct() }) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Vela Pro XR Glasses" })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/products/${PRO_HANDLE}`);
  });

  it("is in Japanese for a Japanese reader", async () => {
    renderApp(`/products/${PRO_HANDLE}`, {
      locale: "ja-JP",
      handlers: { "catalog.product": () => ({ product: makeProduct() }) },
    });
    expect(await screen.findByRole("button", { name: "カートに追加" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "対応機種を確認" })).toBeTruthy();
  });
});

describe("products page", () => {
  it("lists products with price, rating and sold-out badge, and filters by type in the URL", async () => {
    const { api, router } = renderApp("/products", {
      handlers: {
        "catalog.list": (input) => ({
          products:
            (input as { type?: string } | undefined)?.type === "accessories"
              ? [makeCard(7, { title: "Vela Dock", productType: "accessories" })]
              : [makeCard(1, { rating: { average: 4.5, count: 3 } }), makeCard(2, { available: false })],
        }),
      },
    });
    const grid = await screen.findByRole("list", { name: "Products" });
    const items = within(grid).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain("$399");
    expect(within(items[0] as HTMLElement).getByRole("link", { name: /Rated 4\.5 out of 5/ })).toBeTruthy();
    expect(items[1]?.textContent).toContain("Sold out");
    fireEvent.click(screen.getByRole("link", { name: "Accessories" }));
    expect(await screen.findByRole("link", { name: "Vela Dock" })).toBeTruthy();
    expect(router.state.location.search).toBe("?type=accessories");
    expect(screen.getByRole("link", { name: "Accessories" }).getAttribute("aria-current")).toBe("page");
    await waitFor(() =>
      expect(api.calls.some((c) => JSON.stringify(c.input) === '{"type":"accessories"}')).toBe(true),
    );
  });
});
