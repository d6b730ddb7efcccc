import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render.tsx";

const money = (amount: string, currencyCode = "USD") => ({ amount, currencyCode });

/** A catalogue product answer for any handle: its title is the handle, in upper case. */
function product(input: unknown) {
  const { handle } = input as { handle: string };
  return {
    product: {
      id: `gid://vela/Product/${handle}`,
      handle,
      title: handle.toUpperCase(),
      productType: "packs",
      available: true,
      description: "",
      images: [{ url: `/images/products/${handle}-1.svg`, altText: handle }],
      priceRanges: {
        USD: {
          minVariantPrice: money("629.0"),
          maxVariantPrice: money("629.0"),
          compareAtPrice: money("699.0"),
        },
      },
      rating: { average: 4.5, count: 12 },
      compatibilityHandle: null,
      variants: [
        {
          id: `gid://vela/ProductVariant/${handle}`,
          title: "Bundle",
          sku: handle,
          available: true,
          image: { url: "", altText: "" },
          prices: {},
        },
      ],
    },
  };
}

const cart = (n: number) => ({
  cart: {
    id: "cart_abcdefghijklmnop",
    currencyCode: "USD",
    totalQuantity: n,
    lines: [],
    cost: { subtotalAmount: money("0.00") },
  },
});

describe("mobile landing page", () => {
  it("finds the pack: default first, an intent clears it, accessories pick by the rules", async () => {
    renderApp("/mobile", { handlers: { "catalog.product": product } });
    const finder = await screen.findByRole("region", {
      name: "Get Moving And Mobile With The Right Mobile Kit",
    });
    expect(
      await within(finder).findByRole("heading", { level: 3, name: "VELA-LUMA-PRO-XR-GLASSES" }),
    ).toBeTruthy();
    fireEvent.click(within(finder).getByRole("radio", { name: "Android phone" }));
    expect(within(finder).queryByRole("article")).toBeNull();
    expect(within(finder).getByText("Choose at least one option to see your pack.")).toBeTruthy();
    expect(within(finder).queryByRole("checkbox", { name: "Vela USB-C Charging Adapter" })).toBeNull();
    fireEvent.click(within(finder).getByRole("checkbox", { name: "Vela One Neckband" }));
    expect(await within(finder).findByRole("heading", { name: "VELA-LUMA-PRO-CLOUD-PACK" })).toBeTruthy();
    fireEvent.click(within(finder).getByRole("checkbox", { name: "Vela Pro Mobile Dock" }));
    expect(
      await within(finder).findByRole("heading", { name: "VELA-LUMA-PRO-ULTIMATE-COLLECTION" }),
    ).toBeTruthy();
    // The ultimate collection carries the free controller in en-US.
    expect(within(finder).getByText("Free controller")).toBeTruthy();
    // Another intent clears the accessories and the pack.
    fireEvent.click(within(finder).getByRole("radio", { name: "Two iPhones: we watch together" }));
    expect(within(finder).queryByRole("article")).toBeNull();
    expect(
      (within(finder).getByRole("checkbox", { name: "Vela One Neckband" }) as HTMLInputElement).checked,
    ).toBe(false);
    fireEvent.click(within(finder).getByRole("checkbox", { name: "Vela Pro Mobile Dock" }));
    expect(await within(finder).findByRole("heading", { name: "VELA-LUMA-PRO-DUO-PACK" })).toBeTruthy();
    expect(within(finder).queryByText("Free controller")).toBeNull();
  });

  it("adds the suggested pack to the cart", async () => {
    const { api } = renderApp("/mobile", {
      handlers: {
        "catalog.product": product,
        "cart.create": () => cart(0),
        "cart.addLines": () => cart(1),
        "cart.get": () => cart(1),
      },
    });
    const finder = await screen.findByRole("region", {
      name: "Get Moving And Mobile With The Right Mobile Kit",
    });
    fireEvent.click(await within(finder).findByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByRole("dialog", { name: "Item added to cart" })).toBeTruthy();
    expect(api.calls.find((c) => c.path === "cart.addLines")?.input).toEqual({
      cartId: "cart_abcdefghijklmnop",
      items: [{ merchandiseId: "gid://vela/ProductVariant/vela-luma-pro-xr-glasses", quantity: 1 }],
    });
  });

  it("uses the Pro packs and Japanese texts in ja-JP", async () => {
    renderApp("/mobile", { handlers: { "catalog.product": product }, locale: "ja-JP" });
    const finder = await screen.findByRole("region", { name: "最適なモバイルキットで、もっと自由に動こう" });
    expect(await within(finder).findByRole("heading", { name: "VELA-PRO-XR-GLASSES" })).toBeTruthy();
    fireEvent.click(within(finder).getByRole("radio", { name: "iPhone 15以降（USB-C）" }));
    fireEvent.click(within(finder).getByRole("checkbox", { name: "Vela One ネックバンド" }));
    fireEvent.click(within(finder).getByRole("checkbox", { name: "Vela Pro モバイルドック" }));
    expect(await within(finder).findByRole("heading", { name: "VELA-PRO-ULTIMATE-COLLECTION" })).toBeTruthy();
    expect(within(finder).getByText("コントローラー無料")).toBeTruthy();
  });

  it("opens every scrolling card in a new window without an opener, and links the accessories store", async () => {
    renderApp("/mobile", { handlers: { "catalog.product": product } });
    const cards = await screen.findByRole("region", { name: "More ways to go mobile" });
    const links = within(cards).getAllByRole("link");
    expect(links.length).toBeGreaterThanOrEqual(4);
    for (const link of links) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
    }
    expect(screen.getByRole("link", { name: "Shop mobile accessories" }).getAttribute("href")).toBe(
      "/store/mobile",
    );
    await waitFor(() => expect(screen.getByRole("link", { name: /Watch the iPhone video/ })).toBeTruthy());
  });
  it("makes 'Just the glasses' exclusive with the accessories, and the pick follows every tick", async () => {
    renderApp("/mobile", { handlers: { "catalog.product": product } });
    const finder = await screen.findByRole("region", {
      name: "Get Moving And Mobile With The Right Mobile Kit",
    });
    const box = (name: string) => within(finder).getByRole("checkbox", { name }) as HTMLInputElement;
    const picked = () =>
      within(finder)
        .getAllByRole("checkbox")
        .filter((b) => (b as HTMLInputElement).checked)
        .map((b) => b.parentElement?.textContent);
    fireEvent.click(within(finder).getByRole("radio", { name: "iPhone 15 or later (USB-C)" }));
    fireEvent.click(box("Vela One Neckband"));
    fireEvent.click(box("Vela Pro Mobile Dock"));
    expect(
      await within(finder).findByRole("heading", { name: "VELA-LUMA-PRO-ULTIMATE-COLLECTION" }),
    ).toBeTruthy();
    fireEvent.click(box("Just the glasses"));
    expect(picked()).toEqual(["Just the glasses"]);
    expect(await within(finder).findByRole("heading", { name: "VELA-LUMA-PRO-XR-GLASSES" })).toBeTruthy();
    fireEvent.click(box("Vela USB-C Charging Adapter"));
    expect(picked()).toEqual(["Vela USB-C Charging Adapter"]);
    expect(
      await within(finder).findByRole("heading", { name: "VELA-LUMA-PRO-USB-C-IPHONE-PACK" }),
    ).toBeTruthy();
    fireEvent.click(box("Vela USB-C Charging Adapter"));
    expect(picked()).toEqual([]);
    expect(within(finder).queryByRole("article")).toBeNull();
    expect(within(finder).getByText("Choose at least one option to see your pack.")).toBeTruthy();
  });
});
