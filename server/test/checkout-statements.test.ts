// A placement sends the same number of SQL statements whatever the number of lines: the stock of
// every line is taken in one conditional UPDATE and the lines are written in one INSERT.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { takeStock } from "../src/modules/checkout/service.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
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

let t: TestApp;
let statements: string[] | null = null;
let variants: number[];
let serial = 0;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (sql) => statements?.push(sql) });
  variants = (await catalogueVariants(t)).available;
  await t.db.productVariant.updateMany({ where: { id: { in: variants } }, data: { inventory: 1000 } });
});
afterAll(() => t.close());

async function cartOf(lines: number) {
  const cartId = json<{ cart: { id: string } }>(await t.api("POST", "/api/cart")).cart.id;
  const items = variants.slice(0, lines).map((id) => ({ merchandiseId: variantGid(id), quantity: 2 }));
  expect(items).toHaveLength(lines);
  await t.api("POST", `/api/cart/${cartId}`, { body: { items } });
  const q = await t.api("POST", "/api/checkout/quote", {
    body: { cartId, email: "count@example.com", address: ADDRESS },
  });
  return { cartId, expectedTotal: json<{ quote: { totalMinor: number } }>(q).quote.totalMinor };
}

/** The statements of one placement, from the request to its answer (the mail's delivery aside). */
async function placementStatements(lines: number): Promise<string[]> {
  const { cartId, expectedTotal } = await cartOf(lines);
  statements = [];
  const res = await t.api("POST", "/api/checkout/orders", {
    body: {
      cartId,
      email: "count@example.com",
      address: ADDRESS,
      card: CARD,
      idempotencyKey: `count-${process.pid}-${Date.now()}-${serial++}`,
      expectedTotal,
    },
  });
  const sql = statements;
  statements = null;
  expect(res.statusCode).toBe(200);
  return sql.filter((s) => !/EmailOutbox/.test(s) || /INSERT/i.test(s));
}

describe("statements per placement", () => {
  it("are the same for 1 and for 5 lines, and every line's stock is taken", async () => {
    await placementStatements(1); // warm: the first placement of the process prepares more
    const before = await t.db.productVariant.findMany({ where: { id: { in: variants.slice(0, 5) } } });
    const one = await placementStatements(1);
    const five = await placementStatements(5);
    expect(five.length).toBe(one.length);
    const after = await t.db.productVariant.findMany({ where: { id: { in: variants.slice(0, 5) } } });
    for (const v of after) {
      const was = before.find((b) => b.id === v.id)?.inventory ?? 0;
      expect(was - v.inventory).toBe(v.id === variants[0] ? 4 : 2);
    }
  });

  it("takes no stock at all when one line is short, and every line's when all have enough", async () => {
    const ids = variants.slice(0, 3);
    await t.db.productVariant.updateMany({ where: { id: { in: ids } }, data: { inventory: 5 } });
    await t.db.productVariant.update({ where: { id: ids[2] as number }, data: { inventory: 1 } });
    const stock = async () =>
      (await t.db.productVariant.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } })).map(
        (v) => v.inventory,
      );
    const before = await stock();
    const lines = ids.map((variantId) => ({ variantId, quantity: 2 }));
    // As placement does: a short answer throws, and the transaction takes back what the statement took.
    let answered: boolean | null = null;
    await expect(
      t.db.$transaction(async (tx) => {
        answered = await takeStock(tx, lines);
        if (!answered) throw new Error("sold out");
      }),
    ).rejects.toThrow("sold out");
    expect(answered).toBe(false);
    expect(await stock()).toEqual(before);
    // The same variant twice counts its units together.
    const twice = [
      { variantId: ids[0] as number, quantity: 2 },
      { variantId: ids[0] as number, quantity: 3 },
    ];
    expect(await t.db.$transaction((tx) => takeStock(tx, twice))).toBe(true);
    const first = await t.db.productVariant.findUniqueOrThrow({ where: { id: ids[0] as number } });
    expect(first.inventory).toBe(0);
    await t.db.productVariant.updateMany({ where: { id: { in: ids } }, data: { inventory: 1000 } });
  });
});
