import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CART_ALERTS, FINDER_DATA, handle } from "@vela/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { quietSubscribeDialog } from "../../test/quiet-subscribe-dialog.ts";
import { renderApp } from "../../test/render.tsx";

beforeEach(() => {
  quietSubscribeDialog();
});

const CART_ID = "cart_abcdefghijklmnop";
const usd = (amount: string) => ({ amount, currencyCode: "USD" });
const jpy = (amount: string) => ({ amount, currencyCode: "JPY" });

function cardsFor(input: unknown) {
  const { handles = [], language } = (input ?? {}) as { handles?: string[]; language?: string };
  return {
    products: handles.map((h, i) => ({
      id: `gid://vela/Product/${i + 1}`,
      handle: h,
      title: language === "ja-JP" ? `${h}の名前` : `Title of ${h}`,
      productType: "accessories",
      featuredImage: null,
      available: true,
      defaultVariantId: `gid://vela/ProductVariant/${i + 100}`,
      priceRanges: {
        JPY: { minVariantPrice: jpy("7480"), maxVariantPrice: jpy("7480"), compareAtPrice: null },
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
    expect(screen.queryByRole("group", { name: "Which devices do you have?" })).toBeNull();
    fireEvent.click(within(step1).getByRole("radio", { name: "Work on a bigger screen" }));
    const step2 = await screen.findByRole("group", { name: "Which devices do you have?" });
    expect(
      within(step2)
        .getAllByRole("checkbox")
        .map((r) => r.closest("label")?.textContent),
    ).toEqual(["Windows laptop", "Mac", "Android phone with USB-C video out"]);
    expect(step2.getAttribute("aria-describedby")).toBeTruthy();
    fireEvent.click(within(step2).getByRole("checkbox", { name: "Mac" }));
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

  it("takes several devices and suggests the essentials of all of them, each once, glasses first", async () => {
    const { router, api } = renderApp("/help-me-choose?use=game", { handlers });
    const step2 = await screen.findByRole("group", { name: "Which devices do you have?" });
    fireEvent.click(within(step2).getByRole("checkbox", { name: "Game console with HDMI" }));
    fireEvent.click(within(step2).getByRole("checkbox", { name: "Nintendo Switch" }));
    expect(router.state.location.search).toBe("?use=game&device=console&device=switch");
    expect(within(step2).getByRole("checkbox", { name: "Game console with HDMI" })).toHaveProperty(
      "checked",
      true,
    );
    const listed = () => api.calls.filter((c) => c.path === "catalog.list").map((c) => c.input);
    await waitFor(() =>
      expect(listed()).toContainEqual({
        handles: [handle("one-xr-glasses"), handle("luma-pro-xr-glasses"), handle("pro-mobile-dock")],
      }),
    );
    const result = await screen.findByRole("region", { name: "Our suggestion" });
    await waitFor(() =>
      expect(within(result).getAllByRole("heading", { level: 3 })[1]?.textContent).toBe(
        `Title of ${handle("luma-pro-xr-glasses")}`,
      ),
    );
    // Unticking one leaves the other's essentials.
    fireEvent.click(within(step2).getByRole("checkbox", { name: "Game console with HDMI" }));
    expect(router.state.location.search).toBe("?use=game&device=switch");
    await waitFor(() =>
      expect(listed()).toContainEqual({ handles: [handle("one-xr-glasses"), handle("pro-mobile-dock")] }),
    );
  });

  it("keeps several devices from a shared link; 'nothing yet' clears the others", async () => {
    const { router } = renderApp("/help-me-choose?use=watch&device=android&device=laptop", { handlers });
    expect(await screen.findByRole("checkbox", { name: "Windows laptop" })).toHaveProperty("checked", true);
    expect(screen.getByRole("checkbox", { name: "Android phone with USB-C video out" })).toHaveProperty(
      "checked",
      true,
    );
    fireEvent.click(screen.getByRole("checkbox", { name: "Nothing yet: I want it to work on its own" }));
    expect(router.state.location.search).toBe("?use=watch&device=no-device");
    expect(screen.getByRole("checkbox", { name: "Windows laptop" })).toHaveProperty("checked", false);
  });

  it("forgets the devices the new use case does not offer and keeps the others", async () => {
    const { router } = renderApp("/help-me-choose?use=game&device=switch&device=laptop", { handlers });
    expect(await screen.findByRole("checkbox", { name: "Nintendo Switch" })).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("radio", { name: "Work on a bigger screen" }));
    expect(router.state.location.search).toBe("?use=work&device=laptop");
    expect(screen.getByRole("checkbox", { name: "Windows laptop" })).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Windows laptop" }));
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

  it("uses the Japanese data in Japanese, with Japanese product names and yen prices", async () => {
    const { api } = renderApp("/help-me-choose?use=game&device=switch", { handlers, locale: "ja-JP" });
    expect(await screen.findByRole("heading", { level: 1, name: "製品選びガイド" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "ゲームをする" })).toHaveProperty("checked", true);
    expect(screen.getByRole("checkbox", { name: "HDMI出力のあるゲーム機" })).toBeTruthy();
    const result = await screen.findByRole("region", { name: "おすすめの製品" });
    await waitFor(() =>
      expect(within(result).getAllByRole("heading", { level: 3 })[0]?.textContent).toBe(
        `${handle("one-xr-glasses")}の名前`,
      ),
    );
    expect(result.querySelector(".finder-price")?.textContent).toBe("￥7,480（税込）");
    expect(api.calls.find((c) => c.path === "catalog.list")?.input).toMatchObject({ language: "ja-JP" });
  });
});
