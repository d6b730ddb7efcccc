import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CART_ALERTS, FINDER_DATA, handle } from "@vela/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "../../test/render.tsx";
import { quietSubscribeDialog } from "../newsletter/test-support.ts";

beforeEach(() => {
  quietSubscribeDialog();
});

const CART_ID = "cart_abcdefghijklmnop";
const usd = (amount: string) => ({ amount, currencyCode: "USD" });

function cardsFor(input: unknown) {
  const { handles = [] } = (input ?? {}) as { handles?: string[] };
  return {
    products: handles.map((h, i) => ({
      id: `gid://vela/Product/${i + 1}`,
      handle: h,
      title: `Title of ${h}`,
      productType: "accessories",
      featuredImage: null,
      available: true,
      defaultVariantId: `gid://vela/ProductVariant/${i + 100}`,
      priceRanges: {
        USD: { minVariantPrice: usd("49.00"), maxVariantPrice: usd("49.00"), compareAtPrice: null },
      },
      rating: { average: null, count: 0 },
    })),
  };
}

const handlers = {
  "catalog.list": cardsFor,
  "cart.create": () => ({ cart: { id: CART_ID } }),
  "cart.addLines": () => ({
    cart: {
      id: CART_ID,
      currencyCode: "USD",
      totalQuantity: 1,
      lines: [],
      cost: { subtotalAmount: usd("49.00") },
    },
  }),
  "cart.get": () => ({
    cart: {
      id: CART_ID,
      currencyCode: "USD",
      totalQuantity: 1,
      lines: [],
      cost: { subtotalAmount: usd("49.00") },
    },
  }),
};

describe("Help Me Choose", () => {
  it("narrows the devices to the use case's iHaveA list and suggests the device's essentials", async () => {
    const { router, api } = renderApp("/help-me-choose", { handlers });
    const step1 = await screen.findByRole("group", { name: "What do you want to do?" });
    expect(
      within(step1)
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.textContent),
    ).toEqual(FINDER_DATA["en-US"].useCases.map((u) => u.name));
    expect(screen.queryByRole("group", { name: "Which device do you have?" })).toBeNull();
    fireEvent.click(within(step1).getByRole("radio", { name: "Work on a bigger screen" }));
    const step2 = await screen.findByRole("group", { name: "Which device do you have?" });
    expect(
      within(step2)
        .getAllByRole("radio")
        .map((r) => r.closest("label")?.textContent),
    ).toEqual(["Windows laptop", "Mac", "Android phone with USB-C video out"]);
    fireEvent.click(within(step2).getByRole("radio", { name: "Mac" }));
    expect(router.state.location.search).toBe("?use=work&device=mac");
    const result = await screen.findByRole("region", { name: "Our suggestion" });
    await waitFor(() =>
      expect(
        within(result)
          .getAllByRole("heading", { level: 3 })
          .map((h) => h.textContent),
      ).toEqual([
        `Title of ${handle("luma-ultra-xr-glasses")}`,
        `Title of ${handle("usb-c-charging-adapter")}`,
        `Title of ${handle("luma-pro-ultimate-collection")}`,
        `Title of ${handle("pro-ultimate-collection")}`,
        `Title of ${handle("luma-pro-duo-pack")}`,
        `Title of ${handle("pro-duo-pack")}`,
      ]),
    );
    expect(api.calls.find((c) => c.path === "catalog.list")?.input).toEqual({
      handles: [handle("luma-ultra-xr-glasses"), handle("usb-c-charging-adapter")],
    });
  });

  it("forgets a device the new use case does not offer", async () => {
    const { router } = renderApp("/help-me-choose?use=game&device=switch", { handlers });
    expect(await screen.findByRole("radio", { name: "Nintendo Switch" })).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("radio", { name: "Work on a bigger screen" }));
    expect(router.state.location.search).toBe("?use=work");
    expect(screen.queryByRole("region", { name: "Our suggestion" })).toBeNull();
  });

  it("adds a suggested product to the cart", async () => {
    const { api } = renderApp("/help-me-choose?use=game&device=switch", { handlers });
    const add = await screen.findByRole("button", {
      name: `Add to Cart: Title of ${handle("pro-mobile-dock")}`,
    });
    fireEvent.click(add);
    expect(await screen.findByRole("dialog", { name: CART_ALERTS.added })).toBeTruthy();
    expect(api.calls.find((c) => c.path === "cart.addLines")?.input).toEqual({
      cartId: CART_ID,
      items: [{ merchandiseId: "gid://vela/ProductVariant/101", quantity: 1 }],
    });
  });

  it("uses the Japanese data in Japanese", async () => {
    renderApp("/help-me-choose?use=game", { handlers, locale: "ja-JP" });
    expect(await screen.findByRole("heading", { level: 1, name: "製品選びガイド" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "ゲームをする" })).toHaveProperty("checked", true);
    expect(screen.getByRole("radio", { name: "HDMI出力のあるゲーム機" })).toBeTruthy();
  });
});
