import { ACCOUNT_OFFER_MESSAGES } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinGuestOrders } from "../src/modules/account/service.ts";
import { createCustomer } from "../src/seed/factories.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { catalogueVariants, newCustomer, variantGid } from "./support-data.ts";

const ADDRESS = {
  firstName: "Grace",
  lastName: "Hopper",
  address1: "1 Market St",
  city: "San Francisco",
  province: "CA",
  country: "United States",
  zip: "94105",
};
const CARD = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };
const ORDER_ACCESS_COOKIE = "vela_order_access";

let t: TestApp;
let variant: number;
let serial = 0;

beforeAll(async () => {
  t = await createTestApp();
  variant = (await catalogueVariants(t)).available[0] as number;
  await t.db.productVariant.update({ where: { id: variant }, data: { inventory: 1000 } });
});
afterAll(() => t.close());

/**
 * A paid order for `email`, as a guest, or signed in with `cookie`, placed in `language`; its id
 * and the guest's cookie.
 */
async function buy(email: string, cookie?: string, language: "en-US" | "ja-JP" = "en-US") {
  const withCookie = cookie ? { cookie } : {};
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
      idempotencyKey: `offer-${process.pid}-${Date.now()}-${serial++}`,
      expectedTotal: json<{ quote: { totalMinor: number } }>(q).quote.totalMinor,
    },
    ...withCookie,
  });
  expect(res.statusCode).toBe(200);
  const id = Number(json<{ order: { id: string } }>(res).order.id.split("/").at(-1));
  const access = res.cookies.find((c) => c.name === ORDER_ACCESS_COOKIE)?.value;
  return { id, guestCookie: access ? `${ORDER_ACCESS_COOKIE}=${access}` : undefined };
}

/** The offer key as the guest's confirmation page gets it. */
async function offerKeyOf(order: { id: number; guestCookie?: string | undefined }): Promise<string | null> {
  const res = await t.api("GET", `/api/checkout/orders/${order.id}`, {
    ...(order.guestCookie ? { cookie: order.guestCookie } : {}),
  });
  return json<{ order: { accountOfferKey: string | null } }>(res).order.accountOfferKey;
}

const offer = (orderId: number, key: string) =>
  t.api("POST", "/api/checkout/account-offer", { body: { orderId: String(orderId), key } });

async function lastMail(to: string, kind: string) {
  return t.db.emailOutbox.findFirst({ where: { to, kind }, orderBy: { id: "desc" } });
}

const linkIn = (text: string, path: string) => {
  const m = new RegExp(`https://store\\.vela\\.test${path}\\?[^\\s]+`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return new URL(m[0]);
};

const freshEmail = () => `guest-${process.pid}-${Date.now()}-${serial++}@example.com`;

describe("a guest's order offers an account", () => {
  it("the confirmation email links to the offer, and the page's key is the same", async () => {
    const email = freshEmail();
    const order = await buy(email);
    const key = await offerKeyOf(order);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = await lastMail(email, "order-confirmation");
    const url = linkIn(mail?.text ?? "", "/checkout/account");
    expect(url.searchParams.get("order")).toBe(String(order.id));
    expect(url.searchParams.get("key")).toBe(key);
  });

  it("a Japanese order keeps the name family first, and the account it offers gets the same first and last name", async () => {
    const email = freshEmail();
    const order = await buy(email, undefined, "ja-JP");
    const row = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, select: { shipName: true } });
    expect(row.shipName).toBe("Hopper Grace");
    expect((await offer(order.id, (await offerKeyOf(order)) as string)).statusCode).toBe(200);
    const customer = await t.db.customer.findUniqueOrThrow({ where: { email } });
    expect([customer.firstName, customer.lastName]).toEqual(["Grace", "Hopper"]);
  });

  it("accepting sends the activation email (48 h); activating joins every guest order with that email", async () => {
    const email = freshEmail();
    const first = await buy(email);
    const second = await buy(email);
    const other = await buy(freshEmail());
    const res = await offer(first.id, (await offerKeyOf(first)) as string);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: ACCOUNT_OFFER_MESSAGES.sent });

    const customer = await t.db.customer.findUniqueOrThrow({ where: { email } });
    expect(customer.passwordHash).toBeNull();
    expect(customer.firstName).toBe("Grace");
    // Asking is not proving: nothing joins yet.
    expect(await t.db.order.count({ where: { customerId: customer.id } })).toBe(0);
    const token = await t.db.accountToken.findFirstOrThrow({
      where: { customerId: customer.id, kind: "ACTIVATION" },
    });
    expect(token.expiresAt.getTime() - token.issuedAt.getTime()).toBe(172_800_000);

    const activation = await lastMail(email, "account-activation");
    expect(activation?.subject).toBe("Activate your Vela account");
    const link = linkIn(activation?.text ?? "", "/account/activate");
    const activated = await t.api("POST", "/api/account/activate", {
      body: {
        customerId: link.searchParams.get("customerId"),
        activationToken: link.searchParams.get("token"),
        password: "a-good-password",
      },
    });
    expect(activated.statusCode).toBe(200);
    const mine = await t.db.order.findMany({ where: { customerId: customer.id }, select: { id: true } });
    expect(mine.map((o) => o.id).sort()).toEqual([first.id, second.id].sort());
    expect((await t.db.order.findUniqueOrThrow({ where: { id: other.id } })).customerId).toBeNull();

    const cookie = await t.login(email, "a-good-password");
    const list = json<{ orders: { edges: unknown[] } }>(
      await t.api("GET", "/api/account/orders", { cookie }),
    );
    expect(list.orders.edges).toHaveLength(2);
    // An order that belongs to an account offers nothing more.
    expect(await offerKeyOf(first)).toBeNull();
  });

  it("a Japanese order's offer mails the activation in Japanese, whatever the asker's language", async () => {
    const email = freshEmail();
    const order = await buy(email, undefined, "ja-JP");
    const res = await t.api("POST", "/api/checkout/account-offer", {
      body: { orderId: String(order.id), key: (await offerKeyOf(order)) as string },
      cookie: "lang=en-US",
    });
    expect(res.statusCode).toBe(200);
    const mail = await lastMail(email, "account-activation");
    expect(mail?.subject).toBe("Velaアカウントの有効化");
    expect(mail?.text).toMatch(/^こんにちは、Hopper Grace 様\n\n/);
    expect(mail?.text).toContain("パスワードを設定して、アカウントを有効にしてください。");
    expect(mail?.text).toContain("リンクは1回だけ、48時間有効です。");
    expect(mail?.html).toContain('<html lang="ja">');
    linkIn(mail?.text ?? "", "/account/activate");
  });

  it("for an email that has an account the answer is the same; its owner proves the email by the claim link", async () => {
    const email = freshEmail();
    const owner = await createCustomer(t.db, { email, password: "owner-password" });
    const order = await buy(email);
    const res = await offer(order.id, (await offerKeyOf(order)) as string);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: ACCOUNT_OFFER_MESSAGES.sent });
    expect(await lastMail(email, "account-activation")).toBeNull();
    expect((await t.db.customer.findUniqueOrThrow({ where: { email } })).passwordHash).toBe(
      owner.passwordHash,
    );
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBeNull();

    const mail = await lastMail(email, "order-claim");
    const link = linkIn(mail?.text ?? "", "/checkout/claim-orders");
    const token = link.searchParams.get("token");
    const claimed = await t.api("POST", "/api/checkout/claim-orders", { body: { token } });
    expect(claimed.statusCode).toBe(200);
    expect(json(claimed)).toEqual({ ok: true, orders: 1 });
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBe(owner.id);

    const again = await t.api("POST", "/api/checkout/claim-orders", { body: { token } });
    expect(again.statusCode).toBe(400);
    expect(json(again).message).toBe(ACCOUNT_OFFER_MESSAGES.claimUsed);
  });

  it("a claim link whose account changed its email since joins nothing", async () => {
    const email = freshEmail();
    const owner = await createCustomer(t.db, { email, password: "owner-password" });
    const order = await buy(email);
    await offer(order.id, (await offerKeyOf(order)) as string);
    const token = linkIn(
      (await lastMail(email, "order-claim"))?.text ?? "",
      "/checkout/claim-orders",
    ).searchParams.get("token");
    await t.db.customer.update({ where: { id: owner.id }, data: { email: freshEmail() } });
    const res = await t.api("POST", "/api/checkout/claim-orders", { body: { token } });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(ACCOUNT_OFFER_MESSAGES.claimEmailChanged);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBeNull();
  });

  it("a signed-in customer with another email gets no guest orders; the offer mails only the order's address", async () => {
    const email = freshEmail();
    const order = await buy(email);
    const someone = await newCustomer(t);
    const res = await t.api("POST", "/api/checkout/account-offer", {
      body: { orderId: String(order.id), key: (await offerKeyOf(order)) as string },
      cookie: someone.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(
      await t.db.emailOutbox.count({ where: { to: someone.email, kind: { not: "order-confirmation" } } }),
    ).toBe(0);
    expect(await t.db.order.count({ where: { customerId: someone.id } })).toBe(0);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBeNull();
    expect(await lastMail(email, "account-activation")).not.toBeNull();
  });

  it("a wrong key, another order's key or a bad claim token is refused and sends nothing", async () => {
    const a = await buy(freshEmail());
    const b = await buy(freshEmail());
    const before = await t.db.emailOutbox.count();
    for (const [id, key] of [
      [a.id, "x".repeat(43)],
      [a.id, (await offerKeyOf(b)) as string],
      [999_999, (await offerKeyOf(a)) as string],
    ] as const) {
      const res = await offer(id, key);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(ACCOUNT_OFFER_MESSAGES.invalidOffer);
    }
    const bad = await t.api("POST", "/api/checkout/claim-orders", { body: { token: "nope" } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(ACCOUNT_OFFER_MESSAGES.claimInvalid);
    expect(await t.db.emailOutbox.count()).toBe(before);
  });

  it("a signed-in customer's order offers no account", async () => {
    const c = await newCustomer(t);
    const order = await buy(c.email, c.cookie);
    const res = await t.api("GET", `/api/checkout/orders/${order.id}`, { cookie: c.cookie });
    expect(json<{ order: { accountOfferKey: string | null } }>(res).order.accountOfferKey).toBeNull();
    const mail = await lastMail(c.email, "order-confirmation");
    expect(mail?.text).not.toContain("/checkout/account");
  });
});

describe("an account whose address was never proven gets nothing the address proves", () => {
  /** A squatter registers `email` (an address they do not own) and signs in at once. */
  async function squat(email: string) {
    const res = await t.api("POST", "/api/account/register", {
      body: { firstName: "Mallory", lastName: "Squatter", email, password: "squatter-password" },
      ip: `10.77.0.${serial++ % 250}`,
    });
    expect(res.statusCode).toBe(200);
    const account = await t.db.customer.findUniqueOrThrow({ where: { email } });
    expect(account.emailVerifiedAt).toBeNull();
    return { id: account.id, cookie: await t.login(email, "squatter-password") };
  }

  /** The owner of the inbox checks out as a guest and asks for an account: the claim link's token. */
  async function ownerAsks(email: string) {
    const order = await buy(email);
    expect((await offer(order.id, (await offerKeyOf(order)) as string)).statusCode).toBe(200);
    const mail = await lastMail(email, "order-claim");
    return {
      order,
      mail,
      token: linkIn(mail?.text ?? "", "/checkout/claim-orders").searchParams.get("token"),
    };
  }

  const claim = (body: Record<string, unknown>, cookie?: string) =>
    t.api("POST", "/api/checkout/claim-orders", { body, ...(cookie ? { cookie } : {}) });
  const me = async (cookie: string) => (await t.api("GET", "/api/account/customer", { cookie })).statusCode;

  it("the claim link joins nothing to a squatter's account; the person who follows it sets the password and takes the account", async () => {
    const email = freshEmail();
    const squatter = await squat(email);
    const { order, mail, token } = await ownerAsks(email);
    // The mail says the account may not be the reader's.
    expect(mail?.text).toContain("This account's email address has not been confirmed yet.");

    // Following the link without a password changes nothing, and the link still works.
    const asked = await claim({ token });
    expect(asked.statusCode).toBe(409);
    expect(json(asked).message).toBe(ACCOUNT_OFFER_MESSAGES.claimNeedsPassword);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBeNull();
    expect(await t.db.order.count({ where: { customerId: squatter.id } })).toBe(0);
    expect(await me(squatter.cookie)).toBe(200);

    // A password too short is refused, and changes nothing either.
    expect((await claim({ token, password: "short" })).statusCode).toBe(400);
    expect(await me(squatter.cookie)).toBe(200);

    const taken = await claim({ token, password: "inbox-owner-password" });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(json(taken)).toEqual({ ok: true, orders: 1 });
    // The squatter is out: their session ended and their password no longer works.
    expect(await me(squatter.cookie)).toBe(401);
    const squatterSignIn = await t.api("POST", "/api/account/login", {
      body: { email, password: "squatter-password" },
    });
    expect(squatterSignIn.statusCode).toBe(401);
    // The inbox's owner holds the account, with the orders, and the address counts as proven.
    const owner = await t.login(email, "inbox-owner-password");
    const list = json<{ orders: { edges: unknown[] } }>(
      await t.api("GET", "/api/account/orders", { cookie: owner }),
    );
    expect(list.orders.edges).toHaveLength(1);
    const account = await t.db.customer.findUniqueOrThrow({ where: { email } });
    expect(account.id).toBe(squatter.id);
    expect(account.emailVerifiedAt).not.toBeNull();
    expect(await lastMail(email, "password-changed")).not.toBeNull();
    // The link is spent.
    expect((await claim({ token, password: "another-password-1" })).statusCode).toBe(400);
  });

  it("two people setting the password with the same link at once: one wins, and only that password works", async () => {
    const email = freshEmail();
    await squat(email);
    const { order, token } = await ownerAsks(email);
    const answers = await Promise.all(
      ["first-password-1", "second-password-2"].map((password) => claim({ token, password })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? "first-password-1" : "second-password-2";
    const loser = winner === "first-password-1" ? "second-password-2" : "first-password-1";
    const signIn = (password: string) => t.api("POST", "/api/account/login", { body: { email, password } });
    expect((await signIn(winner)).statusCode).toBe(200);
    expect((await signIn(loser)).statusCode).toBe(401);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).not.toBeNull();
  });

  it("a page signed in as the unproven account proves it by following the link: the orders join, other sessions end", async () => {
    const email = freshEmail();
    const holder = await squat(email);
    const elsewhere = await t.login(email, "squatter-password");
    const { order, token } = await ownerAsks(email);
    const res = await claim({ token }, holder.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ ok: true, orders: 1 });
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBe(holder.id);
    expect(await me(holder.cookie)).toBe(200);
    expect(await me(elsewhere)).toBe(401);
    expect((await t.db.customer.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).not.toBeNull();
  });

  it("a page signed in as another account is no proof: the password is still needed", async () => {
    const email = freshEmail();
    await squat(email);
    const { order, token } = await ownerAsks(email);
    const someone = await newCustomer(t);
    const res = await claim({ token }, someone.cookie);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(ACCOUNT_OFFER_MESSAGES.claimNeedsPassword);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBeNull();
  });

  it("registering proves nothing; a reset link followed proves the address, and the claim then needs no password", async () => {
    const email = freshEmail();
    const account = await squat(email);
    expect((await t.api("POST", "/api/account/recover", { body: { email } })).statusCode).toBe(200);
    const reset = linkIn((await lastMail(email, "password-reset"))?.text ?? "", "/account/reset");
    const done = await t.api("POST", "/api/account/reset", {
      body: {
        customerId: reset.searchParams.get("customerId"),
        resetToken: reset.searchParams.get("token"),
        password: "reset-password-1",
      },
    });
    expect(done.statusCode).toBe(200);
    expect((await t.db.customer.findUniqueOrThrow({ where: { email } })).emailVerifiedAt).not.toBeNull();
    const { order, mail, token } = await ownerAsks(email);
    expect(mail?.text).not.toContain("has not been confirmed");
    const res = await claim({ token });
    expect(res.statusCode).toBe(200);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBe(account.id);
  });

  it("a confirmed email change proves the new address; the seeded customers count as proven", async () => {
    const seeded = await t.db.customer.findMany({
      where: { email: { in: ["demo@vela.test", "second@vela.test"] } },
      select: { emailVerifiedAt: true },
    });
    expect(seeded).toHaveLength(2);
    expect(seeded.every((c) => c.emailVerifiedAt !== null)).toBe(true);

    const email = freshEmail();
    const account = await squat(email);
    const newEmail = freshEmail();
    const asked = await t.api("PUT", "/api/account/profile", {
      cookie: account.cookie,
      body: {
        firstName: "Mallory",
        lastName: "Squatter",
        email: newEmail,
        phone: null,
        acceptsMarketing: false,
        currentPassword: "squatter-password",
      },
    });
    expect(asked.statusCode).toBe(200);
    const confirm = await lastMail(newEmail, "email-change-confirm");
    const token = /email-change\?token=([A-Za-z0-9_-]{43})/.exec(confirm?.text ?? "")?.[1];
    expect((await t.api("POST", "/api/account/email-change/confirm", { body: { token } })).statusCode).toBe(
      200,
    );
    expect(
      (await t.db.customer.findUniqueOrThrow({ where: { id: account.id } })).emailVerifiedAt,
    ).not.toBeNull();
  });

  it("guest orders never join an unproven account, whoever asks (joinGuestOrders refuses)", async () => {
    const email = freshEmail();
    const account = await squat(email);
    const order = await buy(email);
    await expect(t.db.$transaction((tx) => joinGuestOrders(tx, account.id, email))).rejects.toThrow(/proven/);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: order.id } })).customerId).toBeNull();
  });
});

describe("the guest's order-access cookie", () => {
  it("lasts an hour, not the browser's session: Max-Age and Expires, HttpOnly, SameSite=Lax, Secure, Path=/", async () => {
    const cartId = json<{ cart: { id: string } }>(await t.api("POST", "/api/cart")).cart.id;
    await t.api("POST", `/api/cart/${cartId}`, {
      body: { items: [{ merchandiseId: variantGid(variant), quantity: 1 }] },
    });
    const email = freshEmail();
    const q = await t.api("POST", "/api/checkout/quote", { body: { cartId, email, address: ADDRESS } });
    const res = await t.api("POST", "/api/checkout/orders", {
      body: {
        cartId,
        email,
        address: ADDRESS,
        card: CARD,
        idempotencyKey: `cookie-${process.pid}-${Date.now()}-${serial++}`,
        expectedTotal: json<{ quote: { totalMinor: number } }>(q).quote.totalMinor,
      },
    });
    expect(res.statusCode).toBe(200);
    const raw = res.headers["set-cookie"];
    const line = (Array.isArray(raw) ? raw : [raw ?? ""]).find((c) =>
      c.startsWith(`${ORDER_ACCESS_COOKIE}=`),
    );
    const attrs = (line ?? "").split(";").map((a) => a.trim());
    expect(attrs).toContain("Max-Age=3600");
    expect(attrs).toContain(`Expires=${new Date(t.clock.now().getTime() + 3_600_000).toUTCString()}`);
    for (const a of ["HttpOnly", "SameSite=Lax", "Secure", "Path=/"]) expect(attrs).toContain(a);
  });
});
