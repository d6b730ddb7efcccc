import { fireEvent, screen } from "@testing-library/react";
import { RETURN_MESSAGES } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../../test/api-mock.ts";
import { renderApp } from "../../../test/render.tsx";

const order = {
  order: { id: "gid://vela/Order/2001", orderNumber: 2001, currencyCode: "JPY" },
  window: {
    days: 30,
    shippedAt: "2026-03-15T10:00:00.000Z",
    closesAt: "2026-04-14T10:00:00.000Z",
    open: true,
  },
  closed: null,
  lines: [
    {
      lineId: 21,
      title: "Vela Neo",
      variantTitle: "Black",
      imageUrl: "",
      unitPrice: { amount: "59800", currencyCode: "JPY" },
      quantity: 1,
      shipped: 1,
      taken: 0,
      returnable: 1,
    },
  ],
  returns: [],
};

describe("the guest's return page (the shipping mail's link)", () => {
  it("opens the order of the link's token and sends the request with the token", async () => {
    const { api } = renderApp("/account/return?token=tok-123", {
      handlers: {
        "returns.forLink": () => order,
        "returns.requestByLink": () => ({
          return: { id: 9, number: "R2001-1", status: "REQUESTED", lines: [] },
        }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Return Items" })).toBeTruthy();
    expect(await screen.findByText("Order #2001")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "returns.forLink")?.input).toEqual({ token: "tok-123" });
    fireEvent.click(screen.getByRole("button", { name: "Request a return" }));
    fireEvent.change(await screen.findByLabelText("Vela Neo (Black): how many to return"), {
      target: { value: "1" },
    });
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "WRONG_ITEM" } });
    fireEvent.click(screen.getByRole("button", { name: "Send the request" }));
    expect(await screen.findByText(/Your return request R2001-1 was sent/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === "returns.requestByLink")?.input).toEqual({
      token: "tok-123",
      lines: [{ lineId: 21, quantity: 1 }],
      reason: "WRONG_ITEM",
      comment: "",
    });
  });

  it("says what is wrong with a link: missing, or refused by the server (in the reader's language)", async () => {
    renderApp("/account/return", { handlers: {} });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This link is incomplete. Please use the link in your shipping email.",
    );
  });

  it("shows the server's refusal of the link in Japanese", async () => {
    renderApp("/account/return?token=old", {
      locale: "ja-JP",
      handlers: {
        "returns.forLink": () => {
          throw new ApiFailure("BAD_REQUEST", RETURN_MESSAGES.linkExpired);
        },
      },
    });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "この返品用リンクの有効期限が切れています。ご注文の返品受付期間は終了しました。",
    );
  });
});
