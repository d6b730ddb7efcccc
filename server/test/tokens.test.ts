// One-time tokens (reset and activation): links built from PUBLIC_URL, ≥128 random bits,
// stored only as an HMAC, server-side expiry from the stored issue time, single use
// (also under concurrency), voided by a newer token or a password change.
import { ACTIVATION_TOKEN_TTL_SECONDS, FALLBACKS, MESSAGES, RESET_TOKEN_TTL_SECONDS } from "@vela/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "../src/auth/tokens.ts";
import { inviteCustomer } from "../src/modules/account/service.ts";
import { createTestApp, DEMO_CUSTOMER, json, PUBLIC_URL, SECOND_CUSTOMER, type TestApp } from "./helpers.ts";
import {
  activateWith,
  dumpDatabase,
  type EmailedLink,
  GENEROUS_LIMITS,
  linkFromOutbox,
  recoverLink,
  resetWith,
} from "./support-security.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
});
afterEach(() => t.close());

const loginStatus = async (email: string, password: string) =>
  (await t.api("POST", "/api/account/login", { body: { email, password } })).statusCode;

function linkOf(href: string): EmailedLink {
  const url = new URL(href);
  return {
    url,
    customerId: url.searchParams.get("customerId") ?? "",
    token: url.searchParams.get("token") ?? "",
    timestamp: url.searchParams.get("timestamp") ?? "",
  };
}

async function invite(email: string): Promise<EmailedLink> {
  const { url } = await inviteCustomer(t.deps, { email, firstName: "Robin", lastName: "Invitee" });
  return linkOf(url);
}

describe("reset flow", () => {
  it("recover → emailed link → reset: the new password works, the old one no longer does", async () => {
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    expect(link.url.pathname).toBe("/account/reset");
    expect(link.customerId).toBe("1");
    expect(link.timestamp).toBe(String(Math.floor(t.clock.now().getTime() / 1000)));

    const res = await t.api("POST", "/api/account/reset", {
      body: {
        customerId: link.customerId,
        resetToken: link.token,
        syclid: "abc123",
        password: "fresh-pass-1",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ok: true });
    expect(await loginStatus(DEMO_CUSTOMER.email, "fresh-pass-1")).toBe(200);
    expect(await loginStatus(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).toBe(401);
  });

  it("sends a 'password-changed' notice after the reset", async () => {
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    const where = { to: DEMO_CUSTOMER.email, kind: "password-changed" };
    expect(await t.db.emailOutbox.count({ where })).toBe(0);
    expect((await resetWith(t, link, "fresh-pass-1")).statusCode).toBe(200);
    expect(await t.db.emailOutbox.count({ where })).toBe(1);
  });

  it("builds the link from PUBLIC_URL, never from the request's Host", async () => {
    const res = await t.api("POST", "/api/account/recover", {
      body: { email: DEMO_CUSTOMER.email },
      headers: { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
    });
    expect(res.statusCode).toBe(200);
    const link = await linkFromOutbox(t.db, DEMO_CUSTOMER.email, "password-reset");
    expect(link.url.origin).toBe(PUBLIC_URL);
    const mail = await t.db.emailOutbox.findFirst({
      where: { to: DEMO_CUSTOMER.email, kind: "password-reset" },
    });
    expect(`${mail?.text}${mail?.html}`).not.toContain("evil.example");
  });
});

describe("token strength and storage", () => {
  it("is at least 128 random bits, URL-safe, and different every time", async () => {
    const a = await recoverLink(t, DEMO_CUSTOMER.email);
    const b = await recoverLink(t, SECOND_CUSTOMER.email);
    for (const { token } of [a, b]) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    }
    expect(a.token).not.toBe(b.token);
  });

  it("is stored only as an HMAC keyed with the server secret", async () => {
    const res = await t.api("POST", "/api/account/recover", { body: { email: DEMO_CUSTOMER.email } });
    const link = await linkFromOutbox(t.db, DEMO_CUSTOMER.email, "password-reset");
    expect(res.body).not.toContain(link.token);

    const rows = await t.db.accountToken.findMany({ where: { customerId: 1 } });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(link.token);
    expect(rows[0]?.tokenHash).toBe(hashToken(t.config.sessionSecret, link.token));
    expect(rows[0]?.tokenHash).not.toBe(hashToken("another-secret-another-secret-00", link.token));

    // The raw token exists only in the email itself (the outbox row is the mail to send).
    expect(await dumpDatabase(t.db, { except: ["EmailOutbox"] })).not.toContain(link.token);
    const mails = await t.db.emailOutbox.findMany({ where: { text: { contains: link.token } } });
    expect(mails.map((m) => m.kind)).toEqual(["password-reset"]);
  });
});

describe("expiry, from the stored issue time", () => {
  it("a reset link still works at issuedAt + 86399 s", async () => {
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    t.clock.advance((RESET_TOKEN_TTL_SECONDS - 1) * 1000);
    expect((await resetWith(t, link, "fresh-pass-1")).statusCode).toBe(200);
  });

  it("a reset link fails at issuedAt + 86400 s with the spec's text", async () => {
    expect(RESET_TOKEN_TTL_SECONDS).toBe(86_400);
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    t.clock.advance(RESET_TOKEN_TTL_SECONDS * 1000);
    const res = await resetWith(t, link, "fresh-pass-1");
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ message: MESSAGES.resetLinkExpired, error: MESSAGES.resetLinkExpired });
    expect(await loginStatus(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).toBe(200);
  });

  it("ignores a forged timestamp: a recent one does not revive an expired link", async () => {
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    t.clock.advance((RESET_TOKEN_TTL_SECONDS + 60) * 1000);
    const forged = Math.floor(t.clock.now().getTime() / 1000) - 5;
    const query = `customerId=${link.customerId}&token=${link.token}&timestamp=${forged}`;
    const res = await t.api("POST", `/api/account/reset?${query}`, {
      body: { customerId: link.customerId, resetToken: link.token, syclid: null, password: "fresh-pass-1" },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MESSAGES.resetLinkExpired);
  });

  it("ignores a forged timestamp: an ancient one does not expire a fresh link", async () => {
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    const res = await t.api("POST", `/api/account/reset?customerId=1&token=${link.token}&timestamp=0`, {
      body: { customerId: link.customerId, resetToken: link.token, syclid: null, password: "fresh-pass-1" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("an activation link still works at issuedAt + 172799 s (not the reset TTL)", async () => {
    const link = await invite("late@vela.test");
    t.clock.advance((ACTIVATION_TOKEN_TTL_SECONDS - 1) * 1000);
    expect((await activateWith(t, link, "late-pass-1")).statusCode).toBe(200);
    expect(await loginStatus("late@vela.test", "late-pass-1")).toBe(200);
  });

  it("an activation link fails at issuedAt + 172800 s with the spec's text", async () => {
    expect(ACTIVATION_TOKEN_TTL_SECONDS).toBe(172_800);
    const link = await invite("later@vela.test");
    t.clock.advance(ACTIVATION_TOKEN_TTL_SECONDS * 1000);
    const res = await activateWith(t, link, "later-pass-1");
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      message: MESSAGES.activationLinkExpired,
      error: MESSAGES.activationLinkExpired,
    });
    expect(await loginStatus("later@vela.test", "later-pass-1")).toBe(401);
  });
});

describe("single use", () => {
  it("a second redemption of the same link fails", async () => {
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    expect((await resetWith(t, link, "fresh-pass-1")).statusCode).toBe(200);
    const again = await resetWith(t, link, "fresh-pass-2");
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(FALLBACKS.reset[1]);
    expect(await loginStatus(DEMO_CUSTOMER.email, "fresh-pass-2")).toBe(401);
    expect(await loginStatus(DEMO_CUSTOMER.email, "fresh-pass-1")).toBe(200);
  });

  it("ten concurrent redemptions: exactly one succeeds, and only its password is set", async () => {
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => resetWith(t, link, `racing-pass-${i}`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(9);
    const winner = statuses.indexOf(200);
    expect(await loginStatus(DEMO_CUSTOMER.email, `racing-pass-${winner}`)).toBe(200);
    const loser = (winner + 1) % 10;
    expect(await loginStatus(DEMO_CUSTOMER.email, `racing-pass-${loser}`)).toBe(401);
    expect(
      await t.db.emailOutbox.count({ where: { to: DEMO_CUSTOMER.email, kind: "password-changed" } }),
    ).toBe(1);
  });
});

describe("voiding", () => {
  it("a newer token voids the older one", async () => {
    const first = await recoverLink(t, DEMO_CUSTOMER.email);
    t.clock.advance(301_000);
    const second = await recoverLink(t, DEMO_CUSTOMER.email);
    expect(second.token).not.toBe(first.token);
    const old = await resetWith(t, first, "fresh-pass-1");
    expect(old.statusCode).toBe(400);
    expect(json(old).message).toBe(FALLBACKS.reset[1]);
    expect((await resetWith(t, second, "fresh-pass-2")).statusCode).toBe(200);
  });

  it("a password change voids an outstanding reset token", async () => {
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    const cookie = await t.login();
    const change = await t.api("POST", "/api/account/password", {
      cookie,
      body: { currentPassword: DEMO_CUSTOMER.password, newPassword: "changed-pass-1" },
    });
    expect(change.statusCode).toBe(200);
    const res = await resetWith(t, link, "fresh-pass-1");
    expect(res.statusCode).toBe(400);
    expect(await loginStatus(DEMO_CUSTOMER.email, "changed-pass-1")).toBe(200);
  });

  it("a token of one customer cannot reset another", async () => {
    const link = await recoverLink(t, DEMO_CUSTOMER.email);
    const res = await resetWith(t, { ...link, customerId: "2" }, "fresh-pass-1");
    expect(res.statusCode).toBe(400);
    expect(await loginStatus(SECOND_CUSTOMER.email, SECOND_CUSTOMER.password)).toBe(200);
    // The mismatch did not spend it: the rightful owner can still use it.
    expect((await resetWith(t, link, "fresh-pass-1")).statusCode).toBe(200);
  });
});

describe("activation", () => {
  it("the seeded invitation activates invited@vela.test once; login then works", async () => {
    const link = await linkFromOutbox(t.db, "invited@vela.test", "account-activation");
    expect(link.url.pathname).toBe("/account/activate");
    expect(await loginStatus("invited@vela.test", "invited-pass-1")).toBe(401);
    const res = await activateWith(t, link, "invited-pass-1");
    expect(res.statusCode).toBe(200);
    expect(await loginStatus("invited@vela.test", "invited-pass-1")).toBe(200);

    const again = await activateWith(t, link, "invited-pass-2");
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(FALLBACKS.activate[1]);
    expect(await loginStatus("invited@vela.test", "invited-pass-2")).toBe(401);
  });

  it("an activation token is not a reset token", async () => {
    const link = await invite("kinds@vela.test");
    const asReset = await resetWith(t, link, "kinds-pass-1");
    expect(asReset.statusCode).toBe(400);
    expect((await activateWith(t, link, "kinds-pass-1")).statusCode).toBe(200);
  });

  it("a fresh invitation voids the previous activation link", async () => {
    const first = await invite("twice@vela.test");
    const second = await invite("twice@vela.test");
    expect((await activateWith(t, first, "twice-pass-1")).statusCode).toBe(400);
    expect((await activateWith(t, second, "twice-pass-1")).statusCode).toBe(200);
  });
});

describe("malformed links", () => {
  it.each(["abc", "0", "-1", "1.5", "gid://vela/Customer/abc"])(
    "customerId %j → 400 with the spec's invalid-link texts",
    async (customerId) => {
      const reset = await t.api("POST", "/api/account/reset", {
        body: { customerId, resetToken: "x".repeat(43), syclid: null, password: "fresh-pass-1" },
      });
      expect(reset.statusCode).toBe(400);
      expect(json(reset)).toEqual({ message: MESSAGES.invalidResetLink, error: MESSAGES.invalidResetLink });

      const activate = await t.api("POST", "/api/account/activate", {
        body: { customerId, activationToken: "x".repeat(43), syclid: null, password: "fresh-pass-1" },
      });
      expect(activate.statusCode).toBe(400);
      expect(json(activate)).toEqual({
        message: MESSAGES.invalidActivationLink,
        error: MESSAGES.invalidActivationLink,
      });
    },
  );

  it("an unknown token → 400 with the reset failure text", async () => {
    const res = await t.api("POST", "/api/account/reset", {
      body: { customerId: "1", resetToken: "A".repeat(43), syclid: null, password: "fresh-pass-1" },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(FALLBACKS.reset[1]);
  });
});
