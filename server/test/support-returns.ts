// Orders for the returns' tests, made the way the store makes them: placed through checkout
// (paid with a test card and captured), shipped through the order state machine, whose shipping
// mail carries the return link.
import { expect } from "vitest";
import { fulfilOrder } from "../src/modules/orders/lifecycle.ts";
import { json, type TestApp } from "./helpers.ts";
import { variantGid } from "./support-data.ts";

export const ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Market St",
  city: "Portland",
  province: "OR",
  country: "United States",
  zip: "97201",
};

let serial = 0;

export interface PlacedOrder {
  id: number;
  orderNumber: number;
  email: string;
  totalAmount: number;
  /** The lines in order: the first has two units, the second one. */
  lines: { id: number; quantity: number; unitPriceAmount: number; variantId: number | null }[];
  /** A guest's order-access cookie (`vela_order_access=...`), for its confirmation page. */
  guestCookie: string | undefined;
}

/** A paid order of two units of `variants[0]` and one of `variants[1]`, by `cookie`'s customer or a guest. */
export async function placeOrder(
  t: TestApp,
  variants: number[],
  opts: { cookie?: string; email: string; language?: "en-US" | "ja-JP" },
): Promise<PlacedOrder> {
  const cookie = opts.cookie;
  const cartId = json<{ cart: { id: string } }>(await t.api("POST", "/api/cart", cookie ? { cookie } : {}))
    .cart.id;
  await t.api("POST", `/api/cart/${cartId}`, {
    ...(cookie ? { cookie } : {}),
    body: {
      items: [
        { merchandiseId: variantGid(variants[0] as number), quantity: 2 },
        { merchandiseId: variantGid(variants[1] as number), quantity: 1 },
      ],
    },
  });
  const q = json<{ quote: { totalMinor: number } }>(
    await t.api("POST", "/api/checkout/quote", {
      ...(cookie ? { cookie } : {}),
      body: { cartId, address: ADDRESS },
    }),
  );
  const res = await t.api("POST", "/api/checkout/orders", {
    ...(cookie ? { cookie } : {}),
    body: {
      cartId,
      email: opts.email,
      address: ADDRESS,
      card: { number: "4242424242424242", expiry: "12/40", cvc: "123" },
      idempotencyKey: `returns-${process.pid}-${serial++}-key`,
      expectedTotal: q.quote.totalMinor,
      ...(opts.language ? { language: opts.language } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderNumber } = json<{ order: { orderNumber: number } }>(res).order;
  const o = await t.db.order.findUniqueOrThrow({
    where: { orderNumber },
    include: { lineItems: { orderBy: { position: "asc" } } },
  });
  const access = String(res.headers["set-cookie"] ?? "").match(/vela_order_access=[^;]+/)?.[0];
  return {
    id: o.id,
    orderNumber,
    email: opts.email,
    totalAmount: o.totalAmount,
    lines: o.lineItems.map((l) => ({
      id: l.id,
      quantity: l.quantity,
      unitPriceAmount: l.unitPriceAmount,
      variantId: l.variantId,
    })),
    guestCookie: access,
  };
}

/** Ships the order (all that is left, or the lines named) through the state machine. */
export function ship(t: TestApp, o: PlacedOrder, lines?: { lineId: number; quantity: number }[]) {
  return fulfilOrder(t.deps, o.orderNumber, {
    carrier: "UPS",
    tracking: `1Z${serial++}`,
    ...(lines ? { lines } : {}),
  });
}

/** The token of the newest return link mailed to `email` (a guest's shipping mail). */
export async function returnLinkToken(t: TestApp, email: string): Promise<string> {
  const mail = await t.db.emailOutbox.findFirstOrThrow({
    where: { to: email, kind: "order-shipped" },
    orderBy: { id: "desc" },
  });
  const token = /\/account\/return\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no return link in: ${mail.text}`);
  return token;
}

export const uniqueEmail = (tag: string) => `returns-${tag}-${process.pid}-${serial++}@example.com`;

/** Row counts a refused request or action must leave as they were. */
export async function returnCounts(t: TestApp) {
  const [returns, returnLines, audit, outbox, operations] = await Promise.all([
    t.db.return.count(),
    t.db.returnLine.count(),
    t.db.auditEvent.count(),
    t.db.emailOutbox.count(),
    t.db.paymentOperation.count(),
  ]);
  return { returns, returnLines, audit, outbox, operations };
}
