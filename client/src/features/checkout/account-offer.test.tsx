import { fireEvent, screen } from "@testing-library/react";
import { ACCOUNT_OFFER_MESSAGES } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../test/api-mock.ts";
import { renderApp } from "../../test/render.tsx";

describe("the account offer of a guest's order", () => {
  it("the email's link sends the order and key once and says the same whatever the email", async () => {
    const { api } = renderApp("/checkout/account?order=1042&key=abc", {
      handlers: { "checkout.offerAccount": () => ({ message: ACCOUNT_OFFER_MESSAGES.sent }) },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Email me a link" }));
    expect((await screen.findByRole("status")).textContent).toBe(ACCOUNT_OFFER_MESSAGES.sent);
    expect(api.calls.filter((c) => c.path === "checkout.offerAccount").map((c) => c.input)).toEqual([
      { orderId: "1042", key: "abc" },
    ]);
    expect(screen.queryByRole("button", { name: "Email me a link" })).toBeNull();
  });

  it("the claim link's page changes nothing until the click, then says how many orders joined", async () => {
    const { api } = renderApp("/checkout/claim-orders?token=t0k", {
      handlers: { "checkout.claimOrders": () => ({ ok: true, orders: 2 }) },
    });
    const button = await screen.findByRole("button", { name: "Add my orders" });
    expect(api.calls.some((c) => c.path === "checkout.claimOrders")).toBe(false);
    fireEvent.click(button);
    expect((await screen.findByRole("status")).textContent).toBe("Done: 2 orders added to your account.");
    expect(api.calls.find((c) => c.path === "checkout.claimOrders")?.input).toEqual({ token: "t0k" });
  });

  it("an account whose address was never proven: the page asks the reader for a new password, sends it with the token, then points to sign-in", async () => {
    let calls = 0;
    const { api } = renderApp("/checkout/claim-orders?token=t0k", {
      handlers: {
        "checkout.claimOrders": (input) => {
          calls++;
          if (!(input as { password?: string }).password) {
            throw new ApiFailure("CONFLICT", ACCOUNT_OFFER_MESSAGES.claimNeedsPassword);
          }
          return { ok: true, orders: 1 };
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add my orders" }));
    expect(await screen.findByText(ACCOUNT_OFFER_MESSAGES.claimNeedsPassword)).toBeTruthy();
    // An introduction, not an error.
    expect(screen.queryByRole("alert")).toBeNull();
    const submit = screen.getByRole("button", { name: "Set the password and add my orders" });
    fireEvent.change(screen.getByLabelText("New password"), { target: { value: "inbox-owner-1" } });
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "inbox-owner-2" } });
    fireEvent.click(submit);
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(calls).toBe(1);
    fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: "inbox-owner-1" } });
    fireEvent.click(submit);
    expect((await screen.findByRole("status")).textContent).toBe("Done: 1 order added to your account.");
    expect(api.calls.filter((c) => c.path === "checkout.claimOrders").map((c) => c.input)).toEqual([
      { token: "t0k" },
      { token: "t0k", password: "inbox-owner-1" },
    ]);
    expect(screen.getByText("Login with your email address and new password to see them.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/account/login");
  });

  it("a used claim link shows the server's text", async () => {
    renderApp("/checkout/claim-orders?token=t0k", {
      handlers: {
        "checkout.claimOrders": () => {
          throw new ApiFailure("BAD_REQUEST", ACCOUNT_OFFER_MESSAGES.claimUsed);
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add my orders" }));
    expect(await screen.findByText(ACCOUNT_OFFER_MESSAGES.claimUsed)).toBeTruthy();
  });
});
