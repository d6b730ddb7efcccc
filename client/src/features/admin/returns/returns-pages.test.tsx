import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { RETURN_STAFF_MESSAGES } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";
import { ApiFailure } from "../../../test/api-mock.ts";

const usd = (amount: string) => ({ amount, currencyCode: "USD" });

function detail(overrides: Record<string, unknown> = {}) {
  return {
    id: 5,
    number: "R1042-1",
    status: "REQUESTED",
    version: 0,
    reason: "DEFECTIVE",
    comment: "It does not switch on.",
    declineReason: null,
    requestedAt: "2026-03-16T10:00:00.000Z",
    approvedAt: null,
    declinedAt: null,
    receivedAt: null,
    refundedAt: null,
    customerId: 3,
    order: {
      orderNumber: 1042,
      email: "ada@example.com",
      locale: "en-US",
      financialStatus: "PAID",
      fulfillmentStatus: "FULFILLED",
      captured: usd("548.99"),
      refunded: usd("0.00"),
      refundable: usd("548.99"),
    },
    lines: [
      {
        id: 11,
        orderLineId: 7,
        title: "Vela One XR Glasses",
        variantTitle: "Space Grey",
        quantity: 1,
        unitPrice: usd("499.00"),
        value: usd("499.00"),
        restock: null,
        restockable: true,
      },
      {
        id: 12,
        orderLineId: 8,
        title: "Carry Case",
        variantTitle: "Standard",
        quantity: 1,
        unitPrice: usd("29.00"),
        value: usd("29.00"),
        restock: null,
        restockable: true,
      },
    ],
    value: usd("528.00"),
    suggestedRefund: usd("528.00"),
    refunded: null,
    ...overrides,
  };
}

describe("the returns list", () => {
  it("shows the waiting returns by default and the filter from the URL", async () => {
    const support = member("support");
    const { api } = renderAdmin("/admin/returns", {
      handlers: {
        "auth.me": signedIn(support),
        "returns.list": () => ({
          returns: [
            {
              id: 5,
              number: "R1042-1",
              status: "REQUESTED",
              version: 0,
              reason: "DEFECTIVE",
              orderNumber: 1042,
              email: "ada@example.com",
              requestedAt: "2026-03-16T10:00:00.000Z",
              units: 2,
              guest: true,
            },
          ],
          nextCursor: null,
        }),
      },
    });
    const table = await screen.findByRole("table", { name: "Returns" });
    expect(within(table).getByRole("link", { name: "R1042-1" }).getAttribute("href")).toBe(
      "/admin/returns/5",
    );
    expect(within(table).getByText("Waiting for a decision")).toBeTruthy();
    expect(within(table).getByText("(guest)")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "returns.list")?.input).toEqual({ filter: "waiting", limit: 50 });

    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "all" } });
    fireEvent.change(screen.getByLabelText("Order number"), { target: { value: "1042" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "returns.list").at(-1)?.input).toEqual({
        filter: "all",
        limit: 50,
        orderNumber: 1042,
      }),
    );
  });
});

describe("a return's page", () => {
  it("approves a waiting return with the version shown, and says so", async () => {
    const support = member("support");
    let current = detail();
    const { api } = renderAdmin("/admin/returns/5", {
      handlers: {
        "auth.me": signedIn(support),
        "returns.get": () => ({ return: current }),
        "returns.list": () => ({ returns: [], nextCursor: null }),
        "audit.list": () => ({ events: [], nextCursor: null }),
        "returns.approve": () => {
          current = detail({ status: "APPROVED", version: 1, approvedAt: "2026-03-17T10:00:00.000Z" });
          return { return: current };
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Return R1042-1" })).toBeTruthy();
    expect(screen.getByText("It does not switch on.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(await screen.findByText(/Approved. The customer has been mailed/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === "returns.approve")?.input).toEqual({ returnId: 5, version: 0 });
    // Now approved: the receive form, a restock choice per line.
    expect(await screen.findByRole("heading", { name: "Mark received" })).toBeTruthy();
  });

  it("declines only with a reason, and shows another member's decision when it came first", async () => {
    const support = member("support");
    renderAdmin("/admin/returns/5", {
      handlers: {
        "auth.me": signedIn(support),
        "returns.get": () => ({ return: detail() }),
        "returns.decline": () => {
          throw new ApiFailure("CONFLICT", RETURN_STAFF_MESSAGES.alreadyApproved);
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Decline" }));
    const reason = screen.getByLabelText("Reason, told to the customer");
    expect(await screen.findByText("Give the customer a reason")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(reason));
    fireEvent.change(reason, { target: { value: "Opened and used." } });
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    expect((await screen.findByRole("alert")).textContent).toContain(RETURN_STAFF_MESSAGES.alreadyApproved);
  });

  it("marks received with a restock choice per line", async () => {
    const support = member("support");
    const { api } = renderAdmin("/admin/returns/5", {
      handlers: {
        "auth.me": signedIn(support),
        "returns.get": () => ({ return: detail({ status: "APPROVED", version: 1 }) }),
        "returns.list": () => ({ returns: [], nextCursor: null }),
        "audit.list": () => ({ events: [], nextCursor: null }),
        "returns.receive": () => ({ return: detail({ status: "RECEIVED", version: 2 }) }),
      },
    });
    const keep = await screen.findByLabelText("Put 1 × Carry Case (Standard) back in stock");
    expect((keep as HTMLInputElement).checked).toBe(true);
    fireEvent.click(keep);
    fireEvent.click(screen.getByRole("button", { name: "Mark received" }));
    expect(await screen.findByText(/Marked received/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === "returns.receive")?.input).toEqual({
      returnId: 5,
      version: 1,
      lines: [
        { returnLineId: 11, restock: true },
        { returnLineId: 12, restock: false },
      ],
    });
  });

  it("offers the refund only to a member who may refund, with the items' value as the amount", async () => {
    const received = detail({ status: "RECEIVED", version: 2 });
    renderAdmin("/admin/returns/5", {
      handlers: { "auth.me": signedIn(member("support")), "returns.get": () => ({ return: received }) },
    });
    expect(await screen.findByText(/Refunds need the permission to refund payments/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Refund/ })).toBeNull();
  });

  it("refunds, in Japanese for a Japanese reader", async () => {
    const received = detail({ status: "RECEIVED", version: 2 });
    const { api } = renderAdmin("/admin/returns/5", {
      locale: "ja-JP",
      handlers: {
        "auth.me": signedIn(member("manager")),
        "returns.get": () => ({ return: received }),
        "returns.list": () => ({ returns: [], nextCursor: null }),
        "audit.list": () => ({ events: [], nextCursor: null }),
        "returns.refund": () => ({
          return: detail({ status: "REFUNDED", version: 4, refunded: usd("528.00") }),
        }),
      },
    });
    const amount = await screen.findByLabelText("金額（USD）");
    expect((amount as HTMLInputElement).value).toBe("528.00");
    fireEvent.click(screen.getByRole("button", { name: "$528.00を返金する" }));
    expect(await screen.findByText(/\$528\.00を返金しました/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === "returns.refund")?.input).toEqual({
      returnId: 5,
      version: 2,
      amount: "528.00",
    });
  });
});
