import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ADMIN_MESSAGES } from "@vela/shared/admin";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";
import { ApiFailure } from "../../../test/api-mock.ts";

const summary = (id: number, email: string, role: string, extra: Record<string, unknown> = {}) => ({
  id,
  email,
  role,
  disabled: false,
  secondFactor: false,
  passwordSet: true,
  lastSignInAt: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...extra,
});

describe("the staff page", () => {
  it("lists the members, adds one and shows the one-time link to hand over", async () => {
    const owner = member("owner", { id: 1, email: "admin@vela.test" });
    const staff = [summary(1, "admin@vela.test", "owner", { secondFactor: true })];
    const { api } = renderAdmin("/admin/staff", {
      handlers: {
        "auth.me": signedIn(owner),
        "staff.list": () => ({ staff: [...staff] }),
        "audit.list": () => ({ events: [], nextCursor: null }),
        "staff.add": (input) => {
          const { email, role } = input as { email: string; role: string };
          const added = summary(2, email, role, { passwordSet: false });
          staff.push(added);
          return {
            staff: added,
            setPasswordUrl: "http://localhost/admin/setup-password?token=abc",
            expiresAt: "2026-01-03T00:00:00.000Z",
          };
        },
      },
    });
    const table = await screen.findByRole("table", { name: "Members of staff" });
    expect(within(table).getByText("(you)").closest("th")?.textContent).toBe("admin@vela.test (you)");

    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "support@vela.test" } });
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "support" } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));
    const heading = await screen.findByRole("heading", { name: "Hand this link to support@vela.test" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((screen.getByLabelText("One-time link for support@vela.test") as HTMLInputElement).value).toBe(
      "http://localhost/admin/setup-password?token=abc",
    );
    expect(await within(table).findByText("Password not chosen yet")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "staff.add")?.input).toEqual({
      email: "support@vela.test",
      role: "support",
    });
  });

  it("changes a role with its own button, and says the last owner's refusal", async () => {
    const owner = member("owner", { id: 1 });
    const { api } = renderAdmin("/admin/staff", {
      handlers: {
        "auth.me": signedIn(owner),
        "staff.list": () => ({
          staff: [summary(1, owner.email, "owner"), summary(2, "s@vela.test", "support")],
        }),
        "audit.list": () => ({ events: [], nextCursor: null }),
        "staff.setRole": (input) => {
          const { staffId, role } = input as { staffId: number; role: string };
          if (staffId === 1) throw new ApiFailure("CONFLICT", ADMIN_MESSAGES.lastOwner);
          return { staff: summary(2, "s@vela.test", role) };
        },
      },
    });
    const select = await screen.findByLabelText("Role of s@vela.test");
    fireEvent.change(select, { target: { value: "manager" } });
    fireEvent.click(screen.getByRole("button", { name: "Change role of s@vela.test" }));
    expect(await screen.findByText("s@vela.test is now Manager.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "staff.setRole")?.input).toEqual({ staffId: 2, role: "manager" });

    fireEvent.change(screen.getByLabelText(`Role of ${owner.email}`), { target: { value: "support" } });
    fireEvent.click(screen.getByRole("button", { name: `Change role of ${owner.email}` }));
    expect((await screen.findByRole("alert")).textContent).toContain(ADMIN_MESSAGES.lastOwner);
  });

  it("asks before disabling a member", async () => {
    const owner = member("owner", { id: 1 });
    const { api } = renderAdmin("/admin/staff", {
      handlers: {
        "auth.me": signedIn(owner),
        "staff.list": () => ({
          staff: [summary(1, owner.email, "owner"), summary(2, "s@vela.test", "support")],
        }),
        "audit.list": () => ({ events: [], nextCursor: null }),
        "staff.disable": () => ({ staff: summary(2, "s@vela.test", "support", { disabled: true }) }),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Disable s@vela.test" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Disable s@vela.test?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Disable" }));
    expect(await screen.findByText("s@vela.test is disabled.")).toBeTruthy();
    expect(api.calls.filter((c) => c.path === "staff.disable")).toEqual([
      { path: "staff.disable", input: { staffId: 2 } },
    ]);
  });
});
