// Japanese pages: product names and texts come from the catalogue in ja-JP, prices in yen, and a
// cart made in dollars moves to yen.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { CART_ID_STORAGE_KEY } from "@vela/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { CART_ID, makeCart } from "../../test/fixtures.ts";
import { quietSubscribeDialog } from "../../test/quiet-subscribe-dialog.ts";
import { renderApp } from "../../test/render.tsx";
import { makeCard, makeProduct, PRO_HANDLE } from "./test-data.ts";

beforeEach(() => {
  quietSubscribeDialog();
});

const jpy = (amount: string) => ({ amount, currencyCode: "JPY" });
const usd = (amount: string) => ({ amount, currencyCode: "USD" });

/** The product as the server answers it for language ja-JP. */
const japaneseProduct = () => {
  const p = makeProduct();
  return makeProduct({
    title: "Vela Pro XRグラス",
    description: "電子調光、3DoFトラッキング、120Hzディスプレイを搭載。",
    variants: p.variants.map((v, i) => ({ ...v, title: i === 0 ? "スタンダード" : "度付きレンズ対応" })),
  });
};

describe("product pages in Japanese", () => {
  it("asks for the product in ja-JP and shows its Japanese title, variants and yen price", async () => {
    const { api } = renderApp(`/products/${PRO_HANDLE}`, {
      locale: "ja-JP",
      handlers: {
        "catalog.product": (input) =>
          (input as { language?: string }).language === "ja-JP"
            ? { product: japaneseProduct() }
            : { product: makeProduct() },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Vela Pro XRグラス" })).toBeTruthy();
    expect(api.calls.find((c) => c.path === "catalog.product")?.input).toEqual({
      handle: PRO_HANDLE,
      language: "ja-JP",
    });
    expect(screen.getByText("電子調光、3DoFトラッキング、120Hzディスプレイを搭載。")).toBeTruthy();
    expect(document.querySelector(".product-page-price")?.textContent).toBe("￥74,800（税込）");
    fireEvent.click(screen.getByRole("radio", { name: "度付きレンズ対応" }));
    expect(document.querySelector(".product-page-price")?.textContent).toBe("￥81,800（税込）");
    // The picture is described in Japanese, with the Japanese title.
    expect(screen.getByRole("img", { name: "Vela Pro XRグラス（正面から）" })).toBeTruthy();
  });

  it("lists the catalogue in ja-JP with yen prices", async () => {
    const { api } = renderApp("/products", {
      locale: "ja-JP",
      handlers: {
        "catalog.list": () => ({
          products: [
            makeCard(1, {
              title: "Vela One XRグラス",
              priceRanges: {
                JPY: { minVariantPrice: jpy("59800"), maxVariantPrice: jpy("59800"), compareAtPrice: null },
                USD: { minVariantPrice: usd("399.00"), maxVariantPrice: usd("399.00"), compareAtPrice: null },
              },
            }),
          ],
        }),
      },
    });
    const link = await screen.findByRole("link", { name: /Vela One XRグラス/ });
    expect(link.closest("li")?.textContent).toContain("￥59,800");
    expect(api.calls.find((c) => c.path === "catalog.list")?.input).toEqual({ language: "ja-JP" });
  });

  it("makes a new cart in yen and names its lines in ja-JP", async () => {
    window.localStorage.removeItem(CART_ID_STORAGE_KEY);
    const { api } = renderApp(`/products/${PRO_HANDLE}`, {
      locale: "ja-JP",
      handlers: {
        "catalog.product": () => ({ product: japaneseProduct() }),
        "cart.create": () => ({ cart: { id: CART_ID } }),
        "cart.addLines": () => ({ cart: { ...makeCart([]).cart, currencyCode: "JPY" } }),
        "cart.get": () => ({ cart: { ...makeCart([]).cart, currencyCode: "JPY" } }),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "カートに追加" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "cart.addLines")).toBe(true));
    expect(api.calls.find((c) => c.path === "cart.create")?.input).toEqual({ currencyCode: "JPY" });
    expect(api.calls.find((c) => c.path === "cart.addLines")?.input).toMatchObject({ language: "ja-JP" });
    expect(api.calls.some((c) => c.path === "cart.setCurrency")).toBe(false);
  });

  it("moves a cart made in dollars to yen once, and shows the lines the server names in ja-JP", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    const inYen = () => {
      const { cart } = makeCart([{ id: 11, quantity: 1, price: "59800", title: "Vela One XRグラス" }]);
      return {
        cart: {
          ...cart,
          currencyCode: "JPY",
          lines: cart.lines.map((l) => ({
            ...l,
            merchandise: { ...l.merchandise, price: jpy("59800") },
            cost: { totalAmount: jpy("59800") },
          })),
          cost: { subtotalAmount: jpy("59800") },
        },
      };
    };
    let moved = false;
    const { api } = renderApp("/cart", {
      locale: "ja-JP",
      handlers: {
        "cart.get": () => (moved ? inYen() : makeCart([{ id: 11, quantity: 1, price: "399.00" }])),
        "cart.setCurrency": () => {
          moved = true;
          return inYen();
        },
      },
    });
    await waitFor(() => expect(screen.getByTestId("cart-subtotal").textContent).toBe("￥59,800（税込）"));
    expect(screen.getByRole("link", { name: "Vela One XRグラス" })).toBeTruthy();
    const moves = api.calls.filter((c) => c.path === "cart.setCurrency");
    expect(moves.map((c) => c.input)).toEqual([{ cartId: CART_ID, currencyCode: "JPY", language: "ja-JP" }]);
    expect(api.calls.find((c) => c.path === "cart.get")?.input).toEqual({
      cartId: CART_ID,
      language: "ja-JP",
    });
  });
});
