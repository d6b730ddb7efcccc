import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DISCOUNT_ADMIN_MESSAGES } from "@vela/shared/admin";
import { describe, expect, it } from "vitest";
import { member, renderAdmin, signedIn } from "../../../test/admin-render.tsx";
import { ApiFailure } from "../../../test/api-mock.ts";

const NONE = { amountOff: "", minimum: "" };

function code(extra: Record<string, unknown> = {}) {
  return {
    id: 9,
    code: "SPRING15",
    kind: "PERCENT",
    percentOff: 15,
    currencies: { USD: { amountOff: "", minimum: "50.00" }, JPY: NONE },
    startsAt: null,
    endsAt: null,
    usageLimit: 100,
    perCustomerLimit: 1,
    combinable: false,
    status: "active",
    usedUp: false,
    timesUsed: 3,
    issuedTo: null,
    sales: [{ currencyCode: "USD", orders: 3, total: 45_000, discount: 6_750 }],
    version: 2,
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: null,
    ...extra,
  };
}

const TEMPLATE = {
  key: "newsletter-welcome",
  percentOff: 10,
  validDays: 90,
  usageLimit: 1,
  combinable: false,
  issued: 42,
  version: 1,
  updatedAt: "2026-11-01T10:00:00.000Z",
};

describe("the list", () => {
  it("shows each code's value, status, uses and sales, and the newsletter's template as a template", async () => {
    renderAdmin("/admin/discounts", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "discounts.list": () => ({
          discounts: [
            code(),
            code({
              id: 8,
              code: "YEN500",
              kind: "AMOUNT",
              percentOff: null,
              currencies: { USD: NONE, JPY: { amountOff: "500", minimum: "" } },
              status: "disabled",
              timesUsed: 0,
              usageLimit: null,
              sales: [],
            }),
          ],
          nextCursor: null,
        }),
        "discounts.templates": () => ({ templates: [TEMPLATE] }),
      },
    });
    const table = await screen.findByRole("table", { name: "Discount codes, newest first" });
    const first = within(table).getByRole("row", { name: /SPRING15/ });
    expect(within(first).getByText("15 % off")).toBeTruthy();
    expect(within(first).getByText("Active")).toBeTruthy();
    expect(within(first).getByText("3 / 100")).toBeTruthy();
    expect(within(first).getByText("3 orders, $450.00 (−$67.50)")).toBeTruthy();
    const second = within(table).getByRole("row", { name: /YEN500/ });
    expect(within(second).getByText("JPY 500 off")).toBeTruthy();
    expect(within(second).getByText("Disabled")).toBeTruthy();
    const templates = screen.getByRole("region", { name: "Code templates" });
    expect(within(templates).getByText("Newsletter welcome code")).toBeTruthy();
    expect(within(templates).getByText("Template")).toBeTruthy();
    expect(within(templates).getByText("90 days")).toBeTruthy();
    expect(within(table).queryByText("Newsletter welcome code")).toBeNull();
  });

  it("filters by status in the URL and shows support no way to change anything", async () => {
    const { api } = renderAdmin("/admin/discounts", {
      handlers: {
        "auth.me": signedIn(member("support")),
        "discounts.list": () => ({ discounts: [code()], nextCursor: null }),
        "discounts.templates": () => ({ templates: [TEMPLATE] }),
      },
    });
    await screen.findByRole("table");
    expect(screen.queryByRole("link", { name: "Add a code" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Edit Newsletter welcome code/ })).toBeNull();
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "expired" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === "discounts.list").at(-1)?.input).toMatchObject({
        status: "expired",
      }),
    );
  });

  it("a manager edits the template's rules at the version shown", async () => {
    const { api } = renderAdmin("/admin/discounts", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "discounts.list": () => ({ discounts: [], nextCursor: null }),
        "discounts.templates": () => ({ templates: [TEMPLATE] }),
        "discounts.updateTemplate": () => ({ templates: [{ ...TEMPLATE, percentOff: 15, version: 2 }] }),
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Newsletter welcome code" }));
    fireEvent.change(screen.getByLabelText("Percentage off"), { target: { value: "15" } });
    fireEvent.click(screen.getByRole("button", { name: "Save the template" }));
    expect(await screen.findByText("Template saved: new codes get these rules.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "discounts.updateTemplate")?.input).toEqual({
      key: "newsletter-welcome",
      version: 1,
      percentOff: 15,
      validDays: 90,
      usageLimit: 1,
      combinable: false,
    });
  });
});

describe("a code's form", () => {
  it("creates a fixed-amount code with amounts per currency; refusals land on their field", async () => {
    let attempt = 0;
    const { api } = renderAdmin("/admin/discounts/new", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "discounts.create": () => {
          attempt += 1;
          if (attempt === 1)
            throw new ApiFailure("BAD_REQUEST", DISCOUNT_ADMIN_MESSAGES.amountYen, [
              { path: "currencies.JPY.amountOff", message: DISCOUNT_ADMIN_MESSAGES.amountYen },
            ]);
          return code({ id: 12, code: "TENOFF", kind: "AMOUNT" });
        },
        "discounts.get": () => code({ id: 12, code: "TENOFF", kind: "AMOUNT" }),
      },
    });
    fireEvent.change(await screen.findByLabelText("Code"), { target: { value: "tenoff" } });
    fireEvent.click(screen.getByLabelText("Fixed amount"));
    fireEvent.change(screen.getByLabelText("Amount off (USD)"), { target: { value: "10.00" } });
    fireEvent.change(screen.getByLabelText("Amount off (JPY)"), { target: { value: "1500.5" } });
    fireEvent.change(screen.getByLabelText("Minimum order (USD)"), { target: { value: "100.00" } });
    fireEvent.change(screen.getByLabelText("Uses per customer"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Create the code" }));
    const jpy = screen.getByLabelText("Amount off (JPY)");
    await waitFor(() => expect(jpy.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByText("Yen amounts are whole numbers").length).toBeGreaterThan(0);
    fireEvent.change(jpy, { target: { value: "1500" } });
    fireEvent.click(screen.getByRole("button", { name: "Create the code" }));
    expect(await screen.findByRole("heading", { level: 1, name: "TENOFF" })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === "discounts.create").at(-1)?.input).toEqual({
      code: "tenoff",
      kind: "AMOUNT",
      percentOff: null,
      currencies: {
        USD: { amountOff: "10.00", minimum: "100.00" },
        JPY: { amountOff: "1500", minimum: "" },
      },
      startsAt: "",
      endsAt: "",
      usageLimit: "",
      perCustomerLimit: 2,
      combinable: false,
    });
  });

  it("disables a code at the version shown; a stale save keeps what was typed", async () => {
    const { api } = renderAdmin("/admin/discounts/9", {
      handlers: {
        "auth.me": signedIn(member("manager")),
        "discounts.get": () => code(),
        "discounts.setDisabled": () => code({ status: "disabled", version: 3 }),
        "discounts.update": () => {
          throw new ApiFailure("CONFLICT", DISCOUNT_ADMIN_MESSAGES.staleVersion);
        },
      },
    });
    expect(await screen.findByText("3 orders, $450.00 (−$67.50)")).toBeTruthy();
    const percent = screen.getByLabelText("Percentage off") as HTMLInputElement;
    fireEvent.change(percent, { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(DISCOUNT_ADMIN_MESSAGES.staleVersion)).toBeTruthy();
    expect(percent.value).toBe("20");
    fireEvent.click(screen.getByRole("button", { name: "Open the latest version" }));
    await waitFor(() => expect(percent.value).toBe("15"));
    fireEvent.click(screen.getByRole("button", { name: "Disable the code" }));
    expect(await screen.findByText("The code is disabled: checkout refuses it.")).toBeTruthy();
    expect(api.calls.find((c) => c.path === "discounts.setDisabled")?.input).toEqual({
      discountId: 9,
      version: 2,
      disabled: true,
    });
  });
});
