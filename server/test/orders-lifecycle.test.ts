import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOrdersCommand } from "../src/cli/orders.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { catalogueVariants, newCustomer, variantGid } from "./support-data.ts";

const ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Market St",
  city: "Portland",
  province: "OR",
  country: "United States",
  zip: "97201",
};

let t: TestApp;
let variants: number[];
let serial = 0;
beforeAll(async () => {
  t = await createTestApp();
  variants = (await catalogueVariants(t)).available;
});
afterAll(() => t.close());

/** A paid order of a new customer: two units of one variant and one of another. */
async function paidOrder(cookie: string, email: string) {
  const cartId = json<{ cart: { id: string } }>(await t.api("POST", "/api/cart", { cookie })).cart.id;
  await t.api("POST", `/api/cart/${cartId}`, {
    cookie,
    body: {
      items: [
        { merchandiseId: variantGid(variants[0] as number), quantity: 2 },
        { merchandiseId: variantGid(variants[1] as number), quantity: 1 },
      ],
    },
  });
  const q = json<{ quote: { totalMinor: number } }>(
    await t.api("POST", "/api/checkout/quote", { cookie, body: { cartId, address: ADDRESS } }),
  );
  const res = await t.api("POST", "/api/checkout/orders", {
    cookie,
    body: {
      cartId,
      email,
      address: ADDRESS,
      card: { number: "4242424242424242", expiry: "12/40", cvc: "123" },
      idempotencyKey: `lifecycle-${process.pid}-${serial++}-key`,
      expectedTotal: q.quote.totalMinor,
    },
  });
  expect(res.statusCode).toBe(200);
  const { orderNumber } = json<{ order: { orderNumber: number } }>(res).order;
  return t.db.order.findUniqueOrThrow({
    where: { orderNumber },
    include: { lineItems: { orderBy: { position: "asc" } } },
  });
}

const run = (...args: string[]) => runOrdersCommand(t.deps, args);
const mails = (to: string, kind: string) => t.db.emailOutbox.findMany({ where: { to, kind } });

describe("npm run orders", () => {
  it("fulfils in parts with tracking, emails each shipment, and the order page shows the tracking", async () => {
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    const first = o.lineItems[0]?.id as number;
    expect((await run("list")).join("\n")).toContain(`#${o.orderNumber}`);
    expect(
      await run(
        "fulfil",
        String(o.orderNumber),
        "--carrier",
        "UPS",
        "--tracking",
        "1Z999",
        "--line",
        `${first}:1`,
      ),
    ).toEqual([`Order ${o.orderNumber} is now PARTIALLY_FULFILLED`]);
    await expect(
      run(
        "fulfil",
        String(o.orderNumber),
        "--carrier",
        "UPS",
        "--tracking",
        "1Z1000",
        "--line",
        `${first}:2`,
      ),
    ).rejects.toThrow(`Line ${first}: at most 1 left to fulfil`);
    expect(await run("fulfil", String(o.orderNumber), "--carrier", "UPS", "--tracking", "1Z1000")).toEqual([
      `Order ${o.orderNumber} is now FULFILLED`,
    ]);
    await expect(run("fulfil", String(o.orderNumber), "--carrier", "UPS", "--tracking", "x")).rejects.toThrow(
      "already fulfilled",
    );
    const shipped = await mails(c.email, "order-shipped");
    expect(shipped).toHaveLength(2);
    expect(shipped[0]?.text).toContain("https://www.ups.com/track?tracknum=1Z999");
    const page = json<{ order: { fulfillmentStatus: string; trackingInfo: { number: string }[] } }>(
      await t.api("GET", `/api/account/orders/${o.id}`, { cookie: c.cookie }),
    );
    expect(page.order.fulfillmentStatus).toBe("FULFILLED");
    expect(page.order.trackingInfo.map((x) => x.number)).toEqual(["1Z999", "1Z1000"]);
    await expect(run("cancel", String(o.orderNumber))).rejects.toThrow("has shipped: it cannot be cancelled");
  });

  it("refunds in parts, never beyond what was paid, and emails each refund", async () => {
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    const whole = (o.totalAmount / 100).toFixed(2);
    await expect(run("refund", String(o.orderNumber), "--amount", `${whole}1`)).rejects.toThrow();
    await expect(run("refund", String(o.orderNumber), "--amount", String(o.totalAmount))).rejects.toThrow(
      "No refund beyond the amount paid",
    );
    expect((await run("refund", String(o.orderNumber), "--amount", "20.00"))[0]).toContain(
      "PARTIALLY_REFUNDED",
    );
    expect((await run("refund", String(o.orderNumber)))[0]).toContain("now REFUNDED");
    await expect(run("refund", String(o.orderNumber))).rejects.toThrow("already fully refunded");
    const row = await t.db.order.findUniqueOrThrow({ where: { id: o.id } });
    expect(row).toMatchObject({ financialStatus: "REFUNDED", refundedAmount: o.totalAmount });
    expect(await mails(c.email, "order-refunded")).toHaveLength(2);
    await expect(
      run("fulfil", String(o.orderNumber), "--carrier", "UPS", "--tracking", "1Z"),
    ).rejects.toThrow("refunded: it cannot be fulfilled");
  });

  it("cancels: Voided, stock back, customer told; then no fulfilment and no second cancel", async () => {
    const c = await newCustomer(t);
    const stock = async () =>
      (await t.db.productVariant.findUniqueOrThrow({ where: { id: variants[0] as number } })).inventory;
    const before = await stock();
    const o = await paidOrder(c.cookie, c.email);
    expect(await stock()).toBe(before - 2);
    expect((await run("cancel", String(o.orderNumber)))[0]).toContain("VOIDED");
    expect(await stock()).toBe(before);
    expect((await t.db.order.findUniqueOrThrow({ where: { id: o.id } })).financialStatus).toBe("VOIDED");
    expect(await mails(c.email, "order-cancelled")).toHaveLength(1);
    await expect(
      run("fulfil", String(o.orderNumber), "--carrier", "UPS", "--tracking", "1Z"),
    ).rejects.toThrow("is cancelled: it cannot be fulfilled");
    await expect(run("cancel", String(o.orderNumber))).rejects.toThrow("already cancelled");
    await expect(run("refund", String(o.orderNumber))).rejects.toThrow("is cancelled");
  });

  it("refuses unknown orders and commands with the usage", async () => {
    await expect(run("show", "999999")).rejects.toThrow("Order 999999 does not exist");
    await expect(run("ship", "1")).rejects.toThrow("usage: npm run orders");
    await expect(run("show", "abc")).rejects.toThrow("Not an order number: abc");
  });
});
