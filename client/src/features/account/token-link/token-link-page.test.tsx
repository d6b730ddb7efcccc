import { fireEvent, screen, waitFor } from "@testing-library/react";
import { MESSAGES } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../../test/api-mock.ts";
import { renderApp } from "../../../test/render.tsx";

const ISSUED = 1_767_000_000;
const resetUrl = (extra = "") => `/account/reset?customerId=7&token=tok123&timestamp=${ISSUED}${extra}`;
const activateUrl = `/account/activate?customerId=9&token=act456&timestamp=${ISSUED}&syclid=abc`;

/** A clock the test moves by hand. */
function manualClock(secondsAfterIssue: number) {
  let now = (ISSUED + secondsAfterIssue) * 1000;
  const clock = () => now;
  return Object.assign(clock, { set: (s: number) => (now = (ISSUED + s) * 1000) });
}

async function fillAndSubmit(password: string, confirm = password) {
  fireEvent.change(await screen.findByLabelText("New password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: /Reset Password|Activate Account/ }));
}

describe("reset page", () => {
  it("shows the incomplete-link text at load", async () => {
    renderApp(`/account/reset?customerId=7&timestamp=${ISSUED}`, { clock: manualClock(0) });
    expect((await screen.findByRole("alert")).textContent).toContain(MESSAGES.invalidResetLink);
    expect(screen.queryByLabelText("New password")).toBeNull();
    expect(screen.getByRole("link", { name: "Request a new link" }).getAttribute("href")).toBe(
      "/account/recover",
    );
  });

  it("shows the expired text at load after 86400 s", async () => {
    renderApp(resetUrl(), { clock: manualClock(86_400) });
    expect((await screen.findByRole("alert")).textContent).toContain(MESSAGES.resetLinkExpired);
  });

  it("checks expiry again at submit", async () => {
    const clock = manualClock(60);
    const { api } = renderApp(resetUrl(), { clock, handlers: { "account.reset": () => ({ ok: true }) } });
    await screen.findByLabelText("New password");
    clock.set(86_401);
    await fillAndSubmit("new-password-1");
    expect((await screen.findByRole("alert")).textContent).toContain(MESSAGES.resetLinkExpired);
    expect(api.calls.some((c) => c.path === "account.reset")).toBe(false);
  });

  it("asks for the password and its confirmation", async () => {
    renderApp(resetUrl(), { clock: manualClock(0) });
    fireEvent.click(await screen.findByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText(MESSAGES.passwordRequired)).toBeTruthy();
    await fillAndSubmit("new-password-1", "new-password-2");
    expect(await screen.findByText(MESSAGES.passwordsMismatch)).toBeTruthy();
  });

  it("sends the link's fields and goes to the login page on success", async () => {
    const { api, router } = renderApp(resetUrl("&syclid=s-9"), {
      clock: manualClock(0),
      handlers: { "account.reset": () => ({ ok: true }) },
    });
    await fillAndSubmit("new-password-1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/login"));
    expect(api.calls.find((c) => c.path === "account.reset")?.input).toEqual({
      customerId: "7",
      resetToken: "tok123",
      syclid: "s-9",
      password: "new-password-1",
    });
    expect(await screen.findByText(/Your password has been reset/)).toBeTruthy();
  });

  it("shows 'Failed: {message}' and a retry link that brings the form back", async () => {
    renderApp(resetUrl(), {
      clock: manualClock(0),
      handlers: {
        "account.reset": () => {
          throw new ApiFailure("BAD_REQUEST", MESSAGES.resetLinkExpired);
        },
      },
    });
    await fillAndSubmit("new-password-1");
    expect((await screen.findByRole("alert")).textContent).toBe(`Failed: ${MESSAGES.resetLinkExpired}`);
    fireEvent.click(screen.getByRole("link", { name: "Try again" }));
    expect(await screen.findByLabelText("New password")).toBeTruthy();
  });
});

describe("activation page", () => {
  it("shows the incomplete-link text at load", async () => {
    renderApp("/account/activate?token=x", { clock: manualClock(0) });
    expect((await screen.findByRole("alert")).textContent).toContain(MESSAGES.invalidActivationLink);
  });

  it("keeps a link valid for 172800 s", async () => {
    renderApp(activateUrl, { clock: manualClock(172_799) });
    expect(await screen.findByLabelText("New password")).toBeTruthy();
  });

  it("shows the expired text after 172800 s", async () => {
    renderApp(activateUrl, { clock: manualClock(172_800) });
    expect((await screen.findByRole("alert")).textContent).toContain(MESSAGES.activationLinkExpired);
  });

  it("activates with the token and syclid, then goes to login", async () => {
    const { api, router } = renderApp(activateUrl, {
      clock: manualClock(0),
      handlers: { "account.activate": () => ({ ok: true }) },
    });
    await fillAndSubmit("first-password");
    await waitFor(() => expect(router.state.location.pathname).toBe("/account/login"));
    expect(api.calls.find((c) => c.path === "account.activate")?.input).toEqual({
      customerId: "9",
      activationToken: "act456",
      syclid: "abc",
      password: "first-password",
    });
  });

  it("falls back to the spec's text when the request itself fails", async () => {
    renderApp(activateUrl, {
      clock: manualClock(0),
      handlers: {
        "account.activate": () => {
          throw new Error("offline");
        },
      },
    });
    await fillAndSubmit("first-password");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed: We could not activate your account. The activation link may be invalid or expired.",
    );
  });

  it("speaks Japanese", async () => {
    renderApp(`/account/activate?customerId=9&timestamp=${ISSUED}`, {
      clock: manualClock(0),
      locale: "ja-JP",
    });
    expect((await screen.findByRole("alert")).textContent).toContain("有効化リンクが無効です");
  });
});
