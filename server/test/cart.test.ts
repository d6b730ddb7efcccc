import { randomBytes } from "node:crypto";
import { CART_LINE_QUANTITY_MAX, MESSAGES } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, createTestApp, json, SECOND_CUSTOMER, type TestApp } from "./helpers.ts";
import { catalogueVariants, newCustomer, variantGid } from "./support-data.ts";

interface CartLine {
  id: string;
  quantity: number;
  merchandise: {
    id: string;
    title: string;
    available: boolean;
    image: { url: string; altText: string };
    price: { amount: string; currencyCode: string };
    product: { handle: string; title: string };
  };
  cost: { totalAmount: { amount: string; currencyCode: string } };
}
interface Cart {
  id: string;
  currencyCode: string;
  totalQuantity: number;
  lines: CartLine[];
  cost: { subtotalAmount: { amount: string; currencyCode: string } };
}

let t: TestApp;
let available: number[];
let unavailable: number;
/** Three different available variants. */
let a: number;
let b: number;
let c: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ available, unavailable } = await catalogueVariants(t));
  [a, b, c] = available as [number, number, number];
  if (available.length < 3) throw new Error("seed: fewer than 3 available variants");
  // Enough stock that the quantity limit, not the stock, is what these tests meet
  // (stock-and-delivery.test.ts holds the stock's own rules).
  await t.db.productVariant.updateMany({ where: { id: { in: [a, b, c] } }, data: { inventory: 1000 } });
});
afterAll(() => t.close());

const tail = (gid: string): string => gid.slice(gid.lastIndexOf("/") + 1);

async function newCart(cookie?: string): Promise<string> {
  const res = await t.api("POST", "/api/cart", cookie ? { cookie } : {});
  expect(res.statusCode).toBe(200);
  return json<{ cart: { id: string } }>(res).cart.id;
}

const add = (cartId: string, items: unknown, cookie?: string) =>
  t.api("POST", `/api/cart/${cartId}`, { body: { items }, ...(cookie ? { cookie } : {}) });

const linesOf = (cartId: string) =>
  t.db.cartLine.findMany({
    where: { cartId },
    orderBy: { id: "asc" },
    select: { variantId: true, quantity: true },
  });

describe("POST /api/cart", () => {
  it("creates a cart and answers {cart:{id}} with an unguessable url-safe id", async () => {
    const res = await t.api("POST", "/api/cart");
    expect(res.statusCode).toBe(200);
    const body = json<{ cart: { id: string } }>(res);
    expect(Object.keys(body)).toEqual(["cart"]);
    expect(body.cart.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(await t.db.cart.findUnique({ where: { id: body.cart.id } })).not.toBeNull();
    const other = await newCart();
    expect(other).not.toBe(body.cart.id);
  });

  it("refuses a cross-site form post and creates nothing", async () => {
    const before = await t.db.cart.count();
    const res = await t.api("POST", "/api/cart", {
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(403);
    expect(await t.db.cart.count()).toBe(before);
  });
});

describe("POST /api/cart/{id}", () => {
  it("adds items given as global ids and answers the cart", async () => {
    const id = await newCart();
    const res = await add(id, [
      { merchandiseId: variantGid(a), quantity: 2 },
      { merchandiseId: variantGid(b), quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const { cart } = json<{ cart: Cart }>(res);
    expect(cart.id).toBe(id);
    expect(cart.totalQuantity).toBe(3);
    expect(cart.lines.map((l) => [l.merchandise.id, l.quantity])).toEqual([
      [variantGid(a), 2],
      [variantGid(b), 1],
    ]);
    const line = cart.lines[0];
    expect(line?.id).toMatch(/^gid:\/\/vela\/CartLine\/\d+$/);
    expect(line?.merchandise.price.amount).toMatch(/^\d+\.\d{2}$/);
    expect(line?.cost.totalAmount.amount).toBe((Number(line?.merchandise.price.amount) * 2).toFixed(2));
    expect(await linesOf(id)).toEqual([
      { variantId: a, quantity: 2 },
      { variantId: b, quantity: 1 },
    ]);
  });

  it("raises the quantity when the same variant is added again", async () => {
    const id = await newCart();
    await add(id, [{ merchandiseId: variantGid(a), quantity: 2 }]);
    const res = await add(id, [{ merchandiseId: variantGid(a), quantity: 3 }]);
    expect(res.statusCode).toBe(200);
    const { cart } = json<{ cart: Cart }>(res);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]?.quantity).toBe(5);
    expect(await linesOf(id)).toEqual([{ variantId: a, quantity: 5 }]);
  });

  it("sums the same variant listed twice in one request", async () => {
    const id = await newCart();
    const res = await add(id, [
      { merchandiseId: variantGid(a), quantity: 1 },
      { merchandiseId: String(a), quantity: 4 },
    ]);
    expect(res.statusCode).toBe(200);
    expect(await linesOf(id)).toEqual([{ variantId: a, quantity: 5 }]);
  });

  it.each([
    ["0", 0],
    ["100", 100],
    ["-1", -1],
    ["1.5", 1.5],
    ["a string", "2"],
    ["null", null],
  ])("refuses quantity %s with 400 and adds nothing", async (_name, quantity) => {
    const id = await newCart();
    await add(id, [{ merchandiseId: variantGid(c), quantity: 1 }]);
    const res = await add(id, [
      { merchandiseId: variantGid(a), quantity: 1 },
      { merchandiseId: variantGid(b), quantity },
    ]);
    expect(res.statusCode).toBe(400);
    const body = json<{ message: string; error: string }>(res);
    expect(body.error).toBe(body.message);
    expect(await linesOf(id)).toEqual([{ variantId: c, quantity: 1 }]);
  });

  it.each([
    ["an unknown variant", () => variantGid(999_999)],
    ["the unavailable variant", () => variantGid(unavailable)],
    ["a malformed id", () => "gid://vela/ProductVariant/abc"],
  ])("refuses %s anywhere in the list with a clear 400 and adds nothing", async (_name, bad) => {
    for (const position of ["first", "last"] as const) {
      const id = await newCart();
      await add(id, [{ merchandiseId: variantGid(c), quantity: 1 }]);
      const good = [
        { merchandiseId: variantGid(a), quantity: 1 },
        { merchandiseId: variantGid(c), quantity: 2 },
      ];
      const wrong = { merchandiseId: bad(), quantity: 1 };
      const items = position === "first" ? [wrong, ...good] : [...good, wrong];
      const res = await add(id, items);
      expect(res.statusCode).toBe(400);
      const body = json<{ message: string; error: string }>(res);
      expect(body.message).toContain(MESSAGES.variantUnavailable);
      expect(body.error).toBe(body.message);
      // Neither the good item of the same request nor a quantity change went in.
      expect(await linesOf(id)).toEqual([{ variantId: c, quantity: 1 }]);
    }
  });

  it("names the refused variant in the message", async () => {
    const id = await newCart();
    const res = await add(id, [{ merchandiseId: variantGid(unavailable), quantity: 1 }]);
    expect(json(res).message).toBe(`${MESSAGES.variantUnavailable}: ${variantGid(unavailable)}`);
  });

  it(`refuses a line quantity above ${CART_LINE_QUANTITY_MAX} and keeps the line as it was`, async () => {
    const id = await newCart();
    expect((await add(id, [{ merchandiseId: variantGid(a), quantity: 60 }])).statusCode).toBe(200);
    const over = await add(id, [
      { merchandiseId: variantGid(b), quantity: 1 },
      { merchandiseId: variantGid(a), quantity: 40 },
    ]);
    expect(over.statusCode).toBe(400);
    expect(json(over).error).toMatch(/99/);
    expect(await linesOf(id)).toEqual([{ variantId: a, quantity: 60 }]);
    // Exactly 99 is fine.
    expect((await add(id, [{ merchandiseId: variantGid(a), quantity: 39 }])).statusCode).toBe(200);
    expect(await linesOf(id)).toEqual([{ variantId: a, quantity: 99 }]);
    // Two entries that together pass 99 in one request are refused too.
    const id2 = await newCart();
    const split = await add(id2, [
      { merchandiseId: variantGid(b), quantity: 50 },
      { merchandiseId: variantGid(b), quantity: 50 },
    ]);
    expect(split.statusCode).toBe(400);
    expect(await linesOf(id2)).toEqual([]);
  });

  it("refuses an empty list, unknown keys and a missing items field with 400", async () => {
    const id = await newCart();
    for (const body of [
      { items: [] },
      { items: [{ merchandiseId: variantGid(a), quantity: 1, price: 0 }] },
      { items: [{ merchandiseId: variantGid(a), quantity: 1 }], discount: 100 },
      {},
      [{ merchandiseId: variantGid(a), quantity: 1 }],
    ]) {
      const res = await t.api("POST", `/api/cart/${id}`, { body });
      expect(res.statusCode).toBe(400);
    }
    expect(await linesOf(id)).toEqual([]);
  });

  it("answers 404 for an unknown cart id and creates nothing", async () => {
    const unknown = randomBytes(16).toString("base64url");
    const before = await t.db.cart.count();
    const res = await add(unknown, [{ merchandiseId: variantGid(a), quantity: 1 }]);
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: MESSAGES.cartNotFound, error: MESSAGES.cartNotFound });
    expect(await t.db.cart.count()).toBe(before);
    expect(await t.db.cartLine.count({ where: { cartId: unknown } })).toBe(0);
  });
});

describe("GET /api/cart/{id}", () => {
  it("answers the cart with its lines and subtotal", async () => {
    const id = await newCart();
    await add(id, [
      { merchandiseId: variantGid(a), quantity: 2 },
      { merchandiseId: variantGid(b), quantity: 1 },
    ]);
    const res = await t.api("GET", `/api/cart/${id}`);
    expect(res.statusCode).toBe(200);
    const { cart } = json<{ cart: Cart }>(res);
    expect(cart.totalQuantity).toBe(3);
    const prices = await t.db.variantPrice.findMany({
      where: { variantId: { in: [a, b] }, currencyCode: "USD" },
    });
    const unit = (v: number) => prices.find((p) => p.variantId === v)?.amount ?? Number.NaN;
    expect(cart.cost.subtotalAmount).toEqual({
      amount: ((unit(a) * 2 + unit(b)) / 100).toFixed(2),
      currencyCode: "USD",
    });
    for (const line of cart.lines) {
      expect(line.merchandise).toMatchObject({
        available: true,
        image: { url: expect.any(String), altText: expect.any(String) },
        product: { handle: expect.stringMatching(/^vela-/), title: expect.stringMatching(/^Vela /) },
      });
    }
  });

  it("answers an empty new cart", async () => {
    const id = await newCart();
    const { cart } = json<{ cart: Cart }>(await t.api("GET", `/api/cart/${id}`));
    expect(cart).toMatchObject({ id, totalQuantity: 0, lines: [] });
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const unknown = await t.api("GET", `/api/cart/${randomBytes(16).toString("base64url")}`);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).error).toBe(MESSAGES.cartNotFound);
    const malformed = await t.api("GET", "/api/cart/bad%20id!");
    expect(malformed.statusCode).toBe(400);
  });
});

describe("PATCH and DELETE /api/cart/{id}/lines/{lineId}", () => {
  async function cartWithTwoLines(): Promise<{ id: string; lines: CartLine[] }> {
    const id = await newCart();
    const res = await add(id, [
      { merchandiseId: variantGid(a), quantity: 2 },
      { merchandiseId: variantGid(b), quantity: 1 },
    ]);
    return { id, lines: json<{ cart: Cart }>(res).cart.lines };
  }

  it("changes a line's quantity", async () => {
    const { id, lines } = await cartWithTwoLines();
    const line = lines[0];
    if (!line) throw new Error("no line");
    const res = await t.api("PATCH", `/api/cart/${id}/lines/${tail(line.id)}`, { body: { quantity: 7 } });
    expect(res.statusCode).toBe(200);
    expect(json<{ cart: Cart }>(res).cart.lines.find((l) => l.id === line.id)?.quantity).toBe(7);
    expect(await linesOf(id)).toEqual([
      { variantId: a, quantity: 7 },
      { variantId: b, quantity: 1 },
    ]);
  });

  it.each([0, 100, -1, 1.5])("refuses quantity %s with 400 and leaves the line", async (quantity) => {
    const { id, lines } = await cartWithTwoLines();
    const res = await t.api("PATCH", `/api/cart/${id}/lines/${tail(lines[0]?.id ?? "")}`, {
      body: { quantity },
    });
    expect(res.statusCode).toBe(400);
    expect((await linesOf(id))[0]).toEqual({ variantId: a, quantity: 2 });
  });

  it("answers 404 for a line of another cart and changes nothing", async () => {
    const first = await cartWithTwoLines();
    const second = await cartWithTwoLines();
    const foreignLine = tail(second.lines[0]?.id ?? "");
    const patch = await t.api("PATCH", `/api/cart/${first.id}/lines/${foreignLine}`, {
      body: { quantity: 9 },
    });
    expect(patch.statusCode).toBe(404);
    expect(json(patch).error).toBe(MESSAGES.cartLineNotFound);
    const del = await t.api("DELETE", `/api/cart/${first.id}/lines/${foreignLine}`);
    expect(del.statusCode).toBe(404);
    expect(await linesOf(second.id)).toEqual([
      { variantId: a, quantity: 2 },
      { variantId: b, quantity: 1 },
    ]);
  });

  it("removes a line", async () => {
    const { id, lines } = await cartWithTwoLines();
    const lineId = tail(lines[0]?.id ?? "");
    const res = await t.api("DELETE", `/api/cart/${id}/lines/${lineId}`);
    expect(res.statusCode).toBe(200);
    expect(json<{ cart: Cart }>(res).cart.lines.map((l) => l.merchandise.id)).toEqual([variantGid(b)]);
    expect(await linesOf(id)).toEqual([{ variantId: b, quantity: 1 }]);
    const again = await t.api("DELETE", `/api/cart/${id}/lines/${lineId}`);
    expect(again.statusCode).toBe(404);
  });
});

describe("a signed-in customer's cart", () => {
  it("is not readable or writable anonymously or by another customer", async () => {
    const owner = await t.login();
    const id = await newCart(owner);
    expect((await t.db.cart.findUniqueOrThrow({ where: { id } })).customerId).not.toBeNull();
    expect((await add(id, [{ merchandiseId: variantGid(a), quantity: 1 }], owner)).statusCode).toBe(200);
    const lineId = tail(
      json<{ cart: Cart }>(await t.api("GET", `/api/cart/${id}`, { cookie: owner })).cart.lines[0]?.id ?? "",
    );

    const second = await t.login(SECOND_CUSTOMER.email, SECOND_CUSTOMER.password);
    for (const cookie of [undefined, second]) {
      const opts = cookie ? { cookie } : {};
      const get = await t.api("GET", `/api/cart/${id}`, opts);
      expect(get.statusCode).toBe(404);
      expect(json(get)).toEqual({ message: MESSAGES.cartNotFound, error: MESSAGES.cartNotFound });
      expect((await add(id, [{ merchandiseId: variantGid(b), quantity: 1 }], cookie)).statusCode).toBe(404);
      expect(
        (await t.api("PATCH", `/api/cart/${id}/lines/${lineId}`, { ...opts, body: { quantity: 9 } }))
          .statusCode,
      ).toBe(404);
      expect((await t.api("DELETE", `/api/cart/${id}/lines/${lineId}`, opts)).statusCode).toBe(404);
    }
    expect(await linesOf(id)).toEqual([{ variantId: a, quantity: 1 }]);
    expect((await t.api("GET", `/api/cart/${id}`, { cookie: owner })).statusCode).toBe(200);
  });

  it("cart.claim merges an anonymous cart into the customer's cart and removes it", async () => {
    const customer = await newCustomer(t);
    const mine = await newCart(customer.cookie);
    await add(mine, [{ merchandiseId: variantGid(a), quantity: 2 }], customer.cookie);
    const anon = await newCart();
    await add(anon, [
      { merchandiseId: variantGid(a), quantity: 3 },
      { merchandiseId: variantGid(b), quantity: 1 },
    ]);

    const { cart } = await callerFor(t, customer.cookie).cart.claim({ cartId: anon });
    expect(cart.id).toBe(mine);
    expect(cart.lines.map((l) => [l.merchandise.id, l.quantity])).toEqual([
      [variantGid(a), 5],
      [variantGid(b), 1],
    ]);
    expect(await t.db.cart.findUnique({ where: { id: anon } })).toBeNull();
    expect(await t.db.cartLine.count({ where: { cartId: anon } })).toBe(0);
    expect((await t.api("GET", `/api/cart/${anon}`)).statusCode).toBe(404);
  });

  it("cart.claim caps merged quantities at 99", async () => {
    const customer = await newCustomer(t);
    const mine = await newCart(customer.cookie);
    await add(mine, [{ merchandiseId: variantGid(a), quantity: 60 }], customer.cookie);
    const anon = await newCart();
    await add(anon, [{ merchandiseId: variantGid(a), quantity: 60 }]);
    const { cart } = await callerFor(t, customer.cookie).cart.claim({ cartId: anon });
    expect(cart.lines[0]?.quantity).toBe(CART_LINE_QUANTITY_MAX);
  });

  it("cart.claim adopts the anonymous cart when the customer has none", async () => {
    const customer = await newCustomer(t);
    const anon = await newCart();
    await add(anon, [{ merchandiseId: variantGid(b), quantity: 2 }]);
    const { cart } = await callerFor(t, customer.cookie).cart.claim({ cartId: anon });
    expect(cart.id).toBe(anon);
    expect((await t.db.cart.findUniqueOrThrow({ where: { id: anon } })).customerId).toBe(customer.id);
    // From now on it is theirs alone.
    expect((await t.api("GET", `/api/cart/${anon}`)).statusCode).toBe(404);
  });

  it("cart.claim does not take another customer's cart", async () => {
    const owner = await newCustomer(t);
    const theirs = await newCart(owner.cookie);
    await add(theirs, [{ merchandiseId: variantGid(a), quantity: 1 }], owner.cookie);
    const thief = await newCustomer(t);
    const { cart } = await callerFor(t, thief.cookie).cart.claim({ cartId: theirs });
    expect(cart.id).not.toBe(theirs);
    expect(cart.lines).toEqual([]);
    expect(await t.db.cart.findUniqueOrThrow({ where: { id: theirs } })).toMatchObject({
      customerId: owner.id,
    });
    expect(await linesOf(theirs)).toEqual([{ variantId: a, quantity: 1 }]);
  });

  it("cart.claim needs a signed-in customer", async () => {
    const anon = await newCart();
    await expect(callerFor(t).cart.claim({ cartId: anon })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
