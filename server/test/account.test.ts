import { FALLBACKS, MESSAGES, TEXT_FIELD_MESSAGES } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, readDeviceCookie } from "../src/auth/device.ts";
import { MAIL_LIMITS } from "../src/mail/limits.ts";
import {
  inviteCustomer,
  RECOVER_ANSWER,
  REGISTER_ANSWER,
  RESET_EMAIL_INTERVAL_SECONDS,
} from "../src/modules/account/service.ts";
import { cookieFrom, createTestApp, DEMO_CUSTOMER, json, type TestApp } from "./helpers.ts";
import { activateWith, deviceCookieFrom, linkFromOutbox, resetWith, setCookies } from "./support-security.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/account/customer", () => {
  it("answers 401 with message and error when not signed in", async () => {
    const res = await t.api("GET", "/api/account/customer");
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ message: MESSAGES.notSignedIn, error: MESSAGES.notSignedIn });
  });

  it("answers {customer} for the signed-in customer, with no-store", async () => {
    const cookie = await t.login();
    const res = await t.api("GET", "/api/account/customer", { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { customer } = json<{ customer: Record<string, unknown> }>(res);
    expect(customer).toMatchObject({
      id: "gid://vela/Customer/1",
      firstName: "Alex",
      lastName: "Rivera",
      email: DEMO_CUSTOMER.email,
      phone: "+1 415 555 0100",
      acceptsMarketing: true,
      createdAt: "2024-03-14T10:00:00.000Z",
    });
    expect(customer.defaultAddress).toMatchObject({
      id: expect.stringMatching(/^gid:\/\/vela\/Address\/\d+$/),
    });
    expect(customer).not.toHaveProperty("passwordHash");
  });
});

describe("POST /api/account/login", () => {
  it("answers the same for an unknown email and a wrong password", async () => {
    const a = await t.api("POST", "/api/account/login", {
      body: { email: "nobody@vela.test", password: "whatever-1" },
    });
    const b = await t.api("POST", "/api/account/login", {
      body: { email: DEMO_CUSTOMER.email, password: "wrong-password" },
    });
    expect(a.statusCode).toBe(401);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(json(a)).toEqual({ message: FALLBACKS.login[0], error: FALLBACKS.login[0] });
  });

  it("answers the same for a customer who has no password yet (invited)", async () => {
    const res = await t.api("POST", "/api/account/login", {
      body: { email: "invited@vela.test", password: "anything-1" },
    });
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe(FALLBACKS.login[0]);
  });

  it("refuses bad input with 400 and unknown keys", async () => {
    const missing = await t.api("POST", "/api/account/login", { body: { email: DEMO_CUSTOMER.email } });
    expect(missing.statusCode).toBe(400);
    const extra = await t.api("POST", "/api/account/login", {
      body: { email: DEMO_CUSTOMER.email, password: "x", admin: true },
    });
    expect(extra.statusCode).toBe(400);
    expect(json(extra).message).toMatch(/admin/);
  });

  it("sets an HttpOnly, SameSite=Lax, Secure session cookie", async () => {
    const res = await t.api("POST", "/api/account/login", { body: DEMO_CUSTOMER });
    expect(res.statusCode).toBe(200);
    const raw = String(res.headers["set-cookie"]);
    expect(raw).toMatch(/^vela_session=[A-Za-z0-9_-]{43};/);
    expect(raw).toMatch(/HttpOnly/);
    expect(raw).toMatch(/SameSite=Lax/);
    expect(raw).toMatch(/Secure/);
    expect(json(res)).toHaveProperty("customer.email", DEMO_CUSTOMER.email);
  });

  it("sets a signed, HttpOnly, SameSite=Strict, Secure device cookie naming the account, kept at sign-out", async () => {
    const res = await t.api("POST", "/api/account/login", { body: DEMO_CUSTOMER });
    const line = setCookies(res).find((c) => c.startsWith(`${DEVICE_COOKIE}=`)) ?? "";
    expect(line).toMatch(/^vela_device=1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43};/);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Secure/);
    expect(line).toMatch(new RegExp(`Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`));
    const value = deviceCookieFrom(res).slice(`${DEVICE_COOKIE}=`.length);
    expect(readDeviceCookie(t.config.sessionSecret, value)?.customerId).toBe(1);
    // Signed: another secret, another account id or a changed character is no device.
    expect(readDeviceCookie("x".repeat(43), value)).toBeNull();
    expect(readDeviceCookie(t.config.sessionSecret, value.replace(/^1\./, "2."))).toBeNull();
    expect(
      readDeviceCookie(t.config.sessionSecret, `${value.slice(0, -1)}${value.endsWith("A") ? "B" : "A"}`),
    ).toBeNull();
    for (const junk of ["", "1", "1..", "0.x.y", `${value}.`, "x".repeat(500)]) {
      expect(readDeviceCookie(t.config.sessionSecret, junk)).toBeNull();
    }
    // Signing out ends the session, not the browser's standing.
    const out = await t.api("POST", "/api/account/logout", { cookie: cookieFrom(res) });
    expect(setCookies(out).some((c) => c.startsWith(`${DEVICE_COOKIE}=`))).toBe(false);
  });
});

describe("POST /api/account/logout", () => {
  it("ends the session", async () => {
    const cookie = await t.login();
    const out = await t.api("POST", "/api/account/logout", { cookie });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers["set-cookie"])).toMatch(/vela_session=;/);
    const after = await t.api("GET", "/api/account/customer", { cookie });
    expect(after.statusCode).toBe(401);
  });
});

describe("POST /api/account/register", () => {
  it("creates an account that can sign in, and sends a welcome mail", async () => {
    const body = {
      firstName: "Kim",
      lastName: "Park",
      email: "Kim.Park@Example.com",
      password: "kim-password-1",
    };
    const res = await t.api("POST", "/api/account/register", { body });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ok: true, message: REGISTER_ANSWER });
    const mail = await t.db.emailOutbox.findFirst({ where: { to: "kim.park@example.com" } });
    expect(mail?.kind).toBe("welcome");
    await t.login("kim.park@example.com", "kim-password-1");
  });

  it("answers a known email exactly like a new one, and mails the owner instead", async () => {
    const before = await t.db.customer.count();
    const res = await t.api("POST", "/api/account/register", {
      body: { firstName: "Eve", lastName: "X", email: DEMO_CUSTOMER.email, password: "eve-password-1" },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ok: true, message: REGISTER_ANSWER });
    expect(await t.db.customer.count()).toBe(before);
    const mail = await t.db.emailOutbox.findFirst({
      where: { to: DEMO_CUSTOMER.email },
      orderBy: { id: "desc" },
    });
    expect(mail?.kind).toBe("already-registered");
    expect(mail?.text).toMatch(/already have an account/);
    // The demo password still works: nothing about the account changed.
    await t.login();
  });

  it("refuses passwords shorter than 8 or longer than 128 characters", async () => {
    const base = { firstName: "A", lastName: "B", email: "len@example.com" };
    const short = await t.api("POST", "/api/account/register", { body: { ...base, password: "1234567" } });
    expect(short.statusCode).toBe(400);
    const long = await t.api("POST", "/api/account/register", {
      body: { ...base, password: "x".repeat(129) },
    });
    expect(long.statusCode).toBe(400);
    expect(await t.db.customer.findUnique({ where: { email: "len@example.com" } })).toBeNull();
  });
});

describe("POST /api/account/recover", () => {
  it("answers the same whether or not the email is known, and mails only the known one", async () => {
    const known = await t.api("POST", "/api/account/recover", { body: { email: "second@vela.test" } });
    const unknown = await t.api("POST", "/api/account/recover", { body: { email: "ghost@vela.test" } });
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(json(known)).toEqual({ ok: true, message: RECOVER_ANSWER });
    expect(await t.db.emailOutbox.count({ where: { to: "ghost@vela.test" } })).toBe(0);
    expect(await t.db.emailOutbox.count({ where: { to: "second@vela.test", kind: "password-reset" } })).toBe(
      1,
    );
  });

  it("sends at most one reset email per account every few minutes", async () => {
    const email = "second@vela.test";
    await t.api("POST", "/api/account/recover", { body: { email } });
    await t.api("POST", "/api/account/recover", { body: { email } });
    expect(await t.db.emailOutbox.count({ where: { to: email, kind: "password-reset" } })).toBe(1);
    t.clock.advance(301_000);
    await t.api("POST", "/api/account/recover", { body: { email } });
    expect(await t.db.emailOutbox.count({ where: { to: email, kind: "password-reset" } })).toBe(2);
  });
});

describe("mails with a link, and the per-recipient mail limit", () => {
  it("over the limit, recover issues no token, so the link already sent keeps working", async () => {
    const email = "limit-reset@example.com";
    await t.api("POST", "/api/account/register", {
      body: { firstName: "Lim", lastName: "It", email, password: "limit-pass-1" },
    });
    const limit = MAIL_LIMITS.byKind["password-reset"]?.limit ?? 0;
    for (let i = 0; i < limit; i++) {
      t.clock.advance((RESET_EMAIL_INTERVAL_SECONDS + 1) * 1000);
      await t.api("POST", "/api/account/recover", { body: { email } });
    }
    const link = await linkFromOutbox(t.db, email, "password-reset");
    t.clock.advance((RESET_EMAIL_INTERVAL_SECONDS + 1) * 1000);
    const res = await t.api("POST", "/api/account/recover", { body: { email } });
    expect(json(res)).toEqual({ ok: true, message: RECOVER_ANSWER });
    expect(await t.db.emailOutbox.count({ where: { to: email, kind: "password-reset" } })).toBe(limit);
    expect((await resetWith(t, link, "limit-pass-2")).statusCode).toBe(200);
  });

  it("over the limit, an invitation is refused and the activation link already sent keeps working", async () => {
    const invitee = { email: "limit-invite@example.com", firstName: "In", lastName: "Vite" };
    const limit = MAIL_LIMITS.byKind["account-activation"]?.limit ?? 0;
    for (let i = 0; i < limit; i++) await inviteCustomer(t.deps, invitee);
    const link = await linkFromOutbox(t.db, invitee.email, "account-activation");
    await expect(inviteCustomer(t.deps, invitee)).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS" });
    expect(await t.db.emailOutbox.count({ where: { to: invitee.email } })).toBe(limit);
    expect((await activateWith(t, link, "invited-pass-1")).statusCode).toBe(200);
  });
});

describe("PUT /api/account/profile and POST /api/account/password", () => {
  it("updates the profile and answers {customer}", async () => {
    const cookie = await t.login("second@vela.test", "second-password");
    const res = await t.api("PUT", "/api/account/profile", {
      cookie,
      body: {
        firstName: "Samuel",
        lastName: "Chen",
        email: "second@vela.test",
        phone: "+1 212 555 0199",
        acceptsMarketing: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      customer: { firstName: "Samuel", phone: "+1 212 555 0199", acceptsMarketing: true },
    });
  });

  it("never tells whether another customer has an email: the change only becomes pending", async () => {
    const cookie = await t.login("second@vela.test", "second-password");
    const res = await t.api("PUT", "/api/account/profile", {
      cookie,
      body: {
        firstName: "S",
        lastName: "C",
        email: DEMO_CUSTOMER.email,
        phone: null,
        acceptsMarketing: false,
        currentPassword: "second-password",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      customer: { email: "second@vela.test", pendingEmail: DEMO_CUSTOMER.email },
    });
    expect(res.body).not.toContain(MESSAGES.emailTaken);
  });

  it("checks the current password and the new password's length", async () => {
    const cookie = await t.login("second@vela.test", "second-password");
    const wrong = await t.api("POST", "/api/account/password", {
      cookie,
      body: { currentPassword: "nope-nope", newPassword: "new-password-1" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error).toBe(MESSAGES.currentPasswordWrong);
    const short = await t.api("POST", "/api/account/password", {
      cookie,
      body: { currentPassword: "second-password", newPassword: "short" },
    });
    expect(short.statusCode).toBe(400);
    expect(json(short).error).toBe(MESSAGES.newPasswordTooShort);
    const ok = await t.api("POST", "/api/account/password", {
      cookie,
      body: { currentPassword: "second-password", newPassword: "second-password-2" },
    });
    expect(ok.statusCode).toBe(200);
    await t.login("second@vela.test", "second-password-2");
    const notice = await t.db.emailOutbox.findFirst({
      where: { to: "second@vela.test", kind: "password-changed" },
    });
    expect(notice).not.toBeNull();
  });

  it("answers 401 to both when not signed in", async () => {
    expect(
      (
        await t.api("POST", "/api/account/password", {
          body: { currentPassword: "a", newPassword: "bbbbbbbb" },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.api("PUT", "/api/account/profile", {
          body: { firstName: "a", lastName: "b", email: "a@b.co", phone: null, acceptsMarketing: false },
        })
      ).statusCode,
    ).toBe(401);
  });
});

it("a login cookie from the response works as a session", async () => {
  const res = await t.api("POST", "/api/account/login", { body: DEMO_CUSTOMER });
  const me = await t.api("GET", "/api/account/customer", { cookie: cookieFrom(res) });
  expect(me.statusCode).toBe(200);
});

describe("names with invisible format characters", () => {
  const ADDRESS = {
    firstName: "Ada",
    lastName: "Lovelace",
    address1: "1 Main St",
    city: "London",
    province: "London",
    country: "United Kingdom",
    zip: "SW1A 1AA",
  };
  // Zero-width space, word joiner, byte order mark (inside the name: trimming takes it off the
  // ends), a tag character.
  const INVISIBLE = ["\u200b", "\u2060", "\ufeff", "\u{e0041}"];

  it("are refused with the field's message at registration, in the profile, the address book and checkout, and nothing is saved", async () => {
    const cookie = await t.login();
    const before = await t.db.customer.findUniqueOrThrow({ where: { id: 1 } });
    const addresses = await t.db.address.count({ where: { customerId: 1 } });
    const cartId = json<{ cart: { id: string } }>(await t.api("POST", "/api/cart")).cart.id;
    for (const c of INVISIBLE) {
      const name = `Ada${c}Lovelace`;
      const email = `names-${c.codePointAt(0)}@example.com`;
      const calls = [
        [
          "firstName",
          await t.api("POST", "/api/account/register", {
            body: { firstName: name, lastName: "L", email, password: "a-good-password" },
          }),
        ],
        [
          "lastName",
          await t.api("PUT", "/api/account/profile", {
            cookie,
            body: {
              firstName: "Alex",
              lastName: name,
              email: DEMO_CUSTOMER.email,
              phone: null,
              acceptsMarketing: true,
            },
          }),
        ],
        [
          "firstName",
          await t.api("POST", "/api/account/addresses", { cookie, body: { ...ADDRESS, firstName: name } }),
        ],
        [
          "lastName",
          await t.api("POST", "/api/checkout/quote", {
            body: { cartId, email, address: { ...ADDRESS, lastName: name } },
          }),
        ],
      ] as const;
      for (const [field, res] of calls) {
        expect(res.statusCode, `${field} ${JSON.stringify(c)}: ${res.body}`).toBe(400);
        expect(json(res).message).toBe(TEXT_FIELD_MESSAGES[field]);
      }
      expect(await t.db.customer.count({ where: { email } })).toBe(0);
    }
    const after = await t.db.customer.findUniqueOrThrow({ where: { id: 1 } });
    expect([after.firstName, after.lastName]).toEqual([before.firstName, before.lastName]);
    expect(await t.db.address.count({ where: { customerId: 1 } })).toBe(addresses);
  });
});
