// Rate limits on login, register, recover, reset, activate and current-password checks: per
// IP and per account, 429 with Retry-After and {message, error}, windows that end on the
// (manual) clock.
import { FALLBACKS, MESSAGES } from "@vela/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimits } from "../src/auth/rate-limit.ts";
import { cookieFrom, createTestApp, DEMO_CUSTOMER, json, SECOND_CUSTOMER, type TestApp } from "./helpers.ts";
import {
  activateWith,
  deviceCookieFrom,
  GENEROUS_LIMITS,
  linkFromOutbox,
  recoverLink,
  resetWith,
} from "./support-security.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWith(limits: Partial<RateLimits>): Promise<TestApp> {
  t = await createTestApp({ rateLimits: { ...GENEROUS_LIMITS, ...limits } });
  return t;
}

const small = (limit: number, windowSeconds = 60) => ({ limit, windowSeconds });

function expectLimited(res: LightMyRequestResponse, maxRetryAfter: number): void {
  expect(res.statusCode).toBe(429);
  expect(json(res)).toEqual({ message: MESSAGES.tooManyRequests, error: MESSAGES.tooManyRequests });
  const retryAfter = Number(res.headers["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxRetryAfter);
}

const login = (app: TestApp, email: string, password: string, ip: string, cookie?: string) =>
  app.api("POST", "/api/account/login", { body: { email, password }, ip, ...(cookie ? { cookie } : {}) });

describe("default limits", () => {
  it("cover login, register, recover, reset and activate, per IP and per account", () => {
    for (const key of [
      "loginIp",
      "loginAccount",
      "loginDevice",
      "registerIp",
      "recoverIp",
      "recoverAccount",
      "recoverDevice",
      "resetIp",
      "resetAccount",
      "activateIp",
      "activateAccount",
    ] as const) {
      expect(RATE_LIMITS[key].limit).toBeGreaterThan(0);
      expect(RATE_LIMITS[key].windowSeconds).toBeGreaterThan(0);
    }
    // An attacker with many IPs still gets few guesses at one account.
    expect(RATE_LIMITS.loginAccount.limit).toBeLessThanOrEqual(RATE_LIMITS.loginIp.limit);
  });

  it("keeps every documented limit (docs/sessions-and-tokens.md, Rate limits)", () => {
    expect(RATE_LIMITS).toEqual({
      loginIp: { limit: 30, windowSeconds: 300 },
      loginAccount: { limit: 10, windowSeconds: 900 },
      loginDevice: { limit: 10, windowSeconds: 900 },
      registerIp: { limit: 10, windowSeconds: 3600 },
      recoverIp: { limit: 10, windowSeconds: 900 },
      recoverAccount: { limit: 5, windowSeconds: 3600 },
      recoverDevice: { limit: 5, windowSeconds: 3600 },
      resetIp: { limit: 20, windowSeconds: 900 },
      resetAccount: { limit: 10, windowSeconds: 900 },
      activateIp: { limit: 20, windowSeconds: 900 },
      activateAccount: { limit: 10, windowSeconds: 900 },
      currentPasswordAccount: { limit: 10, windowSeconds: 900 },
      emailChangeIp: { limit: 20, windowSeconds: 900 },
      staffLoginIp: { limit: 30, windowSeconds: 300 },
      staffLoginAccount: { limit: 10, windowSeconds: 900 },
      staffLoginDevice: { limit: 10, windowSeconds: 900 },
      staffSecondFactor: { limit: 5, windowSeconds: 900 },
      staffSetupIp: { limit: 20, windowSeconds: 900 },
      contactIp: { limit: 5, windowSeconds: 3600 },
      newsletterIp: { limit: 10, windowSeconds: 3600 },
      newsletterEmail: { limit: 3, windowSeconds: 3600 },
      checkoutIp: { limit: 20, windowSeconds: 3600 },
      checkoutEmail: { limit: 10, windowSeconds: 3600 },
      checkoutCart: { limit: 8, windowSeconds: 3600 },
      cartCreateIp: { limit: 60, windowSeconds: 3600 },
      orderLookupIp: { limit: 10, windowSeconds: 900 },
      orderLookupEmail: { limit: 5, windowSeconds: 3600 },
      orderAccessIp: { limit: 20, windowSeconds: 900 },
    });
  });
});

describe("login", () => {
  it("per IP: the attempt over the limit gets 429 with Retry-After; other IPs are unaffected", async () => {
    const app = await appWith({ loginIp: small(3) });
    for (let i = 0; i < 3; i++) {
      // Different accounts, so only the IP counter can be what stops the fourth.
      expect((await login(app, `nobody${i}@vela.test`, "wrong-pass", "10.0.0.1")).statusCode).toBe(401);
    }
    expectLimited(await login(app, "nobody9@vela.test", "wrong-pass", "10.0.0.1"), 60);
    // Even the right password is refused from that IP while the window lasts.
    expectLimited(await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "10.0.0.1"), 60);
    expect((await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "10.0.0.2")).statusCode).toBe(200);
  });

  it("per IP: the window ends when the clock passes it", async () => {
    const app = await appWith({ loginIp: small(2, 60) });
    await login(app, "a@vela.test", "wrong-pass", "10.0.0.3");
    await login(app, "b@vela.test", "wrong-pass", "10.0.0.3");
    app.clock.advance(20_000);
    const limited = await login(app, "c@vela.test", "wrong-pass", "10.0.0.3");
    expectLimited(limited, 60);
    expect(limited.headers["retry-after"]).toBe("40");
    app.clock.advance(39_000);
    expectLimited(await login(app, "c@vela.test", "wrong-pass", "10.0.0.3"), 1);
    app.clock.advance(1_000);
    expect((await login(app, "c@vela.test", "wrong-pass", "10.0.0.3")).statusCode).toBe(401);
  });

  it("per account: wrong passwords from ever-new IPs still end in 429", async () => {
    const app = await appWith({ loginAccount: small(3, 900) });
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      statuses.push((await login(app, DEMO_CUSTOMER.email, `guess-${i}`, `192.0.2.${i}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    // The limit is on the account, not the IP: a fresh IP with the right password waits too.
    const locked = await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.99");
    expectLimited(locked, 900);
    // Another account from the same IPs is unaffected.
    expect((await login(app, SECOND_CUSTOMER.email, SECOND_CUSTOMER.password, "192.0.2.1")).statusCode).toBe(
      200,
    );
    app.clock.advance(900_000);
    expect((await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.99")).statusCode).toBe(
      200,
    );
  });

  it("per account: ten failures from ten IPs do not lock out the owner's browser, only others", async () => {
    const app = await appWith({
      loginAccount: RATE_LIMITS.loginAccount,
      loginDevice: RATE_LIMITS.loginDevice,
    });
    // The owner signed in on this browser before, and it keeps the device cookie.
    const first = await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.200");
    const device = deviceCookieFrom(first);
    await app.api("POST", "/api/account/logout", { cookie: cookieFrom(first) });

    for (let i = 1; i <= RATE_LIMITS.loginAccount.limit; i++) {
      expect((await login(app, DEMO_CUSTOMER.email, `guess-${i}`, `198.18.1.${i}`)).statusCode).toBe(401);
    }
    expectLimited(await login(app, DEMO_CUSTOMER.email, "guess-x", "198.18.1.99"), 900);

    const owner = await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.200", device);
    expect(owner.statusCode).toBe(200);
    // The same cookie again, good for another year.
    expect(deviceCookieFrom(owner)).toBe(device);
    // Without it, even with the right password, the account is still limited.
    expectLimited(await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.201"), 900);
    // ... and so it is with a cookie that is not ours, or that names another account.
    const [name, value = ""] = device.split("=");
    const [id, nonce] = value.split(".");
    const forged = `${name}=${id}.${nonce}.${"A".repeat(43)}`;
    expectLimited(await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.202", forged), 900);
    const other = deviceCookieFrom(
      await login(app, SECOND_CUSTOMER.email, SECOND_CUSTOMER.password, "192.0.2.203"),
    );
    expectLimited(await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.203", other), 900);
  });

  it("per device: a known browser has a failure limit of its own", async () => {
    const app = await appWith({ loginAccount: small(10, 900), loginDevice: small(3, 900) });
    const device = deviceCookieFrom(
      await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.210"),
    );
    for (let i = 1; i <= 3; i++) {
      expect((await login(app, DEMO_CUSTOMER.email, `typo-${i}`, "192.0.2.210", device)).statusCode).toBe(
        401,
      );
    }
    expectLimited(await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.210", device), 900);
    // Its failures are its own: another browser is not held up by them.
    expect((await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.211")).statusCode).toBe(
      200,
    );
    app.clock.advance(900_000);
    expect(
      (await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.210", device)).statusCode,
    ).toBe(200);
  });

  it("per account: the email is counted whatever its case", async () => {
    const app = await appWith({ loginAccount: small(2, 900) });
    await login(app, "Demo@Vela.test", "guess-1", "198.51.100.1");
    await login(app, "DEMO@VELA.TEST", "guess-2", "198.51.100.2");
    expectLimited(await login(app, DEMO_CUSTOMER.email, "guess-3", "198.51.100.3"), 900);
  });

  it("answers 429 with Retry-After through tRPC as well", async () => {
    const app = await appWith({ loginIp: small(1) });
    const call = () =>
      app.api("POST", "/trpc/account.login", {
        body: { email: "nobody@vela.test", password: "wrong-pass" },
        ip: "10.0.0.7",
      });
    expect((await call()).statusCode).toBe(401);
    const res = await call();
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(json<{ error: { message: string } }>(res).error.message).toBe(MESSAGES.tooManyRequests);
  });
});

describe("register", () => {
  it("per IP, with a window that ends", async () => {
    const app = await appWith({ registerIp: small(2, 60) });
    const register = (n: number, ip: string) =>
      app.api("POST", "/api/account/register", {
        body: { firstName: "R", lastName: "L", email: `reg${n}@example.com`, password: "register-pass" },
        ip,
      });
    expect((await register(1, "10.1.0.1")).statusCode).toBe(200);
    expect((await register(2, "10.1.0.1")).statusCode).toBe(200);
    expectLimited(await register(3, "10.1.0.1"), 60);
    expect(await app.db.customer.count({ where: { email: "reg3@example.com" } })).toBe(0);
    expect((await register(4, "10.1.0.2")).statusCode).toBe(200);
    app.clock.advance(60_000);
    expect((await register(5, "10.1.0.1")).statusCode).toBe(200);
  });
});

describe("recover", () => {
  it("per IP, whatever the email", async () => {
    const app = await appWith({ recoverIp: small(2, 60) });
    const recover = (email: string, ip: string) =>
      app.api("POST", "/api/account/recover", { body: { email }, ip });
    expect((await recover("one@vela.test", "10.2.0.1")).statusCode).toBe(200);
    expect((await recover("two@vela.test", "10.2.0.1")).statusCode).toBe(200);
    expectLimited(await recover(DEMO_CUSTOMER.email, "10.2.0.1"), 60);
    expect(
      await app.db.emailOutbox.count({ where: { to: DEMO_CUSTOMER.email, kind: "password-reset" } }),
    ).toBe(0);
    expect((await recover(DEMO_CUSTOMER.email, "10.2.0.2")).statusCode).toBe(200);
    app.clock.advance(60_000);
    expect((await recover("three@vela.test", "10.2.0.1")).statusCode).toBe(200);
  });

  it("per account, across IPs, and the same for known and unknown emails", async () => {
    const app = await appWith({ recoverAccount: small(2, 3600) });
    for (const email of [DEMO_CUSTOMER.email, "ghost@vela.test"]) {
      const recover = (ip: string) => app.api("POST", "/api/account/recover", { body: { email }, ip });
      expect((await recover("10.3.0.1")).statusCode).toBe(200);
      expect((await recover("10.3.0.2")).statusCode).toBe(200);
      expectLimited(await recover("10.3.0.3"), 3600);
    }
  });

  it("per account: five requests from elsewhere do not lock out the owner's browser, only others", async () => {
    const app = await appWith({ recoverAccount: small(5, 3600), recoverDevice: small(5, 3600) });
    // The owner signed in on this browser before, and it keeps the device cookie.
    const device = deviceCookieFrom(
      await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.220"),
    );
    const recover = (ip: string, cookie?: string) =>
      app.api("POST", "/api/account/recover", {
        body: { email: DEMO_CUSTOMER.email },
        ip,
        ...(cookie ? { cookie } : {}),
      });
    for (let i = 0; i < 5; i++) expect((await recover(`10.4.0.${i + 1}`)).statusCode).toBe(200);
    expectLimited(await recover("10.4.0.9"), 3600);

    // Past the reset-mail interval, the owner's own browser asks, and the mail goes out.
    app.clock.advance(301_000);
    const mails = () =>
      app.db.emailOutbox.count({ where: { to: DEMO_CUSTOMER.email, kind: "password-reset" } });
    const before = await mails();
    expect((await recover("192.0.2.220", device)).statusCode).toBe(200);
    expect(await mails()).toBe(before + 1);

    // A device cookie for another account is no key to this one's counter.
    const stranger = deviceCookieFrom(
      await login(app, SECOND_CUSTOMER.email, SECOND_CUSTOMER.password, "10.4.0.20"),
    );
    expectLimited(await recover("10.4.0.20", stranger), 3600);
    // A forged cookie naming the owner's account is not either.
    const [name, value = ""] = device.split("=");
    const [id, nonce] = value.split(".");
    expectLimited(await recover("10.4.0.21", `${name}=${id}.${nonce}.${"A".repeat(43)}`), 3600);
  });

  it("per device: the owner's browser has a request limit of its own", async () => {
    const app = await appWith({ recoverAccount: small(5, 3600), recoverDevice: small(2, 3600) });
    const device = deviceCookieFrom(
      await login(app, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "192.0.2.230"),
    );
    const recover = (cookie?: string) =>
      app.api("POST", "/api/account/recover", {
        body: { email: DEMO_CUSTOMER.email },
        ip: "192.0.2.230",
        ...(cookie ? { cookie } : {}),
      });
    expect((await recover(device)).statusCode).toBe(200);
    expect((await recover(device)).statusCode).toBe(200);
    expectLimited(await recover(device), 3600);
    // Other browsers still count on the email's own counter, which the owner's requests left alone.
    expect((await recover()).statusCode).toBe(200);
  });
});

describe("reset", () => {
  const bogus = (app: TestApp, customerId: string, ip: string) =>
    app.api("POST", "/api/account/reset", {
      body: { customerId, resetToken: "B".repeat(43), syclid: null, password: "bogus-pass-1" },
      ip,
    });

  it("per IP, even across customers, with a window that ends", async () => {
    const app = await appWith({ resetIp: small(2, 60) });
    expect((await bogus(app, "1", "10.4.0.1")).statusCode).toBe(400);
    expect((await bogus(app, "2", "10.4.0.1")).statusCode).toBe(400);
    expectLimited(await bogus(app, "3", "10.4.0.1"), 60);
    // A real link is refused too while the IP is limited.
    const link = await recoverLink(app, DEMO_CUSTOMER.email);
    expectLimited(await resetWith(app, link, "fresh-pass-1", "10.4.0.1"), 60);
    app.clock.advance(60_000);
    expect((await resetWith(app, link, "fresh-pass-1", "10.4.0.1")).statusCode).toBe(200);
  });

  it("per account, across IPs: guessing one customer's token stops", async () => {
    const app = await appWith({ resetAccount: small(2, 900) });
    expect((await bogus(app, "1", "10.5.0.1")).statusCode).toBe(400);
    expect((await bogus(app, "1", "10.5.0.2")).statusCode).toBe(400);
    expectLimited(await bogus(app, "1", "10.5.0.3"), 900);
    expect(json(await bogus(app, "2", "10.5.0.4")).message).toBe(FALLBACKS.reset[1]);
  });

  it("per account: bogus tokens for a customer never stop that customer's real link", async () => {
    const app = await appWith({ resetAccount: RATE_LIMITS.resetAccount });
    const link = await recoverLink(app, DEMO_CUSTOMER.email);
    const limit = RATE_LIMITS.resetAccount.limit;
    for (let i = 1; i <= limit; i++) {
      expect((await bogus(app, link.customerId, `10.8.0.${i}`)).statusCode).toBe(400);
    }
    // Guessing is still cut off ...
    expectLimited(await bogus(app, link.customerId, "10.8.0.99"), RATE_LIMITS.resetAccount.windowSeconds);
    // ... but a token that checks out is never refused by the customer's counter.
    expect((await resetWith(app, link, "fresh-pass-2", "10.8.0.100")).statusCode).toBe(200);
    await app.login(DEMO_CUSTOMER.email, "fresh-pass-2");
  });
});

describe("activate", () => {
  const bogus = (app: TestApp, customerId: string, ip: string) =>
    app.api("POST", "/api/account/activate", {
      body: { customerId, activationToken: "C".repeat(43), syclid: null, password: "bogus-pass-1" },
      ip,
    });

  it("per IP, with a window that ends", async () => {
    const app = await appWith({ activateIp: small(2, 60) });
    expect((await bogus(app, "3", "10.6.0.1")).statusCode).toBe(400);
    expect((await bogus(app, "3", "10.6.0.1")).statusCode).toBe(400);
    expectLimited(await bogus(app, "3", "10.6.0.1"), 60);
    const link = await linkFromOutbox(app.db, "invited@vela.test", "account-activation");
    const activate = () =>
      app.api("POST", "/api/account/activate", {
        body: {
          customerId: link.customerId,
          activationToken: link.token,
          syclid: null,
          password: "invited-pass",
        },
        ip: "10.6.0.1",
      });
    expectLimited(await activate(), 60);
    app.clock.advance(60_000);
    expect((await activate()).statusCode).toBe(200);
  });

  it("per account, across IPs", async () => {
    const app = await appWith({ activateAccount: small(2, 900) });
    expect((await bogus(app, "3", "10.7.0.1")).statusCode).toBe(400);
    expect((await bogus(app, "3", "10.7.0.2")).statusCode).toBe(400);
    expectLimited(await bogus(app, "3", "10.7.0.3"), 900);
    expect(json(await bogus(app, "1", "10.7.0.4")).message).toBe(FALLBACKS.activate[1]);
  });

  it("per account: bogus tokens for an invited customer never stop the real activation link", async () => {
    const app = await appWith({ activateAccount: RATE_LIMITS.activateAccount });
    const link = await linkFromOutbox(app.db, "invited@vela.test", "account-activation");
    const limit = RATE_LIMITS.activateAccount.limit;
    for (let i = 1; i <= limit; i++) {
      expect((await bogus(app, link.customerId, `10.9.0.${i}`)).statusCode).toBe(400);
    }
    expectLimited(await bogus(app, link.customerId, "10.9.0.99"), RATE_LIMITS.activateAccount.windowSeconds);
    expect((await activateWith(app, link, "invited-pass", "10.9.0.100")).statusCode).toBe(200);
  });
});

describe("current password (password change and email change)", () => {
  const changePassword = (app: TestApp, cookie: string, currentPassword: string) =>
    app.api("POST", "/api/account/password", {
      cookie,
      body: { currentPassword, newPassword: "a-new-password-1" },
    });
  const changeEmail = (app: TestApp, cookie: string, currentPassword: string) =>
    app.api("PUT", "/api/account/profile", {
      cookie,
      body: {
        firstName: "Alex",
        lastName: "Rivera",
        email: "alex.elsewhere@example.test",
        phone: null,
        acceptsMarketing: true,
        currentPassword,
      },
    });

  it("has a default per-account limit", () => {
    expect(RATE_LIMITS.currentPasswordAccount.limit).toBeGreaterThan(0);
    expect(RATE_LIMITS.currentPasswordAccount.limit).toBeLessThanOrEqual(RATE_LIMITS.loginAccount.limit);
  });

  it("per account, across both calls: 429 with Retry-After, then even the right password waits for the window", async () => {
    const app = await appWith({ currentPasswordAccount: small(4, 900) });
    const cookie = await app.login();
    for (let i = 0; i < 2; i++) {
      expect((await changePassword(app, cookie, `wrong-${i}-password`)).statusCode).toBe(400);
      expect((await changeEmail(app, cookie, `wrong-${i}-email`)).statusCode).toBe(400);
    }
    expectLimited(await changePassword(app, cookie, "wrong-again"), 900);
    expectLimited(await changeEmail(app, cookie, "wrong-again"), 900);
    // The right password, from a fresh session, is still refused and changes nothing.
    const fresh = await app.login();
    expectLimited(await changePassword(app, fresh, DEMO_CUSTOMER.password), 900);
    expectLimited(await changeEmail(app, fresh, DEMO_CUSTOMER.password), 900);
    expect(await app.db.accountToken.count({ where: { kind: "EMAIL_CHANGE" } })).toBe(0);
    expect((await app.login()).length).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await app.login(SECOND_CUSTOMER.email, SECOND_CUSTOMER.password);
    expect((await changePassword(app, other, "wrong-password")).statusCode).toBe(400);

    app.clock.advance(900_000);
    expect((await changeEmail(app, cookie, DEMO_CUSTOMER.password)).statusCode).toBe(200);
    expect((await changePassword(app, cookie, DEMO_CUSTOMER.password)).statusCode).toBe(200);
  });

  it("a right answer clears the count", async () => {
    const app = await appWith({ currentPasswordAccount: small(2, 900) });
    const cookie = await app.login();
    expect((await changeEmail(app, cookie, "wrong-1")).statusCode).toBe(400);
    expect((await changeEmail(app, cookie, DEMO_CUSTOMER.password)).statusCode).toBe(200);
    expect((await changeEmail(app, cookie, "wrong-2")).statusCode).toBe(400);
    expect((await changeEmail(app, cookie, "wrong-3")).statusCode).toBe(400);
    expectLimited(await changeEmail(app, cookie, "wrong-4"), 900);
  });

  it("25 wrong current passwords at the default limit end in 429", async () => {
    const app = await appWith({ currentPasswordAccount: RATE_LIMITS.currentPasswordAccount });
    const cookie = await app.login();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++)
      statuses.push((await changePassword(app, cookie, `wrong-${i}-password`)).statusCode);
    expect(statuses.slice(0, RATE_LIMITS.currentPasswordAccount.limit).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
