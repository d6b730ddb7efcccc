// The rules that say "exactly one", under concurrency: one default address, single-use tokens,
// single-use subscribe confirmation (one welcome code), the cart claim at sign-in, one review per
// buyer per product. Each fires the same request many times at once and counts what happened.
// On SQLite the store has one writer; each rule is also written as a conditional write or a
// unique index, so that the same test holds on PostgreSQL and across several instances.
import { handle, STOREFRONT_MESSAGES } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, cookieFrom, createTestApp, json, PUBLIC_URL, type TestApp } from "./helpers.ts";
import { catalogueVariants, demoId, newCustomer, sessionCookie, variantGid } from "./support-data.ts";
import { GENEROUS_LIMITS, recoverLink, resetWith } from "./support-security.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
});
afterAll(() => t.close());

const N = 8;
const times = <T>(n: number, f: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => f(i)));

interface Book {
  addresses: { id: string; address1: string }[];
  defaultAddress: { id: string } | null;
}
const book = async (cookie: string) => json<Book>(await t.api("GET", "/api/account/addresses", { cookie }));

describe("one default address", () => {
  it("of eight first addresses saved at once, exactly one becomes the default", async () => {
    const c = await newCustomer(t);
    const answers = await times(N, (i) =>
      t.api("POST", "/api/account/addresses", {
        cookie: c.cookie,
        body: {
          firstName: "A",
          lastName: "B",
          company: null,
          address1: `${i} Parallel Street`,
          address2: null,
          city: "Springfield",
          province: "Oregon",
          country: "United States",
          zip: "97477",
          phone: null,
        },
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    const b = await book(c.cookie);
    expect(b.addresses).toHaveLength(N);
    expect(b.defaultAddress).not.toBeNull();
    expect(b.addresses.map((a) => a.id)).toContain(b.defaultAddress?.id);
  });

  it("eight addresses made the default at once, and one deleted meanwhile: one default, an existing one", async () => {
    const c = await newCustomer(t, { addresses: N });
    const ids = (await book(c.cookie)).addresses.map((a) => a.id);
    const victim = ids[1] as string;
    const answers = await Promise.all([
      ...ids.map((id) =>
        t.api("POST", `/api/account/addresses/${encodeURIComponent(id)}/default`, { cookie: c.cookie }),
      ),
      t.api("DELETE", `/api/account/addresses/${encodeURIComponent(victim)}`, { cookie: c.cookie }),
    ]);
    // Making the deleted one the default either came first (200) or found it gone (404).
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 404)).toBe(true);
    const b = await book(c.cookie);
    expect(b.addresses.map((a) => a.id)).not.toContain(victim);
    expect(b.defaultAddress).not.toBeNull();
    expect(b.addresses.map((a) => a.id)).toContain(b.defaultAddress?.id);
    const row = await t.db.customer.findUniqueOrThrow({
      where: { id: c.id },
      select: { defaultAddressId: true },
    });
    expect(await t.db.address.count({ where: { id: row.defaultAddressId ?? -1, customerId: c.id } })).toBe(1);
  });
});

describe("single-use tokens", () => {
  it("a reset link used eight times at once sets one password, once", async () => {
    const c = await newCustomer(t);
    const link = await recoverLink(t, c.email);
    const answers = await times(N, (i) => resetWith(t, link, `parallel-password-${i}`));
    const won = answers.flatMap((a, i) => (a.statusCode === 200 ? [i] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(N - 1);
    const token = await t.db.accountToken.findFirstOrThrow({
      where: { customerId: c.id, kind: "RESET" },
      orderBy: { id: "desc" },
    });
    expect(token.usedAt).not.toBeNull();
    const winner = `parallel-password-${won[0]}`;
    const loser = `parallel-password-${won[0] === 0 ? 1 : 0}`;
    const signIn = (password: string) =>
      t.api("POST", "/api/account/login", { body: { email: c.email, password } });
    expect((await signIn(winner)).statusCode).toBe(200);
    expect((await signIn(loser)).statusCode).toBe(401);
    // One password-changed notice, not eight.
    expect(await t.db.emailOutbox.count({ where: { to: c.email, kind: "password-changed" } })).toBe(1);
  });
});

describe("single-use subscribe confirmation", () => {
  it("a confirmation link followed eight times at once gives one welcome code and one mail", async () => {
    const email = `parallel-reader-${process.pid}@example.com`;
    expect((await t.api("POST", "/api/newsletter/subscribe", { body: { email } })).statusCode).toBe(200);
    const confirm = await t.db.emailOutbox.findFirstOrThrow({
      where: { to: email, kind: "newsletter-confirm" },
    });
    const m = new RegExp(
      `${PUBLIC_URL.replace(/\./g, "\\.")}/newsletter/confirm\\?token=([A-Za-z0-9_-]+)`,
    ).exec(confirm.text);
    const token = m?.[1] ?? "";
    const answers = await times(N, () => t.api("POST", "/api/newsletter/confirm", { body: { token } }));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(N).fill(200));
    expect(answers.filter((a) => json(a).alreadyConfirmed === false)).toHaveLength(1);
    const subscriber = await t.db.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(subscriber.status).toBe("CONFIRMED");
    expect(await t.db.discountCode.count({ where: { subscriberId: subscriber.id } })).toBe(1);
    expect(await t.db.emailOutbox.count({ where: { to: email, kind: "newsletter-welcome-code" } })).toBe(1);
  });
});

describe("cart claim at sign-in", () => {
  let a: number;
  let b: number;
  beforeAll(async () => {
    [a, b] = (await catalogueVariants(t)).available as [number, number];
  });

  async function anonymousCart(items: { merchandiseId: string; quantity: number }[]): Promise<string> {
    const id = json<{ cart: { id: string } }>(await t.api("POST", "/api/cart")).cart.id;
    expect((await t.api("POST", `/api/cart/${id}`, { body: { items } })).statusCode).toBe(200);
    return id;
  }

  it("eight sign-ins at once with the same browser cart merge it into the customer's cart once", async () => {
    const c = await newCustomer(t);
    const mine = json<{ cart: { id: string } }>(await t.api("POST", "/api/cart", { cookie: c.cookie })).cart
      .id;
    await t.api("POST", `/api/cart/${mine}`, {
      cookie: c.cookie,
      body: { items: [{ merchandiseId: variantGid(a), quantity: 1 }] },
    });
    const anon = await anonymousCart([
      { merchandiseId: variantGid(a), quantity: 2 },
      { merchandiseId: variantGid(b), quantity: 1 },
    ]);
    const claims = await times(N, () => callerFor(t, c.cookie).cart.claim({ cartId: anon }));
    expect(new Set(claims.map((r) => r.cart.id))).toEqual(new Set([mine]));
    const lines = await t.db.cartLine.findMany({
      where: { cartId: mine },
      select: { variantId: true, quantity: true },
      orderBy: { variantId: "asc" },
    });
    expect(lines).toEqual(
      [
        { variantId: a, quantity: 3 },
        { variantId: b, quantity: 1 },
      ].sort((x, y) => x.variantId - y.variantId),
    );
    expect(await t.db.cart.findUnique({ where: { id: anon } })).toBeNull();
  });

  it("eight sign-ins at once of a customer without a cart adopt the browser cart: one cart, every line once", async () => {
    const c = await newCustomer(t);
    const anon = await anonymousCart([{ merchandiseId: variantGid(b), quantity: 4 }]);
    const claims = await times(N, () => callerFor(t, c.cookie).cart.claim({ cartId: anon }));
    expect(new Set(claims.map((r) => r.cart.id))).toEqual(new Set([anon]));
    expect(await t.db.cart.count({ where: { customerId: c.id } })).toBe(1);
    expect(await t.db.cartLine.findMany({ where: { cartId: anon }, select: { quantity: true } })).toEqual([
      { quantity: 4 },
    ]);
  });

  it("through the sign-in itself: eight logins at once each get a session, and the cart merges once", async () => {
    // The REST sign-in answers with the session; the client then claims with the browser's cart.
    const cookies = await times(N, async () =>
      cookieFrom(
        await t.api("POST", "/api/account/login", {
          body: { email: "demo@vela.test", password: "demo-password" },
        }),
      ),
    );
    expect(new Set(cookies).size).toBe(N);
    const demo = await demoId(t);
    const before = await t.db.cart.findFirst({
      where: { customerId: demo },
      orderBy: { updatedAt: "desc" },
      select: { id: true },
    });
    const held = before
      ? ((await t.db.cartLine.findFirst({ where: { cartId: before.id, variantId: b } }))?.quantity ?? 0)
      : 0;
    const anon = await anonymousCart([{ merchandiseId: variantGid(b), quantity: 2 }]);
    const claims = await Promise.all(
      cookies.map((cookie) => callerFor(t, cookie).cart.claim({ cartId: anon })),
    );
    // Merged into the customer's cart, or (no cart yet) adopted: either way one cart for all.
    expect(new Set(claims.map((r) => r.cart.id))).toEqual(new Set([before?.id ?? anon]));
    const theirs = await t.db.cart.findMany({ where: { customerId: demo }, select: { id: true } });
    expect(theirs.map((c) => c.id)).toContain(before?.id ?? anon);
    if (before) expect(await t.db.cart.findUnique({ where: { id: anon } })).toBeNull();
    const line = await t.db.cartLine.findFirstOrThrow({
      where: { cartId: before?.id ?? anon, variantId: b },
      select: { quantity: true },
    });
    expect(line.quantity).toBe(held + 2);
  });
});

describe("one review per buyer per product", () => {
  it("eight reviews of one product sent at once by one buyer: one is saved, the others are told why", async () => {
    const cookie = await sessionCookie(t, await demoId(t));
    const body = {
      handle: handle("luma-pro-xr-glasses"),
      rating: 4,
      title: "Once",
      body: "Written only once, really.",
    };
    const answers = await times(N, () => t.api("POST", "/api/reviews", { body, cookie }));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.statusCode)).toEqual(Array(N - 1).fill(409));
    for (const a of refused) expect(json(a).message).toBe(STOREFRONT_MESSAGES.reviewDuplicate);
    const product = await t.db.product.findUniqueOrThrow({
      where: { handle: body.handle },
      select: { id: true },
    });
    expect(await t.db.review.count({ where: { productId: product.id, customerId: await demoId(t) } })).toBe(
      1,
    );
  });
});
