import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { CART_ID_STORAGE_KEY, LOGOUT_REFRESH_MS } from "@vela/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure } from "../../../test/api-mock.ts";
import { makeCustomer, makeOrder } from "../../../test/fixtures.ts";
import { fakePageControl, renderApp } from "../../../test/render.tsx";

const me = () => ({ customer: makeCustomer() });
const threeOrders = () => ({
  orders: {
    edges: [1003, 1002, 1001].map((n) => ({ cursor: String(n), node: makeOrder(n) })),
    pageInfo: { hasNextPage: true, endCursor: "1001" },
  },
});

afterEach(() => {
  vi.useRealTimers();
});

describe("account overview", () => {
  it("shows the customer and the 3 latest orders", async () => {
    const { api } = renderApp("/account", { handlers: { "account.me": me, "orders.list": threeOrders } });
    expect(await screen.findByRole("heading", { level: 1, name: "My Account" })).toBeTruthy();
    expect(await screen.findByText("Dana Demo")).toBeTruthy();
    expect(screen.getByText("demo@vela.test")).toBeTruthy();
    expect(screen.getByText("+1 555 0100")).toBeTruthy();
    expect(screen.getByText("May 1, 2025")).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Order #1003" })).toBeTruthy();
    expect(api.calls.find((c) => c.path === "orders.list")?.input).toEqual({ limit: 3 });
  });

  it("leaves the phone out when there is none", async () => {
    renderApp("/account", {
      handlers: {
        "account.me": () => ({ customer: makeCustomer({ phone: null }) }),
        "orders.list": threeOrders,
      },
    });
    await screen.findByText("Dana Demo");
    expect(screen.queryByText("Phone")).toBeNull();
  });

  it("says nothing when the recent orders fail", async () => {
    renderApp("/account", {
      handlers: {
        "account.me": me,
        "orders.list": () => {
          throw new ApiFailure("INTERNAL_SERVER_ERROR", "boom");
        },
      },
    });
    await screen.findByText("Dana Demo");
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("Recent Orders")).toBeNull();
  });

  it("sends a 401 to plain /account/login", async () => {
    const { router } = renderApp("/account", {
      handlers: {
        "account.me": () => {
          throw new ApiFailure("UNAUTHORIZED", "You need to sign in to do that");
        },
        "orders.list": threeOrders,
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/login"));
    expect(router.state.location.search).toBe("");
  });

  it("logs out: home page, then a refresh after 0.5 s, and the browser forgets the cart", async () => {
    window.localStorage.setItem(CART_ID_STORAGE_KEY, "cart_abcdefghijklmnop");
    const page = fakePageControl();
    const { router } = renderApp("/account", {
      pageControl: page,
      handlers: {
        "account.me": me,
        "orders.list": threeOrders,
        "account.logout": () => ({ ok: true }),
        "cart.get": () => {
          throw new ApiFailure("NOT_FOUND", "Cart not found");
        },
      },
    });
    const button = await screen.findByRole("button", { name: "Logout" });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    // The home page is showing (the overview has unmounted) and the refresh still comes.
    await screen.findByRole("heading", { level: 1, name: /Welcome to/ });
    expect(window.localStorage.getItem(CART_ID_STORAGE_KEY)).toBeNull();
    act(() => vi.advanceTimersByTime(LOGOUT_REFRESH_MS));
    // On a loaded machine the mutation's settle can trail the navigation; the refresh must still come.
    await waitFor(() => expect(page.reloads).toBe(1));
  });

  it("shows the logout failure in a red box", async () => {
    renderApp("/account", {
      handlers: {
        "account.me": me,
        "orders.list": threeOrders,
        "account.logout": () => {
          throw new Error("offline");
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Error during logout");
  });
});
