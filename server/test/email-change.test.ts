// Changing the sign-in email: the current password is required, the new address takes effect
// only when the link mailed to it is followed (once, within 24 h), the old address can stop the
// change, and no answer tells a signed-in customer whether another account has an address.
import { MESSAGES, EMAIL_CHANGE_MESSAGES as TEXTS } from "@vela/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callerFor, createTestApp, DEMO_CUSTOMER, json, SECOND_CUSTOMER, type TestApp } from "./helpers.ts";
import { DAY_MS, GENEROUS_LIMITS, latestMail, recoverLink, resetWith } from "./support-security.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
});
afterEach(() => t.close());

const DEMO_ID = 1;
const NEW_EMAIL = "alex.new@example.test";

const profile = (email: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Alex",
  lastName: "Rivera",
  email,
  phone: "+1 415 555 0100",
  acceptsMarketing: true,
  ...extra,
});

const putProfile = (cookie: string, body: unknown) => t.api("PUT", "/api/account/profile", { cookie, body });

const customerRow = () =>
  t.db.customer.findUniqueOrThrow({
    where: { id: DEMO_ID },
    select: { email: true, firstName: true, acceptsMarketing: true },
  });

/** The token of the newest mail of that kind to that address. */
async function tokenFrom(to: string, kind: "email-change-confirm" | "email-change-requested") {
  const mail = await latestMail(t.db, to, kind);
  const href = /https:\/\/store\.vela\.test\/account\/email-change(?:\/cancel)?\?token=\S+/.exec(
    mail.text,
  )?.[0];
  if (!href) throw new Error(`no link in the ${kind} mail to ${to}`);
  const url = new URL(href);
  return { url, token: url.searchParams.get("token") ?? "" };
}

const confirm = (token: string, cookie?: string) =>
  t.api("POST", "/api/account/email-change/confirm", { body: { token }, ...(cookie ? { cookie } : {}) });
const cancel = (token: string) => t.api("POST", "/api/account/email-change/cancel", { body: { token } });

/** Asks for the change with the right password and returns the emailed confirm token. */
async function requestChange(cookie: string, email = NEW_EMAIL): Promise<string> {
  const res = await putProfile(cookie, profile(email, { currentPassword: DEMO_CUSTOMER.password }));
  expect(res.statusCode).toBe(200);
  return (await tokenFrom(email, "email-change-confirm")).token;
}

const expectError = (res: { statusCode: number; json(): unknown }, status: number, text: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ message: text, error: text });
};

describe("asking for the change", () => {
  it("refuses the takeover request of the finding (a session, a new email, no password) and changes nothing", async () => {
    const cookie = await t.login();
    const res = await putProfile(cookie, profile("attacker@example.test", { firstName: "Mallory" }));
    expectError(res, 400, TEXTS.currentPasswordRequired);
    const empty = await putProfile(cookie, profile("attacker@example.test", { currentPassword: "" }));
    expectError(empty, 400, TEXTS.currentPasswordRequired);
    const wrong = await putProfile(cookie, profile("attacker@example.test", { currentPassword: "not-it-1" }));
    expectError(wrong, 400, MESSAGES.currentPasswordWrong);

    expect(await customerRow()).toEqual({
      email: DEMO_CUSTOMER.email,
      firstName: "Alex",
      acceptsMarketing: true,
    });
    expect(
      await t.db.accountToken.count({ where: { customerId: DEMO_ID, kind: { startsWith: "EMAIL" } } }),
    ).toBe(0);
    expect(await t.db.emailOutbox.count({ where: { to: "attacker@example.test" } })).toBe(0);
    // Password recovery to the attacker's address finds no account.
    await t.api("POST", "/api/account/recover", { body: { email: "attacker@example.test" } });
    expect(await t.db.emailOutbox.count({ where: { to: "attacker@example.test" } })).toBe(0);
  });

  it("refuses it through tRPC as well (the same service)", async () => {
    const cookie = await t.login();
    await expect(
      callerFor(t, cookie).account.updateProfile(profile("attacker@example.test")),
    ).rejects.toMatchObject({ message: TEXTS.currentPasswordRequired });
    expect((await customerRow()).email).toBe(DEMO_CUSTOMER.email);
  });

  it("saves the other fields at once and leaves the email pending until the link is followed", async () => {
    const cookie = await t.login();
    const res = await putProfile(
      cookie,
      profile(NEW_EMAIL, {
        firstName: "Alexa",
        acceptsMarketing: false,
        currentPassword: DEMO_CUSTOMER.password,
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      customer: {
        email: DEMO_CUSTOMER.email,
        pendingEmail: NEW_EMAIL,
        firstName: "Alexa",
        acceptsMarketing: false,
      },
    });
    expect(await customerRow()).toEqual({
      email: DEMO_CUSTOMER.email,
      firstName: "Alexa",
      acceptsMarketing: false,
    });
    const me = json<{ customer: { email: string; pendingEmail: string } }>(
      await t.api("GET", "/api/account/customer", { cookie }),
    );
    expect(me.customer).toMatchObject({ email: DEMO_CUSTOMER.email, pendingEmail: NEW_EMAIL });

    // The old email is still the sign-in; the new one is not yet, not even for recovery.
    expect((await t.api("POST", "/api/account/login", { body: DEMO_CUSTOMER })).statusCode).toBe(200);
    const early = await t.api("POST", "/api/account/login", {
      body: { email: NEW_EMAIL, password: DEMO_CUSTOMER.password },
    });
    expect(early.statusCode).toBe(401);
    await t.api("POST", "/api/account/recover", { body: { email: NEW_EMAIL } });
    expect(await t.db.emailOutbox.count({ where: { to: NEW_EMAIL, kind: "password-reset" } })).toBe(0);

    // A link to the new address; a notice with a stop link and a reset link to the old one.
    const { url } = await tokenFrom(NEW_EMAIL, "email-change-confirm");
    expect(url.origin).toBe("https://store.vela.test");
    expect(url.pathname).toBe("/account/email-change");
    const notice = await latestMail(t.db, DEMO_CUSTOMER.email, "email-change-requested");
    expect(notice.text).toContain(NEW_EMAIL);
    expect(notice.text).toMatch(/https:\/\/store\.vela\.test\/account\/email-change\/cancel\?token=/);
    expect(notice.text).toContain("https://store.vela.test/account/recover");
    // The token is stored only as its HMAC.
    const stored = await t.db.accountToken.findFirstOrThrow({ where: { kind: "EMAIL_CHANGE" } });
    expect(stored.tokenHash).not.toContain((await tokenFrom(NEW_EMAIL, "email-change-confirm")).token);
    expect(stored.newEmail).toBe(NEW_EMAIL);
    expect(stored.expiresAt.getTime() - stored.issuedAt.getTime()).toBe(DAY_MS);
  });

  it("answers the same whether or not another account has the address", async () => {
    const cookie = await t.login();
    const free = await putProfile(cookie, profile(NEW_EMAIL, { currentPassword: DEMO_CUSTOMER.password }));
    const taken = await putProfile(
      cookie,
      profile(SECOND_CUSTOMER.email, { currentPassword: DEMO_CUSTOMER.password }),
    );
    expect(taken.statusCode).toBe(free.statusCode);
    const body = (res: typeof free) => JSON.stringify(json(res)).replace(NEW_EMAIL, SECOND_CUSTOMER.email);
    expect(JSON.stringify(json(taken))).toBe(body(free));
    // The owner of that address gets the same confirm mail; its link's page tells the truth.
    const { token } = await tokenFrom(SECOND_CUSTOMER.email, "email-change-confirm");
    expectError(await confirm(token), 409, TEXTS.emailTaken);
    expect((await customerRow()).email).toBe(DEMO_CUSTOMER.email);
    expect((await t.api("POST", "/api/account/login", { body: SECOND_CUSTOMER })).statusCode).toBe(200);
  });

  it("a new request voids the one before", async () => {
    const cookie = await t.login();
    const first = await requestChange(cookie, "first@example.test");
    const second = await requestChange(cookie, "second-choice@example.test");
    expectError(await confirm(first), 400, TEXTS.linkReplaced);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await customerRow()).email).toBe("second-choice@example.test");
  });

  it("echoes no typed line breaks into the mail text, and greets no one at the new address", async () => {
    const cookie = await t.login();
    const firstName = "Eve\r\nReply-To: evil@example.test\nVisit";
    // The profile refuses such a name now; one stored before that rule must still not forge a line.
    expect((await putProfile(cookie, profile(DEMO_CUSTOMER.email, { firstName }))).statusCode).toBe(400);
    await putProfile(cookie, profile(NEW_EMAIL, { currentPassword: DEMO_CUSTOMER.password }));
    await t.db.customer.update({ where: { id: DEMO_ID }, data: { firstName } });
    await confirm((await tokenFrom(NEW_EMAIL, "email-change-confirm")).token);
    for (const kind of ["email-change-requested", "email-changed"]) {
      const notice = await latestMail(t.db, DEMO_CUSTOMER.email, kind);
      expect(notice.text).not.toMatch(/^\s*Reply-To:/m);
    }
    const changed = await latestMail(t.db, DEMO_CUSTOMER.email, "email-changed");
    expect(changed.text).toContain("Hi Eve Reply-To: evil@example.test Visit,");
    const toNew = await latestMail(t.db, NEW_EMAIL, "email-change-confirm");
    expect(toNew.text).not.toContain("Eve");
    expect(toNew.html).not.toContain("Eve");
  });
});

describe("the confirm link", () => {
  it("moves the sign-in email once; the old one stops working and hears of it", async () => {
    const cookie = await t.login();
    const token = await requestChange(cookie);
    expect((await customerRow()).email).toBe(DEMO_CUSTOMER.email);
    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ok: true, email: NEW_EMAIL, signedIn: false });
    expect((await customerRow()).email).toBe(NEW_EMAIL);

    expect((await t.api("POST", "/api/account/login", { body: DEMO_CUSTOMER })).statusCode).toBe(401);
    const login = await t.api("POST", "/api/account/login", {
      body: { email: NEW_EMAIL, password: DEMO_CUSTOMER.password },
    });
    expect(login.statusCode).toBe(200);
    expect(json<{ customer: { pendingEmail: unknown } }>(login).customer.pendingEmail).toBeNull();

    const notice = await latestMail(t.db, DEMO_CUSTOMER.email, "email-changed");
    expect(notice.text).toContain(NEW_EMAIL);
    expect(notice.text).toContain("https://store.vela.test/account/recover");

    expectError(await confirm(token), 400, TEXTS.linkUsed);
  });

  it("works through tRPC with the same answers", async () => {
    const cookie = await t.login();
    const token = await requestChange(cookie);
    await expect(callerFor(t).account.confirmEmailChange({ token: "x".repeat(43) })).rejects.toMatchObject({
      message: TEXTS.linkInvalid,
    });
    expect(await callerFor(t).account.confirmEmailChange({ token })).toEqual({
      ok: true,
      email: NEW_EMAIL,
      signedIn: false,
    });
  });

  it("expires 24 hours after it was issued, on the server's clock", async () => {
    const cookie = await t.login();
    const token = await requestChange(cookie);
    t.clock.advance(DAY_MS);
    expectError(await confirm(token), 400, TEXTS.linkExpired);
    expect((await customerRow()).email).toBe(DEMO_CUSTOMER.email);
    const me = await t.api("GET", "/api/account/customer", { cookie });
    expect(json<{ customer: { pendingEmail: unknown } }>(me).customer.pendingEmail).toBeNull();

    const again = await requestChange(cookie);
    t.clock.advance(DAY_MS - 1000);
    expect((await confirm(again)).statusCode).toBe(200);
  });

  it("answers unknown tokens, the stop link's token and bad input with clear texts", async () => {
    const cookie = await t.login();
    await requestChange(cookie);
    const { token: cancelToken } = await tokenFrom(DEMO_CUSTOMER.email, "email-change-requested");
    expectError(await confirm("y".repeat(43)), 400, TEXTS.linkInvalid);
    expectError(await confirm(cancelToken), 400, TEXTS.linkInvalid);
    expect((await t.api("POST", "/api/account/email-change/confirm", { body: {} })).statusCode).toBe(400);
    expect((await customerRow()).email).toBe(DEMO_CUSTOMER.email);
  });

  it("ends every other session, keeping the one that followed the link", async () => {
    const here = await t.login();
    const elsewhere = await t.login();
    const token = await requestChange(here);
    const res = await confirm(token, here);
    expect(json(res)).toMatchObject({ signedIn: true });
    expect((await t.api("GET", "/api/account/customer", { cookie: here })).statusCode).toBe(200);
    expect((await t.api("GET", "/api/account/customer", { cookie: elsewhere })).statusCode).toBe(401);
  });

  it("ends every session when followed signed out, or signed in as someone else", async () => {
    const a = await t.login();
    const b = await t.login();
    const other = await t.login(SECOND_CUSTOMER.email, SECOND_CUSTOMER.password);
    const token = await requestChange(a);
    expect(json(await confirm(token, other))).toMatchObject({ signedIn: false });
    expect(await t.db.session.count({ where: { customerId: DEMO_ID } })).toBe(0);
    for (const cookie of [a, b])
      expect((await t.api("GET", "/api/account/customer", { cookie })).statusCode).toBe(401);
    expect((await t.api("GET", "/api/account/customer", { cookie: other })).statusCode).toBe(200);
  });

  it("voids the reset links sent to the old address", async () => {
    const cookie = await t.login();
    const reset = await recoverLink(t, DEMO_CUSTOMER.email);
    await confirm(await requestChange(cookie));
    expect((await resetWith(t, reset, "taken-over-1")).statusCode).toBe(400);
  });

  it("says so, and changes nothing, when the address was taken meanwhile", async () => {
    const cookie = await t.login();
    const token = await requestChange(cookie);
    const reg = await t.api("POST", "/api/account/register", {
      body: { firstName: "Sam", lastName: "Other", email: NEW_EMAIL, password: "someone-else-1" },
    });
    expect(reg.statusCode).toBe(200);
    expectError(await confirm(token), 409, TEXTS.emailTaken);
    expect((await customerRow()).email).toBe(DEMO_CUSTOMER.email);
    expect((await t.api("GET", "/api/account/customer", { cookie })).statusCode).toBe(200);
    expect(await t.db.emailOutbox.count({ where: { kind: "email-changed" } })).toBe(0);
  });
});

it("logs neither the tokens nor the current password", async () => {
  const cookie = await t.login();
  const token = await requestChange(cookie);
  const { token: stop } = await tokenFrom(DEMO_CUSTOMER.email, "email-change-requested");
  await callerFor(t)
    .account.cancelEmailChange({ token: stop })
    .catch(() => undefined);
  await confirm(token);
  await t.api("POST", `/trpc/account.confirmEmailChange?token=${token}`, { body: { token } });
  const logs = t.logs.join("\n");
  expect(logs).toContain("/api/account/email-change/confirm");
  for (const secret of [token, stop, DEMO_CUSTOMER.password]) expect(logs).not.toContain(secret);
});

describe("the stop link to the old address", () => {
  it("voids the pending change and signs every device out", async () => {
    const cookie = await t.login();
    const token = await requestChange(cookie);
    const { url, token: stop } = await tokenFrom(DEMO_CUSTOMER.email, "email-change-requested");
    expect(url.pathname).toBe("/account/email-change/cancel");
    const res = await cancel(stop);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ ok: true });
    expect((await t.api("GET", "/api/account/customer", { cookie })).statusCode).toBe(401);
    expectError(await confirm(token), 400, TEXTS.linkReplaced);
    expect((await customerRow()).email).toBe(DEMO_CUSTOMER.email);
    expectError(await cancel(stop), 400, TEXTS.cancelTooLate);
    expectError(await cancel("z".repeat(43)), 400, TEXTS.cancelInvalid);
  });

  it("is too late once the change is confirmed", async () => {
    const cookie = await t.login();
    const token = await requestChange(cookie);
    const { token: stop } = await tokenFrom(DEMO_CUSTOMER.email, "email-change-requested");
    await confirm(token);
    expectError(await cancel(stop), 400, TEXTS.cancelTooLate);
    expect((await customerRow()).email).toBe(NEW_EMAIL);
  });
});
