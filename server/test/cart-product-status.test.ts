// A cart sells only what the shop shows: a draft or archived product's variants cannot be added or
// raised, and a line whose product left the shop reads as unavailable (checkout refuses it too).
import { CHECKOUT_MESSAGES, MESSAGES } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { variantGid } from "./support-data.ts";

let t: TestApp;
let variantId: number;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  const v = await t.db.productVariant.findFirst({
    where: { available: true, inventory: { gt: 5 }, product: { status: "ACTIVE" } },
    select: { id: true, productId: true },
  });
  if (!v) throw new Error("seed: no variant on sale");
  variantId = v.id;
  productId = v.productId;
});
afterAll(() => t.close());

async function newCart(): Promise<string> {
  const res = await t.api("POST", "/api/cart");
  return json<{ cart: { id: string } }>(res).cart.id;
}
const add = (cartId: string, quantity = 1) =>
  t.api("POST", `/api/cart/${cartId}`, {
    body: { items: [{ merchandiseId: variantGid(variantId), quantity }] },
  });
const setStatus = (status: string) => t.db.product.update({ where: { id: productId }, data: { status } });

describe("a product's status in the cart", () => {
  for (const status of ["DRAFT", "ARCHIVED"]) {
    it(`refuses to add a variant of a ${status.toLowerCase()} product, and changes nothing`, async () => {
      const cartId = await newCart();
      await setStatus(status);
      try {
        const res = await add(cartId);
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain(MESSAGES.variantUnavailable);
        expect(await t.db.cartLine.count({ where: { cartId } })).toBe(0);
      } finally {
        await setStatus("ACTIVE");
      }
    });
  }

  it("shows a line whose product was archived as unavailable, and will not raise it", async () => {
    const cartId = await newCart();
    expect((await add(cartId, 1)).statusCode).toBe(200);
    await setStatus("ARCHIVED");
    try {
      const cart = json<{ cart: { lines: { id: string; merchandise: { available: boolean } }[] } }>(
        await t.api("GET", `/api/cart/${cartId}`),
      ).cart;
      expect(cart.lines[0]?.merchandise.available).toBe(false);
      const lineId = cart.lines[0]?.id.split("/").pop();
      const raise = await t.api("PATCH", `/api/cart/${cartId}/lines/${lineId}`, { body: { quantity: 2 } });
      expect(raise.statusCode).toBe(400);
      expect((await t.db.cartLine.findFirst({ where: { cartId } }))?.quantity).toBe(1);
    } finally {
      await setStatus("ACTIVE");
    }
  });
});

describe("a product's status at checkout", () => {
  const address = {
    firstName: "Ada",
    lastName: "Lovelace",
    address1: "1 Main St",
    city: "Austin",
    province: "TX",
    zip: "73301",
    country: "US",
  };
  const quote = async (cartId: string) =>
    json<{ quote: { totalMinor: number; lines: { soldOut: boolean }[] } }>(
      await t.api("POST", "/api/checkout/quote", {
        body: { cartId, email: "archived@example.com", shippingMethod: "STANDARD", address },
      }),
    ).quote;

  it("marks a line whose product was archived as sold out, and refuses to place it", async () => {
    const cartId = await newCart();
    expect((await add(cartId, 1)).statusCode).toBe(200);
    const before = await quote(cartId);
    expect(before.lines[0]?.soldOut).toBe(false);
    await setStatus("ARCHIVED");
    try {
      const after = await quote(cartId);
      expect(after.lines[0]?.soldOut).toBe(true);
      const orders = await t.db.order.count();
      const res = await t.api("POST", "/api/checkout/orders", {
        body: {
          cartId,
          email: "archived@example.com",
          idempotencyKey: "archived-product-order-0001",
          shippingMethod: "STANDARD",
          address,
          card: { number: "4242424242424242", expiry: "12/35", cvc: "123" },
          expectedTotal: after.totalMinor,
        },
      });
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain(CHECKOUT_MESSAGES.soldOut);
      expect(await t.db.order.count()).toBe(orders);
    } finally {
      await setStatus("ACTIVE");
    }
  });
});
