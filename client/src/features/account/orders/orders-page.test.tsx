import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../../test/api-mock.ts";
import { makeOrder } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render.tsx";

/** 23 orders, newest first, served 10 at a time by cursor. */
function pagedOrders(total = 23) {
  const all = Array.from({ length: total }, (_, i) =>
    makeOrder(1100 - i, {
      fulfillmentStatus: i === 0 ? null : "FULFILLED",
      financialStatus: i === 1 ? "MYSTERY" : "PAID",
    }),
  );
  return (input: unknown) => {
    const { limit = 10, cursor } = (input ?? {}) as { limit?: number; cursor?: string | null };
    const start = cursor ? Number(cursor) : 0;
    const page = all.slice(start, start + limit);
    return {
      orders: {
        edges: page.map((node, i) => ({ cursor: String(start + i + 1), node })),
        pageInfo: {
          hasNextPage: start + limit < all.length,
          endCursor: page.length ? String(start + page.length) : null,
        },
      },
    };
  };
}

describe("orders page", () => {
  it("lists orders with their badges and appends pages until the end", async () => {
    const { api } = renderApp("/account/orders", { handlers: { "orders.list": pagedOrders() } });
    expect(await screen.findByRole("heading", { level: 1, name: "My Orders" })).toBeTruthy();
    const first = await screen.findByRole("link", { name: "Order #1100" });
    const row = within(first.closest("li") as HTMLElement);
    expect(row.getByText("Unfulfilled")).toBeTruthy(); // missing fulfilment status
    expect(row.getByText("Paid")).toBeTruthy();
    expect(row.getByText("$548.99")).toBeTruthy();
    expect(
      within(screen.getByRole("link", { name: "Order #1099" }).closest("li") as HTMLElement).getByText(
        "MYSTERY",
      ),
    ).toBeTruthy();
    expect(screen.getAllByRole("listitem").filter((li) => li.classList.contains("order-row"))).toHaveLength(
      10,
    );

    fireEvent.click(screen.getByRole("button", { name: "Load More Orders" }));
    await screen.findByRole("link", { name: "Order #1090" });
    // Appended, the first page still there; focus moved to the first new order.
    expect(screen.getByRole("link", { name: "Order #1100" })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Order #1090"));

    fireEvent.click(screen.getByRole("button", { name: "Load More Orders" }));
    await screen.findByRole("link", { name: "Order #1078" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load More Orders" })).toBeNull());
    expect(document.querySelectorAll(".order-row")).toHaveLength(23);
    // Exactly the fields the server's strict schema takes.
    expect(api.calls.filter((c) => c.path === "orders.list").map((c) => c.input)).toEqual([
      { limit: 10, cursor: null },
      { limit: 10, cursor: "10" },
      { limit: 10, cursor: "20" },
    ]);
  }, 20_000);

  it("labels AUTHORIZED (a label of the list only) and a missing fulfilment status (spec 000 §4)", async () => {
    const order = makeOrder(1100, { financialStatus: "AUTHORIZED", fulfillmentStatus: null });
    renderApp("/account/orders", {
      handlers: {
        "orders.list": () => ({
          orders: { edges: [{ cursor: "1", node: order }], pageInfo: { hasNextPage: false, endCursor: "1" } },
        }),
      },
    });
    const row = within(
      (await screen.findByRole("link", { name: "Order #1100" })).closest("li") as HTMLElement,
    );
    expect(row.getByText("Authorized")).toBeTruthy();
    expect(row.getByText("Unfulfilled")).toBeTruthy();
  });

  it("links each order by the last segment of its id", async () => {
    renderApp("/account/orders", { handlers: { "orders.list": pagedOrders(1) } });
    expect((await screen.findByRole("link", { name: "Order #1100" })).getAttribute("href")).toBe(
      "/account/orders/1100",
    );
  });

  it("shows the empty state with a link to /products", async () => {
    renderApp("/account/orders", { handlers: { "orders.list": pagedOrders(0) } });
    expect(await screen.findByText("You don't have any orders yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start shopping" }).getAttribute("href")).toBe("/products");
  });

  it("shows the server's text in a red box with Retry, then recovers", async () => {
    let fail = true;
    const ok = pagedOrders(2);
    renderApp("/account/orders", {
      handlers: {
        "orders.list": (input) => {
          if (fail) throw new ApiFailure("INTERNAL_SERVER_ERROR", "");
          return ok(input);
        },
      },
    });
    expect((await screen.findByRole("alert")).textContent).toContain("Failed to fetch orders");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("link", { name: "Order #1100" })).toBeTruthy();
  });

  it("sends a 401 to /account/login?redirect=/account/orders", async () => {
    const { router } = renderApp("/account/orders", {
      handlers: {
        "orders.list": () => {
          throw new ApiFailure("UNAUTHORIZED", "You need to sign in to do that");
        },
      },
    });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        "/account/login?redirect=/account/orders",
      ),
    );
  });
});
