import { fireEvent, screen, waitFor } from "@testing-library/react";
import { CART_ID_STORAGE_KEY } from "@vela/shared";
import { beforeEach, describe, expect, it } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { CART_ID, makeCart } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render.tsx";

const money = (amount: string) => ({ amount, currencyCode: "USD" });
const QUOTE = {
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
        previousPrice: money("449.00"),
        totalPrice: money("499.00"),
        soldOut: false,
        available: 1,
      },
    ],
    discountCodes: [],
    shippingMethod: "STANDARD",
    shippingOptions: [
      { method: "STANDARD", price: money("0.00") },
      { method: "EXPRESS", price: money("25.00") },
    ],
    subtotalPrice: money("499.00"),
    discountPrice: money("0.00"),
    shippingPrice: money("0.00"),
    taxPrice: money("36.18"),
    totalPrice: money("535.18"),
    totalMinor: 53518,
  },
};

function server(mode: "test" | "live" | "unavailable" = "test") {
  return {
    "checkout.paymentMode": () => ({ mode }),
    "cart.get": () => makeCart([{ id: 11, quantity: 1, price: "499.00", title: "Vela One XR Glasses" }]),
    "account.me": () => {
      throw new ApiFailure("UNAUTHORIZED", "You need to sign in to do that");
    },
    "checkout.quote": () => QUOTE,
    "checkout.place": () => ({
      order: { id: "gid://vela/Order/77", orderNumber: 2001 },
      cartId: "newcart12345",
    }),
    "checkout.order": () => {
      throw new ApiFailure("NOT_FOUND", "This order does not exist or you don't have permission to view it");
    },
  };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => window.localStorage.setItem(CART_ID_STORAGE_KEY, CART_ID));

describe("checkout page", () => {
  it("shows the server's totals and a price that changed since the cart was filled", async () => {
    renderApp("/checkout", { handlers: server() });
    expect((await screen.findByTestId("checkout-total")).textContent).toBe("$535.18");
    expect(screen.getByText("The price changed from $449.00 to $499.00 since you added it.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pay $535.18" })).toBeTruthy();
  });

  it("refuses a bad card number in the form, focuses it, and sends nothing", async () => {
    const { api } = renderApp("/checkout", { handlers: server() });
    await screen.findByTestId("checkout-total");
    fill("Email", "guest@example.com");
    fill("First name", "Ada");
    fill("Last name", "Lovelace");
    fill("Address", "1 Market St");
    fill("City", "San Francisco");
    fill("Province/State/Region", "CA");
    fill("Postal/ZIP code", "94105");
    fill("Country", "US");
    fill("Card number", "4242 4242 4242 4241");
    fill("Expiry (MM/YY)", "12/40");
    fill("Security code (CVC)", "123");
    fireEvent.click(screen.getByRole("button", { name: "Pay $535.18" }));
    expect(await screen.findByText("Enter a valid card number")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Card number")));
    expect(api.calls.some((c) => c.path === "checkout.place")).toBe(false);

    fill("Card number", "4242 4242 4242 4242");
    const pay = screen.getByRole("button", { name: "Pay $535.18" });
    fireEvent.click(pay);
    fireEvent.click(pay);
    await waitFor(() => expect(api.calls.filter((c) => c.path === "checkout.place")).toHaveLength(1));
    const sent = api.calls.find((c) => c.path === "checkout.place")?.input as Record<string, unknown>;
    expect(sent).toMatchObject({ expectedTotal: 53518, email: "guest@example.com" });
    expect(String(sent.idempotencyKey)).toMatch(/^[0-9a-f]{48}$/);
  });

  it("an empty email is required, a malformed one invalid, in the reader's language, and nothing is sent", async () => {
    const { api } = renderApp("/checkout", { handlers: server(), locale: "ja-JP" });
    await screen.findByTestId("checkout-total");
    const pay = screen.getByRole("button", { name: /を支払う$/ });
    fireEvent.click(pay);
    expect(await screen.findByText("メールアドレスは必須です")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("メールアドレス")));
    fill("メールアドレス", "guest@example");
    fireEvent.click(pay);
    expect(await screen.findByText("有効なメールアドレスを入力してください")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "checkout.place")).toBe(false);
  });
});

describe("which payments the store takes", () => {
  const TEST_NOTICE = "Test mode: this store takes no real payments, and a real card is declined.";

  it("test mode: the page says so and shows the test cards", async () => {
    renderApp("/checkout", { handlers: server("test") });
    await screen.findByTestId("checkout-total");
    expect((await screen.findByRole("note")).textContent).toBe(TEST_NOTICE);
    expect(
      screen.getByText("Test mode: pay with 4242 4242 4242 4242, any future date and any 3 digits."),
    ).toBeTruthy();
  });

  it("test mode, in Japanese", async () => {
    renderApp("/checkout", { handlers: server("test"), locale: "ja-JP" });
    await screen.findByTestId("checkout-total");
    expect((await screen.findByRole("note")).textContent).toMatch(/^テストモード：/);
  });

  it("real payments: no test-mode notice and no test cards", async () => {
    const { api } = renderApp("/checkout", { handlers: server("live") });
    await screen.findByTestId("checkout-total");
    await waitFor(() => expect(api.calls.some((c) => c.path === "checkout.paymentMode")).toBe(true));
    expect(screen.queryByRole("note")).toBeNull();
    expect(screen.queryByText(/4242 4242 4242 4242/)).toBeNull();
  });

  it("no provider: the page says orders cannot be placed, and Pay is off", async () => {
    renderApp("/checkout", { handlers: server("unavailable"), locale: "ja-JP" });
    await screen.findByTestId("checkout-total");
    expect((await screen.findByRole("alert")).textContent).toMatch(/^現在ご注文いただけません/);
    expect((screen.getByRole("button", { name: /を支払う$/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("the confirmation page of a test-mode order says no money was taken", async () => {
    const order = {
      id: "gid://vela/Order/77",
      orderNumber: 2001,
      email: "guest@example.com",
      financialStatus: "PAID",
      fulfillmentStatus: "UNFULFILLED",
      shippingMethod: "STANDARD",
      card: { brand: "Visa", last4: "4242" },
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
    renderApp("/checkout/confirmation/77", {
      handlers: { ...server("test"), "checkout.order": () => ({ order }) },
    });
    expect(
      await screen.findByText("Test mode: this order was paid with a test card. No money was taken."),
    ).toBeTruthy();
  });
});

describe("a checkout that forgives as the shopper fixes it", () => {
  const fillAll = () => {
    fill("Email", "guest@example.com");
    fill("First name", "Ada");
    fill("Last name", "Lovelace");
    fill("Address", "1 Market St");
    fill("City", "San Francisco");
    fill("Province/State/Region", "CA");
    fill("Postal/ZIP code", "94105");
    fill("Country", "US");
  };
  const errorOf = (label: string) => {
    const ids = (screen.getByLabelText(label).getAttribute("aria-describedby") ?? "").split(" ");
    return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" | ");
  };

  it("after Pay on an empty form, each error goes as its field is put right, and the summary's notice with the last", async () => {
    renderApp("/checkout", { handlers: server() });
    await screen.findByTestId("checkout-total");
    fireEvent.click(screen.getByRole("button", { name: "Pay $535.18" }));
    expect(await screen.findByText("Email is required")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Please correct the highlighted fields.");

    const email = screen.getByLabelText("Email");
    fill("Email", "guest@example.com");
    expect(screen.queryByText("Email is required")).toBeNull();
    expect(email.getAttribute("aria-invalid")).toBeNull();
    // Still wrong elsewhere: the notice stays.
    expect(screen.getByRole("alert").textContent).toBe("Please correct the highlighted fields.");

    // A field made wrong again is said again when the shopper leaves it, not while typing.
    fill("Email", "");
    fireEvent.blur(email);
    expect(screen.getByText("Email is required")).toBeTruthy();
    fill("Email", "guest@example.com");

    fillAll();
    fill("Card number", "4242424242424242");
    fill("Expiry (MM/YY)", "12 / 40");
    expect(screen.getByText("Enter the 3 or 4 digit security code")).toBeTruthy();
    fill("Security code (CVC)", "123");
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(document.querySelectorAll("[aria-invalid='true']")).toHaveLength(0);
  });

  it("before the first Pay, leaving a blank field says nothing", async () => {
    renderApp("/checkout", { handlers: server() });
    await screen.findByTestId("checkout-total");
    fireEvent.blur(screen.getByLabelText("Email"));
    expect(screen.queryByText("Email is required")).toBeNull();
  });

  it("groups the card number in fours, names its brand, reads 1230 as 12/30 and sends digits only", async () => {
    const { api } = renderApp("/checkout", { handlers: server() });
    await screen.findByTestId("checkout-total");
    fillAll();
    const number = screen.getByLabelText("Card number") as HTMLInputElement;
    fill("Card number", "3530111333300000");
    expect(number.value).toBe("3530 1113 3330 0000");
    expect(errorOf("Card number")).toBe("Card type: JCB");
    fill("Card number", "55555555555544");
    expect(number.value).toBe("5555 5555 5555 44");
    expect(errorOf("Card number")).toBe("Card type: Mastercard");
    fill("Card number", "4242424242424242");
    expect(errorOf("Card number")).toBe("Card type: Visa");
    const expiry = screen.getByLabelText("Expiry (MM/YY)") as HTMLInputElement;
    fill("Expiry (MM/YY)", "1240");
    fireEvent.blur(expiry);
    expect(expiry.value).toBe("12/40");
    fill("Security code (CVC)", "123");
    fireEvent.click(screen.getByRole("button", { name: "Pay $535.18" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "checkout.place")).toBe(true));
    const sent = api.calls.find((c) => c.path === "checkout.place")?.input as { card: unknown };
    expect(sent.card).toEqual({ number: "4242424242424242", expiry: "12/40", cvc: "123" });
  });

  it("the card brand in Japanese", async () => {
    renderApp("/checkout", { handlers: server(), locale: "ja-JP" });
    await screen.findByTestId("checkout-total");
    fill("カード番号", "3530111333300000");
    expect(screen.getByText("カードの種類：JCB")).toBeTruthy();
  });

  it("a declined card is said beside the card fields, which are marked invalid and take focus", async () => {
    renderApp("/checkout", {
      handlers: {
        ...server(),
        "checkout.place": () => {
          throw new ApiFailure("BAD_REQUEST", "Your card was declined");
        },
      },
      locale: "ja-JP",
    });
    await screen.findByTestId("checkout-total");
    fill("メールアドレス", "guest@example.com");
    fill("名", "美奈");
    fill("姓", "佐藤");
    fill("住所", "丸の内2-4-1");
    fill("市区町村", "千代田区");
    fill("都道府県・州・地域", "Tokyo");
    fill("郵便番号", "100-0005");
    fill("国", "JP");
    fill("カード番号", "4000 0000 0000 0002");
    fill("有効期限（MM/YY）", "12/40");
    fill("セキュリティコード（CVC）", "123");
    fireEvent.click(screen.getByRole("button", { name: /を支払う$/ }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("カードが承認されませんでした");
    expect(alert.closest("fieldset")?.querySelector("legend")?.textContent).toBe("お支払い");
    const number = screen.getByLabelText("カード番号");
    await waitFor(() => expect(document.activeElement).toBe(number));
    for (const label of ["カード番号", "有効期限（MM/YY）", "セキュリティコード（CVC）"]) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute("aria-invalid")).toBe("true");
      expect(field.getAttribute("aria-describedby")?.split(" ")).toContain(alert.id);
    }
    // Another card: the message and the marks go.
    fill("カード番号", "4242 4242 4242 4242");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(number.getAttribute("aria-invalid")).toBeNull();
  });
});
