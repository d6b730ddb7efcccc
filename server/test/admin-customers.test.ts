// The admin's customers area through its endpoint, as the admin client calls it: search, a
// customer's page, and the three actions (reset link, disable, enable), each with its audit row;
// and the shop refusing a disabled customer everywhere it signs in or proves an address, with
// answers that tell nothing about the account.
import type { AddressInfo } from "node:net";
import { FALLBACKS, MESSAGES, toMoney } from "@vela/shared";
import { CUSTOMER_ADMIN_MESSAGES, CUSTOMER_ORDERS_SHOWN } from "@vela/shared/admin";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminCustomersEnUS } from "../../packages/i18n/src/messages/admin/customers/en-US.ts";
import { adminCustomersJaJP } from "../../packages/i18n/src/messages/admin/customers/ja-JP.ts";
import { RECOVER_ANSWER } from "../src/modules/account/service.ts";
import type { CustomerAdminDetail, CustomerListItem } from "../src/modules/customers/service.ts";
import { createAddress, createCustomer } from "../src/seed/factories.ts";
import { createTestApp, DEMO_CUSTOMER, SECOND_CUSTOMER, type TestApp } from "./helpers.ts";
import { activateWith, linkFromOutbox, recoverLink, resetWith } from "./support-security.ts";
import { admin, createStaff, signInStaff, type TestStaff } from "./support-staff.ts";

let t: TestApp;
let manager: TestStaff;
let managerCookie: string;
let support: TestStaff;
let supportCookie: string;
let serial = 0;
/** A client address of its own per call, so the per-IP limits never decide a test. */
const nextIp = () => `10.20.${Math.floor(serial / 250)}.${(serial++ % 250) + 1}`;

/** The customers' own limits as they are (a test counts to the lock-out); the staff's out of the way. */
const STAFF_LIMITS = {
  staffLoginIp: { limit: 10_000, windowSeconds: 60 },
  staffLoginAccount: { limit: 10_000, windowSeconds: 60 },
  staffLoginDevice: { limit: 10_000, windowSeconds: 60 },
};

beforeAll(async () => {
  t = await createTestApp({ rateLimits: STAFF_LIMITS });
  manager = await createStaff(t, "manager@vela.test", "manager");
  support = await createStaff(t, "support@vela.test", "support");
});
afterAll(() => t.close());
// Tests move the clock by days; a staff session lasts 30 idle minutes.
beforeEach(async () => {
  managerCookie = await signInStaff(t, manager, { ip: "10.1.0.1" });
  supportCookie = await signInStaff(t, support, { ip: "10.1.0.2" });
});

/** A call as the manager (from 10.1.0.1), or as support when given support's cookie. */
const call = <T>(kind: "query" | "mutation", path: string, input: unknown, as?: string) =>
  admin<T>(t, kind, path, input, { cookie: as ?? managerCookie, ip: as ? "10.1.0.2" : "10.1.0.1" });

type Page = { customers: CustomerListItem[]; nextCursor: number | null };
const search = (input: unknown) => call<Page>("query", "customers.search", input);
const detail = async (customerId: number) => {
  const res = await call<CustomerAdminDetail>("query", "customers.get", { customerId });
  expect(res.status, res.res.body).toBe(200);
  return res.data;
};

const idOf = async (email: string) => (await t.db.customer.findUniqueOrThrow({ where: { email } })).id;
const freshEmail = (tag: string) => `${tag}-${serial++}@example.com`;

/** A customer with a password, made through the seed's factory. */
async function customer(tag: string, spec: { firstName?: string; lastName?: string } = {}) {
  const email = freshEmail(tag);
  const row = await createCustomer(t.db, { email, password: "a-good-password", ...spec });
  return { id: row.id, email, password: "a-good-password" };
}

const shopLogin = (email: string, password: string) =>
  t.api("POST", "/api/account/login", { body: { email, password }, ip: nextIp() });

const lastAudit = (kind: string, entityId: number) =>
  t.db.auditEvent.findFirst({ where: { kind, entityId: String(entityId) }, orderBy: { id: "desc" } });

describe("customers.search", () => {
  it("lists every customer newest first, in cursor pages that neither repeat nor skip", async () => {
    const total = await t.db.customer.count();
    const seen: number[] = [];
    let cursor: number | null = null;
    for (let i = 0; i < 100; i++) {
      const res = await search({ limit: 2, ...(cursor ? { cursor } : {}) });
      expect(res.status, res.res.body).toBe(200);
      expect(res.data.customers.length).toBeLessThanOrEqual(2);
      seen.push(...res.data.customers.map((c) => c.id));
      cursor = res.data.nextCursor;
      if (cursor === null) break;
    }
    expect(seen).toHaveLength(total);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(total);
  });

  it("finds by part of the email or of a name, in any case, every word having to match", async () => {
    const ada = await customer("ada.lovelace", { firstName: "Ada", lastName: "Lovelace" });
    const other = await customer("ada.other", { firstName: "Ada", lastName: "Byron" });
    const taro = await customer("taro", { firstName: "太郎", lastName: "山田" });
    const ids = async (q: string) => (await search({ q })).data.customers.map((c) => c.id);

    expect(await ids("LOVELACE")).toEqual([ada.id]);
    expect(await ids("ada")).toEqual([other.id, ada.id]);
    expect(await ids("ada   byron")).toEqual([other.id]);
    expect(await ids(ada.email.toUpperCase())).toEqual([ada.id]);
    expect(await ids("山田 太郎")).toEqual([taro.id]);
    expect(await ids("山田太郎")).toEqual([taro.id]);
    expect(await ids("lovelace byron")).toEqual([]);
    const demo = (await search({ q: "demo@" })).data.customers;
    expect(demo.map((c) => c.email)).toEqual([DEMO_CUSTOMER.email]);
    expect(demo[0]).toMatchObject({ disabled: false, emailVerified: true, orders: 26 });
  });

  it("takes %, _ and ! as themselves, not as wildcards", async () => {
    const under = await customer("under_score");
    await customer("underxscore");
    expect((await search({ q: "under_" })).data.customers.map((c) => c.id)).toEqual([under.id]);
    expect((await search({ q: "%" })).data.customers).toEqual([]);
    expect((await search({ q: "!" })).data.customers).toEqual([]);
  });

  it("pages a search too", async () => {
    for (let i = 0; i < 5; i++) await customer("paged-search");
    const first = await search({ q: "paged-search", limit: 3 });
    expect(first.data.customers).toHaveLength(3);
    const second = await search({ q: "paged-search", limit: 3, cursor: first.data.nextCursor });
    expect(second.data.customers).toHaveLength(2);
    expect(second.data.nextCursor).toBeNull();
    const all = [...first.data.customers, ...second.data.customers].map((c) => c.id);
    expect(all).toEqual([...all].sort((a, b) => b - a));
  });

  it("refuses a bad input with a clear answer", async () => {
    const long = await search({ q: "x".repeat(201) });
    expect(long.status).toBe(400);
    expect(long.error?.message).toContain(CUSTOMER_ADMIN_MESSAGES.searchTooLong);
    expect((await search({ limit: 0 })).status).toBe(400);
    expect((await search({ limit: 101 })).status).toBe(400);
    expect((await search({ cursor: -1 })).status).toBe(400);
    expect((await search({ q: "a", extra: 1 })).status).toBe(400);
    expect((await search({ q: "a", direction: "forward" })).status).toBe(400);
  });
});

describe("customers.get", () => {
  it("shows the profile, addresses, latest orders and the sign-in state, never a password or hash", async () => {
    const id = await idOf(DEMO_CUSTOMER.email);
    const res = await call<CustomerAdminDetail>("query", "customers.get", { customerId: id });
    expect(res.status).toBe(200);
    expect(res.res.body).not.toMatch(/argon2|passwordHash|tokenHash/);
    const c = res.data;
    expect(c).toMatchObject({ id, email: DEMO_CUSTOMER.email });
    expect(c.addresses.length).toBeGreaterThan(0);
    expect(c.addresses.filter((a) => a.isDefault)).toHaveLength(1);
    expect(c.orders.total).toBe(26);
    expect(c.orders.latest).toHaveLength(CUSTOMER_ORDERS_SHOWN);
    const dates = c.orders.latest.map((o) => o.processedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const newest = await t.db.order.findFirstOrThrow({
      where: { customerId: id },
      orderBy: [{ processedAt: "desc" }, { id: "desc" }],
    });
    expect(c.orders.latest[0]).toEqual({
      number: newest.orderNumber,
      processedAt: newest.processedAt.toISOString(),
      total: toMoney(newest.totalAmount, newest.currencyCode),
      refunded: toMoney(newest.refundedAmount, newest.currencyCode),
      financialStatus: newest.financialStatus,
      fulfillmentStatus: newest.fulfillmentStatus,
    });
    expect(c.signIn).toMatchObject({ passwordSet: true, disabledAt: null });
    expect(c.signIn.emailVerifiedAt).not.toBeNull();
  });

  it("lists the returns of the customer's orders, newest first, and none of anyone else's", async () => {
    const demo = await idOf(DEMO_CUSTOMER.email);
    const [older, newer] = await t.db.order.findMany({
      where: { customerId: demo },
      orderBy: { id: "asc" },
      take: 2,
    });
    const other = await t.db.order.findFirstOrThrow({
      where: { customerId: await idOf(SECOND_CUSTOMER.email) },
    });
    if (!older || !newer) throw new Error("the demo customer has orders");
    const at = (ms: number) => new Date(t.clock.now().getTime() - ms);
    const make = (orderId: number, status: string, requestedAt: Date, refundedAmount = 0) =>
      t.db.return.create({
        data: { orderId, position: 1, status, reason: "DAMAGED", requestedAt, refundedAmount },
      });
    await make(older.id, "REFUNDED", at(60_000), 1500);
    await make(newer.id, "REQUESTED", at(1000));
    await make(other.id, "REQUESTED", at(500));

    const { returns } = await detail(demo);
    expect(returns.total).toBe(2);
    expect(returns.latest.map((r) => [r.number, r.orderNumber, r.status, r.reason])).toEqual([
      [`R${newer.orderNumber}-1`, newer.orderNumber, "REQUESTED", "DAMAGED"],
      [`R${older.orderNumber}-1`, older.orderNumber, "REFUNDED", "DAMAGED"],
    ]);
    expect(returns.latest[1]?.refunded).toEqual(toMoney(1500, older.currencyCode));
    expect((await detail(await idOf(SECOND_CUSTOMER.email))).returns.total).toBe(1);
  });

  it("counts live sessions, records the last sign-in, and says when failures have locked sign-in", async () => {
    const c = await customer("state");
    await createAddress(t.db, c.id, { city: "Osaka" }, true);
    let state = (await detail(c.id)).signIn;
    expect(state).toMatchObject({ activeSessions: 0, lastSignInAt: null, lockedOutUntil: null });

    t.clock.advance(1000);
    const signedInAt = t.clock.now().toISOString();
    expect((await shopLogin(c.email, c.password)).statusCode).toBe(200);
    expect((await shopLogin(c.email, c.password)).statusCode).toBe(200);
    state = (await detail(c.id)).signIn;
    expect(state.activeSessions).toBe(2);
    expect(state.lastSignInAt).toBe(signedInAt);
    // A session past its idle lifetime is not counted.
    t.clock.advance(t.config.sessionIdleSeconds * 1000 + 1000);
    managerCookie = await signInStaff(t, manager, { ip: "10.1.0.1" });
    expect((await detail(c.id)).signIn.activeSessions).toBe(0);

    for (let i = 0; i < t.deps.limiter.rules.loginAccount.limit; i++) {
      expect((await shopLogin(c.email, "wrong-password")).statusCode).toBe(401);
    }
    state = (await detail(c.id)).signIn;
    expect(state.lockedOutUntil).toBe(
      new Date(
        t.clock.now().getTime() + t.deps.limiter.rules.loginAccount.windowSeconds * 1000,
      ).toISOString(),
    );
    expect((await detail(c.id)).addresses).toMatchObject([{ city: "Osaka", isDefault: true }]);
  });

  it("records the last sign-in at most once an hour, so that signing in again writes nothing", async () => {
    const c = await customer("last-sign-in");
    const first = t.clock.now().toISOString();
    expect((await shopLogin(c.email, c.password)).statusCode).toBe(200);
    const row = await t.db.customer.findUniqueOrThrow({ where: { id: c.id } });
    t.clock.advance(59 * 60_000);
    managerCookie = await signInStaff(t, manager, { ip: "10.1.0.1" });
    expect((await shopLogin(c.email, c.password)).statusCode).toBe(200);
    expect((await t.db.customer.findUniqueOrThrow({ where: { id: c.id } })).updatedAt).toEqual(row.updatedAt);
    expect((await detail(c.id)).signIn.lastSignInAt).toBe(first);
    t.clock.advance(60_000);
    expect((await shopLogin(c.email, c.password)).statusCode).toBe(200);
    managerCookie = await signInStaff(t, manager, { ip: "10.1.0.1" });
    expect((await detail(c.id)).signIn.lastSignInAt).toBe(t.clock.now().toISOString());
  });

  it("shows an invited customer as having no password yet", async () => {
    const id = await idOf("invited@vela.test");
    expect((await detail(id)).signIn).toMatchObject({ passwordSet: false, emailVerifiedAt: null });
  });

  it("answers 404 for an unknown customer and 400 for a malformed id", async () => {
    const missing = await call("query", "customers.get", { customerId: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.error?.message).toBe(CUSTOMER_ADMIN_MESSAGES.customerNotFound);
    expect((await call("query", "customers.get", { customerId: "1" })).status).toBe(400);
    expect((await call("query", "customers.get", { customerId: 0 })).status).toBe(400);
  });
});

describe("customers.disable", () => {
  it("ends every session, voids outstanding links, and writes one audit row in the change", async () => {
    const c = await customer("disable");
    const cookie = await t.login(c.email, c.password);
    expect((await t.api("GET", "/api/account/customer", { cookie })).statusCode).toBe(200);
    const link = await recoverLink(t, c.email, nextIp());

    const res = await call<{ customer: CustomerAdminDetail }>("mutation", "customers.disable", {
      customerId: c.id,
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data.customer.signIn.disabledAt).toBe(t.clock.now().toISOString());
    expect(res.data.customer.signIn.activeSessions).toBe(0);
    expect(await t.db.session.count({ where: { customerId: c.id } })).toBe(0);
    expect((await t.api("GET", "/api/account/customer", { cookie })).statusCode).toBe(401);

    const row = await lastAudit("customer.disabled", c.id);
    expect(row).toMatchObject({
      actorType: "staff",
      actorId: manager.id,
      actorLabel: manager.email,
      ip: "10.1.0.1",
      entityType: "Customer",
    });
    expect(JSON.parse(row?.before ?? "")).toEqual({ disabled: false });
    expect(JSON.parse(row?.after ?? "")).toEqual({ disabled: true, sessionsEnded: 1, linksVoided: 1 });

    // The reset link mailed before is void: the neutral answer of a used link.
    const reset = await resetWith(t, link, "another-password-1", nextIp());
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe(FALLBACKS.reset[1]);

    // A second disabling changes nothing and writes nothing.
    expect((await call("mutation", "customers.disable", { customerId: c.id })).status).toBe(200);
    expect(
      await t.db.auditEvent.count({ where: { kind: "customer.disabled", entityId: String(c.id) } }),
    ).toBe(1);
  });

  it("refuses sign-in with exactly the answer of a wrong password, counted as a failure", async () => {
    const c = await customer("disabled-login");
    await call("mutation", "customers.disable", { customerId: c.id });
    const disabled = await shopLogin(c.email, c.password);
    const wrong = await shopLogin(c.email, "not-the-password");
    expect(disabled.statusCode).toBe(401);
    expect(disabled.body).toBe(wrong.body);
    expect(disabled.json().message).toBe(MESSAGES.invalidCredentials);
    expect(disabled.headers["set-cookie"] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^vela_session=[^;]/)]),
    );
    expect(await t.db.session.count({ where: { customerId: c.id } })).toBe(0);
    // Through tRPC as well.
    const trpc = await t.api("POST", "/trpc/account.login", {
      body: { email: c.email, password: c.password },
      ip: nextIp(),
    });
    expect(trpc.statusCode).toBe(401);
    expect(trpc.json().error.message).toBe(MESSAGES.invalidCredentials);
    const state = (await detail(c.id)).signIn;
    expect(state.lastSignInAt).toBeNull();
  });

  it("sends no reset mail while the forgot-password answer stays the same", async () => {
    const c = await customer("disabled-recover");
    await call("mutation", "customers.disable", { customerId: c.id });
    const res = await t.api("POST", "/api/account/recover", { body: { email: c.email }, ip: nextIp() });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(RECOVER_ANSWER);
    expect(await t.db.emailOutbox.count({ where: { to: c.email, kind: "password-reset" } })).toBe(0);
    expect(await t.db.accountToken.count({ where: { customerId: c.id } })).toBe(0);
  });

  it("keeps an invited customer from activating, and from being invited again", async () => {
    const email = freshEmail("invited-disabled");
    const { inviteCustomer } = await import("../src/modules/account/service.ts");
    await inviteCustomer(t.deps, { email, firstName: "Ivy", lastName: "Lee" });
    const link = await linkFromOutbox(t.db, email, "account-activation");
    const id = await idOf(email);
    await call("mutation", "customers.disable", { customerId: id });
    const res = await activateWith(t, link, "a-good-password", nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FALLBACKS.activate[1]);
    await expect(inviteCustomer(t.deps, { email, firstName: "Ivy", lastName: "Lee" })).rejects.toThrow(
      CUSTOMER_ADMIN_MESSAGES.customerDisabled,
    );
    expect(await t.db.emailOutbox.count({ where: { to: email, kind: "account-activation" } })).toBe(1);
    expect((await t.db.customer.findUniqueOrThrow({ where: { id } })).passwordHash).toBeNull();
  });

  it("gets no mail from a guest order's account offer, with or without a password", async () => {
    const { accountOfferKey, offerAccount } = await import("../src/modules/checkout/account-offer.ts");
    const { inviteCustomer } = await import("../src/modules/account/service.ts");
    const withPassword = await customer("offer-disabled");
    const invited = freshEmail("offer-invited");
    await inviteCustomer(t.deps, { email: invited, firstName: "Ivy", lastName: "Lee" });
    for (const email of [withPassword.email, invited]) {
      await call("mutation", "customers.disable", { customerId: await idOf(email) });
      const before = await t.db.emailOutbox.count({ where: { to: email } });
      const order = await t.db.order.create({
        data: {
          orderNumber: 900_000 + serial++,
          email,
          processedAt: t.clock.now(),
          financialStatus: "PAID",
          currencyCode: "USD",
          subtotalAmount: 1000,
          shippingAmount: 0,
          taxAmount: 0,
          totalAmount: 1000,
          shipName: "Ivy Lee",
          shipAddress1: "1 Market Street",
          shipCity: "Portland",
          shipProvince: "OR",
          shipZip: "97201",
          shipCountry: "United States",
        },
      });
      const key = accountOfferKey(t.config.sessionSecret, order.id);
      await offerAccount(t.deps, { orderId: String(order.id), key });
      await t.deps.background.idle();
      expect(await t.db.emailOutbox.count({ where: { to: email } })).toBe(before);
    }
    // Nothing failed in the background either.
    expect(t.logs.filter((l) => l.includes("account offer mail"))).toEqual([]);
  });

  it("refuses a link issued and followed while disabled (no link spends for a disabled customer)", async () => {
    const c = await customer("late-link");
    const link = await recoverLink(t, c.email, nextIp());
    // Disabled by another instance's write that voided nothing (as if the link was issued at the same moment).
    await t.db.customer.update({ where: { id: c.id }, data: { disabledAt: t.clock.now() } });
    const res = await resetWith(t, link, "another-password-1", nextIp());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(FALLBACKS.reset[1]);
    expect(await t.db.accountToken.count({ where: { customerId: c.id, usedAt: { not: null } } })).toBe(0);
  });

  it("of two staff disabling at once, and a sign-in at the same moment, ends disabled, without sessions, with one row", async () => {
    const c = await customer("race");
    const answers = await Promise.all([
      call("mutation", "customers.disable", { customerId: c.id }),
      shopLogin(c.email, c.password),
      call("mutation", "customers.disable", { customerId: c.id }),
    ]);
    expect(answers[0].status).toBe(200);
    expect(answers[2].status).toBe(200);
    expect(
      await t.db.auditEvent.count({ where: { kind: "customer.disabled", entityId: String(c.id) } }),
    ).toBe(1);
    expect(await t.db.session.count({ where: { customerId: c.id } })).toBe(0);
    expect((await shopLogin(c.email, c.password)).statusCode).toBe(401);
  });

  it("answers 404 for an unknown customer and changes nothing", async () => {
    const before = await t.db.auditEvent.count();
    const res = await call("mutation", "customers.disable", { customerId: 999_999 });
    expect(res.status).toBe(404);
    expect(await t.db.auditEvent.count()).toBe(before);
  });
});

describe("customers.enable", () => {
  it("lets the customer sign in again with the password they had, and writes its audit row", async () => {
    const c = await customer("enable");
    await call("mutation", "customers.disable", { customerId: c.id });
    expect((await shopLogin(c.email, c.password)).statusCode).toBe(401);
    const disabledAt = t.clock.now().toISOString();
    t.clock.advance(60_000);

    const res = await call<{ customer: CustomerAdminDetail }>("mutation", "customers.enable", {
      customerId: c.id,
    });
    expect(res.status).toBe(200);
    expect(res.data.customer.signIn.disabledAt).toBeNull();
    expect((await shopLogin(c.email, c.password)).statusCode).toBe(200);
    const row = await lastAudit("customer.enabled", c.id);
    expect(row).toMatchObject({ actorId: manager.id, ip: "10.1.0.1" });
    expect(JSON.parse(row?.before ?? "")).toEqual({ disabled: true, disabledAt });
    expect(JSON.parse(row?.after ?? "")).toEqual({ disabled: false });
    // Enabling an enabled customer changes nothing and writes nothing.
    expect((await call("mutation", "customers.enable", { customerId: c.id })).status).toBe(200);
    expect(await t.db.auditEvent.count({ where: { kind: "customer.enabled", entityId: String(c.id) } })).toBe(
      1,
    );
    // The forgot-password mail goes out again.
    await recoverLink(t, c.email, nextIp());
  });
});

describe("customers.sendPasswordReset", () => {
  it("mails the customer's own reset link, which works once, and writes a row without the link", async () => {
    const c = await customer("staff-reset");
    const cookie = await t.login(c.email, c.password);
    const res = await call<{ sent: { to: string; locale: string; expiresAt: string } }>(
      "mutation",
      "customers.sendPasswordReset",
      { customerId: c.id },
    );
    expect(res.status, res.res.body).toBe(200);
    expect(res.data.sent).toEqual({
      to: c.email,
      locale: "en-US",
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    });
    // The answer shows no link or token to the member of staff.
    expect(res.res.body).not.toMatch(/token|\/account\/reset/);
    const link = await linkFromOutbox(t.db, c.email, "password-reset");
    const row = await lastAudit("customer.password-reset-sent", c.id);
    expect(row).toMatchObject({ actorId: manager.id, ip: "10.1.0.1", entityType: "Customer" });
    expect(row?.after).not.toContain(link.token);
    expect(JSON.parse(row?.after ?? "")).toEqual({ to: c.email, expiresAt: res.data.sent.expiresAt });

    // Sending does not sign anyone out; following the link does, as the customer's own reset.
    expect((await t.api("GET", "/api/account/customer", { cookie })).statusCode).toBe(200);
    expect((await resetWith(t, link, "chosen-by-customer-1", nextIp())).statusCode).toBe(200);
    expect((await t.api("GET", "/api/account/customer", { cookie })).statusCode).toBe(401);
    expect((await shopLogin(c.email, "chosen-by-customer-1")).statusCode).toBe(200);
  });

  it("refuses within 5 minutes of the last link, over the address's limit, for a disabled or unknown customer", async () => {
    const c = await customer("reset-refusals");
    expect((await call("mutation", "customers.sendPasswordReset", { customerId: c.id })).status).toBe(200);
    const tooSoon = await call("mutation", "customers.sendPasswordReset", { customerId: c.id });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.error?.message).toBe(CUSTOMER_ADMIN_MESSAGES.resetTooSoon);
    for (let i = 0; i < 2; i++) {
      t.clock.advance(301_000);
      expect((await call("mutation", "customers.sendPasswordReset", { customerId: c.id })).status).toBe(200);
    }
    t.clock.advance(301_000);
    const over = await call("mutation", "customers.sendPasswordReset", { customerId: c.id });
    expect(over.status).toBe(429);
    expect(over.error?.message).toBe(CUSTOMER_ADMIN_MESSAGES.resetOverLimit);
    expect(await t.db.emailOutbox.count({ where: { to: c.email, kind: "password-reset" } })).toBe(3);
    expect(
      await t.db.auditEvent.count({
        where: { kind: "customer.password-reset-sent", entityId: String(c.id) },
      }),
    ).toBe(3);

    const d = await customer("reset-disabled");
    await call("mutation", "customers.disable", { customerId: d.id });
    const disabled = await call("mutation", "customers.sendPasswordReset", { customerId: d.id });
    expect(disabled.status).toBe(409);
    expect(disabled.error?.message).toBe(CUSTOMER_ADMIN_MESSAGES.customerDisabled);
    expect(await t.db.emailOutbox.count({ where: { to: d.email } })).toBe(0);
    expect((await call("mutation", "customers.sendPasswordReset", { customerId: 999_999 })).status).toBe(404);
  });

  it("of two staff sending at once, one mail goes out", async () => {
    const c = await customer("reset-race");
    const answers = await Promise.all([
      call("mutation", "customers.sendPasswordReset", { customerId: c.id }),
      call("mutation", "customers.sendPasswordReset", { customerId: c.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await t.db.emailOutbox.count({ where: { to: c.email, kind: "password-reset" } })).toBe(1);
  });
});

describe("support (customers.read without customers.manage)", () => {
  it("reads the list and a customer's page, and is refused every action, changing nothing", async () => {
    const id = await idOf(SECOND_CUSTOMER.email);
    expect((await call("query", "customers.search", { q: "second" }, supportCookie)).status).toBe(200);
    expect((await call("query", "customers.get", { customerId: id }, supportCookie)).status).toBe(200);
    const before = await t.db.customer.findUniqueOrThrow({ where: { id } });
    for (const path of ["customers.sendPasswordReset", "customers.disable", "customers.enable"]) {
      const res = await call("mutation", path, { customerId: id }, supportCookie);
      expect(res.status, path).toBe(403);
    }
    expect(await t.db.customer.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await t.db.emailOutbox.count({ where: { to: SECOND_CUSTOMER.email } })).toBe(0);
  });
});

describe("the reset mail through SMTP", () => {
  const received: { to: string; data: string }[] = [];
  let smtp: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (c: Buffer) => {
          data += c.toString("utf8");
        });
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  /** The Subject header, unfolded and its encoded words (RFC 2047, B or Q) decoded. */
  function subjectOf(data: string): string {
    const raw = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(data)?.[1] ?? "";
    return raw
      .replace(/\r?\n[ \t]/g, " ")
      .replace(/\?=\s+=\?/g, "?==?")
      .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
        enc.toUpperCase() === "B"
          ? Buffer.from(text, "base64").toString("utf8")
          : Buffer.from(
              text
                .replace(/_/g, " ")
                .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
              "latin1",
            ).toString("utf8"),
      );
  }

  it("arrives in the customer's language (Japanese here, whatever the member reads the admin in)", async () => {
    const s = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` } });
    try {
      const owner = await createStaff(s, "owner@vela.test", "owner");
      const cookie = await signInStaff(s, owner);
      const email = `hanako-${process.pid}@example.com`;
      const c = await createCustomer(s.db, {
        email,
        firstName: "花子",
        lastName: "佐藤",
        password: "pw-123456789",
      });
      await s.db.customer.update({ where: { id: c.id }, data: { locale: "ja-JP" } });
      const res = await admin(
        s,
        "mutation",
        "customers.sendPasswordReset",
        { customerId: c.id },
        {
          cookie: `${cookie}; lang=en-US`,
          headers: { "accept-language": "en-US" },
        },
      );
      expect(res.status, res.res.body).toBe(200);
      for (let i = 0; i < 200 && !received.some((m) => m.to === email); i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const got = received.find((m) => m.to === email);
      expect(got, "the mail reached the SMTP server").toBeDefined();
      expect(subjectOf(got?.data ?? "")).toBe("Velaのパスワード再設定");
      // The text part is base64 (Japanese): decode it before looking for the link.
      const base64 = /Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
        got?.data ?? "",
      )?.[1];
      const body = Buffer.from(base64 ?? "", "base64").toString("utf8");
      expect(body).toMatch(/^こんにちは、佐藤 花子 様/);
      expect(body).toMatch(
        new RegExp(`store\\.vela\\.test/account/reset\\?customerId=${c.id}&token=[A-Za-z0-9_-]{43}`),
      );
    } finally {
      await s.close();
    }
  });
});

describe("the area's texts", () => {
  it("every answer of the customers area has its English and Japanese text in the admin's catalogue", () => {
    for (const [key, text] of Object.entries(CUSTOMER_ADMIN_MESSAGES)) {
      const id = `admin.server.customers.${key}` as keyof typeof adminCustomersEnUS;
      expect(adminCustomersEnUS[id], id).toBe(text);
      expect(adminCustomersJaJP[id], id).toMatch(/\S/);
      expect(adminCustomersJaJP[id]).not.toBe(text);
    }
  });
});
