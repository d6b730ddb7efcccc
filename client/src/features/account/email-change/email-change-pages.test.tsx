import { fireEvent, screen, waitFor } from "@testing-library/react";
import { EMAIL_CHANGE_MESSAGES as TEXTS } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../../test/api-mock.ts";
import { renderApp } from "../../../test/render.tsx";

const TOKEN = "t".repeat(43);

describe("confirm page (the link to the new address)", () => {
  it("changes nothing on opening; the button confirms, and the outcome takes the focus", async () => {
    const { api } = renderApp(`/account/email-change?token=${TOKEN}`, {
      handlers: {
        "account.confirmEmailChange": () => ({ ok: true, email: "new@vela.test", signedIn: false }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Confirm Your New Email" })).toBeTruthy();
    expect(api.calls.some((c) => c.path === "account.confirmEmailChange")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Confirm New Email" }));
    const done = await screen.findByText("Your email is now new@vela.test. Use it the next time you log in.");
    expect(api.calls.find((c) => c.path === "account.confirmEmailChange")?.input).toEqual({ token: TOKEN });
    await waitFor(() => expect(done.closest("[tabindex='-1']")).toBe(document.activeElement));
    expect(screen.getByRole("link", { name: "Login with your new email" }).getAttribute("href")).toBe(
      "/account/login",
    );
  });

  it("leads back to the profile when the page was signed in", async () => {
    renderApp(`/account/email-change?token=${TOKEN}`, {
      handlers: {
        "account.confirmEmailChange": () => ({ ok: true, email: "new@vela.test", signedIn: true }),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Confirm New Email" }));
    expect((await screen.findByRole("link", { name: "Back to Profile Settings" })).getAttribute("href")).toBe(
      "/account/profile",
    );
  });

  it("says when the address belongs to another account", async () => {
    renderApp(`/account/email-change?token=${TOKEN}`, {
      handlers: {
        "account.confirmEmailChange": () => {
          throw new ApiFailure("CONFLICT", TEXTS.emailTaken);
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Confirm New Email" }));
    expect((await screen.findByRole("alert")).textContent).toContain(TEXTS.emailTaken);
  });

  it("shows the server's text in Japanese", async () => {
    renderApp(`/account/email-change?token=${TOKEN}`, {
      locale: "ja-JP",
      handlers: {
        "account.confirmEmailChange": () => {
          throw new ApiFailure("BAD_REQUEST", TEXTS.linkExpired);
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "新しいメールアドレスを確定" }));
    expect((await screen.findByRole("alert")).textContent).toContain("有効期限が切れています");
  });

  it("refuses a link without a token before asking the server", async () => {
    const { api } = renderApp("/account/email-change", {
      handlers: { "account.confirmEmailChange": () => ({ ok: true, email: "x@vela.test", signedIn: false }) },
    });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "This link is incomplete. Please check your email for the correct link.",
    );
    expect(screen.queryByRole("button", { name: "Confirm New Email" })).toBeNull();
    expect(api.calls.some((c) => c.path === "account.confirmEmailChange")).toBe(false);
  });
});

describe("stop page (the link to the old address)", () => {
  it("stops the change on a press and points to the password reset", async () => {
    const { api } = renderApp(`/account/email-change/cancel?token=${TOKEN}`, {
      handlers: { "account.cancelEmailChange": () => ({ ok: true }) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Stop the Email Change" })).toBeTruthy();
    expect(api.calls.some((c) => c.path === "account.cancelEmailChange")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Stop the Change" }));
    expect(await screen.findByText(/The change was stopped/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === "account.cancelEmailChange")?.input).toEqual({ token: TOKEN });
    expect(screen.getByRole("link", { name: "Reset your password" }).getAttribute("href")).toBe(
      "/account/recover",
    );
  });

  it("says when it is too late", async () => {
    renderApp(`/account/email-change/cancel?token=${TOKEN}`, {
      handlers: {
        "account.cancelEmailChange": () => {
          throw new ApiFailure("BAD_REQUEST", TEXTS.cancelTooLate);
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Stop the Change" }));
    expect((await screen.findByRole("alert")).textContent).toContain(TEXTS.cancelTooLate);
    expect(screen.getByRole("link", { name: "Reset your password" })).toBeTruthy();
  });
});
