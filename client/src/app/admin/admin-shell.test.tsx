import { screen, within } from "@testing-library/react";
import { PERMISSIONS, type Permission, ROLE_PERMISSIONS, ROLES, type Role } from "@vela/shared/admin";
import { describe, expect, it } from "vitest";
import type { AdminRoute } from "../../lib/admin/routes.ts";
import { member, renderAdmin, renderAsMember, signedIn } from "../../test/admin-render.tsx";
import { ApiFailure } from "../../test/api-mock.ts";
import { PermissionGuard } from "../../ui/admin/permission-guard.tsx";
import { firstPage, navEntries } from "./navigation.ts";
import { ADMIN_ROUTES } from "./routes.ts";

const page = (text: string) => () => Promise.resolve({ default: () => <h1>{text}</h1> });

/** A table like the admin's (its real one grows with every area). */
const TABLE: AdminRoute[] = [
  {
    path: "",
    permission: "orders.read",
    nav: { labelKey: "admin.dashboard.nav", order: 0 },
    lazy: page("Dashboard"),
  },
  { path: "orders/:id", permission: "orders.read", lazy: page("An order") },
  {
    path: "staff",
    permission: "staff.manage",
    nav: { labelKey: "admin.staff.nav", order: 80 },
    lazy: page("Staff"),
  },
  {
    path: "audit",
    permission: "audit.read",
    nav: { labelKey: "admin.audit.nav", order: 90 },
    lazy: page("Audit"),
  },
  {
    path: "content",
    permission: "content.manage",
    nav: { labelKey: "admin.audit.title", order: 50 },
    lazy: page("Content"),
  },
];

describe("the navigation", () => {
  const expected: Record<Role, string[]> = {
    owner: ["/admin", "/admin/content", "/admin/staff", "/admin/audit"],
    manager: ["/admin", "/admin/content", "/admin/audit"],
    support: ["/admin"],
    fulfilment: ["/admin"],
    content: ["/admin/content"],
  };
  for (const role of ROLES) {
    it(`shows ${role} the pages of their permissions, in order, and never a page without a nav entry`, () => {
      expect(navEntries(TABLE, ROLE_PERMISSIONS[role]).map((e) => e.href)).toEqual(expected[role]);
    });
  }

  it("reads the real route table the same way: an entry exactly where the role holds its permission", () => {
    for (const role of ROLES) {
      const shown = navEntries(ADMIN_ROUTES, ROLE_PERMISSIONS[role]);
      const due = ADMIN_ROUTES.filter((r) => r.nav && ROLE_PERMISSIONS[role].includes(r.permission));
      expect(shown.map((e) => e.labelKey).sort()).toEqual(due.map((r) => r.nav?.labelKey).sort());
      for (const e of shown) expect(ROLE_PERMISSIONS[role]).toContain(e.permission);
    }
  });

  it("lands a member on their first page, or nowhere when they have none", () => {
    expect(firstPage(TABLE, ROLE_PERMISSIONS.owner)).toBe("/admin");
    expect(firstPage(TABLE, ROLE_PERMISSIONS.content)).toBe("/admin/content");
    expect(firstPage(TABLE, [])).toBeNull();
  });
});

describe("PermissionGuard", () => {
  const cases: [
    needs: { all: [Permission, ...Permission[]] } | { any: [Permission, ...Permission[]] },
    Role,
    boolean,
  ][] = [
    [{ all: ["staff.manage"] }, "owner", true],
    [{ all: ["staff.manage"] }, "manager", false],
    [{ all: ["orders.read", "payments.refund"] }, "manager", true],
    [{ all: ["orders.read", "payments.refund"] }, "support", false],
    [{ any: ["orders.read", "payments.refund"] }, "support", true],
    [{ any: ["payments.refund", "staff.manage"] }, "fulfilment", false],
    [{ any: ["content.manage"] }, "content", true],
  ];
  for (const [needs, role, shown] of cases) {
    it(`${shown ? "shows" : "hides"} ${JSON.stringify(needs)} for ${role}`, async () => {
      renderAsMember(
        <PermissionGuard {...needs} fallback={<p>hidden</p>}>
          <button type="button">Refund</button>
        </PermissionGuard>,
        member(role),
      );
      expect(await screen.findByText(shown ? "Refund" : "hidden")).toBeTruthy();
      expect(screen.queryByText(shown ? "hidden" : "Refund")).toBeNull();
    });
  }

  it("every permission exists in the list the server checks", () => {
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
  });
});

describe("the shell", () => {
  it("shows a support member their navigation, and no Staff or Audit entry", async () => {
    renderAdmin("/admin", { routes: TABLE, handlers: { "auth.me": signedIn(member("support")) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Admin sections" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.textContent),
    ).toEqual(["Dashboard"]);
    expect(screen.getByText(/Role: Support/)).toBeTruthy();
  });

  it("answers a direct visit without the permission with the no-access page, not the page", async () => {
    renderAdmin("/admin/staff", { routes: TABLE, handlers: { "auth.me": signedIn(member("support")) } });
    expect(await screen.findByRole("heading", { level: 1, name: "You do not have access" })).toBeTruthy();
    expect(screen.getByText(/needs the permission “Manage staff”, which your role \(Support\)/)).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Staff" })).toBeNull();
    expect(screen.getByRole("link", { name: "Go to the admin's start page" }).getAttribute("href")).toBe(
      "/admin",
    );
  });

  it("says it in Japanese too", async () => {
    renderAdmin("/admin/staff", {
      routes: TABLE,
      locale: "ja-JP",
      handlers: { "auth.me": signedIn(member("support")) },
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "このページへのアクセス権がありません" }),
    ).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "管理画面のメニュー" })).toBeTruthy();
  });

  it("sends a member without the start page's permission to their first page", async () => {
    const { router } = renderAdmin("/admin", {
      routes: TABLE,
      handlers: { "auth.me": signedIn(member("content")) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Content" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin/content");
  });

  it("opens a page for the member who holds its permission", async () => {
    renderAdmin("/admin/staff", { routes: TABLE, handlers: { "auth.me": signedIn(member("owner")) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Staff" })).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Admin sections" });
    expect(within(nav).getByRole("link", { name: "Staff" }).getAttribute("aria-current")).toBe("page");
  });

  it("has a page of its own for an address it does not know", async () => {
    renderAdmin("/admin/no-such-page", { routes: TABLE, handlers: { "auth.me": signedIn(member("owner")) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
  });

  it("sends anyone not signed in to sign in, to come back after", async () => {
    const { router } = renderAdmin("/admin/staff?x=1", {
      routes: TABLE,
      handlers: { "auth.me": () => ({ stage: "signed-out", staff: null }) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to the admin" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin/sign-in");
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe("/admin/staff?x=1");
    // Not the message of an ended session: this one never began.
    expect(screen.queryByText(/Your session has ended/)).toBeNull();
  });

  it("shows its error with a retry when it cannot ask who is signed in", async () => {
    renderAdmin("/admin", {
      routes: TABLE,
      handlers: {
        "auth.me": () => {
          throw new ApiFailure("INTERNAL_SERVER_ERROR", "");
        },
      },
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "The admin could not be loaded." }),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});
