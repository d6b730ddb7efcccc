// Yen prices include tax (Japan's 総額表示): the order summaries mark the total 税込 and show the tax
// it contains (うち消費税) instead of adding a tax line; dollar summaries keep adding tax.
import { screen, within } from "@testing-library/react";
import { CART_ID_STORAGE_KEY } from "@vela/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { CART_ID, makeCart } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render.tsx";

const jpy = (amount: string) => ({ amount, currencyCode: "JPY" });
const usd = (amount: string) => ({ amount, currencyCode: "USD" });
const yen = (n: number) => new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" }).format(n);

function quote(m: (a: string) => { amount: string; currencyCode: string }, t: Record<string, string>) {
  return {
    quote: {
      cartId: CART_ID,
      currencyCode: m("0").currencyCode,
      lines: [
        {
          merchandiseId: "gid://vela/ProductVariant/11",
          title: "Vela Pro XR Glasses",
          variantTitle: "Standard",
          productHandle: "vela-pro",
          image: { url: "", altText: "" },
          quantity: 1,
          price: m(t.subtotal as string),
          previousPrice: null,
          totalPrice: m(t.subtotal as string),
          soldOut: false,
          available: 1,
        },
      ],
      discountCodes: [],
      shippingMethod: "STANDARD",
      shippingOptions: [{ method: "STANDARD", price: m(t.shipping as string) }],
      subtotalPrice: m(t.subtotal as string),
      discountPrice: m("0"),
      shippingPrice: m(t.shipping as string),
      taxPrice: m(t.tax as string),
      totalPrice: m(t.total as string),
      totalMinor: Number(t.total),
    },
  };
}

// ¥81,800 including ¥7,436 of consumption tax (81,800 × 10/110, rounded down); shipping ¥800.
const YEN_QUOTE = quote(jpy, { subtotal: "81800", shipping: "800", tax: "7436", total: "82600" });
const DOLLAR_QUOTE = quote(usd, { subtotal: "499.00", shipping: "0.00", tax: "36.18", total: "535.18" });

function server(q: unknown, order?: unknown) {
  return {
    "checkout.paymentMode": () => ({ mode: "test" }),
    "cart.get": () => makeCart([{ id: 11, quantity: 1, price: "499.00" }]),
    "account.me": () => {
      throw new ApiFailure("UNAUTHORIZED", "You need to sign in to do that");
    },
    "checkout.quote": () => q,
    "checkout.order": () => ({ order }),
  };
}

const rowOf = (summary: HTMLElement, label: string) =>
  within(summary).getByText(label, { selector: "dt" }).closest("div")?.querySelector("dd")?.textContent;

function order(m: (a: string) => { amount: string; currencyCode: string }, t: Record<string, string>) {
  return {
    id: "gid://vela/Order/77",
    orderNumber: 2001,
    email: "guest@example.com",
    financialStatus: "PAID",
    fulfillmentStatus: "UNFULFILLED",
    shippingMethod: "STANDARD",
    card: null,
    accountOfferKey: null,
    lines: [
      {
        title: "Vela Pro XR Glasses",
        variantTitle: "Standard",
        quantity: 1,
        totalPrice: m(t.subtotal as string),
      },
    ],
    subtotalPrice: m(t.subtotal as string),
    discountPrice: m("0"),
    shippingPrice: m(t.shipping as string),
    taxPrice: m(t.tax as string),
    totalPrice: m(t.total as string),
    shippingAddress: {
      name: "佐藤 美奈",
      address1: "丸の内2-4-1",
      address2: null,
      city: "千代田区",
      province: "東京都",
      zip: "100-0005",
      country: "Japan",
      phone: null,
    },
  };
}

beforeEach(() => window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID));

describe("tax-inclusive yen summaries", () => {
  it("checkout in Japanese: 合計（税込） is the shown prices plus shipping, with うち消費税 beneath and no tax added", async () => {
    renderApp("/checkout", { handlers: server(YEN_QUOTE), locale: "ja-JP" });
    expect((await screen.findByTestId("checkout-total")).textContent).toBe(yen(82_600));
    const summary = screen.getByTestId("checkout-totals");
    expect(rowOf(summary, "合計（税込）")).toBe(yen(82_600));
    expect(rowOf(summary, "うち消費税")).toBe(yen(7436));
    expect(within(summary).queryByText("税", { selector: "dt" })).toBeNull();
    expect(within(summary).queryByText("合計", { selector: "dt" })).toBeNull();
    // The tax line comes after the total: it is part of it, not added to it.
    const labels = [...summary.querySelectorAll("dt")].map((d) => d.textContent);
    expect(labels.indexOf("うち消費税")).toBe(labels.indexOf("合計（税込）") + 1);
  });

  it("checkout in dollars still adds the tax before the total", async () => {
    renderApp("/checkout", { handlers: server(DOLLAR_QUOTE) });
    await screen.findByTestId("checkout-total");
    const summary = screen.getByTestId("checkout-totals");
    expect(rowOf(summary, "Tax")).toBe("$36.18");
    expect(rowOf(summary, "Total")).toBe("$535.18");
    expect(within(summary).queryByText("Includes tax", { selector: "dt" })).toBeNull();
  });

  it("the confirmation of a yen order shows the tax its prices contained", async () => {
    const o = order(jpy, { subtotal: "81800", shipping: "800", tax: "7436", total: "82600" });
    renderApp("/checkout/confirmation/77", { handlers: server(YEN_QUOTE, o), locale: "ja-JP" });
    expect((await screen.findByTestId("confirmation-total")).textContent).toBe(yen(82_600));
    expect(screen.getByTestId("summary-tax-included").textContent).toBe(yen(7436));
    expect(screen.getByText("合計（税込）")).toBeTruthy();
  });

  it("a yen order placed when tax was added keeps showing what it was charged: 税 then 合計", async () => {
    // ¥74,800 + ¥800 shipping + ¥7,480 tax added on top, as yen orders were priced before.
    const o = order(jpy, { subtotal: "74800", shipping: "800", tax: "7480", total: "83080" });
    renderApp("/checkout/confirmation/77", { handlers: server(YEN_QUOTE, o), locale: "ja-JP" });
    expect((await screen.findByTestId("confirmation-total")).textContent).toBe(yen(83_080));
    expect(screen.getByText("税", { selector: "dt" })).toBeTruthy();
    expect(screen.getByText("合計", { selector: "dt" })).toBeTruthy();
    expect(screen.queryByTestId("summary-tax-included")).toBeNull();
  });

  it("the cart in yen marks its subtotal 税込 and says shipping alone comes at checkout", async () => {
    const cart = makeCart([{ id: 11, quantity: 1, price: "499.00" }]).cart;
    const yenCart = {
      cart: {
        ...cart,
        currencyCode: "JPY",
        lines: cart.lines.map((l) => ({
          ...l,
          merchandise: { ...l.merchandise, price: jpy("81800") },
          cost: { totalAmount: jpy("81800") },
        })),
        cost: { subtotalAmount: jpy("81800") },
      },
    };
    renderApp("/cart", { handlers: { ...server(YEN_QUOTE), "cart.get": () => yenCart }, locale: "ja-JP" });
    const subtotal = await screen.findByTestId("cart-subtotal");
    expect(subtotal.textContent).toBe(`${yen(81_800)}（税込）`);
    expect(screen.getByText("価格は税込です。送料はチェックアウト時に計算されます。")).toBeTruthy();
  });
});
