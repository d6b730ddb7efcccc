// Order lookup: a guest's order opened in another browser by a link mailed to the order's address.
import { ORDER_ACCESS_LINK_TTL_SECONDS } from "@vela/shared";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../src/auth/rate-limit.ts";
import { createTestApp, DEMO_CUSTOMER, json, type TestApp } from "./helpers.ts";
import { catalogueVariants, variantGid } from "./support-data.ts";

const ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Market St",
  city: "San Francisco",
  province: "CA",
  country: "United States",
  zip: "94105",
};
const CARD = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };
const COOKIE = "vela_order_access";

let t: TestApp;
let variant: number;
let serial = 0;
let ipSerial = 0;
const nextIp = () => `198.51.100.${(ipSerial++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  variant = (await catalogueVariants(t)).available[0] as number;
  await t.db.productVariant.update({ where: { id: variant }, data: { inventory: 1000 } });
});
afterAll(() => t.close());

async function buy(email: string, opts: { cookie?: string; language?: "en-US" | "ja-JP" } = {}) {
  const withCookie = opts.cookie ? { cookie: opts.cookie } : {};
  const language = opts.language ?? "en-US";
  const cartId = json<{ cart: { id: string } }>(await t.api("POST", "/api/cart", withCookie)).cart.id;
  await t.api("POST", `/api/cart/${cartId}`, {
    body: { items: [{ merchandiseId: variantGid(variant), quantity: 1 }] },
    ...withCookie,
  });
  const q = await t.api("POST", "/api/checkout/quote", {
    body: { cartId, email, address: ADDRESS, language },
    ...withCookie,
  });
  const res = await t.api("POST", "/api/checkout/orders", {
    body: {
      cartId,
      email,
      language,
      address: ADDRESS,
      card: CARD,
      idempotencyKey: `lookup-${process.pid}-${Date.now()}-${serial++}`,
      expectedTotal: json<{ quote: { totalMinor: number } }>(q).quote.totalMinor,
    },
    ...withCookie,
  });
  expect(res.statusCode).toBe(200);
  const { id: gid, orderNumber } = json<{ order: { id: string; orderNumber: number } }>(res).order;
  const id = Number(gid.split("/").at(-1));
  const access = res.cookies.find((c) => c.name === COOKIE)?.value;
  return { id, orderNumber, placingCookie: access ? `${COOKIE}=${access}` : undefined };
}

const ask = (orderNumber: number | string, email: string, ip = nextIp()) =>
  t.api("POST", "/trpc/orderLookup.request", { body: { orderNumber, email }, ip });
const open = (token: string, ip = nextIp()) =>
  t.api("POST", "/trpc/orderLookup.open", { body: { token }, ip });
const accessMails = (to: string) =>
  t.db.emailOutbox.findMany({ where: { to, kind: "order-access" }, orderBy: { id: "asc" } });
const tokenIn = (text: string) => {
  const m = /https:\/\/store\.vela\.test\/checkout\/order-link\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!m?.[1]) throw new Error(`no order access link in:\n${text}`);
  return m[1];
};
const cookieOf = (res: LightMyRequestResponse) => {
  const c = res.cookies.find((x) => x.name === COOKIE);
  return c ? `${COOKIE}=${c.value}` : undefined;
};
const confirmation = (id: number, cookie?: string) =>
  t.api("GET", `/api/checkout/orders/${id}`, cookie ? { cookie } : {});

describe("order lookup", () => {
  it("mails a link to a matching guest order's address, and answers the same when nothing matches", async () => {
    const email = `lookup-a-${serial}@example.com`;
    const order = await buy(email);
    const matched = await ask(order.orderNumber, email.toUpperCase());
    expect(matched.statusCode).toBe(200);
    // Wrong email, unknown number, malformed-looking but valid email: the same answer, no mail.
    const others = [
      await ask(order.orderNumber, "someone-else@example.com"),
      await ask(999_999_998, email),
      await ask(String(order.orderNumber), `x${email}`),
    ];
    for (const res of others) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(matched.body);
    }
    expect(await accessMails("someone-else@example.com")).toHaveLength(0);
    const mails = await accessMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`#${order.orderNumber}`);
    expect(mails[0]?.text).toContain("View your order");
    // Only the token's HMAC is stored.
    const token = tokenIn(mails[0]?.text ?? "");
    const links = await t.db.orderAccessLink.findMany({ where: { orderId: order.id } });
    expect(links).toHaveLength(1);
    expect(links[0]?.tokenHash).not.toBe(token);
    const link = links[0];
    expect(link && link.expiresAt.getTime() - link.issuedAt.getTime()).toBe(
      ORDER_ACCESS_LINK_TTL_SECONDS * 1000,
    );
  });

  it("refuses bad input with 400 and mails nothing", async () => {
    for (const body of [
      { orderNumber: "abc", email: "a@example.com" },
      { orderNumber: 1001, email: "not-an-email" },
      { orderNumber: -1, email: "a@example.com" },
      { email: "a@example.com" },
    ]) {
      const res = await t.api("POST", "/trpc/orderLookup.request", { body, ip: nextIp() });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.emailOutbox.count({ where: { to: "a@example.com" } })).toBe(0);
  });

  it("mails nothing for an account's order (it opens in the account)", async () => {
    const cookie = await t.login();
    const order = await buy(DEMO_CUSTOMER.email, { cookie });
    expect((await ask(order.orderNumber, DEMO_CUSTOMER.email)).statusCode).toBe(200);
    expect(await accessMails(DEMO_CUSTOMER.email)).toHaveLength(0);
  });

  it("writes the mail in the order's language", async () => {
    const email = `lookup-ja-${serial}@example.com`;
    const order = await buy(email, { language: "ja-JP" });
    await ask(order.orderNumber, email);
    const [mail] = await accessMails(email);
    expect(mail?.subject).toContain(`ご注文 #${order.orderNumber}`);
    expect(mail?.text).toContain("ご注文を表示する");
  });

  it("following the link gives another browser the order, once; the placing browser keeps it", async () => {
    const email = `lookup-b-${serial}@example.com`;
    const order = await buy(email);
    // Another device: no cookie, no order.
    expect((await confirmation(order.id)).statusCode).toBe(404);
    await ask(order.orderNumber, email);
    const token = tokenIn((await accessMails(email))[0]?.text ?? "");
    const opened = await open(token);
    expect(opened.statusCode).toBe(200);
    expect(json<{ result: { data: { orderId: string } } }>(opened).result.data.orderId).toBe(
      String(order.id),
    );
    const setCookie = String(opened.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=3600/);
    const cookie = cookieOf(opened);
    expect(cookie).toBeDefined();
    expect((await confirmation(order.id, cookie)).statusCode).toBe(200);
    expect((await confirmation(order.id, order.placingCookie)).statusCode).toBe(200);
    // Single use.
    const again = await open(token);
    expect(again.statusCode).toBe(400);
    expect(cookieOf(again)).toBeUndefined();
    // A made-up token.
    expect((await open("not-a-real-token")).statusCode).toBe(400);
  });

  it("expires after 24 hours, exactly", async () => {
    const email = `lookup-c-${serial}@example.com`;
    const order = await buy(email);
    await ask(order.orderNumber, email);
    await ask(order.orderNumber, email);
    const [first, second] = (await accessMails(email)).map((m) => tokenIn(m.text));
    t.clock.advance(ORDER_ACCESS_LINK_TTL_SECONDS * 1000 - 1);
    expect((await open(first as string)).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await open(second as string)).statusCode).toBe(400);
  });

  it("of two browsers following the same link at once, exactly one gets the order", async () => {
    const email = `lookup-d-${serial}@example.com`;
    const order = await buy(email);
    await ask(order.orderNumber, email);
    const token = tokenIn((await accessMails(email))[0]?.text ?? "");
    const results = await Promise.all(Array.from({ length: 6 }, () => open(token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });
});

describe("the guest's confirmation mail", () => {
  it("links View your order to the confirmation page with the order number, for the lookup", async () => {
    const email = `lookup-mail-${serial}@example.com`;
    const order = await buy(email);
    const mail = await t.db.emailOutbox.findFirst({ where: { to: email, kind: "order-confirmation" } });
    expect(mail?.text).toContain(
      `https://store.vela.test/checkout/confirmation/${order.id}?order=${order.orderNumber}`,
    );
  });

  it("keeps the token of the link's page out of Referer headers", async () => {
    const res = await t.api("GET", "/checkout/order-link?token=abc");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
  });
});

describe("order lookup rate limits", () => {
  it("limits requests per email, from any address", async () => {
    const email = `lookup-limit-${serial}@example.com`;
    for (let i = 0; i < RATE_LIMITS.orderLookupEmail.limit; i++) {
      expect((await ask(1, email)).statusCode).toBe(200);
    }
    const over = await ask(1, email);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("limits requests per client address, whatever the email", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < RATE_LIMITS.orderLookupIp.limit; i++) {
      expect((await ask(1, `ip-${i}@example.com`, ip)).statusCode).toBe(200);
    }
    expect((await ask(1, "ip-last@example.com", ip)).statusCode).toBe(429);
  });

  it("limits followed links per client address", async () => {
    const ip = "203.0.113.78";
    for (let i = 0; i < RATE_LIMITS.orderAccessIp.limit; i++) {
      expect((await open(`bogus-${i}`, ip)).statusCode).toBe(400);
    }
    expect((await open("bogus-last", ip)).statusCode).toBe(429);
  });
});
