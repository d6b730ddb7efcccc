import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { BUY_AGAIN_REDIRECT_MS, CART_ID_STORAGE_KEY, MESSAGES } from "@vela/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../../../test/api-mock.ts";
import { CART_ID, makeCart, makeOrder } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render.tsx";

afterEach(() => {
  vi.useRealTimers();
});

const orderHandler =
  (order = makeOrder(1042)) =>
  () => ({ order });

describe("order detail", () => {
  it("shows every field of spec 000 §2 and asks for the id's last segment", async () => {
    const { api } = renderApp("/account/orders/1042", { handlers: { "orders.byId": orderHandler() } });
    expect(await screen.findByRole("heading", { level: 1, name: "Order #1042" })).toBeTruthy();
    expect(api.calls.find((c) => c.path === "orders.byId")?.input).toEqual({ id: "1042" });
    expect(screen.getByText("Placed on March 14, 2026")).toBeTruthy();
    expect(screen.getByText("Paid")).toBeTruthy();
    expect(screen.getByText("Fulfilled")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Track Package" }).getAttribute("href")).toBe(
      "https://track.example/1Z999",
    );
    expect(screen.getByRole("heading", { name: "Tracking Information" })).toBeTruthy();
    expect(screen.getByText("UPS")).toBeTruthy();
    // One address formatter for pages and mails: a US address reads "City, ST ZIP".
    expect(screen.getByText(/1 Market St/).textContent).toContain("San Francisco, CA 94105");
    const summary = within(
      screen.getByRole("heading", { name: "Order Summary" }).closest("section") as HTMLElement,
    );
    expect(summary.getByText("$499.00")).toBeTruthy();
    expect(summary.getByText("$10.00")).toBeTruthy();
    expect(summary.getByText("$39.99")).toBeTruthy();
    expect(summary.getByText("$548.99")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Vela One XR Glasses" }).getAttribute("href")).toBe(
      "/products/vela-one-xr-glasses",
    );
    expect(screen.getAllByRole("button", { name: /Add to Cart/ })).toHaveLength(2);
    expect(screen.getAllByRole("link", { name: "Back to Order List" })[0]?.getAttribute("href")).toBe(
      "/account/orders",
    );
  });

  it("shows the discount and the shipping method of an order placed with a code, so the summary adds up", async () => {
    const order = makeOrder(1043, {
      subtotalPrice: { amount: "499.00", currencyCode: "USD" },
      totalDiscount: { amount: "49.90", currencyCode: "USD" },
      totalShippingPrice: { amount: "25.00", currencyCode: "USD" },
      totalTax: { amount: "32.56", currencyCode: "USD" },
      totalPrice: { amount: "506.66", currencyCode: "USD" },
      shippingMethod: "EXPRESS",
    });
    renderApp("/account/orders/1043", { handlers: { "orders.byId": orderHandler(order) } });
    await screen.findByRole("heading", { level: 1, name: "Order #1043" });
    const summary = within(
      screen.getByRole("heading", { name: "Order Summary" }).closest("section") as HTMLElement,
    );
    expect(summary.getByText("Discount")).toBeTruthy();
    expect(summary.getByTestId("order-discount").textContent).toBe("−$49.90");
    expect(summary.getByText(/Express/)).toBeTruthy();
    expect(summary.getByText("$506.66")).toBeTruthy();
  });

  it("says where a Stripe payment stands, in the reader's language; nothing for an order paid otherwise", async () => {
    const stripe = (payment: ReturnType<typeof makeOrder>["payment"]) => makeOrder(1050, { payment });
    const authorized = renderApp("/account/orders/1050", {
      handlers: {
        "orders.byId": orderHandler(stripe({ status: "requires_capture", disputed: false, konbini: null })),
      },
    });
    expect((await screen.findByTestId("order-payment")).textContent).toBe(
      "Payment: authorized, taken when your order ships",
    );
    authorized.unmount();

    const konbini = renderApp("/account/orders/1050", {
      handlers: {
        "orders.byId": orderHandler(
          stripe({
            status: "requires_action",
            disputed: false,
            konbini: {
              number: "123456789012",
              expiresAt: "2026-11-30T14:59:59.000Z",
              voucherUrl: "https://payments.stripe.com/konbini/voucher/x",
            },
          }),
        ),
      },
      locale: "ja-JP",
    });
    const slip = (await screen.findByTestId("order-payment")).textContent ?? "";
    expect(slip).toContain("お支払い:");
    expect(slip).toContain("払込番号 123456789012");
    expect(slip).toMatch(/2026年11月30日|2026年12月1日/);
    konbini.unmount();

    const disputed = renderApp("/account/orders/1050", {
      handlers: {
        "orders.byId": orderHandler(stripe({ status: "succeeded", disputed: true, konbini: null })),
      },
    });
    expect((await screen.findByTestId("order-payment")).textContent).toBe(
      "Payment: paid · disputed with your card issuer",
    );
    disputed.unmount();

    renderApp("/account/orders/1042", { handlers: { "orders.byId": orderHandler() } });
    await screen.findByRole("heading", { level: 1, name: "Order #1042" });
    expect(screen.queryByTestId("order-payment")).toBeNull();
  });

  it("shows no discount line on an order without one", async () => {
    renderApp("/account/orders/1042", { handlers: { "orders.byId": orderHandler() } });
    await screen.findByRole("heading", { level: 1, name: "Order #1042" });
    expect(screen.queryByText("Discount")).toBeNull();
  });

  it("shows AUTHORIZED raw and no fulfilment status when the order has none: those labels are the list's (spec 000 §4)", async () => {
    const order = makeOrder(1042, { financialStatus: "AUTHORIZED", fulfillmentStatus: null });
    renderApp("/account/orders/1042", { handlers: { "orders.byId": orderHandler(order) } });
    await screen.findByRole("heading", { level: 1, name: "Order #1042" });
    const payment = screen.getByText("Payment status").closest("div") as HTMLElement;
    expect(within(payment).getByText("AUTHORIZED")).toBeTruthy();
    expect(screen.queryByText("Authorized")).toBeNull();
    expect(screen.queryByText("Unfulfilled")).toBeNull();
    expect(screen.queryByText("Fulfillment status")).toBeNull();
  });

  it("labels the other statuses as the list does", async () => {
    const order = makeOrder(1042, { financialStatus: "PARTIALLY_REFUNDED", fulfillmentStatus: "RESTOCKED" });
    renderApp("/account/orders/1042", { handlers: { "orders.byId": orderHandler(order) } });
    expect(await screen.findByText("Partially Refunded")).toBeTruthy();
    expect(screen.getByText("Restocked")).toBeTruthy();
  });

  it("formats money in the order's currency", async () => {
    const jpy = { amount: "49800", currencyCode: "JPY" };
    renderApp("/account/orders/7", {
      handlers: { "orders.byId": orderHandler(makeOrder(7, { totalPrice: jpy })) },
      locale: "ja-JP",
    });
    expect(await screen.findByText("￥49,800")).toBeTruthy();
  });

  it("shows a yen order's tax as contained in its prices: 合計（税込） then うち消費税, no tax added", async () => {
    const yen = (amount: string) => ({ amount, currencyCode: "JPY" });
    const order = makeOrder(8, {
      subtotalPrice: yen("81800"),
      totalDiscount: yen("0"),
      totalShippingPrice: yen("800"),
      totalTax: yen("7436"),
      totalPrice: yen("82600"),
    });
    renderApp("/account/orders/8", { handlers: { "orders.byId": orderHandler(order) }, locale: "ja-JP" });
    expect((await screen.findByTestId("summary-tax-included")).textContent).toBe("￥7,436");
    expect(screen.getByText("合計（税込）", { selector: "dt" })).toBeTruthy();
    expect(screen.queryByText("税", { selector: "dt" })).toBeNull();
  });

  it.each([
    ["IN_PROGRESS", makeOrder(1, { fulfillmentStatus: "IN_PROGRESS" })],
    ["FULFILLED without tracking", makeOrder(1, { trackingInfo: [] })],
  ])("hides tracking for %s", async (_case, order) => {
    renderApp("/account/orders/1", { handlers: { "orders.byId": orderHandler(order) } });
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("link", { name: "Track Package" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Tracking Information" })).toBeNull();
  });

  it("shows tracking for PARTIALLY_FULFILLED, from the first entry", async () => {
    const order = makeOrder(1, {
      fulfillmentStatus: "PARTIALLY_FULFILLED",
      trackingInfo: [
        { company: "UPS", number: "A1", url: "https://track.example/A1" },
        { company: "DHL", number: "B2", url: "https://track.example/B2" },
      ],
    });
    renderApp("/account/orders/1", { handlers: { "orders.byId": orderHandler(order) } });
    expect((await screen.findByRole("link", { name: "Track Package" })).getAttribute("href")).toBe(
      "https://track.example/A1",
    );
  });

  it("shows Order Not Found for an order that is not the customer's", async () => {
    renderApp("/account/orders/999", {
      handlers: {
        "orders.byId": () => {
          throw new ApiFailure("NOT_FOUND", MESSAGES.orderNotFound);
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Order Not Found" })).toBeTruthy();
    expect(screen.getByText(MESSAGES.orderNotFound)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Order List" }).getAttribute("href")).toBe(
      "/account/orders",
    );
  });

  it("Buy Again: Adding..., the success text, then /cart after 3 s", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    let release: () => void = () => {};
    let cart = makeCart([]);
    const { api, router } = renderApp("/account/orders/1042", {
      handlers: {
        "orders.byId": orderHandler(),
        "cart.get": () => cart,
        "cart.addLines": () =>
          new Promise((resolve) => {
            release = () => {
              cart = makeCart([
                { id: 11, quantity: 1, price: "499.00" },
                { id: 31, quantity: 2, price: "0.00" },
              ]);
              resolve(cart);
            };
          }),
      },
    });
    const button = await screen.findByRole("button", { name: "Buy Again" });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(button);
    expect(await screen.findByRole("button", { name: "Adding..." })).toBeTruthy();
    release();
    expect(await screen.findByText("Items successfully added to cart! Redirecting to cart...")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "cart.addLines")?.input).toEqual({
      cartId: CART_ID,
      items: [
        { merchandiseId: "gid://vela/ProductVariant/11", quantity: 1 },
        { merchandiseId: "gid://vela/ProductVariant/31", quantity: 2 },
      ],
    });
    await waitFor(() => expect(screen.getByRole("link", { name: "Cart, 3 items" })).toBeTruthy());
    act(() => vi.advanceTimersByTime(BUY_AGAIN_REDIRECT_MS - 100));
    expect(router.state.location.pathname).toBe("/account/orders/1042");
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(router.state.location.pathname).toBe("/cart"));
  });

  it("Buy Again makes a cart first when none is stored", async () => {
    const { api } = renderApp("/account/orders/1042", {
      handlers: {
        "orders.byId": orderHandler(),
        "cart.create": () => ({ cart: { id: CART_ID } }),
        "cart.get": () => makeCart([]),
        "cart.addLines": () => makeCart([{ id: 11, quantity: 1, price: "499.00" }]),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Buy Again" }));
    await screen.findByText("Items successfully added to cart! Redirecting to cart...");
    expect(api.calls.map((c) => c.path).filter((p) => p.startsWith("cart."))[0]).toBe("cart.create");
    expect(window.localStorage.getItem(CART_ID_STORAGE_KEY)).toBe(CART_ID);
  });

  it("Buy Again shows the server's error, else the spec's cart fallbacks", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    let failure: () => never = () => {
      throw new ApiFailure(
        "BAD_REQUEST",
        "This product variant is not available: gid://vela/ProductVariant/11",
      );
    };
    renderApp("/account/orders/1042", {
      handlers: {
        "orders.byId": orderHandler(),
        "cart.get": () => makeCart([]),
        "cart.addLines": () => failure(),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Buy Again" }));
    expect((await screen.findByRole("alert")).textContent).toContain("This product variant is not available");
    failure = () => {
      throw new Error("offline");
    };
    fireEvent.click(screen.getByRole("button", { name: "Buy Again" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Error reordering items"));
  });

  it("Add to Cart on a line says 'Item added to cart' or 'Failed to add item to cart'", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID);
    let ok = true;
    renderApp("/account/orders/1042", {
      handlers: {
        "orders.byId": orderHandler(),
        "cart.get": () => makeCart([]),
        "cart.addLines": () => {
          if (!ok) throw new ApiFailure("BAD_REQUEST", "nope");
          return makeCart([{ id: 11, quantity: 1, price: "499.00" }]);
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add to Cart: Vela One XR Glasses" }));
    const dialog = await screen.findByRole("dialog", { name: "Item added to cart" });
    fireEvent.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    ok = false;
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart: Vela Neckband" }));
    expect(await screen.findByRole("dialog", { name: "Failed to add item to cart" })).toBeTruthy();
  });
});
