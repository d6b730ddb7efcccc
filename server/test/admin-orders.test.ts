// The admin's orders area and dashboard through /admin/trpc, as the admin client calls them:
// the list (search, filters, keyset pages both ways), one order with its payment and timeline,
// and every action through the order state machine with its audit row written in the same
// transaction, the customer mailed in the order's language, refusals carrying their reason
// code, and two members acting on one order at once ending in one outcome.
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { ORDER_ADMIN_MESSAGES } from "@vela/shared/admin";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminEnUS } from "../../packages/i18n/src/messages/admin/en-US.ts";
import { adminJaJP } from "../../packages/i18n/src/messages/admin/ja-JP.ts";
import { runOrdersCommand } from "../src/cli/orders.ts";
import { writesPublicData } from "../src/http/page-renderer.ts";
import {
  type PaymentProvider,
  setPaymentProvider,
  TestPaymentProvider,
} from "../src/modules/checkout/payment.ts";
import { ORDER_REFUSALS } from "../src/modules/orders/refusals.ts";
import { createCustomer, createOrder } from "../src/seed/factories.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { catalogueVariants, newCustomer, productByHandle, variantGid } from "./support-data.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { type AdminAnswer, admin, createStaff, signInStaff } from "./support-staff.ts";

const ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Market St",
  city: "Portland",
  province: "OR",
  country: "United States",
  zip: "97201",
};
const JA_ADDRESS = {
  firstName: "花子",
  lastName: "佐藤",
  address1: "1-2-3 Shibuya",
  city: "Shibuya",
  province: "Tokyo",
  country: "Japan",
  zip: "150-0002",
};

let t: TestApp;
let variants: number[];
let serial = 0;
const staff: Record<"owner" | "manager" | "manager2" | "support" | "support2" | "fulfilment", string> = {
  owner: "",
  manager: "",
  manager2: "",
  support: "",
  support2: "",
  fulfilment: "",
};
const staffId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  variants = (await catalogueVariants(t)).available;
  await t.db.productVariant.updateMany({
    where: { id: { in: variants.slice(0, 2) } },
    data: { inventory: 10_000 },
  });
  for (const [name, role] of [
    ["owner", "owner"],
    ["manager", "manager"],
    ["manager2", "manager"],
    ["support", "support"],
    ["support2", "support"],
    ["fulfilment", "fulfilment"],
  ] as const) {
    const member = await createStaff(t, `orders-${name}@vela.test`, role);
    staffId[name] = member.id;
    staff[name] = await signInStaff(t, member);
  }
});
afterAll(() => t.close());
afterEach(() => setPaymentProvider(new TestPaymentProvider()));

type Who = keyof typeof staff;
const query = <T>(who: Who, path: string, input?: unknown) =>
  admin<T>(t, "query", path, input, { cookie: staff[who] });
const mutate = <T>(who: Who, path: string, input?: unknown, ip?: string) =>
  admin<T>(t, "mutation", path, input, { cookie: staff[who], ...(ip ? { ip } : {}) });

interface RefusalData {
  code: string;
  httpStatus: number;
  reason?: string;
  params?: Record<string, string | number>;
  issues?: { path: string; message: string }[] | null;
}
const refusal = (res: AdminAnswer) => res.error?.data as RefusalData | undefined;

interface OrderView {
  number: number;
  version: number;
  financialStatus: string;
  fulfillmentStatus: string;
  currencyCode: string;
  locale: string;
  email: string;
  customer: { id: number; name: string; email: string } | null;
  lines: { id: number; quantity: number; fulfilledQuantity: number; unitPrice: number; total: number }[];
  totals: { subtotal: number; discount: number; shipping: number; tax: number; total: number };
  shippingMethod: string | null;
  shippingAddress: { name: string; address1: string; city: string; phone: string | null };
  payment: {
    provider: string | null;
    brand: string | null;
    last4: string | null;
    authorized: number;
    captured: number;
    refunded: number;
    refundable: number;
    operations: { kind: string; amount: number; status: string }[];
  };
  shipments: { carrier: string; number: string; url: string }[];
  notes: { id: number; author: string; text: string }[];
  can: { fulfil: boolean; refund: boolean; cancel: boolean; changeAddress: boolean };
  timeline: {
    id: string;
    kind: string;
    actor: { type: string; label: string | null };
    amount: number | null;
    detail: string | null;
    status?: string;
    reference?: string;
  }[];
}

const view = async (number: number, who: Who = "owner") => {
  const res = await query<OrderView>(who, "orders.get", { number });
  expect(res.status, res.res.body).toBe(200);
  return res.data;
};

/** A paid order placed through the checkout (signed in, or as a guest), in `language`. */
async function placeOrder(opts: { language?: "en-US" | "ja-JP"; guest?: boolean } = {}) {
  const language = opts.language ?? "en-US";
  const customer = opts.guest ? null : await newCustomer(t);
  const email = customer?.email ?? `guest-${process.pid}-${serial++}@example.com`;
  const cookie = customer?.cookie;
  const address = language === "ja-JP" ? JA_ADDRESS : ADDRESS;
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
      body: { cartId, email, address, language },
    }),
  );
  const res = await t.api("POST", "/api/checkout/orders", {
    ...(cookie ? { cookie } : {}),
    body: {
      cartId,
      email,
      language,
      address,
      card: { number: "4242424242424242", expiry: "12/40", cvc: "123" },
      idempotencyKey: `admin-orders-${process.pid}-${serial++}-key`,
      expectedTotal: q.quote.totalMinor,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderNumber } = json<{ order: { orderNumber: number } }>(res).order;
  const order = await t.db.order.findUniqueOrThrow({
    where: { orderNumber },
    include: { lineItems: { orderBy: { position: "asc" } } },
  });
  return { order, email, customer };
}

const mailsTo = (to: string, kind: string) =>
  t.db.emailOutbox.findMany({ where: { to, kind }, orderBy: { id: "asc" } });
const auditOf = (orderId: number, kind?: string) =>
  t.db.auditEvent.findMany({
    where: { entityType: "Order", entityId: String(orderId), ...(kind ? { kind } : {}) },
    orderBy: { id: "asc" },
  });

describe("orders.get", () => {
  it("shows lines, totals, payment, address and the placement on the timeline", async () => {
    const { order, email } = await placeOrder();
    const o = await view(order.orderNumber, "fulfilment");
    expect(o).toMatchObject({
      number: order.orderNumber,
      financialStatus: "PAID",
      fulfillmentStatus: "UNFULFILLED",
      email,
      locale: "en-US",
      shippingAddress: { name: "Ada Lovelace", address1: "1 Market St", city: "Portland" },
      payment: {
        provider: "test",
        brand: "Visa",
        last4: "4242",
        captured: order.totalAmount,
        refunded: 0,
        refundable: order.totalAmount,
        operations: [{ kind: "CAPTURE", amount: order.totalAmount, status: "SUCCEEDED" }],
      },
      can: { fulfil: true, refund: true, cancel: true, changeAddress: true },
    });
    expect(o.lines.map((l) => l.quantity)).toEqual([2, 1]);
    expect(o.totals.total).toBe(order.totalAmount);
    expect(o.totals.subtotal).toBe(o.lines.reduce((n, l) => n + l.total, 0));
    expect(o.timeline.map((e) => e.kind)).toEqual(["placed", "paid", "mail"]);
    expect(o.timeline[0]?.actor).toEqual({ type: "customer", label: email });
    expect(o.timeline[1]?.actor).toEqual({ type: "store", label: null });
    expect(o.timeline[2]).toMatchObject({ reference: "order-confirmation", status: "queued" });
  });

  it("answers 404 with the reason for an order that does not exist", async () => {
    const res = await query("support", "orders.get", { number: 987_654_321 });
    expect(res.status).toBe(404);
    expect(refusal(res)).toMatchObject({ reason: "orderNotFound", params: { order: 987_654_321 } });
  });

  it("refuses a malformed order number with 400", async () => {
    for (const number of [0, -1, 1.5, "1001"]) {
      expect((await query("support", "orders.get", { number })).status).toBe(400);
    }
  });
});

describe("orders.fulfil", () => {
  it("ships lines with tracking, writes the audit row with the change, mails the customer in the order's language", async () => {
    const { order, email } = await placeOrder({ language: "ja-JP" });
    const before = await view(order.orderNumber);
    const first = order.lineItems[0]?.id as number;
    const res = await mutate(
      "support",
      "orders.fulfil",
      {
        number: order.orderNumber,
        version: before.version,
        carrier: "Yamato",
        tracking: "4960-1111",
        lines: [{ lineId: first, quantity: 1 }],
      },
      "10.20.30.40",
    );
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toEqual({ orderNumber: order.orderNumber, fulfillmentStatus: "PARTIALLY_FULFILLED" });
    const [row] = await auditOf(order.id, "order.fulfilled");
    expect(row).toMatchObject({
      actorType: "staff",
      actorId: staffId.support,
      actorLabel: "orders-support@vela.test",
      ip: "10.20.30.40",
    });
    expect(JSON.parse(row?.before ?? "{}")).toMatchObject({ fulfillmentStatus: "UNFULFILLED" });
    expect(JSON.parse(row?.after ?? "{}")).toMatchObject({ fulfillmentStatus: "PARTIALLY_FULFILLED" });
    const [mail] = await mailsTo(email, "order-shipped");
    expect(mail?.subject).toBe(`ご注文 #${order.orderNumber} を発送しました`);
    expect(mail?.text).toContain("4960-1111");
    const after = await view(order.orderNumber);
    expect(after.shipments).toEqual([
      { carrier: "Yamato", number: "4960-1111", url: expect.stringContaining("4960-1111") },
    ]);
    expect(after.lines[0]?.fulfilledQuantity).toBe(1);
    expect(after.version).toBeGreaterThan(before.version);
    const shipped = after.timeline.find((e) => e.kind === "shipped");
    expect(shipped?.actor).toEqual({ type: "staff", label: "orders-support@vela.test" });
    expect(shipped?.detail).toContain("Yamato 4960-1111");
    expect(after.timeline.filter((e) => e.kind === "mail").map((e) => e.reference)).toEqual([
      "order-confirmation",
      "order-shipped",
    ]);
  });

  it("refuses a stale version, an unknown line and too many units with the reason and nothing changed", async () => {
    const { order, email } = await placeOrder();
    const { version } = await view(order.orderNumber);
    const base = { number: order.orderNumber, carrier: "UPS", tracking: "1Z1" };
    const stale = await mutate("support", "orders.fulfil", { ...base, version: version + 5 });
    expect(stale.status).toBe(409);
    expect(refusal(stale)).toMatchObject({ reason: "staleVersion", params: { order: order.orderNumber } });
    const unknown = await mutate("support", "orders.fulfil", {
      ...base,
      version,
      lines: [{ lineId: 999_999, quantity: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(refusal(unknown)).toMatchObject({ reason: "lineUnknown", issues: [{ path: "lines" }] });
    const tooMany = await mutate("support", "orders.fulfil", {
      ...base,
      version,
      lines: [{ lineId: order.lineItems[1]?.id, quantity: 2 }],
    });
    expect(refusal(tooMany)).toMatchObject({ reason: "lineQuantity", params: { left: 1 } });
    const blank = await mutate("support", "orders.fulfil", { ...base, version, carrier: "  " });
    expect(blank.status).toBe(400);
    expect(refusal(blank)?.issues?.[0]?.path).toBe("carrier");
    expect(await auditOf(order.id)).toEqual([]);
    expect(await mailsTo(email, "order-shipped")).toEqual([]);
    expect((await view(order.orderNumber)).version).toBe(version);
  });

  it("two members shipping the same unit at once from the same page: one shipment, one mail, the other told why", async () => {
    const { order, email } = await placeOrder();
    const { version } = await view(order.orderNumber);
    // One unit of a line of two: the order could take both shipments, but each member meant
    // the one they saw, so the second is refused rather than shipped twice.
    const lines = [{ lineId: order.lineItems[0]?.id, quantity: 1 }];
    const ship = (who: Who, tracking: string) =>
      mutate(who, "orders.fulfil", { number: order.orderNumber, version, carrier: "UPS", tracking, lines });
    const results = await Promise.all([ship("support", "1ZA"), ship("support2", "1ZB")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.status === 409);
    expect(refusal(lost as AdminAnswer)?.reason).toBe("staleVersion");
    const o = await view(order.orderNumber);
    expect(o.shipments).toHaveLength(1);
    expect(o.lines[0]?.fulfilledQuantity).toBe(1);
    expect(o.fulfillmentStatus).toBe("PARTIALLY_FULFILLED");
    expect(await mailsTo(email, "order-shipped")).toHaveLength(1);
    expect(await auditOf(order.id, "order.fulfilled")).toHaveLength(1);
  });

  it("a fulfilment role ships but cannot refund, cancel or resend", async () => {
    const { order } = await placeOrder();
    const { version } = await view(order.orderNumber, "fulfilment");
    const refund = await mutate("fulfilment", "orders.refund", {
      number: order.orderNumber,
      version,
      amount: "1.00",
      reason: "goodwill",
    });
    expect(refund.status).toBe(403);
    const cancel = await mutate("fulfilment", "orders.cancel", {
      number: order.orderNumber,
      version,
      reason: "asked",
    });
    expect(cancel.status).toBe(403);
    expect(
      (await mutate("fulfilment", "orders.resendConfirmation", { number: order.orderNumber })).status,
    ).toBe(403);
    const ship = await mutate("fulfilment", "orders.fulfil", {
      number: order.orderNumber,
      version,
      carrier: "UPS",
      tracking: "1Z",
    });
    expect(ship.status).toBe(200);
  });
});

describe("orders.refund", () => {
  it("support cannot refund (403, nothing changed); a manager refunds with a reason, audited and mailed", async () => {
    const { order, email } = await placeOrder();
    const { version } = await view(order.orderNumber);
    const denied = await mutate("support", "orders.refund", {
      number: order.orderNumber,
      version,
      amount: "5.00",
      reason: "scratched",
    });
    expect(denied.status).toBe(403);
    expect(await auditOf(order.id)).toEqual([]);
    expect((await view(order.orderNumber)).payment.refunded).toBe(0);

    const res = await mutate("manager", "orders.refund", {
      number: order.orderNumber,
      version,
      amount: "5.00",
      reason: "scratched",
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toMatchObject({ amount: 500, financialStatus: "PARTIALLY_REFUNDED" });
    const [row] = await auditOf(order.id, "order.refunded");
    expect(row).toMatchObject({ actorType: "staff", actorId: staffId.manager });
    expect(JSON.parse(row?.after ?? "{}")).toMatchObject({
      amount: 500,
      reason: "scratched",
      financialStatus: "PARTIALLY_REFUNDED",
    });
    const [mail] = await mailsTo(email, "order-refunded");
    expect(mail?.subject).toBe(`A refund for your order #${order.orderNumber}`);
    const o = await view(order.orderNumber);
    expect(o.payment).toMatchObject({ refunded: 500, refundable: order.totalAmount - 500 });
    const entry = o.timeline.find((e) => e.kind === "refunded");
    expect(entry).toMatchObject({
      amount: 500,
      detail: "scratched",
      actor: { type: "staff", label: "orders-manager@vela.test" },
    }); // Another manager still on the page from before: the same refund is not made twice.
    const again = await mutate("manager2", "orders.refund", {
      number: order.orderNumber,
      version,
      amount: "5.00",
      reason: "scratched",
    });
    expect(again.status).toBe(409);
    expect(refusal(again)).toMatchObject({ reason: "staleVersion" });
    expect((await view(order.orderNumber)).payment.refunded).toBe(500);
  });

  it("refunds lines at their unit price", async () => {
    const { order } = await placeOrder();
    const { version } = await view(order.orderNumber);
    const line = order.lineItems[0];
    const res = await mutate("manager", "orders.refund", {
      number: order.orderNumber,
      version,
      lines: [{ lineId: line?.id, quantity: 1 }],
      reason: "one returned",
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toMatchObject({ amount: line?.unitPriceAmount });
    const tooMany = await mutate("manager", "orders.refund", {
      number: order.orderNumber,
      version: (await view(order.orderNumber)).version,
      lines: [{ lineId: line?.id, quantity: 3 }],
      reason: "too many",
    });
    expect(refusal(tooMany)).toMatchObject({ reason: "lineRefundQuantity", params: { max: 2 } });
  });

  it("never beyond what was captured: refused with the amount left, nothing paid back", async () => {
    const { order } = await placeOrder();
    const { version } = await view(order.orderNumber);
    const beyond = ((order.totalAmount + 1) / 100).toFixed(2);
    const res = await mutate("owner", "orders.refund", {
      number: order.orderNumber,
      version,
      amount: beyond,
      reason: "too much",
    });
    expect(res.status).toBe(409);
    expect(refusal(res)).toMatchObject({
      reason: "refundTooLarge",
      params: { left: `${(order.totalAmount / 100).toFixed(2)} USD` },
      issues: [{ path: "amount" }],
    });
    expect(await t.db.paymentOperation.count({ where: { orderId: order.id, kind: "REFUND" } })).toBe(0);
    const both = await mutate("owner", "orders.refund", {
      number: order.orderNumber,
      version,
      amount: "1.00",
      lines: [{ lineId: order.lineItems[0]?.id, quantity: 1 }],
      reason: "both",
    });
    expect(both.status).toBe(400);
    const noReason = await mutate("owner", "orders.refund", {
      number: order.orderNumber,
      version,
      amount: "1.00",
      reason: " ",
    });
    expect(noReason.status).toBe(400);
    expect(refusal(noReason)?.issues?.[0]?.path).toBe("reason");
  });

  it("two managers refunding at once from the same page: one refund, the other told why", async () => {
    // Each provider call takes a moment, so that both requests are inside at once.
    const inner = new TestPaymentProvider();
    const slow: PaymentProvider = {
      name: "test",
      authorize: (req) => inner.authorize(req),
      capture: (req) => inner.capture(req),
      refund: async (req) => {
        await sleep(40);
        return inner.refund(req);
      },
      void: (req) => inner.void(req),
    };
    setPaymentProvider(slow);
    const { order, email } = await placeOrder();
    const { version } = await view(order.orderNumber);
    // A part of the total: the order could take both, but both members meant the one refund.
    const refund = (who: Who) =>
      mutate(who, "orders.refund", { number: order.orderNumber, version, amount: "5.00", reason: "twice?" });
    const results = await Promise.all([refund("manager"), refund("manager2")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.status === 409) as AdminAnswer;
    expect(["staleVersion", "operationInProgress"]).toContain(refusal(lost)?.reason);
    const row = await t.db.order.findUniqueOrThrow({ where: { id: order.id }, include: { placement: true } });
    expect(row.refundedAmount).toBe(500);
    expect(row.placement?.refundedAmount).toBe(500);
    expect(inner.charge(row.placement?.paymentReference ?? "")?.refunded).toBe(500);
    expect(await t.db.paymentOperation.count({ where: { orderId: order.id, kind: "REFUND" } })).toBe(1);
    expect(await mailsTo(email, "order-refunded")).toHaveLength(1);
    expect(await auditOf(order.id, "order.refunded")).toHaveLength(1);
  });
});

describe("orders.cancel", () => {
  it("cancels a paid order for a manager: refunded in full, audited with the reason, the customer told in Japanese", async () => {
    const { order, email } = await placeOrder({ language: "ja-JP" });
    const { version } = await view(order.orderNumber);
    const denied = await mutate("support", "orders.cancel", {
      number: order.orderNumber,
      version,
      reason: "asked",
    });
    expect(denied.status).toBe(403);
    const res = await mutate("manager", "orders.cancel", {
      number: order.orderNumber,
      version,
      reason: "customer asked",
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toMatchObject({ refunded: order.totalAmount, voided: false });
    const [row] = await auditOf(order.id, "order.cancelled");
    expect(JSON.parse(row?.after ?? "{}")).toMatchObject({
      financialStatus: "VOIDED",
      reason: "customer asked",
      amount: order.totalAmount,
    });
    const [mail] = await mailsTo(email, "order-cancelled");
    expect(mail?.subject).toBe(`ご注文 #${order.orderNumber} をキャンセルしました`);
    const o = await view(order.orderNumber);
    expect(o.can).toEqual({ fulfil: false, refund: false, cancel: false, changeAddress: false });
    const again = await mutate("manager", "orders.cancel", {
      number: order.orderNumber,
      version: o.version,
      reason: "again",
    });
    expect(refusal(again)).toMatchObject({ reason: "alreadyCancelled" });
  });

  it("a shipped order is not cancelled: refused with the reason", async () => {
    const { order } = await placeOrder();
    const { version } = await view(order.orderNumber);
    await mutate("support", "orders.fulfil", {
      number: order.orderNumber,
      version,
      carrier: "UPS",
      tracking: "1Z",
    });
    const o = await view(order.orderNumber);
    const res = await mutate("owner", "orders.cancel", {
      number: order.orderNumber,
      version: o.version,
      reason: "late",
    });
    expect(res.status).toBe(409);
    expect(refusal(res)).toMatchObject({ reason: "cancelShipped" });
    expect((await view(order.orderNumber)).financialStatus).toBe("PAID");
  });

  it("someone ships it a moment before the cancel: the cancel is told it has shipped, nothing refunded", async () => {
    const { order } = await placeOrder();
    const { version } = await view(order.orderNumber);
    await mutate("support", "orders.fulfil", {
      number: order.orderNumber,
      version,
      carrier: "UPS",
      tracking: "1Z",
    });
    // The manager still has the page from before the shipment.
    const res = await mutate("manager", "orders.cancel", { number: order.orderNumber, version, reason: "x" });
    expect(refusal(res)).toMatchObject({ reason: "cancelShipped" });
    expect(await t.db.paymentOperation.count({ where: { orderId: order.id, kind: "REFUND" } })).toBe(0);
  });
});

describe("orders.changeShippingAddress", () => {
  const NEW_ADDRESS = {
    name: "Grace Hopper",
    address1: "2 Navy Way",
    address2: "Apt 3",
    city: "Arlington",
    province: "VA",
    zip: "22202",
    country: "United States",
    phone: "+1 555 0100",
  };

  it("changes the address before shipping: audited before and after, the customer told", async () => {
    const { order, email } = await placeOrder();
    const { version } = await view(order.orderNumber);
    const res = await mutate("support", "orders.changeShippingAddress", {
      number: order.orderNumber,
      version,
      address: NEW_ADDRESS,
    });
    expect(res.status, res.res.body).toBe(200);
    const o = await view(order.orderNumber);
    expect(o.shippingAddress).toMatchObject({
      name: "Grace Hopper",
      address1: "2 Navy Way",
      phone: "+1 555 0100",
    });
    const [row] = await auditOf(order.id, "order.address-changed");
    expect(JSON.parse(row?.before ?? "{}").address).toMatchObject({
      name: "Ada Lovelace",
      address1: "1 Market St",
    });
    expect(JSON.parse(row?.after ?? "{}").address).toMatchObject({ name: "Grace Hopper" });
    const [mail] = await mailsTo(email, "order-address-changed");
    expect(mail?.subject).toBe(`The shipping address of your order #${order.orderNumber} was changed`);
    expect(mail?.text).toContain("2 Navy Way");
    expect(o.timeline.find((e) => e.kind === "address-changed")?.actor).toEqual({
      type: "staff",
      label: "orders-support@vela.test",
    });
  });

  it("refuses once shipped, and refuses a bad address with the field", async () => {
    const { order } = await placeOrder();
    const { version } = await view(order.orderNumber);
    const bad = await mutate("support", "orders.changeShippingAddress", {
      number: order.orderNumber,
      version,
      address: { ...NEW_ADDRESS, city: "" },
    });
    expect(bad.status).toBe(400);
    expect(refusal(bad)?.issues?.[0]?.path).toBe("address.city");
    await mutate("support", "orders.fulfil", {
      number: order.orderNumber,
      version,
      carrier: "UPS",
      tracking: "1Z",
    });
    const late = await mutate("support", "orders.changeShippingAddress", {
      number: order.orderNumber,
      version: (await view(order.orderNumber)).version,
      address: NEW_ADDRESS,
    });
    expect(late.status).toBe(409);
    expect(refusal(late)).toMatchObject({ reason: "addressShipped" });
    expect((await view(order.orderNumber)).shippingAddress.name).toBe("Ada Lovelace");
  });
});

describe("orders.resendConfirmation and orders.addNote", () => {
  it("mails the confirmation again in the order's language, audited; the timeline says who", async () => {
    const { order, email } = await placeOrder({ language: "ja-JP", guest: true });
    const res = await mutate("support", "orders.resendConfirmation", { number: order.orderNumber });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toEqual({ held: false });
    const mails = await mailsTo(email, "order-confirmation");
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(mails[0]?.subject);
    expect(mails[1]?.subject).toContain(`注文番号 #${order.orderNumber}`);
    expect(mails[1]?.text).toContain("/checkout/confirmation/");
    const o = await view(order.orderNumber);
    expect(o.timeline.find((e) => e.kind === "confirmation-resent")?.actor).toEqual({
      type: "staff",
      label: "orders-support@vela.test",
    });
    expect(o.timeline.filter((e) => e.kind === "mail")).toHaveLength(2);
  });

  it("keeps a staff note with its author, audited; an empty note is refused", async () => {
    const { order } = await placeOrder();
    const res = await mutate<{ note: { id: number; text: string } }>("fulfilment", "orders.addNote", {
      number: order.orderNumber,
      text: "  Customer called: leave at the back door  ",
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data.note.text).toBe("Customer called: leave at the back door");
    const o = await view(order.orderNumber);
    expect(o.notes).toEqual([
      expect.objectContaining({ author: "orders-fulfilment@vela.test", text: res.data.note.text }),
    ]);
    expect(o.timeline.filter((e) => e.kind === "note")).toEqual([
      expect.objectContaining({
        detail: res.data.note.text,
        actor: { type: "staff", label: "orders-fulfilment@vela.test" },
      }),
    ]);
    const [row] = await auditOf(order.id, "order.note-added");
    expect(JSON.parse(row?.after ?? "{}")).toMatchObject({ noteId: res.data.note.id });
    const empty = await mutate("fulfilment", "orders.addNote", { number: order.orderNumber, text: "   " });
    expect(empty.status).toBe(400);
    expect(await t.db.orderNote.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("the command line's changes are on the timeline as the operator's", async () => {
    const { order } = await placeOrder();
    await runOrdersCommand(t.deps, [
      "fulfil",
      String(order.orderNumber),
      "--carrier",
      "UPS",
      "--tracking",
      "1ZOP",
    ]);
    const [row] = await auditOf(order.id, "order.fulfilled");
    expect(row).toMatchObject({ actorType: "operator", actorLabel: "operator", ip: null });
    expect((await view(order.orderNumber)).timeline.find((e) => e.kind === "shipped")?.actor).toEqual({
      type: "operator",
      label: "operator",
    });
  });
});

describe("orders.list", () => {
  // Orders of their own, in January 2031 (no other test places orders then), so that a date
  // range isolates them.
  const numbers: number[] = [];
  let zora = "";
  let hanako = "";
  const day = (d: number, h = 12) => new Date(Date.UTC(2031, 0, d, h));
  const range = { from: "2031-01-01", to: "2031-01-31" };
  const list = async (input: Record<string, unknown>, who: Who = "support") => {
    const res = await query<{
      orders: {
        number: number;
        placedAt: string;
        customer: { name: string; email: string; account: boolean };
        total: number;
        currencyCode: string;
        financialStatus: string;
        fulfillmentStatus: string;
      }[];
      nextCursor: string | null;
      prevCursor: string | null;
    }>(who, "orders.list", { ...range, ...input });
    expect(res.status, res.res.body).toBe(200);
    return res.data;
  };

  beforeAll(async () => {
    const product = await productByHandle(t, "one-xr-glasses-classic");
    zora = `zora.quill-${process.pid}@example.com`;
    hanako = `hanako.yamada-${process.pid}@example.com`;
    const z = await createCustomer(t.db, { email: zora, firstName: "Zora", lastName: "Quill" });
    const h = await createCustomer(t.db, { email: hanako, firstName: "Hanako", lastName: "Yamada" });
    await t.db.customer.update({ where: { id: h.id }, data: { locale: "ja-JP" } });
    const specs = [
      { c: z.id, d: 1, fin: "PAID", ful: "FULFILLED", cur: "USD" },
      { c: z.id, d: 2, fin: "PAID", ful: null, cur: "USD" },
      { c: h.id, d: 3, fin: "AUTHORIZED", ful: "UNFULFILLED", cur: "JPY" },
      { c: h.id, d: 4, fin: "REFUNDED", ful: "UNFULFILLED", cur: "JPY" },
      { c: z.id, d: 5, fin: "PAID", ful: "PARTIALLY_FULFILLED", cur: "USD" },
      { c: null, d: 6, fin: "PAID", ful: null, cur: "USD" },
      { c: null, d: 7, fin: "VOIDED", ful: "UNFULFILLED", cur: "USD" },
    ] as const;
    let n = 880_000 + (process.pid % 1000) * 10;
    for (const s of specs) {
      const o = await createOrder(t.db, {
        customerId: s.c ?? z.id,
        orderNumber: n,
        processedAt: day(s.d),
        financialStatus: s.fin,
        fulfillmentStatus: s.ful,
        currencyCode: s.cur,
        lines: [{ product, quantity: 1 }],
        shipTo: s.c === null ? { firstName: "Wren", lastName: `Guestly${s.d}` } : {},
      });
      if (s.c === null)
        await t.db.order.update({
          where: { id: o.id },
          data: { customerId: null, email: `wren${s.d}@guest.example` },
        });
      numbers.push(n);
      n += 1;
    }
  });

  it("lists newest first with number, date, customer, total and both statuses", async () => {
    const page = await list({});
    expect(page.orders.map((o) => o.number)).toEqual([...numbers].reverse());
    expect(page.nextCursor).toBeNull();
    expect(page.prevCursor).toBeNull();
    expect(page.orders.at(-1)).toMatchObject({
      number: numbers[0],
      placedAt: day(1).toISOString(),
      customer: { name: "Zora Quill", email: zora, account: true },
      currencyCode: "USD",
      financialStatus: "PAID",
      fulfillmentStatus: "FULFILLED",
    });
    const jpy = page.orders.find((o) => o.number === numbers[2]);
    expect(jpy?.customer.name).toBe("Yamada Hanako");
    expect(page.orders.find((o) => o.number === numbers[1])?.fulfillmentStatus).toBe("UNFULFILLED");
    expect(page.orders.find((o) => o.number === numbers[5])?.customer).toEqual({
      name: "Wren Guestly6",
      email: "wren6@guest.example",
      account: false,
    });
  });

  it("pages forward and back by keyset cursors, each order once", async () => {
    const p1 = await list({ limit: 3 });
    const p2 = await list({ limit: 3, cursor: p1.nextCursor });
    const p3 = await list({ limit: 3, cursor: p2.nextCursor });
    expect([...p1.orders, ...p2.orders, ...p3.orders].map((o) => o.number)).toEqual([...numbers].reverse());
    expect(p1.prevCursor).toBeNull();
    expect(p3.nextCursor).toBeNull();
    const back2 = await list({ limit: 3, cursor: p3.prevCursor, direction: "prev" });
    expect(back2.orders.map((o) => o.number)).toEqual(p2.orders.map((o) => o.number));
    const back1 = await list({ limit: 3, cursor: back2.prevCursor, direction: "prev" });
    expect(back1.orders.map((o) => o.number)).toEqual(p1.orders.map((o) => o.number));
    expect(back1.prevCursor).toBeNull();
    expect(back1.nextCursor).toBe(p1.nextCursor);
  });

  it("finds by order number, email (or its start), and names in any case", async () => {
    const numbersOf = async (q: string) => (await list({ q })).orders.map((o) => o.number).sort();
    expect(await numbersOf(`#${numbers[3]}`)).toEqual([numbers[3]]);
    expect(await numbersOf(String(numbers[4]))).toEqual([numbers[4]]);
    const zoras = [numbers[0], numbers[1], numbers[4]].sort();
    expect(await numbersOf(zora)).toEqual(zoras);
    expect(await numbersOf("ZORA.QUILL-")).toEqual(zoras);
    expect(await numbersOf("quill")).toEqual(zoras);
    expect(await numbersOf("zora QUILL")).toEqual(zoras);
    expect(await numbersOf("hanako yamada")).toEqual([numbers[2], numbers[3]].sort());
    expect(await numbersOf("guestly6")).toEqual([numbers[5]]);
    expect(await numbersOf("wren7@guest")).toEqual([numbers[6]]);
    expect(await numbersOf("nobody-at-all")).toEqual([]);
    expect(await numbersOf("100%")).toEqual([]);
  });

  it("filters by payment and fulfilment status, currency and dates", async () => {
    const numbersOf = async (input: Record<string, unknown>) =>
      (await list(input)).orders.map((o) => o.number).sort();
    expect(await numbersOf({ financialStatus: "PAID" })).toEqual(
      [numbers[0], numbers[1], numbers[4], numbers[5]].sort(),
    );
    // Unfulfilled includes orders without a fulfilment status.
    expect(await numbersOf({ fulfillmentStatus: "UNFULFILLED" })).toEqual(
      [numbers[1], numbers[2], numbers[3], numbers[5], numbers[6]].sort(),
    );
    expect(await numbersOf({ fulfillmentStatus: "UNFULFILLED", financialStatus: "PAID" })).toEqual(
      [numbers[1], numbers[5]].sort(),
    );
    expect(await numbersOf({ currencyCode: "JPY" })).toEqual([numbers[2], numbers[3]].sort());
    expect(await numbersOf({ from: "2031-01-02", to: "2031-01-03" })).toEqual(
      [numbers[1], numbers[2]].sort(),
    );
    expect(await numbersOf({ q: "quill", fulfillmentStatus: "UNFULFILLED" })).toEqual([numbers[1]]);
  });

  it("pages through a search and a two-branch filter without repeats", async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await list({ fulfillmentStatus: "UNFULFILLED", limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.orders.map((o) => o.number));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([numbers[6], numbers[5], numbers[3], numbers[2], numbers[1]]);
  });

  it("refuses a bad cursor, a bad date, dates out of order, an unknown status and a long search", async () => {
    for (const input of [
      { cursor: "nonsense" },
      { from: "2031-02-30" },
      { from: "2031-01-05", to: "2031-01-04" },
      { financialStatus: "STOLEN" },
      { q: "x".repeat(201) },
      { limit: 101 },
    ]) {
      const res = await query("support", "orders.list", input);
      expect(res.status, JSON.stringify(input)).toBe(400);
    }
  });
});

describe("dashboard.summary", () => {
  interface Summary {
    day: { date: string; timeZone: string };
    today: { orders: number; sales: { currencyCode: string; orders: number; amount: number }[] };
    waitingToShip: number;
    returnsWaiting: number;
    mails: { held: number; failing: number; gaveUp: number };
  }
  const summary = async (who: Who = "fulfilment") => {
    const res = await query<Summary>(who, "dashboard.summary");
    expect(res.status, res.res.body).toBe(200);
    return res.data;
  };
  const usd = (s: Summary) => s.today.sales.find((x) => x.currencyCode === "USD") ?? { orders: 0, amount: 0 };

  it("counts today's orders and sales per currency (the UTC day), orders waiting to ship, returns and mails", async () => {
    const before = await summary();
    expect(before.day).toMatchObject({ date: t.clock.now().toISOString().slice(0, 10), timeZone: "UTC" });
    const { order } = await placeOrder();
    const cancelled = await placeOrder();
    const placed = await summary();
    expect(placed.today.orders).toBe(before.today.orders + 2);
    expect(usd(placed).orders).toBe(usd(before).orders + 2);
    expect(placed.waitingToShip).toBe(before.waitingToShip + 2);
    await mutate("manager", "orders.cancel", {
      number: cancelled.order.orderNumber,
      version: (await view(cancelled.order.orderNumber)).version,
      reason: "test",
    });
    await mutate("support", "orders.fulfil", {
      number: order.orderNumber,
      version: (await view(order.orderNumber)).version,
      carrier: "UPS",
      tracking: "1Z",
    });
    const after = await summary();
    // The cancelled order still counts as placed today, but not as a sale.
    expect(after.today.orders).toBe(placed.today.orders);
    expect(usd(after).amount).toBe(usd(before).amount + order.totalAmount);
    expect(after.waitingToShip).toBe(before.waitingToShip);

    await t.db.return.create({
      data: {
        orderId: order.id,
        position: 1,
        status: "REQUESTED",
        reason: "DAMAGED",
        requestedAt: t.clock.now(),
      },
    });
    const now = t.clock.now();
    const outbox = {
      subject: "s",
      text: "t",
      html: "h",
      kind: "order-shipped",
      createdAt: now,
      nextAttemptAt: now,
    };
    await t.db.emailOutbox.createMany({
      data: [
        { ...outbox, to: "held@example.com", heldAt: now },
        { ...outbox, to: "failing@example.com", attempts: 2, lastError: "connection refused" },
        { ...outbox, to: "gaveup@example.com", attempts: 8, lastError: "connection refused" },
      ],
    });
    const end = await summary();
    expect(end.returnsWaiting).toBe(after.returnsWaiting + 1);
    expect(end.mails).toEqual({
      held: after.mails.held + 1,
      failing: after.mails.failing + 1,
      gaveUp: after.mails.gaveUp + 1,
    });
  });

  it("the next UTC day starts again from nought", async () => {
    const today = await summary();
    expect(today.today.orders).toBeGreaterThan(0);
    const start = t.clock.now();
    t.clock.advance(2 * 86_400_000);
    try {
      // Two days on, every earlier session has ended: a member signs in afresh.
      const member = await createStaff(t, "orders-next-day@vela.test", "fulfilment");
      const res = await admin<Summary>(t, "query", "dashboard.summary", undefined, {
        cookie: await signInStaff(t, member),
      });
      expect(res.data.today).toEqual({ orders: 0, sales: [] });
      expect(res.data.day.date).not.toBe(today.day.date);
    } finally {
      t.clock.set(start);
    }
  });
});

describe("the orders area's texts", () => {
  it("every refusal and every answer of the area has its English and Japanese text in the admin's catalogue", () => {
    const en = adminEnUS as Record<string, string>;
    const ja = adminJaJP as Record<string, string>;
    for (const reason of Object.keys(ORDER_REFUSALS)) {
      const key = `admin.orders.refusal.${reason}`;
      expect(en[key], key).toMatch(/\S/);
      expect(ja[key], key).toMatch(/\S/);
      // The same values named as in the server's English.
      const names = (text: string | undefined) => [...new Set(text?.match(/\{\w+\}/g) ?? [])].sort();
      expect(names(en[key]), key).toEqual(names(ORDER_REFUSALS[reason as keyof typeof ORDER_REFUSALS]));
    }
    for (const [key, text] of Object.entries(ORDER_ADMIN_MESSAGES)) {
      expect(en[`admin.server.orders.${key}`], key).toBe(text);
      expect(ja[`admin.server.orders.${key}`], key).toMatch(/\S/);
    }
  });
});

describe("mails of the admin's actions, delivered by SMTP in the order's language", () => {
  const received: { to: string; subject: string }[] = [];
  let smtp: SMTPServer;
  let app: TestApp;
  let cookie = "";

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
          for (const r of session.envelope.rcptTo) received.push({ to: r.address, subject: subjectOf(data) });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    app = await createTestApp({
      rateLimits: GENEROUS_LIMITS,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` },
    });
    await app.db.productVariant.updateMany({
      where: { id: { in: variants.slice(0, 2) } },
      data: { inventory: 1000 },
    });
    cookie = await signInStaff(app, await createStaff(app, "smtp-manager@vela.test", "manager"));
  });
  afterAll(async () => {
    await app.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  /** The Subject header, its MIME encoded-words (RFC 2047) decoded. */
  function subjectOf(data: string): string {
    const header = data.split(/\r?\n\r?\n/)[0] ?? "";
    const line = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(header)?.[1] ?? "";
    const unfolded = line.replace(/\r?\n[ \t]/g, " ").trim();
    const bytes: number[] = [];
    let text = "";
    const flush = () => {
      text += Buffer.from(bytes.splice(0)).toString("utf8");
    };
    for (const part of unfolded.split(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)/)) {
      const m = /^=\?[^?]+\?([BbQq])\?([^?]*)\?=$/.exec(part);
      if (m) {
        const [, enc = "", body = ""] = m;
        const buf =
          enc.toUpperCase() === "B"
            ? Buffer.from(body, "base64")
            : Buffer.from(
                body
                  .replace(/_/g, " ")
                  .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
                "latin1",
              );
        bytes.push(...buf);
      } else if (part.trim() !== "" || bytes.length === 0) {
        flush();
        text += part;
      }
    }
    flush();
    return text.trim();
  }

  async function delivered(to: string, subject: string): Promise<void> {
    app.deps.mailer.kick();
    const deadline = Date.now() + 10_000;
    while (!received.some((m) => m.to === to && m.subject === subject) && Date.now() < deadline)
      await sleep(50);
    expect(
      received.filter((m) => m.to === to).map((m) => m.subject),
      `${to} was sent “${subject}”`,
    ).toContain(subject);
  }

  /** A guest's paid order on this app, in `language`. */
  async function guestOrder(language: "en-US" | "ja-JP") {
    const email = `smtp-orders-${process.pid}-${serial++}@example.com`;
    const address = language === "ja-JP" ? JA_ADDRESS : ADDRESS;
    const cartId = json<{ cart: { id: string } }>(await app.api("POST", "/api/cart")).cart.id;
    await app.api("POST", `/api/cart/${cartId}`, {
      body: { items: [{ merchandiseId: variantGid(variants[0] as number), quantity: 1 }] },
    });
    const q = await app.api("POST", "/api/checkout/quote", { body: { cartId, email, address, language } });
    const res = await app.api("POST", "/api/checkout/orders", {
      body: {
        cartId,
        email,
        language,
        address,
        card: { number: "4242424242424242", expiry: "12/40", cvc: "123" },
        idempotencyKey: `smtp-orders-${process.pid}-${serial++}-key`,
        expectedTotal: json<{ quote: { totalMinor: number } }>(q).quote.totalMinor,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { email, number: json<{ order: { orderNumber: number } }>(res).order.orderNumber };
  }

  const act = async (path: string, input: Record<string, unknown>) => {
    const seen = await admin<{ version: number }>(
      app,
      "query",
      "orders.get",
      { number: input.number },
      { cookie },
    );
    const res = await admin(app, "mutation", path, { ...input, version: seen.data.version }, { cookie });
    expect(res.status, res.res.body).toBe(200);
  };

  it("ships, refunds and cancels with the customer told in Japanese for a Japanese order, in English for an English one", async () => {
    const ja = await guestOrder("ja-JP");
    await act("orders.fulfil", { number: ja.number, carrier: "Yamato", tracking: "4960-SMTP" });
    await delivered(ja.email, `ご注文 #${ja.number} を発送しました`);
    await act("orders.refund", { number: ja.number, amount: "1", reason: "smtp" });
    await delivered(ja.email, `ご注文 #${ja.number} の返金`);

    const en = await guestOrder("en-US");
    await act("orders.changeShippingAddress", {
      number: en.number,
      address: {
        name: "Grace Hopper",
        address1: "2 Navy Way",
        city: "Arlington",
        province: "VA",
        zip: "22202",
        country: "United States",
      },
    });
    await delivered(en.email, `The shipping address of your order #${en.number} was changed`);
    await act("orders.cancel", { number: en.number, reason: "smtp" });
    await delivered(en.email, `Your order #${en.number} was cancelled`);
    // None of them went out in the other language.
    expect(received.filter((m) => m.to === ja.email).every((m) => /[ぁ-ん]/.test(m.subject))).toBe(true);
    expect(received.filter((m) => m.to === en.email).some((m) => /[ぁ-ん]/.test(m.subject))).toBe(false);
  });
});

describe("the page cache", () => {
  it("is emptied by an admin's cancel (its units go back in stock), not by the order's other actions", () => {
    expect(writesPublicData("POST", "/admin/trpc/orders.cancel")).toBe(true);
    expect(writesPublicData("POST", "/admin/trpc/orders.fulfil,orders.cancel?batch=1")).toBe(true);
    for (const p of ["orders.fulfil", "orders.refund", "orders.addNote", "orders.changeShippingAddress"])
      expect(writesPublicData("POST", `/admin/trpc/${p}`), p).toBe(false);
    expect(writesPublicData("GET", "/admin/trpc/orders.cancel")).toBe(false);
  });

  it("is emptied when a return's units are received (restocked units show on product pages)", () => {
    expect(writesPublicData("POST", "/admin/trpc/returns.receive")).toBe(true);
    for (const p of ["returns.approve", "returns.decline", "returns.refund"])
      expect(writesPublicData("POST", `/admin/trpc/${p}`), p).toBe(false);
  });
});
