import { fireEvent, screen, within } from "@testing-library/react";
import { MESSAGES } from "@vela/shared";
import { describe, expect, it } from "vitest";
import { ApiFailure } from "../../../test/api-mock.ts";
import { makeCustomer } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render.tsx";

const form = (title: string) => within(screen.getByRole("form", { name: title }));

describe("profile page", () => {
  it("saves the profile and says the new email is for the next login", async () => {
    const { api } = renderApp("/account/profile", {
      handlers: {
        "account.me": () => ({ customer: makeCustomer() }),
        "account.updateProfile": (input) => ({ customer: makeCustomer(input as object) }),
      },
    });
    await screen.findByRole("form", { name: "Personal Information" });
    const profile = form("Personal Information");
    expect(profile.getByText(/use the new one the next time you log in/)).toBeTruthy();
    fireEvent.change(profile.getByLabelText("First name"), { target: { value: "Dani" } });
    fireEvent.click(profile.getByRole("checkbox", { name: "Email me with news and offers" }));
    fireEvent.click(profile.getByRole("button", { name: "Save Changes" }));
    expect(await profile.findByText("Your profile has been updated.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "account.updateProfile")?.input).toEqual({
      firstName: "Dani",
      lastName: "Demo",
      email: "demo@vela.test",
      phone: "+1 555 0100",
      acceptsMarketing: true,
    });
  });

  it("asks for the current password when the email changes", async () => {
    const { api } = renderApp("/account/profile", {
      handlers: {
        "account.me": () => ({ customer: makeCustomer() }),
        "account.updateProfile": () => {
          throw new ApiFailure("BAD_REQUEST", MESSAGES.currentPasswordWrong);
        },
      },
    });
    await screen.findByRole("form", { name: "Personal Information" });
    const profile = form("Personal Information");
    fireEvent.change(profile.getByLabelText("Email"), { target: { value: "new@vela.test" } });
    fireEvent.click(profile.getByRole("button", { name: "Save Changes" }));
    expect(await profile.findByText("Current password is required")).toBeTruthy();
    fireEvent.change(profile.getByLabelText("Current password (needed to change your email)"), {
      target: { value: "wrong" },
    });
    fireEvent.click(profile.getByRole("button", { name: "Save Changes" }));
    expect((await profile.findByRole("alert")).textContent).toContain(MESSAGES.currentPasswordWrong);
    expect(api.calls.find((c) => c.path === "account.updateProfile")?.input).toMatchObject({
      email: "new@vela.test",
      currentPassword: "wrong",
    });
  });

  it("with the password, leaves the new email pending and says to check its inbox", async () => {
    const { api } = renderApp("/account/profile", {
      handlers: {
        "account.me": () => ({ customer: makeCustomer() }),
        "account.updateProfile": () => ({ customer: makeCustomer({ pendingEmail: "new@vela.test" }) }),
      },
    });
    await screen.findByRole("form", { name: "Personal Information" });
    const profile = form("Personal Information");
    fireEvent.change(profile.getByLabelText("Email"), { target: { value: "new@vela.test" } });
    fireEvent.change(profile.getByLabelText("Current password (needed to change your email)"), {
      target: { value: "demo-password" },
    });
    fireEvent.click(profile.getByRole("button", { name: "Save Changes" }));
    expect(
      await profile.findByText(
        "Check your inbox at new@vela.test: follow the link we sent to confirm your new email. Until then, log in with demo@vela.test.",
      ),
    ).toBeTruthy();
    expect(api.calls.find((c) => c.path === "account.updateProfile")?.input).toMatchObject({
      email: "new@vela.test",
      currentPassword: "demo-password",
    });
    // The field shows the sign-in email again, and no password is asked any more.
    expect((profile.getByLabelText("Email") as HTMLInputElement).value).toBe("demo@vela.test");
    expect(profile.queryByLabelText("Current password (needed to change your email)")).toBeNull();
  });

  it("shows a pending email on opening", async () => {
    renderApp("/account/profile", {
      handlers: { "account.me": () => ({ customer: makeCustomer({ pendingEmail: "later@vela.test" }) }) },
    });
    expect(await screen.findByText(/Check your inbox at later@vela.test/)).toBeTruthy();
  });

  it("change password: hint, too-short and mismatch texts, then success", async () => {
    const { api } = renderApp("/account/profile", {
      handlers: {
        "account.me": () => ({ customer: makeCustomer() }),
        "account.changePassword": () => ({ ok: true }),
      },
    });
    await screen.findByRole("form", { name: "Change Password" });
    const pw = form("Change Password");
    expect(pw.getByText("Password must be at least 8 characters")).toBeTruthy();
    expect(pw.getByLabelText("New password").getAttribute("autocomplete")).toBe("new-password");
    expect(pw.getByLabelText("Current password").getAttribute("autocomplete")).toBe("current-password");
    fireEvent.change(pw.getByLabelText("Current password"), { target: { value: "demo-password" } });
    fireEvent.change(pw.getByLabelText("New password"), { target: { value: "short" } });
    fireEvent.change(pw.getByLabelText("Confirm new password"), { target: { value: "different" } });
    fireEvent.click(pw.getByRole("button", { name: "Update Password" }));
    expect(await pw.findByText("New password must be at least 8 characters long")).toBeTruthy();
    expect(pw.getByText("New passwords do not match")).toBeTruthy();
    expect(api.calls.some((c) => c.path === "account.changePassword")).toBe(false);

    fireEvent.change(pw.getByLabelText("New password"), { target: { value: "long-enough-1" } });
    fireEvent.change(pw.getByLabelText("Confirm new password"), { target: { value: "long-enough-1" } });
    fireEvent.click(pw.getByRole("button", { name: "Update Password" }));
    expect(await pw.findByText("Your password has been updated.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "account.changePassword")?.input).toEqual({
      currentPassword: "demo-password",
      newPassword: "long-enough-1",
    });
  });

  it("shows the password fallback when the request fails without a text", async () => {
    renderApp("/account/profile", {
      handlers: {
        "account.me": () => ({ customer: makeCustomer() }),
        "account.changePassword": () => {
          throw new ApiFailure("INTERNAL_SERVER_ERROR", "");
        },
      },
    });
    await screen.findByRole("form", { name: "Change Password" });
    const pw = form("Change Password");
    fireEvent.change(pw.getByLabelText("Current password"), { target: { value: "demo-password" } });
    fireEvent.change(pw.getByLabelText("New password"), { target: { value: "long-enough-1" } });
    fireEvent.change(pw.getByLabelText("Confirm new password"), { target: { value: "long-enough-1" } });
    fireEvent.click(pw.getByRole("button", { name: "Update Password" }));
    expect((await pw.findByRole("alert")).textContent).toContain("Failed to update password");
  });
  it("profile: a new submit clears what the last one said", async () => {
    renderApp("/account/profile", {
      handlers: {
        "account.me": () => ({ customer: makeCustomer() }),
        "account.updateProfile": (input) => ({ customer: makeCustomer(input as object) }),
      },
    });
    await screen.findByRole("form", { name: "Personal Information" });
    const profile = form("Personal Information");
    fireEvent.change(profile.getByLabelText("First name"), { target: { value: "Dani" } });
    fireEvent.click(profile.getByRole("button", { name: "Save Changes" }));
    expect(await profile.findByText("Your profile has been updated.")).toBeTruthy();
    fireEvent.change(profile.getByLabelText("First name"), { target: { value: "" } });
    fireEvent.click(profile.getByRole("button", { name: "Save Changes" }));
    expect(await profile.findByText("First name is required")).toBeTruthy();
    expect(profile.queryByText("Your profile has been updated.")).toBeNull();
  });

  it("password: a new submit clears the server's last error, even when the new one stops before sending", async () => {
    let answers = 0;
    renderApp("/account/profile", {
      handlers: {
        "account.me": () => ({ customer: makeCustomer() }),
        "account.changePassword": () => {
          answers += 1;
          throw new ApiFailure("BAD_REQUEST", MESSAGES.currentPasswordWrong);
        },
      },
    });
    await screen.findByRole("form", { name: "Change Password" });
    const pw = form("Change Password");
    fireEvent.change(pw.getByLabelText("Current password"), { target: { value: "wrong-password" } });
    fireEvent.change(pw.getByLabelText("New password"), { target: { value: "long-enough-1" } });
    fireEvent.change(pw.getByLabelText("Confirm new password"), { target: { value: "long-enough-1" } });
    fireEvent.click(pw.getByRole("button", { name: "Update Password" }));
    expect((await pw.findByRole("alert")).textContent).toContain(MESSAGES.currentPasswordWrong);
    fireEvent.change(pw.getByLabelText("Current password"), { target: { value: "demo-password" } });
    fireEvent.change(pw.getByLabelText("Confirm new password"), { target: { value: "long-enough-2" } });
    fireEvent.click(pw.getByRole("button", { name: "Update Password" }));
    expect(await pw.findByText("New passwords do not match")).toBeTruthy();
    expect(pw.queryByText(MESSAGES.currentPasswordWrong)).toBeNull();
    expect(answers).toBe(1);
  });
});
