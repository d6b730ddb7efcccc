import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";

const row = (number: number, extra: Record<string, unknown> = {}) => ({
  number,
  placedAt: "2026-11-20T10:00:00.000Z",
  customer: { name: "Ada Lovelace", email: "ada@example.com", account: true },
  total: 12_999,
  currencyCode: "USD",
  financialStatus: "PAID",
  fulfillmentStatus: "UNFULFILLED",
  ...extra,
});

function order(extra: Record<string, unknown> = {}) {
  return {
    number: 1001,
    version: 3,
    placedAt: "2026-11-20T10:00:00.000Z",
    financialStatus: "PAID",
    fulfillmentStatus: "UNFULFILLED",
    currencyCode: "USD",
    locale: "ja-JP",
    email: "ada@example.com",
    customer: { id: 7, name: "Ada Lovelace", email: "ada@example.com" },
    lines: [
      {
        id: 11,
        title: "One XR Glasses",
        variantTitle: "Black",
        quantity: 2,
        fulfilledQuantity: 0,
        unitPrice: 5000,
        total: 10_000,
        imageUrl: "/x.png",
        imageAlt: "",
        productHandle: "one",
      },
    ],
    totals: { subtotal: 10_000, discount: 0, shipping: 995, tax: 825, total: 11_820 },
    discountCodes: [],
    shippingMethod: "STANDARD",
    shippingAddress: {
      name: "Ada Lovelace",
      address1: "1 Market St",
      address2: null,
      city: "Portland",
      province: "OR",
      zip: "97201",
      country: "United States",
      phone: null,
    },
    payment: {
      provider: "test",
      brand: "Visa",
      last4: "4242",
      authorized: 11_820,
      captured: 11_820,
      refunded: 0,
      refundable: 11_820,
      stripe: null,
      operations: [],
    },
    shipments: [],
    notes: [],
    can: { fulfil: true, refund: true, cancel: true, changeAddress: true },
    timeline: [
      {
        id: "event-1",
        at: "2026-11-20T10:00:00.000Z",
        kind: "placed",
        actor: { type: "customer", label: "ada@example.com" },
        amount: 11_820,
        detail: null,
      },
    ],
    ...extra,
  };
}

describe("an order's page", () => {
  it("shows support the actions of its role only: ship, address, resend; no refund or cancel", async () => {
    renderAdmin("/admin/orders/1001", {
      handlers: { "auth.me": signedIn(member("support")), "orders.get": () => order() },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Order #1001" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ship" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Change the address" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Resend the confirmation" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Refund" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel the order" })).toBeNull();
  });

  it("shows a manager refund and cancel, and hides what the order's state no longer allows", async () => {
    renderAdmin("/admin/orders/1001", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "orders.get": () =>
          order({ can: { fulfil: false, refund: true, cancel: false, changeAddress: false } }),
      },
    });
    expect(await screen.findByRole("button", { name: "Refund" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Ship" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel the order" })).toBeNull();
  });

  it("says what is missing before shipping, then ships with the version it showed", async () => {
    const { api } = renderAdmin("/admin/orders/1001", {
      handlers: {
        "auth.me": signedIn(member("fulfilment")),
        "orders.get": () => order(),
        "orders.fulfil": () => ({ orderNumber: 1001, fulfillmentStatus: "FULFILLED" }),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Ship" }));
    const dialog = await screen.findByRole("dialog", { name: "Ship order #1001" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ship and tell the customer" }));
    expect(await within(dialog).findByText("Enter the carrier")).toBeTruthy();
    expect(within(dialog).getByText("Enter the tracking number")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "orders.fulfil")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText("Carrier"), { target: { value: "UPS" } });
    fireEvent.change(within(dialog).getByLabelText("Tracking number"), { target: { value: "1Z999" } });
    fireEvent.change(within(dialog).getByLabelText("One XR Glasses — Black (up to 2)"), {
      target: { value: "1" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Ship and tell the customer" }));
    expect(await screen.findByText("Shipped. The customer was mailed the tracking number.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "orders.fulfil")?.input).toEqual({
      number: 1001,
      version: 3,
      carrier: "UPS",
      tracking: "1Z999",
      lines: [{ lineId: 11, quantity: 1 }],
    });
  });

  it("refuses a refund beyond what can be paid back before sending it", async () => {
    const { api } = renderAdmin("/admin/orders/1001", {
      handlers: { "auth.me": signedIn(member("manager")), "orders.get": () => order() },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Refund" }));
    const dialog = await screen.findByRole("dialog", { name: "Refund order #1001" });
    fireEvent.change(within(dialog).getByLabelText("Amount (USD)"), { target: { value: "200.00" } });
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "scratched" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund and tell the customer" }));
    expect(
      await within(dialog).findByText("No refund beyond what was paid: at most $118.20 can be refunded"),
    ).toBeTruthy();
    expect(api.calls.some((c) => c.path === "orders.refund")).toBe(false);
  });

  it("shows Stripe's state of the payment, the intent's id and a Disputed badge; nothing of Stripe's for a test-provider order", async () => {
    const paidWithStripe = (stripe: Record<string, unknown>) =>
      order({
        payment: { ...order().payment, provider: "stripe", stripe },
      });
    const first = renderAdmin("/admin/orders/1001", {
      handlers: {
        "auth.me": signedIn(member("support")),
        "orders.get": () =>
          paidWithStripe({ status: "requires_capture", intentId: "pi_3Abc123", disputed: false }),
      },
    });
    const payment = await screen.findByRole("region", { name: "Payment" });
    expect(within(payment).getByTestId("stripe-status").textContent).toBe(
      "Authorized, to be captured when it ships (requires_capture)",
    );
    expect(within(payment).getByTestId("stripe-intent").textContent).toBe("pi_3Abc123");
    expect(screen.queryByText("Disputed")).toBeNull();
    first.unmount();

    const disputed = renderAdmin("/admin/orders/1001", {
      locale: "ja-JP",
      handlers: {
        "auth.me": signedIn(member("support")),
        "orders.get": () => paidWithStripe({ status: "succeeded", intentId: "pi_3Abc123", disputed: true }),
      },
    });
    expect(await screen.findByText("異議申し立て中")).toBeTruthy();
    expect(screen.getByTestId("stripe-status").textContent).toBe("支払い済み（succeeded）");
    expect(screen.getByText(/Stripe のダッシュボードで対応してください/)).toBeTruthy();
    disputed.unmount();

    renderAdmin("/admin/orders/1001", {
      handlers: { "auth.me": signedIn(member("support")), "orders.get": () => order() },
    });
    await screen.findByRole("region", { name: "Payment" });
    expect(screen.queryByTestId("stripe-status")).toBeNull();
    expect(screen.queryByTestId("stripe-intent")).toBeNull();
    expect(screen.queryByText("Disputed")).toBeNull();
  });

  it("is in Japanese for a Japanese reader", async () => {
    renderAdmin("/admin/orders/1001", {
      locale: "ja-JP",
      handlers: { "auth.me": signedIn(member("owner")), "orders.get": () => order() },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "注文 #1001" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "返金" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "履歴" }).textContent).toContain("お客様（ada@example.com）");
  });

  it("shows a yen order's tax as contained in its prices (うち消費税), and an older one's as added", async () => {
    const yen = (n: number) =>
      new Intl.NumberFormat("ja-JP", { style: "currency", currency: "JPY" }).format(n);
    const labelsAndAmounts = async () => {
      const region = await screen.findByRole("region", { name: "金額" });
      return [...region.querySelectorAll("dl > div")].map((d) => [
        d.querySelector("dt")?.textContent,
        d.querySelector("dd")?.textContent,
      ]);
    };
    const handlers = (totals: Record<string, number>) => ({
      "auth.me": signedIn(member("owner")),
      "orders.get": () => order({ currencyCode: "JPY", totals }),
    });
    const first = renderAdmin("/admin/orders/1001", {
      locale: "ja-JP",
      handlers: handlers({ subtotal: 81_800, discount: 0, shipping: 800, tax: 7436, total: 82_600 }),
    });
    expect(await labelsAndAmounts()).toEqual([
      ["小計", yen(81_800)],
      ["配送料", yen(800)],
      ["合計（税込）", yen(82_600)],
      ["うち消費税", yen(7436)],
    ]);
    first.unmount();
    renderAdmin("/admin/orders/1001", {
      locale: "ja-JP",
      handlers: handlers({ subtotal: 81_800, discount: 0, shipping: 800, tax: 8180, total: 90_780 }),
    });
    expect(await labelsAndAmounts()).toEqual([
      ["小計", yen(81_800)],
      ["配送料", yen(800)],
      ["税", yen(8180)],
      ["合計", yen(90_780)],
    ]);
  });
});

describe("the orders list", () => {
  it("keeps the search and the page in the URL", async () => {
    const { api, router } = renderAdmin("/admin/orders", {
      handlers: {
        "auth.me": signedIn(member("support")),
        "orders.list": (input) => {
          const q = (input as { q?: string }).q;
          return q
            ? { orders: [row(1001)], nextCursor: "1_1001", prevCursor: null }
            : { orders: [row(1002), row(1001)], nextCursor: null, prevCursor: null };
        },
      },
    });
    const table = await screen.findByRole("table", { name: "Orders, newest first" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "ada@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=ada%40example.com"));
    fireEvent.click(await screen.findByRole("button", { name: "Older orders" }));
    await waitFor(() =>
      expect(router.state.location.search).toBe("?q=ada%40example.com&cursor=1_1001&dir=next"),
    );
    expect(api.calls.filter((c) => c.path === "orders.list").at(-1)?.input).toEqual({
      q: "ada@example.com",
      cursor: "1_1001",
      direction: "next",
      limit: 25,
    });
  });
});

describe("the dashboard", () => {
  it("shows today's orders and sales, what waits, and the mail trouble", async () => {
    renderAdmin("/admin", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "dashboard.summary": () => ({
          day: { date: "2026-11-27", timeZone: "UTC", from: "", to: "" },
          today: { orders: 3, sales: [{ currencyCode: "USD", orders: 3, amount: 35_460 }] },
          waitingToShip: 12,
          returnsWaiting: 2,
          mails: { held: 1, failing: 0, gaveUp: 0 },
        }),
      },
    });
    expect(await screen.findByText("Orders waiting to ship")).toBeTruthy();
    expect(screen.getByText("12")).toBeTruthy();
    expect(screen.getByRole("table", { name: /Sales today by currency/ }).textContent).toContain("$354.60");
    expect(screen.getByRole("link", { name: "See the returns" }).getAttribute("href")).toBe("/admin/returns");
    expect(
      screen.getByText("Held back in the last 7 days (too many of one kind to an address)"),
    ).toBeTruthy();
  });
});
