import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";
import { auditInput, dayStart } from "./use-audit.ts";

const event = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  createdAt: "2026-02-01T10:00:00.000Z",
  actor: { type: "staff", staffId: 1, label: "admin@vela.test" },
  ip: "127.0.0.1",
  kind: "staff.role-changed",
  entityType: "Staff",
  entityId: String(id),
  before: { role: "support" },
  after: { role: "manager" },
  ...extra,
});

describe("the audit trail", () => {
  it("reads its filters from the URL, shows each change, and pages with Show more", async () => {
    const inputs: unknown[] = [];
    const { router } = renderAdmin("/admin/audit?kind=staff.role-changed&from=2026-02-01&to=2026-02-01", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "audit.list": (input) => {
          inputs.push(input);
          const cursor = (input as { cursor?: number }).cursor;
          return cursor
            ? { events: [event(1)], nextCursor: null }
            : { events: [event(3), event(2)], nextCursor: 2 };
        },
      },
    });
    const table = await screen.findByRole("table", { name: "Audit events" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getAllByText("role")[0]).toBeTruthy();
    expect(
      within(table).getAllByRole("link", { name: "admin@vela.test (member 1)" })[0]?.getAttribute("href"),
    ).toContain("actor=1");
    expect((screen.getByLabelText(/^Kind/) as HTMLInputElement).value).toBe("staff.role-changed");
    // Exactly the fields of audit.list's strict schema (nothing like tRPC's `direction`).
    const first = {
      kind: "staff.role-changed",
      from: dayStart("2026-02-01"),
      to: dayStart("2026-02-02"),
      limit: 50,
    };
    expect(inputs[0]).toEqual(first);

    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(await within(table).findByText("Staff 1")).toBeTruthy();
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    expect(inputs[1]).toEqual({ ...first, cursor: 2 });

    fireEvent.change(screen.getByLabelText(/^Actor/), { target: { value: "operator" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    expect(new URLSearchParams(router.state.location.search).get("actor")).toBe("operator");
  });

  it("refuses an actor that is neither the operator nor a member's number", async () => {
    renderAdmin("/admin/audit", {
      handlers: {
        "auth.me": signedIn(member("owner")),
        "audit.list": () => ({ events: [], nextCursor: null }),
      },
    });
    expect(await screen.findByText("No events.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Actor/), { target: { value: "someone" } });
    expect(screen.getByText("Enter “operator” or a member's number")).toBeTruthy();
  });

  it("turns filters into the list's input: operator or a number, whole days", () => {
    expect(auditInput({ actor: "Operator" })).toEqual({ limit: 50, actor: "operator" });
    expect(auditInput({ actor: "12", entityType: "Staff", entityId: "3" })).toEqual({
      limit: 50,
      actor: 12,
      entityType: "Staff",
      entityId: "3",
    });
    expect(auditInput({ actor: "x", from: "2026-13-45x" })).toEqual({ limit: 50 });
  });
});
