import { useMutation } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ADMIN_MESSAGES } from "@vela/shared/admin";
import { describe, expect, it } from "vitest";
import type { AdminRoute } from "../../../lib/admin/routes.ts";
import { useAdminTRPC } from "../../../lib/admin/trpc.ts";
import { member, renderAdmin } from "../../../test/admin-render.tsx";
import { ApiFailure } from "../../../test/api-mock.ts";

const page = (text: string) => () => Promise.resolve({ default: () => <h1>{text}</h1> });
const TABLE: AdminRoute[] = [
  {
    path: "",
    permission: "orders.read",
    nav: { labelKey: "admin.dashboard.nav", order: 0 },
    lazy: page("Dashboard"),
  },
  {
    path: "staff",
    permission: "staff.manage",
    nav: { labelKey: "admin.staff.nav", order: 80 },
    lazy: page("Staff"),
  },
];

/** A page whose button makes a staff call, as any admin page does. */
function AddingPage() {
  const trpc = useAdminTRPC();
  const add = useMutation(trpc.staff.add.mutationOptions());
  return (
    <>
      <h1>Staff</h1>
      <button type="button" onClick={() => add.mutate({ email: "new@vela.test", role: "support" })}>
        Add
      </button>
    </>
  );
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** The server's staff session, as the procedures move it along. */
function session(start: "signed-out" | "second-factor" | "enrol" | "signed-in" = "signed-out") {
  const owner = member("owner");
  const state = { stage: start as string };
  return {
    owner,
    state,
    me: () =>
      state.stage === "signed-out" || state.stage === "second-factor"
        ? { stage: state.stage, staff: null }
        : { stage: state.stage, staff: owner },
  };
}

describe("signing in to the admin", () => {
  it("asks for the password, then the code, then opens the page the member was going to", async () => {
    const s = session();
    const { api, router } = renderAdmin("/admin/staff", {
      routes: TABLE,
      handlers: {
        "auth.me": s.me,
        "auth.signIn": () => {
          s.state.stage = "second-factor";
          return { next: "second-factor" };
        },
        "auth.verifySecondFactor": (input) => {
          if ((input as { code: string }).code !== "123456")
            throw new ApiFailure("BAD_REQUEST", ADMIN_MESSAGES.secondFactorWrong);
          s.state.stage = "signed-in";
          return { next: "done" };
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to the admin" })).toBeTruthy();
    type("Email", "admin@vela.test");
    type("Password", "admin-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Enter your code" })).toBeTruthy();
    const code = screen.getByLabelText("Code or recovery code");
    expect(code.getAttribute("autocomplete")).toBe("one-time-code");
    expect(document.activeElement).toBe(code);
    type("Code or recovery code", "000000");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect((await screen.findByRole("alert")).textContent).toContain(ADMIN_MESSAGES.secondFactorWrong);

    type("Code or recovery code", " 123456 ");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Staff" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin/staff");
    expect(api.calls.filter((c) => c.path !== "auth.me")).toEqual([
      { path: "auth.signIn", input: { email: "admin@vela.test", password: "admin-password" } },
      { path: "auth.verifySecondFactor", input: { code: "000000" } },
      { path: "auth.verifySecondFactor", input: { code: "123456" } },
    ]);
  });

  it("signs a member without a second factor straight in (outside production), and offers one", async () => {
    const s = session();
    s.owner.secondFactor = { enabled: false, required: false };
    renderAdmin("/admin/sign-in", {
      routes: TABLE,
      handlers: {
        "auth.me": s.me,
        "auth.signIn": () => {
          s.state.stage = "signed-in";
          return { next: "done" };
        },
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Sign in to the admin" });
    type("Email", "admin@vela.test");
    type("Password", "admin-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(screen.getByText(/no second sign-in factor yet/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Set it up" }).getAttribute("href")).toBe(
      "/admin/enrol?next=%2Fadmin",
    );
    fireEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.queryByText(/no second sign-in factor yet/)).toBeNull();
  });

  it("says a wrong password in the reader's language and stays", async () => {
    const s = session();
    renderAdmin("/admin/sign-in", {
      routes: TABLE,
      locale: "ja-JP",
      handlers: {
        "auth.me": s.me,
        "auth.signIn": () => {
          throw new ApiFailure("UNAUTHORIZED", ADMIN_MESSAGES.invalidCredentials);
        },
      },
    });
    await screen.findByRole("heading", { level: 1, name: "管理画面にログイン" });
    type("メールアドレス", "admin@vela.test");
    type("パスワード", "wrong");
    fireEvent.click(screen.getByRole("button", { name: "ログイン" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "ログインできませんでした。メールアドレスとパスワードをご確認ください",
    );
    expect(screen.getByRole("heading", { level: 1, name: "管理画面にログイン" })).toBeTruthy();
  });

  it("refuses to send empty fields", async () => {
    const s = session();
    const { api } = renderAdmin("/admin/sign-in", { routes: TABLE, handlers: { "auth.me": s.me } });
    await screen.findByRole("heading", { level: 1, name: "Sign in to the admin" });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(screen.getAllByText("Fill in this field")).toHaveLength(2));
    expect(api.calls.map((c) => c.path)).not.toContain("auth.signIn");
  });

  it("sends a member whose second factor the store requires to set it up first", async () => {
    const s = session();
    s.owner.secondFactor = { enabled: false, required: true };
    const { router } = renderAdmin("/admin/sign-in?next=%2Fadmin%2Fstaff", {
      routes: TABLE,
      handlers: {
        "auth.me": s.me,
        "auth.signIn": () => {
          s.state.stage = "enrol";
          return { next: "enrol" };
        },
        "auth.startTotpEnrolment": () => ({
          otpauthUri: "otpauth://totp/Vela:admin%40vela.test?secret=JBSWY3DPEHPK3PXP&issuer=Vela",
          secret: "JBSWY3DPEHPK3PXP",
        }),
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Sign in to the admin" });
    type("Email", "admin@vela.test");
    type("Password", "admin-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(
      await screen.findByRole("heading", { level: 1, name: "Set up your authenticator app" }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin/enrol");
    expect(screen.getByText(/asks every member of staff for a second sign-in factor/)).toBeTruthy();
  });
});

describe("setting up the authenticator app", () => {
  it("shows the secret as a QR code and as text, confirms a code, shows the recovery codes once, then goes on", async () => {
    const s = session("signed-in");
    s.owner.secondFactor = { enabled: false, required: false };
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${i}k`);
    const { api, router } = renderAdmin("/admin/enrol?next=%2Fadmin%2Fstaff", {
      routes: TABLE,
      handlers: {
        "auth.me": s.me,
        "auth.startTotpEnrolment": () => ({
          otpauthUri: "otpauth://totp/Vela:admin%40vela.test?secret=JBSWY3DPEHPK3PXP&issuer=Vela",
          secret: "JBSWY3DPEHPK3PXP",
        }),
        "auth.confirmTotpEnrolment": () => {
          s.owner.secondFactor = { enabled: true, required: false };
          return { recoveryCodes: codes };
        },
      },
    });
    expect(await screen.findByText("JBSWY3DPEHPK3PXP")).toBeTruthy();
    const qr = screen.getByRole("img", { name: "QR code to add this store to an authenticator app" });
    expect(qr.querySelector("path")?.getAttribute("d")).toMatch(/^M\d+ \d+h1v1h-1z/);
    // One key per visit (StrictMode runs effects twice in development).
    expect(api.calls.filter((c) => c.path === "auth.startTotpEnrolment")).toHaveLength(1);

    type("6-digit code from the app", "12345");
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Enter the 6 digits the app shows")).toBeTruthy();
    type("6-digit code from the app", "123456");
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));

    const heading = await screen.findByRole("heading", { level: 1, name: "Save your recovery codes" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const list = screen.getByRole("list", { name: "Recovery codes" });
    expect([...list.querySelectorAll("li")].map((li) => li.textContent)).toEqual(codes);
    fireEvent.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Staff" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin/staff");
    expect(screen.queryByText(/no second sign-in factor yet/)).toBeNull();
  });
});

describe("an ended session", () => {
  it("sends the member to sign in with a message, and back to the page after", async () => {
    const s = session("signed-in");
    let ended = false;
    const table: AdminRoute[] = [
      ...TABLE.slice(0, 1),
      { path: "staff", permission: "staff.manage", lazy: () => Promise.resolve({ default: AddingPage }) },
    ];
    const { router } = renderAdmin("/admin/staff", {
      routes: table,
      handlers: {
        "auth.me": s.me,
        "staff.add": () => {
          if (ended) throw new ApiFailure("UNAUTHORIZED", ADMIN_MESSAGES.notSignedIn);
          throw new Error("not reached");
        },
        "auth.signIn": () => {
          s.state.stage = "signed-in";
          ended = false;
          return { next: "done" };
        },
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Staff" })).toBeTruthy();
    // The session ends (idle for 30 minutes, say); the next call answers 401.
    ended = true;
    s.state.stage = "signed-out";
    await router.navigate("/admin/staff?role=support");
    fireEvent.click(await screen.findByRole("button", { name: "Add" }));

    expect(
      await screen.findByText("Your session has ended. Sign in again to continue where you were."),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe("/admin/sign-in");
    type("Email", "admin@vela.test");
    type("Password", "admin-password");
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Staff" })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe("/admin/staff?role=support");
  });
});

describe("the one-time password link", () => {
  it("sets the password with the link's token, then points to sign-in", async () => {
    const { api } = renderAdmin("/admin/setup-password?token=tok-123", {
      routes: TABLE,
      handlers: { "auth.setPassword": () => ({ ok: true }) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Choose your password" })).toBeTruthy();
    type("New password", "short");
    type("Repeat the password", "other");
    fireEvent.click(screen.getByRole("button", { name: "Set the password" }));
    expect(await screen.findByText("Use at least 8 characters")).toBeTruthy();
    expect(screen.getByText("The passwords do not match")).toBeTruthy();
    type("New password", "support-password");
    type("Repeat the password", "support-password");
    fireEvent.click(screen.getByRole("button", { name: "Set the password" }));
    expect(await screen.findByText("Your password is set. You can sign in with it now.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to sign-in" }).getAttribute("href")).toBe("/admin/sign-in");
    expect(api.calls).toEqual([
      { path: "auth.setPassword", input: { token: "tok-123", password: "support-password" } },
    ]);
  });

  it("says why a used or expired link does not work", async () => {
    renderAdmin("/admin/setup-password?token=used", {
      routes: TABLE,
      locale: "ja-JP",
      handlers: {
        "auth.setPassword": () => {
          throw new ApiFailure("BAD_REQUEST", ADMIN_MESSAGES.setupLinkInvalid);
        },
      },
    });
    await screen.findByRole("heading", { level: 1, name: "パスワードを設定" });
    type("新しいパスワード", "support-password");
    type("パスワード（確認）", "support-password");
    fireEvent.click(screen.getByRole("button", { name: "パスワードを設定" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "このパスワード設定用リンクは無効か、すでに使用されています",
    );
  });

  it("says a link without its token is incomplete", async () => {
    renderAdmin("/admin/setup-password", { routes: TABLE });
    expect(await screen.findByText(/This link is incomplete/)).toBeTruthy();
    expect(screen.queryByLabelText("New password")).toBeNull();
  });
});
