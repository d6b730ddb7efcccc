import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { renderApp } from "../../test/render.tsx";

const notFound = () => {
  throw new ApiFailure("NOT_FOUND", "This order does not exist or you don't have permission to view it");
};

describe("a guest's order opened where its cookie is not", () => {
  it("the confirmation page offers the lookup, the number filled in, instead of 'does not exist'", async () => {
    const { api } = renderApp("/checkout/confirmation/7?order=1042", {
      handlers: {
        "checkout.order": notFound,
        "account.me": () => {
          throw new ApiFailure("UNAUTHORIZED", "Not signed in");
        },
        "orderLookup.request": () => ({ ok: true }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Find your order" })).toBeTruthy();
    expect(screen.queryByText(/does not exist/)).toBeNull();
    const number = screen.getByLabelText(/Order number/) as HTMLInputElement;
    expect(number.value).toBe("1042");
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: " Guest@Example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Email me a link" }));
    expect((await screen.findByRole("status")).textContent).toBe(
      "If an order matches, we've sent a link to its email. The link works once, for 24 hours.",
    );
    expect(api.calls.filter((c) => c.path === "orderLookup.request").map((c) => c.input)).toEqual([
      { orderNumber: 1042, email: "Guest@Example.com" },
    ]);
  });

  it("the lookup page refuses an empty form and a bad number before asking the server", async () => {
    const { api } = renderApp("/checkout/lookup", {
      handlers: { "orderLookup.request": () => ({ ok: true }) },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Email me a link" }));
    await waitFor(() =>
      expect((screen.getByLabelText(/Order number/) as HTMLInputElement).getAttribute("aria-invalid")).toBe(
        "true",
      ),
    );
    fireEvent.change(screen.getByLabelText(/Order number/), { target: { value: "12ab" } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: "guest@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Email me a link" }));
    expect(await screen.findByText(/Enter the order number as it appears/)).toBeTruthy();
    expect(api.calls.some((c) => c.path === "orderLookup.request")).toBe(false);
  });

  it("in Japanese", async () => {
    renderApp("/checkout/lookup?order=1042", { locale: "ja-JP" });
    expect(await screen.findByRole("heading", { level: 1, name: "ご注文を探す" })).toBeTruthy();
    expect((screen.getByLabelText(/注文番号/) as HTMLInputElement).value).toBe("1042");
  });

  it("the mailed link's page sends the token only on the click, then opens the confirmation", async () => {
    const { api, router } = renderApp("/checkout/order-link?token=t0k", {
      handlers: { "orderLookup.open": () => ({ orderId: "7" }), "checkout.order": notFound },
    });
    const button = await screen.findByRole("button", { name: "View your order" });
    expect(api.calls.some((c) => c.path === "orderLookup.open")).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe("/checkout/confirmation/7"));
    expect(api.calls.find((c) => c.path === "orderLookup.open")?.input).toEqual({ token: "t0k" });
  });

  it("a spent or expired link says so and offers the lookup again", async () => {
    renderApp("/checkout/order-link?token=t0k", {
      handlers: {
        "orderLookup.open": () => {
          throw new ApiFailure("BAD_REQUEST", "This link is invalid, already used or expired.");
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "View your order" }));
    expect(await screen.findByText(/already used or expired/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Look up your order" }).getAttribute("href")).toBe(
      "/checkout/lookup",
    );
  });
});
