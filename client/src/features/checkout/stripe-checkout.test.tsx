// The checkout page when Stripe takes the payments: the Payment Element (a stand-in for Stripe.js
// on window.Stripe, loaded from the stand-in URL the server names), Pay's steps, each outcome, the
// return page and a konbini order's slip on the confirmation page.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { CART_ID_STORAGE_KEY } from "@vela/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { CART_ID, makeCart } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render.tsx";
import { rememberSlip, STRIPE_ELEMENT_ID } from "./stripe-payment.tsx";

const money = (amount: string, currencyCode = "USD") => ({ amount, currencyCode });
function quoteFor(input: unknown) {
  const express = (input as { shippingMethod?: string }).shippingMethod === "EXPRESS";
  const total = express ? 56018 : 53518;
  return {
    quote: {
      cartId: CART_ID,
      currencyCode: "USD",
      lines: [
        {
          merchandiseId: "gid://vela/ProductVariant/11",
          title: "Vela One XR Glasses",
          variantTitle: "Standard",
          productHandle: "vela-one",
          image: { url: "", altText: "" },
          quantity: 1,
          price: money("499.00"),
          previousPrice: null,
          totalPrice: money("499.00"),
          soldOut: false,
          available: 5,
        },
      ],
      discountCodes: [],
      shippingMethod: express ? "EXPRESS" : "STANDARD",
      shippingOptions: [
        { method: "STANDARD", price: money("0.00") },
        { method: "EXPRESS", price: money("25.00") },
      ],
      subtotalPrice: money("499.00"),
      discountPrice: money("0.00"),
      shippingPrice: money(express ? "25.00" : "0.00"),
      taxPrice: money("36.18"),
      totalPrice: money((total / 100).toFixed(2)),
      totalMinor: total,
    },
  };
}

const ORDER = {
  id: "gid://vela/Order/77",
  orderNumber: 2001,
  email: "guest@example.com",
  financialStatus: "AUTHORIZED",
  fulfillmentStatus: "UNFULFILLED",
  shippingMethod: "STANDARD",
  card: null,
  accountOfferKey: null,
  lines: [
    { title: "Vela One XR Glasses", variantTitle: "Standard", quantity: 1, totalPrice: money("499.00") },
  ],
  subtotalPrice: money("499.00"),
  discountPrice: money("0.00"),
  shippingPrice: money("0.00"),
  taxPrice: money("36.18"),
  totalPrice: money("535.18"),
  shippingAddress: {
    name: "Ada Lovelace",
    address1: "1 Market St",
    address2: null,
    city: "San Francisco",
    province: "CA",
    zip: "94105",
    country: "United States",
    phone: null,
  },
};

const SLIP = {
  number: "123456789012",
  expiresAt: "2026-12-01T14:59:00.000Z",
  voucherUrl: "https://payments.stripe.com/konbini/voucher/test_123",
};

type Outcome = Record<string, unknown>;
function server(outcomes: Outcome[] = [{ status: "placed", order: ORDER, cartId: "newcart12345" }]) {
  let n = 0;
  return {
    "checkout.paymentMode": () => ({
      mode: "live",
      provider: "stripe",
      publishableKey: "pk_test_123",
      stripeJsUrl: "http://stripe.test/v3/",
    }),
    "cart.get": () => makeCart([{ id: 11, quantity: 1, price: "499.00", title: "Vela One XR Glasses" }]),
    "account.me": () => {
      throw new ApiFailure("UNAUTHORIZED", "You need to sign in to do that");
    },
    "checkout.quote": quoteFor,
    "checkout.startPayment": () => ({
      placementId: "pl_abc",
      clientSecret: "pi_1_secret_2",
      amount: 53518,
      currencyCode: "USD",
    }),
    "checkout.completePayment": () => outcomes[Math.min(n++, outcomes.length - 1)],
    "checkout.order": () => ({ order: ORDER }),
    "returns.ofOrder": () => ({ returns: [] }),
  };
}

interface FakeStripe {
  keys: string[];
  elementsOptions: Record<string, unknown>[];
  updates: Record<string, unknown>[];
  submits: number;
  confirms: Record<string, unknown>[];
}

/** Stripe.js's calls the page makes, recorded; confirmPayment answers `confirmAnswer`. */
function installFakeStripe(
  confirmAnswer: Record<string, unknown> = { paymentIntent: { status: "requires_capture" } },
) {
  const log: FakeStripe = { keys: [], elementsOptions: [], updates: [], submits: 0, confirms: [] };
  (window as unknown as { Stripe: unknown }).Stripe = (key: string) => {
    log.keys.push(key);
    return {
      elements(options: Record<string, unknown>) {
        log.elementsOptions.push(options);
        return {
          create: () => ({
            mount(el: HTMLElement) {
              el.innerHTML = '<label>Card details <input name="card" /></label>';
            },
            destroy() {},
            on() {},
          }),
          submit: async () => {
            log.submits++;
            return {};
          },
          update(o: Record<string, unknown>) {
            log.updates.push(o);
          },
        };
      },
      confirmPayment: async (args: Record<string, unknown>) => {
        log.confirms.push(args);
        return confirmAnswer;
      },
      handleNextAction: async () => ({}),
    };
  };
  return log;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
function fillForm() {
  fill("Email", "guest@example.com");
  fill("First name", "Ada");
  fill("Last name", "Lovelace");
  fill("Address", "1 Market St");
  fill("City", "San Francisco");
  fill("Province/State/Region", "CA");
  fill("Postal/ZIP code", "94105");
  fill("Country", "US");
}

beforeEach(() => window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID));
afterEach(() => {
  delete (window as unknown as { Stripe?: unknown }).Stripe;
  window.sessionStorage.clear();
});

describe("checkout with Stripe", () => {
  it("mounts the Payment Element in deferred mode with the quote's total, and no card fields of its own", async () => {
    const stripe = installFakeStripe();
    renderApp("/checkout", { handlers: server() });
    expect(await screen.findByLabelText("Card details")).toBeTruthy();
    expect(stripe.keys).toEqual(["pk_test_123"]);
    expect(stripe.elementsOptions).toEqual([
      { mode: "payment", amount: 53518, currency: "usd", captureMethod: "manual", locale: "en" },
    ]);
    expect(screen.queryByLabelText("Card number")).toBeNull();
    expect(screen.queryByLabelText("Security code (CVC)")).toBeNull();

    // A dearer shipping method: the element is told the new total.
    fireEvent.click(screen.getByRole("radio", { name: /Express/ }));
    await waitFor(() => expect(stripe.updates).toContainEqual({ amount: 56018, currency: "usd" }));
  });

  it("in yen on a Japanese page the element is in Japanese, and leaves the capture to the intent's card options", async () => {
    const stripe = installFakeStripe();
    const yen = (input: unknown) => {
      const q = quoteFor(input).quote;
      const jpy = (amount: string) => money(amount, "JPY");
      return {
        quote: {
          ...q,
          currencyCode: "JPY",
          lines: q.lines.map((l) => ({ ...l, price: jpy("81800"), totalPrice: jpy("81800") })),
          shippingOptions: q.shippingOptions.map((o) => ({ ...o, price: jpy("800") })),
          subtotalPrice: jpy("81800"),
          discountPrice: jpy("0"),
          shippingPrice: jpy("800"),
          taxPrice: jpy("7436"),
          totalPrice: jpy("82600"),
          totalMinor: 82600,
        },
      };
    };
    renderApp("/checkout", { handlers: { ...server(), "checkout.quote": yen }, locale: "ja-JP" });
    expect(await screen.findByLabelText("Card details")).toBeTruthy();
    expect(stripe.elementsOptions).toEqual([
      { mode: "payment", amount: 82600, currency: "jpy", locale: "ja" },
    ]);
    expect(screen.queryByLabelText("カード番号")).toBeNull();
  });

  it("the test provider's page loads no Stripe.js and keeps its card fields", async () => {
    const stripe = installFakeStripe();
    renderApp("/checkout", {
      handlers: { ...server(), "checkout.paymentMode": () => ({ mode: "test", provider: "test" }) },
    });
    expect(await screen.findByLabelText("Card number")).toBeTruthy();
    await screen.findByTestId("checkout-total");
    expect(stripe.keys).toEqual([]);
    expect(document.getElementById(STRIPE_ELEMENT_ID)).toBeNull();
  });

  it("Pay: submit, one PaymentIntent however often it is pressed, confirm with the return page, then the confirmation", async () => {
    const stripe = installFakeStripe();
    const { api, router } = renderApp("/checkout", { handlers: server() });
    await screen.findByLabelText("Card details");
    fillForm();
    const pay = screen.getByRole("button", { name: "Pay $535.18" });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/confirmation/77"));
    expect(api.calls.filter((c) => c.path === "checkout.startPayment")).toHaveLength(1);
    expect(api.calls.some((c) => c.path === "checkout.place")).toBe(false);
    const sent = api.calls.find((c) => c.path === "checkout.startPayment")?.input as Record<string, unknown>;
    expect(sent).toMatchObject({ expectedTotal: 53518, email: "guest@example.com", cartId: CART_ID });
    expect(sent).not.toHaveProperty("card");
    expect(String(sent.idempotencyKey)).toMatch(/^[0-9a-f]{48}$/);
    expect(stripe.submits).toBe(1);
    expect(stripe.confirms).toHaveLength(1);
    expect(stripe.confirms[0]).toMatchObject({
      clientSecret: "pi_1_secret_2",
      confirmParams: { return_url: `${window.location.origin}/checkout/complete?placement=pl_abc` },
      redirect: "if_required",
    });
    expect(api.calls.find((c) => c.path === "checkout.completePayment")?.input).toEqual({
      placementId: "pl_abc",
    });
    expect(window.localStorage.getItem(CART_ID_STORAGE_KEY)).toBe("newcart12345");
  });

  it("a card Stripe declines: its message beside the element, focus there, nothing settled, the next Pay a new attempt", async () => {
    installFakeStripe({ error: { type: "card_error", message: "Your card has been declined." } });
    const { api } = renderApp("/checkout", { handlers: server() });
    await screen.findByLabelText("Card details");
    fillForm();
    fireEvent.click(screen.getByRole("button", { name: "Pay $535.18" }));
    const element = document.getElementById(STRIPE_ELEMENT_ID) as HTMLElement;
    expect(await within(element).findByText("Your card has been declined.")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(element));
    expect(element.getAttribute("aria-describedby")).toBe("checkout-stripe-error");
    expect(api.calls.some((c) => c.path === "checkout.completePayment")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Pay $535.18" }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === "checkout.startPayment")).toHaveLength(2));
    const [first, second] = api.calls
      .filter((c) => c.path === "checkout.startPayment")
      .map((c) => (c.input as { idempotencyKey: string }).idempotencyKey);
    expect(second).not.toBe(first);
  });

  it("the store's decline after confirming is said beside the element too", async () => {
    installFakeStripe();
    renderApp("/checkout", {
      handlers: server([{ status: "failed", message: "Your card was declined" }]),
    });
    await screen.findByLabelText("Card details");
    fillForm();
    fireEvent.click(screen.getByRole("button", { name: "Pay $535.18" }));
    const element = document.getElementById(STRIPE_ELEMENT_ID) as HTMLElement;
    expect(await within(element).findByText("Your card was declined")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(element));
  });

  it("a form with gaps stops before Stripe: nothing submitted, no intent", async () => {
    const stripe = installFakeStripe();
    const { api } = renderApp("/checkout", { handlers: server() });
    await screen.findByLabelText("Card details");
    fireEvent.click(screen.getByRole("button", { name: "Pay $535.18" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(stripe.submits).toBe(0);
    expect(api.calls.some((c) => c.path === "checkout.startPayment")).toBe(false);
  });

  it("processing: the page says the order will be emailed and Pay stays off", async () => {
    installFakeStripe();
    renderApp("/checkout", { handlers: server([{ status: "processing" }]) });
    await screen.findByLabelText("Card details");
    fillForm();
    fireEvent.click(screen.getByRole("button", { name: "Pay $535.18" }));
    expect((await screen.findByTestId("checkout-processing")).textContent).toContain("guest@example.com");
    expect((screen.getByRole("button", { name: "Pay $535.18" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("konbini: the order pending its payment opens the confirmation with the slip's number, deadline and voucher", async () => {
    installFakeStripe({ paymentIntent: { status: "requires_action" } });
    const { router } = renderApp("/checkout", {
      handlers: server([{ status: "pending", order: ORDER, cartId: "newcart12345", konbini: SLIP }]),
    });
    await screen.findByLabelText("Card details");
    fillForm();
    fireEvent.click(screen.getByRole("button", { name: "Pay $535.18" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/confirmation/77"));
    const slip = await screen.findByTestId("konbini-slip");
    expect(within(slip).getByTestId("konbini-number").textContent).toBe("123456789012");
    // 14:59 UTC is 23:59 in Tokyo, the store's time for a konbini payment.
    expect(within(slip).getByTestId("konbini-deadline").textContent).toMatch(/December 1, 2026.*11:59\s?PM/);
    expect(
      within(slip).getByRole("link", { name: "Open the payment slip (new tab)" }).getAttribute("href"),
    ).toBe(SLIP.voucherUrl);
  });

  it("the confirmation page shows the slip the order's answer carries (another device, a later visit)", async () => {
    renderApp("/checkout/confirmation/77", {
      handlers: {
        ...server(),
        "checkout.order": () => ({
          order: { ...ORDER, payment: { status: "requires_action", disputed: false, konbini: SLIP } },
        }),
      },
    });
    const slip = await screen.findByTestId("konbini-slip");
    expect(within(slip).getByTestId("konbini-number").textContent).toBe("123456789012");
  });

  it("an order without a slip shows none", async () => {
    renderApp("/checkout/confirmation/77", { handlers: server() });
    await screen.findByRole("heading", { name: "Thank you for your order" });
    expect(screen.queryByTestId("konbini-slip")).toBeNull();
  });

  it("the confirmation page in Japanese shows the slip kept for this tab", async () => {
    rememberSlip("77", SLIP);
    renderApp("/checkout/confirmation/77", { handlers: server(), locale: "ja-JP" });
    const slip = await screen.findByTestId("konbini-slip");
    expect(within(slip).getByText("コンビニでのお支払い")).toBeTruthy();
    expect(within(slip).getByTestId("konbini-deadline").textContent).toMatch(/2026年12月1日.*23:59/);
  });
});

describe("the return page", () => {
  it("settles the placement named in the URL and opens the confirmation", async () => {
    const { api, router } = renderApp(
      "/checkout/complete?placement=pl_abc&payment_intent=pi_1&redirect_status=succeeded",
      { handlers: server() },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/confirmation/77"));
    expect(api.calls.filter((c) => c.path === "checkout.completePayment").map((c) => c.input)).toEqual([
      { placementId: "pl_abc" },
    ]);
  });

  it("a failed authentication says so, with the way back to checkout", async () => {
    renderApp("/checkout/complete?placement=pl_abc&redirect_status=failed", {
      handlers: server([{ status: "failed", message: "Your card was declined" }]),
    });
    expect((await screen.findByTestId("payment-return-error")).textContent).toBe("Your card was declined");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Your payment was not completed");
    expect(screen.getByRole("link", { name: "Back to checkout" }).getAttribute("href")).toBe("/checkout");
  });

  it("without a placement it asks nothing and offers checkout", async () => {
    const { api } = renderApp("/checkout/complete", { handlers: server() });
    expect(await screen.findByText("This page was opened without a payment to complete.")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "checkout.completePayment")).toBe(false);
  });
});
