import {
  CART_LINE_QUANTITY_MAX,
  deliveryDays,
  freeShippingGap,
  MESSAGES,
  SHIP_COUNTRIES,
  SHIPPING_METHODS,
  stockCappedMessage,
  toMoney,
} from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_DAYS, SHIPPING_RATES, shippingAmount, zoneOf } from "../src/modules/checkout/tables.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";
import { catalogueVariants, newCustomer, variantGid } from "./support-data.ts";

interface Warning {
  code: string;
  message: string;
  merchandiseId: string;
  lineId: string;
  requested: number;
  quantity: number;
}
interface CartAnswer {
  cart: {
    lines: { id: string; quantity: number; merchandise: { id: string; quantityAvailable: number } }[];
  };
  warnings?: Warning[];
}

let t: TestApp;
let a: number;
let b: number;
let unavailable: number;
beforeAll(async () => {
  t = await createTestApp();
  const found = await catalogueVariants(t);
  [a, b] = found.available as [number, number];
  unavailable = found.unavailable;
});
afterAll(() => t.close());

const setStock = (id: number, inventory: number) =>
  t.db.productVariant.update({ where: { id }, data: { inventory } });

async function newCart(): Promise<string> {
  return json<{ cart: { id: string } }>(await t.api("POST", "/api/cart")).cart.id;
}
const add = (cartId: string, items: unknown) => t.api("POST", `/api/cart/${cartId}`, { body: { items } });
const quantities = async (cartId: string) =>
  (await t.db.cartLine.findMany({ where: { cartId }, orderBy: { id: "asc" } })).map((l) => [
    l.variantId,
    l.quantity,
  ]);

describe("the catalogue states each variant's stock", () => {
  it("answers quantityAvailable: the units left, 0 for a variant off sale or sold out", async () => {
    await setStock(a, 3);
    const { handle } = await t.db.product.findFirstOrThrow({
      where: { variants: { some: { id: a } } },
      select: { handle: true },
    });
    const product = (await callerFor(t).catalog.product({ handle })).product;
    expect(product.variants.find((v) => v.id === variantGid(a))?.quantityAvailable).toBe(3);

    await setStock(a, 0);
    const soldOut = (await callerFor(t).catalog.product({ handle })).product;
    const v = soldOut.variants.find((x) => x.id === variantGid(a));
    expect(v).toMatchObject({ available: false, quantityAvailable: 0 });

    const off = await t.db.product.findFirstOrThrow({
      where: { variants: { some: { id: unavailable } } },
      select: { handle: true },
    });
    const offSale = (await callerFor(t).catalog.product({ handle: off.handle })).product;
    expect(offSale.variants.find((x) => x.id === variantGid(unavailable))?.quantityAvailable).toBe(0);
    await setStock(a, 50);
  });
});

describe("the cart holds no more than the stock", () => {
  it("caps an add above the stock at the stock, and the answer says so", async () => {
    await setStock(a, 50);
    const id = await newCart();
    const res = await add(id, [{ merchandiseId: variantGid(a), quantity: 75 }]);
    expect(res.statusCode).toBe(200);
    const body = json<CartAnswer>(res);
    expect(body.cart.lines[0]).toMatchObject({ quantity: 50, merchandise: { quantityAvailable: 50 } });
    expect(body.warnings).toEqual([
      {
        code: "QUANTITY_CAPPED_TO_STOCK",
        message: stockCappedMessage(50),
        merchandiseId: variantGid(a),
        lineId: body.cart.lines[0]?.id,
        requested: 75,
        quantity: 50,
      },
    ]);
    expect(stockCappedMessage(50)).toBe("Only 50 available; your quantity was set to 50");
    expect(await quantities(id)).toEqual([[a, 50]]);

    // A second add on a full line stays at the stock, and says so again.
    const again = json<CartAnswer>(await add(id, [{ merchandiseId: variantGid(a), quantity: 1 }]));
    expect(again.warnings?.[0]).toMatchObject({ requested: 51, quantity: 50 });
    expect(await quantities(id)).toEqual([[a, 50]]);
  });

  it("answers no warnings when the stock covers the quantity", async () => {
    await setStock(a, 50);
    const id = await newCart();
    const body = json<CartAnswer>(await add(id, [{ merchandiseId: variantGid(a), quantity: 50 }]));
    expect(body.warnings).toBeUndefined();
    expect(Object.keys(body)).toEqual(["cart"]);
  });

  it("caps a changed quantity above the stock, over REST and tRPC", async () => {
    await setStock(b, 7);
    const id = await newCart();
    const line = json<CartAnswer>(await add(id, [{ merchandiseId: variantGid(b), quantity: 2 }])).cart
      .lines[0];
    if (!line) throw new Error("no line");
    const res = await t.api("PATCH", `/api/cart/${id}/lines/${line.id.split("/").pop()}`, {
      body: { quantity: 75 },
    });
    expect(res.statusCode).toBe(200);
    expect(json<CartAnswer>(res).warnings).toEqual([
      expect.objectContaining({
        lineId: line.id,
        requested: 75,
        quantity: 7,
        message: stockCappedMessage(7),
      }),
    ]);
    expect(await quantities(id)).toEqual([[b, 7]]);

    const lower = await callerFor(t).cart.updateLine({ cartId: id, lineId: line.id, quantity: 3 });
    expect(lower.warnings).toBeUndefined();
    expect(lower.cart.lines[0]?.quantity).toBe(3);
    await setStock(b, 50);
  });

  it("changes nothing on bad input", async () => {
    await setStock(b, 50);
    const id = await newCart();
    const line = json<CartAnswer>(await add(id, [{ merchandiseId: variantGid(b), quantity: 2 }])).cart
      .lines[0];
    if (!line) throw new Error("no line");
    const url = `/api/cart/${id}/lines/${line.id.split("/").pop()}`;
    for (const quantity of [0, -1, CART_LINE_QUANTITY_MAX + 1, 2.5, "40", null]) {
      const res = await t.api("PATCH", url, { body: { quantity } });
      expect(res.statusCode).toBe(400);
    }
    const missing = await t.api("PATCH", `/api/cart/${id}/lines/999999999`, { body: { quantity: 1 } });
    expect(missing.statusCode).toBe(404);
    expect(await quantities(id)).toEqual([[b, 2]]);
  });

  it("lets a sold-out line be lowered, never raised", async () => {
    await setStock(b, 50);
    const id = await newCart();
    const line = json<CartAnswer>(await add(id, [{ merchandiseId: variantGid(b), quantity: 4 }])).cart
      .lines[0];
    if (!line) throw new Error("no line");
    await setStock(b, 0);
    await expect(
      callerFor(t).cart.updateLine({ cartId: id, lineId: line.id, quantity: 5 }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining(MESSAGES.variantUnavailable),
    });
    expect(await quantities(id)).toEqual([[b, 4]]);
    const lowered = await callerFor(t).cart.updateLine({ cartId: id, lineId: line.id, quantity: 1 });
    expect(lowered.cart.lines[0]).toMatchObject({ quantity: 1, merchandise: { quantityAvailable: 0 } });
    await setStock(b, 50);
  });

  it("a signed-in shopper's two carts merge within the stock", async () => {
    await setStock(a, 50);
    const customer = await newCustomer(t);
    const mine = json<{ cart: { id: string } }>(await t.api("POST", "/api/cart", { cookie: customer.cookie }))
      .cart.id;
    await t.api("POST", `/api/cart/${mine}`, {
      body: { items: [{ merchandiseId: variantGid(a), quantity: 30 }] },
      cookie: customer.cookie,
    });
    const anon = await newCart();
    await add(anon, [{ merchandiseId: variantGid(a), quantity: 30 }]);
    const { cart } = await callerFor(t, customer.cookie).cart.claim({ cartId: anon });
    expect(cart.lines.map((l) => l.quantity)).toEqual([50]);
  });

  it("two adds at once end with at most the stock in the line", async () => {
    await setStock(a, 10);
    const id = await newCart();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => add(id, [{ merchandiseId: variantGid(a), quantity: 4 }])),
    );
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(await quantities(id)).toEqual([[a, 10]]);
    await setStock(a, 50);
  });
});

describe("the shared delivery and free-shipping rules match the checkout's tables", () => {
  it("names the checkout's delivery days for every country it ships to", () => {
    for (const country of SHIP_COUNTRIES)
      for (const method of SHIPPING_METHODS)
        expect(deliveryDays(country, method)).toEqual(DELIVERY_DAYS[zoneOf(country)][method]);
  });

  it("says how much more makes standard shipping free exactly where the checkout makes it free", () => {
    for (const [currency, zones] of Object.entries(SHIPPING_RATES))
      for (const country of ["US", "JP", "DE"]) {
        const rate = zones[zoneOf(country)];
        for (const goods of [0, 1, 4_999, 9_999, 10_000, 14_999, 15_000, 40_000]) {
          const gap = freeShippingGap(currency, country, toMoney(goods, currency));
          const free = shippingAmount(rate, "STANDARD", goods) === 0;
          if (free || rate.freeStandardFrom === null) expect(gap).toBeNull();
          else {
            expect(gap).toEqual(toMoney(rate.freeStandardFrom - goods, currency));
            expect(shippingAmount(rate, "STANDARD", rate.freeStandardFrom)).toBe(0);
          }
        }
      }
  });
});
