import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { RETURN_MESSAGES } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../../test/api-mock.ts";
import { makeOrder } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render.tsx";
import type { Returnable } from "./use-returns.ts";

const usd = (amount: string) => ({ amount, currencyCode: "USD" });

function returnable(overrides: Partial<Returnable> = {}): Returnable {
  return {
    order: { id: "gid://vela/Order/1042", orderNumber: 1042, currencyCode: "USD" },
    window: {
      days: 30,
      shippedAt: "2026-03-15T10:00:00.000Z",
      closesAt: "2026-04-14T10:00:00.000Z",
      open: true,
    },
    closed: null,
    lines: [
      {
        lineId: 7,
        title: "Vela One XR Glasses",
        variantTitle: "Space Grey",
        imageUrl: "",
        unitPrice: usd("499.00"),
        quantity: 2,
        shipped: 2,
        taken: 0,
        returnable: 2,
      },
      {
        lineId: 8,
        title: "Carry Case",
        variantTitle: "Standard",
        imageUrl: "",
        unitPrice: usd("29.00"),
        quantity: 1,
        shipped: 1,
        taken: 1,
        returnable: 0,
      },
    ],
    returns: [
      {
        id: 3,
        number: "R1042-1",
        status: "APPROVED",
        reason: "DAMAGED",
        comment: "",
        declineReason: null,
        requestedAt: "2026-03-16T10:00:00.000Z",
        approvedAt: "2026-03-17T10:00:00.000Z",
        declinedAt: null,
        receivedAt: null,
        refundedAt: null,
        refunded: null,
        lines: [{ lineId: 8, title: "Carry Case", variantTitle: "Standard", quantity: 1 }],
      },
    ],
    ...overrides,
  };
}

function renderOrder(handlers: Record<string, (input: unknown) => unknown>, locale?: "en-US" | "ja-JP") {
  return renderApp("/account/orders/1042", {
    handlers: { "orders.byId": () => ({ order: makeOrder(1042) }), ...handlers },
    ...(locale ? { locale } : {}),
  });
}

describe("the order page's returns", () => {
  it("shows the window and each return's state; the form checks what it can and names each field", async () => {
    const { api } = renderOrder({ "returns.forOrder": () => returnable() });
    const section = within(
      (await screen.findByRole("heading", { name: "Returns" })).closest("section") as HTMLElement,
    );
    expect(section.getByText("You can ask for a return until April 14, 2026.")).toBeTruthy();
    expect(section.getByText("Return R1042-1")).toBeTruthy();
    expect(section.getByText("Approved: send the items back")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "returns.forOrder")?.input).toEqual({
      orderId: "gid://vela/Order/1042",
    });

    fireEvent.click(section.getByRole("button", { name: "Request a return" }));
    const heading = await section.findByRole("heading", { name: "Request a return" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // The case is already asked for: it has no field.
    expect(section.getByText("Carry Case (Standard): nothing to return")).toBeTruthy();
    const quantity = section.getByLabelText("Vela One XR Glasses (Space Grey): how many to return");
    fireEvent.click(section.getByRole("button", { name: "Send the request" }));
    expect(await section.findByText(RETURN_MESSAGES.noLines)).toBeTruthy();
    expect(section.getByText(RETURN_MESSAGES.reason)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    fireEvent.change(quantity, { target: { value: "3" } });
    expect(await section.findByText("Enter a whole number from 0 to 2")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "returns.request")).toBe(false);
  });

  it("sends the lines, reason and comment, and says the request went", async () => {
    let asked = false;
    const { api } = renderOrder({
      "returns.forOrder": () => returnable(asked ? {} : { returns: [] }),
      "returns.request": () => {
        asked = true;
        return { return: { ...returnable().returns[0], number: "R1042-2", status: "REQUESTED" } };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Request a return" }));
    fireEvent.change(await screen.findByLabelText("Vela One XR Glasses (Space Grey): how many to return"), {
      target: { value: "1" },
    });
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "DEFECTIVE" } });
    fireEvent.change(screen.getByLabelText(/^Comment/), { target: { value: "  It flickers.  " } });
    fireEvent.click(screen.getByRole("button", { name: "Send the request" }));
    expect(await screen.findByText(/Your return request R1042-2 was sent/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === "returns.request")?.input).toEqual({
      orderId: "gid://vela/Order/1042",
      lines: [{ lineId: 7, quantity: 1 }],
      reason: "DEFECTIVE",
      comment: "It flickers.",
    });
  });

  it("puts the server's refusal of a line on that line's field, and any other refusal above the button", async () => {
    let answer = () => {
      throw new ApiFailure("BAD_REQUEST", RETURN_MESSAGES.notShipped, [
        { path: "lines.0.quantity", message: RETURN_MESSAGES.notShipped },
      ]);
    };
    renderOrder({ "returns.forOrder": () => returnable(), "returns.request": () => answer() });
    fireEvent.click(await screen.findByRole("button", { name: "Request a return" }));
    const quantity = await screen.findByLabelText("Vela One XR Glasses (Space Grey): how many to return");
    fireEvent.change(quantity, { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "OTHER" } });
    fireEvent.click(screen.getByRole("button", { name: "Send the request" }));
    await waitFor(() => expect(quantity.getAttribute("aria-invalid")).toBe("true"));
    expect(
      document.getElementById(quantity.getAttribute("aria-describedby")?.split(" ").at(-1) ?? "")
        ?.textContent,
    ).toBe(RETURN_MESSAGES.notShipped);
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    answer = () => {
      throw new ApiFailure("CONFLICT", RETURN_MESSAGES.windowClosed);
    };
    fireEvent.click(screen.getByRole("button", { name: "Send the request" }));
    expect((await screen.findByRole("alert")).textContent).toContain(RETURN_MESSAGES.windowClosed);
  });

  it("says why nothing can be asked for, in Japanese too", async () => {
    renderOrder(
      {
        "returns.forOrder": () =>
          returnable({
            closed: "windowClosed",
            window: { days: 30, shippedAt: null, closesAt: "2026-04-14T10:00:00.000Z", open: false },
            returns: [{ ...returnable().returns[0], status: "REFUNDED", refunded: usd("29.00") } as never],
          }),
      },
      "ja-JP",
    );
    expect(await screen.findByText("このご注文の返品受付期間は2026年4月14日に終了しました。")).toBeTruthy();
    expect(screen.getByText("返金済み")).toBeTruthy();
    expect(screen.getByText("$29.00を返金しました")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "返品を申し込む" })).toBeNull();
  });
});
