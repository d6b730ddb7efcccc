import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runOrdersCommand } from "../src/cli/orders.ts";
import { loadConfig } from "../src/config.ts";
import {
  type PaymentProvider,
  PaymentProviderError,
  setPaymentProvider,
  TestPaymentProvider,
} from "../src/modules/checkout/payment.ts";
import {
  cancelOrder,
  captureOrder,
  fulfilOrder,
  LifecycleError,
  type MoveHooks,
  type OrderChange,
  refundOrder,
} from "../src/modules/orders/lifecycle.ts";
import { OPERATION_LEASE_MS } from "../src/modules/orders/payment-operations.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { catalogueVariants, newCustomer, variantGid } from "./support-data.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";

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
  // Every test places orders from one address: the checkout's limits are not what is tested here.
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  variants = (await catalogueVariants(t)).available;
  await t.db.productVariant.updateMany({
    where: { id: { in: variants.slice(0, 2) } },
    data: { inventory: 10_000 },
  });
});
afterAll(() => t.close());
afterEach(() => setPaymentProvider(new TestPaymentProvider()));

interface ProviderCall {
  kind: "capture" | "refund" | "void";
  reference: string;
  amount: number;
  key: string;
}

/**
 * The test provider behind a recorder: every capture, refund and void with its key, each
 * answered after a pause, so that two callers started together are both inside at once (the
 * window where a second refund used to slip through). `fail` makes the next calls of a kind
 * fail the way a provider that could not answer does.
 */
function recordingProvider(opts: { fail?: Partial<Record<ProviderCall["kind"], number>> } = {}) {
  const inner = new TestPaymentProvider();
  const calls: ProviderCall[] = [];
  const failures = { capture: 0, refund: 0, void: 0, ...opts.fail };
  const record = async (call: ProviderCall, act: () => Promise<void>) => {
    calls.push(call);
    await sleep(30);
    if (failures[call.kind] > 0) {
      failures[call.kind] -= 1;
      throw new PaymentProviderError("provider busy");
    }
    return act();
  };
  const provider: PaymentProvider = {
    name: "test",
    authorize: (req) => inner.authorize(req),
    capture: (req) =>
      record({ kind: "capture", reference: req.reference, amount: req.amount, key: req.idempotencyKey }, () =>
        inner.capture(req),
      ),
    refund: (req) =>
      record({ kind: "refund", reference: req.reference, amount: req.amount, key: req.idempotencyKey }, () =>
        inner.refund(req),
      ),
    void: (req) =>
      record({ kind: "void", reference: req.reference, amount: 0, key: req.idempotencyKey }, () =>
        inner.void(req),
      ),
  };
  setPaymentProvider(provider);
  return {
    inner,
    calls,
    of: (kind: ProviderCall["kind"]) => calls.filter((c) => c.kind === kind),
  };
}

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

/** The order's money as the store's books have it, and the provider's own books for its charge. */
async function books(orderId: number, provider?: TestPaymentProvider) {
  const order = await t.db.order.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      financialStatus: true,
      refundedAmount: true,
      placement: { select: { paymentReference: true, capturedAmount: true, refundedAmount: true } },
    },
  });
  const operations = await t.db.paymentOperation.findMany({
    where: { orderId },
    orderBy: { id: "asc" },
    select: { kind: true, action: true, amount: true, status: true, idempotencyKey: true },
  });
  // The placement's own (PLACED, CAPTURED) aside: what the operator's moves wrote.
  const events = await t.db.orderEvent.findMany({
    where: { orderId, kind: { notIn: ["PLACED", "CAPTURED"] } },
    orderBy: { id: "asc" },
    select: { kind: true, amount: true },
  });
  const charge = provider?.charge(order.placement?.paymentReference ?? "");
  return { order, operations, events, charge };
}

const settled = (promises: Promise<unknown>[]) => Promise.allSettled(promises);
const refusals = (results: PromiseSettledResult<unknown>[]) =>
  results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason);

describe("payments: claimed first, then one provider call with the claim's key", () => {
  it("two refunds at once: one provider call, one recorded refund; the other is told why", async () => {
    const p = recordingProvider();
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    const results = await settled([refundOrder(t.deps, o.orderNumber), refundOrder(t.deps, o.orderNumber)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [refused] = refusals(results);
    expect(refused).toBeInstanceOf(LifecycleError);
    expect((refused as LifecycleError).reason).toMatch(/^(operationInProgress|alreadyRefunded)$/);
    expect(p.of("refund")).toHaveLength(1);
    const b = await books(o.id, p.inner);
    expect(b.order).toMatchObject({ financialStatus: "REFUNDED", refundedAmount: o.totalAmount });
    expect(b.order.placement).toMatchObject({ capturedAmount: o.totalAmount, refundedAmount: o.totalAmount });
    expect(b.charge).toMatchObject({ captured: o.totalAmount, refunded: o.totalAmount });
    expect(b.operations.filter((x) => x.kind === "REFUND")).toEqual([
      expect.objectContaining({ amount: o.totalAmount, status: "SUCCEEDED" }),
    ]);
    expect(b.events.filter((e) => e.kind === "REFUNDED")).toEqual([
      { kind: "REFUNDED", amount: o.totalAmount },
    ]);
    expect(await mails(c.email, "order-refunded")).toHaveLength(1);
    // The provider was given the claim's key, and refunded once.
    const refundOp = b.operations.find((x) => x.kind === "REFUND");
    expect(p.of("refund")[0]?.key).toBe(refundOp?.idempotencyKey);
  });

  it("four partial refunds at once never refund more than was captured", async () => {
    const p = recordingProvider();
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    const part = Math.floor(o.totalAmount / 3);
    const amount = (part / 100).toFixed(2);
    const results = await settled([1, 2, 3, 4].map(() => refundOrder(t.deps, o.orderNumber, { amount })));
    const done = results.filter((r) => r.status === "fulfilled").length;
    expect(done).toBeGreaterThanOrEqual(1);
    const b = await books(o.id, p.inner);
    expect(p.of("refund")).toHaveLength(done);
    expect(b.order.refundedAmount).toBe(done * part);
    expect(b.order.refundedAmount).toBeLessThanOrEqual(o.totalAmount);
    expect(b.charge?.refunded).toBe(done * part);
    // One after another they go through, until what is left is less than a part.
    while (true) {
      try {
        await refundOrder(t.deps, o.orderNumber, { amount });
      } catch (err) {
        expect((err as LifecycleError).reason).toBe("refundTooLarge");
        break;
      }
    }
    const end = await books(o.id, p.inner);
    expect(end.order.refundedAmount).toBe(3 * part);
    expect(end.charge?.refunded).toBe(3 * part);
  });

  it("a refund and a cancel at once: one outcome, the money paid back once", async () => {
    const p = recordingProvider();
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    const results = await settled([refundOrder(t.deps, o.orderNumber), cancelOrder(t.deps, o.orderNumber)]);
    expect(results.some((r) => r.status === "fulfilled")).toBe(true);
    expect(p.of("refund")).toHaveLength(1);
    expect(p.of("refund")[0]?.amount).toBe(o.totalAmount);
    const b = await books(o.id, p.inner);
    expect(b.order.refundedAmount).toBe(o.totalAmount);
    expect(b.charge?.refunded).toBe(o.totalAmount);
    expect(b.operations.filter((x) => x.status === "SUCCEEDED" && x.kind === "REFUND")).toHaveLength(1);
    for (const r of refusals(results)) expect(r).toBeInstanceOf(LifecycleError);
  });

  it("two cancels at once: one void or refund, stock back once, one mail", async () => {
    const c = await newCustomer(t);
    const stock = async () =>
      (await t.db.productVariant.findUniqueOrThrow({ where: { id: variants[0] as number } })).inventory;
    const o = await paidOrder(c.cookie, c.email);
    const before = await stock();
    const p = recordingProvider();
    const results = await settled([cancelOrder(t.deps, o.orderNumber), cancelOrder(t.deps, o.orderNumber)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(p.calls).toHaveLength(1);
    expect(await stock()).toBe(before + 2);
    expect(await mails(c.email, "order-cancelled")).toHaveLength(1);
    expect((await books(o.id)).order.financialStatus).toBe("VOIDED");
  });

  it("a provider that cannot answer: nothing recorded, the claim let go, the next try refunds", async () => {
    const p = recordingProvider({ fail: { refund: 1 } });
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    await expect(refundOrder(t.deps, o.orderNumber, { amount: "10.00" })).rejects.toThrow(
      `The payment provider did not refund order ${o.orderNumber} (provider busy); nothing was changed`,
    );
    const failed = await books(o.id, p.inner);
    expect(failed.order).toMatchObject({ financialStatus: "PAID", refundedAmount: 0 });
    expect(failed.operations.map((x) => [x.kind, x.status])).toEqual([
      ["CAPTURE", "SUCCEEDED"],
      ["REFUND", "FAILED"],
    ]);
    expect(failed.events).toEqual([]);
    expect(await mails(c.email, "order-refunded")).toHaveLength(0);
    expect((await refundOrder(t.deps, o.orderNumber, { amount: "10.00" })).financialStatus).toBe(
      "PARTIALLY_REFUNDED",
    );
    const b = await books(o.id, p.inner);
    expect(b.order.refundedAmount).toBe(1000);
    expect(b.charge?.refunded).toBe(1000);
    // Each try had a key of its own.
    expect(new Set(p.of("refund").map((x) => x.key)).size).toBe(2);
  });

  it("a claim left by a stopped process waits for its lease, then is finished with the same key", async () => {
    const p = recordingProvider();
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    const placement = await t.db.orderPlacement.findUniqueOrThrow({ where: { orderId: o.id } });
    // What a process leaves when it stops right after the provider refunded: a PENDING claim.
    const key = `vela-refund-${o.id}-left-behind`;
    await t.db.paymentOperation.create({
      data: {
        orderId: o.id,
        kind: "REFUND",
        action: "REFUND",
        amount: o.totalAmount,
        status: "PENDING",
        idempotencyKey: key,
        leaseUntil: new Date(t.clock.now().getTime() + OPERATION_LEASE_MS),
        createdAt: t.clock.now(),
      },
    });
    await p.inner.refund({
      reference: placement.paymentReference ?? "",
      amount: o.totalAmount,
      currencyCode: o.currencyCode,
      idempotencyKey: key,
    });
    await expect(cancelOrder(t.deps, o.orderNumber)).rejects.toThrow("is still in progress");
    await expect(refundOrder(t.deps, o.orderNumber)).rejects.toThrow("is still in progress");
    t.clock.advance(OPERATION_LEASE_MS + 1000);
    // The next move finishes the claim first (the provider replays the key), then decides afresh.
    await expect(refundOrder(t.deps, o.orderNumber)).rejects.toThrow("already fully refunded");
    expect(p.of("refund").map((x) => x.key)).toEqual([key]);
    const b = await books(o.id, p.inner);
    expect(b.order).toMatchObject({ financialStatus: "REFUNDED", refundedAmount: o.totalAmount });
    expect(b.charge?.refunded).toBe(o.totalAmount);
    expect(b.operations.map((x) => [x.kind, x.status])).toEqual([
      ["CAPTURE", "SUCCEEDED"],
      ["REFUND", "SUCCEEDED"],
    ]);
    expect(await mails(c.email, "order-refunded")).toHaveLength(1);
  });

  it("an order whose capture failed stays authorized: no refund, capture later, or cancel voids it", async () => {
    const p = recordingProvider({ fail: { capture: 1 } });
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    expect((await books(o.id)).order).toMatchObject({
      financialStatus: "AUTHORIZED",
      placement: { capturedAmount: 0 },
    });
    await expect(run("refund", String(o.orderNumber))).rejects.toThrow("is authorized, not captured");
    expect(await run("capture", String(o.orderNumber))).toEqual([
      `Order ${o.orderNumber}: captured ${(o.totalAmount / 100).toFixed(2)} USD, now PAID`,
    ]);
    await expect(captureOrder(t.deps, o.orderNumber)).rejects.toThrow("is PAID: only an authorized order");
    const b = await books(o.id, p.inner);
    expect(b.order).toMatchObject({ financialStatus: "PAID", placement: { capturedAmount: o.totalAmount } });
    expect(b.charge?.captured).toBe(o.totalAmount);
    expect(b.operations.map((x) => [x.kind, x.status])).toEqual([
      ["CAPTURE", "FAILED"],
      ["CAPTURE", "SUCCEEDED"],
    ]);

    const p2 = recordingProvider({ fail: { capture: 1 } });
    const d = await newCustomer(t);
    const o2 = await paidOrder(d.cookie, d.email);
    const cancelled = await run("cancel", String(o2.orderNumber));
    expect(cancelled[0]).toContain("the authorization was voided");
    expect(p2.of("void")).toHaveLength(1);
    expect(p2.of("refund")).toHaveLength(0);
    expect(p2.inner.charge(p2.of("void")[0]?.reference ?? "")?.voided).toBe(true);
  });
});

describe("payments go to the provider that took them", () => {
  it("an order paid in test mode is not refunded through another provider", async () => {
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    const calls: string[] = [];
    const other = new TestPaymentProvider();
    setPaymentProvider({
      name: "acme-pay",
      authorize: (req) => other.authorize(req),
      capture: async () => void calls.push("capture"),
      refund: async () => void calls.push("refund"),
      void: async () => void calls.push("void"),
    });
    const refused = `Order ${o.orderNumber} was paid through the test payment provider, but the store now uses acme-pay: settle it there`;
    await expect(refundOrder(t.deps, o.orderNumber)).rejects.toThrow(refused);
    await expect(cancelOrder(t.deps, o.orderNumber)).rejects.toThrow(refused);
    expect(calls).toEqual([]);
    const b = await books(o.id);
    expect(b.order).toMatchObject({ financialStatus: "PAID", refundedAmount: 0 });
    expect(b.operations.map((x) => x.kind)).toEqual(["CAPTURE"]);
  });
});

describe("a caller's hook writes in the change's own transaction (an admin's audit row)", () => {
  it("sees each change with its before and after, and a failing hook undoes the move", async () => {
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    const changes: OrderChange[] = [];
    const note = (fail: boolean) => ({
      onChange: async (tx: Parameters<NonNullable<MoveHooks["onChange"]>>[0], change: OrderChange) => {
        await tx.orderEvent.create({ data: { orderId: change.orderId, kind: "NOTE", detail: change.kind } });
        changes.push(change);
        if (fail) throw new Error("audit store unavailable");
      },
    });
    const line = o.lineItems[0]?.id as number;
    const ship = { carrier: "UPS", tracking: "1Z5", lines: [{ lineId: line, quantity: 1 }] };
    await expect(fulfilOrder(t.deps, o.orderNumber, ship, note(true))).rejects.toThrow(
      "audit store unavailable",
    );
    expect(await t.db.orderLineItem.findUniqueOrThrow({ where: { id: line } })).toMatchObject({
      fulfilledQuantity: 0,
    });
    expect(
      await t.db.orderEvent.count({ where: { orderId: o.id, kind: { in: ["NOTE", "FULFILLED"] } } }),
    ).toBe(0);
    expect(await mails(c.email, "order-shipped")).toHaveLength(0);

    changes.length = 0;
    await fulfilOrder(t.deps, o.orderNumber, ship, note(false));
    await refundOrder(t.deps, o.orderNumber, { amount: "5.00" }, note(false));
    expect(changes).toEqual([
      expect.objectContaining({
        kind: "fulfilled",
        before: { financialStatus: "PAID", fulfillmentStatus: "UNFULFILLED" },
        after: { financialStatus: "PAID", fulfillmentStatus: "PARTIALLY_FULFILLED" },
        detail: `UPS 1Z5 ${line}:1`,
      }),
      expect.objectContaining({
        kind: "refunded",
        amount: 500,
        after: { financialStatus: "PARTIALLY_REFUNDED", fulfillmentStatus: "PARTIALLY_FULFILLED" },
      }),
    ]);
    expect(
      (
        await t.db.orderEvent.findMany({ where: { orderId: o.id, kind: "NOTE" }, orderBy: { id: "asc" } })
      ).map((e) => e.detail),
    ).toEqual(["fulfilled", "refunded"]);
  });
});

describe("the test provider keeps its books like a real one", () => {
  it("replays a repeated key and refuses to refund beyond what it captured", async () => {
    const provider = new TestPaymentProvider();
    const auth = await provider.authorize({
      amount: 5000,
      currencyCode: "USD",
      card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" },
      idempotencyKey: "auth-1",
    });
    if (!auth.ok) throw new Error("not authorized");
    const req = (amount: number, idempotencyKey: string) => ({
      reference: auth.reference,
      amount,
      currencyCode: "USD",
      idempotencyKey,
    });
    await provider.capture(req(5000, "cap-1"));
    await provider.capture(req(5000, "cap-1"));
    expect(provider.charge(auth.reference)?.captured).toBe(5000);
    await provider.refund(req(3000, "ref-1"));
    await provider.refund(req(3000, "ref-1"));
    expect(provider.charge(auth.reference)?.refunded).toBe(3000);
    await expect(provider.refund(req(3000, "ref-2"))).rejects.toThrow("refund exceeds the captured amount");
    // The refused key stays refused, even once the amount would fit.
    await expect(provider.refund(req(3000, "ref-2"))).rejects.toThrow("refund exceeds");
    await provider.refund(req(2000, "ref-3"));
    expect(provider.charge(auth.reference)?.refunded).toBe(5000);
    await expect(provider.void({ reference: auth.reference, idempotencyKey: "void-1" })).rejects.toThrow(
      "refund it instead",
    );
  });
});

describe("fulfilment: never more than was ordered", () => {
  it("a line named twice is refused and nothing changes (it shipped four of two)", async () => {
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    const line = o.lineItems[0]?.id as number;
    const args = ["fulfil", String(o.orderNumber), "--carrier", "UPS", "--tracking", "1Z1"];
    await expect(run(...args, "--line", `${line}:2`, "--line", `${line}:2`)).rejects.toThrow(
      `Line ${line} is named more than once: name each line once, with all its units`,
    );
    await expect(run(...args, "--line", `${line}:1`, "--line", `${line}:1`)).rejects.toThrow(
      "named more than once",
    );
    const after = await t.db.order.findUniqueOrThrow({
      where: { id: o.id },
      include: { lineItems: true, tracking: true },
    });
    expect(after.lineItems.map((l) => l.fulfilledQuantity)).toEqual([0, 0]);
    expect(after.tracking).toEqual([]);
    expect(after.fulfillmentStatus).toBe("UNFULFILLED");
    expect(await mails(c.email, "order-shipped")).toHaveLength(0);
    await expect(run(...args, "--line", `${line}:3`)).rejects.toThrow(
      `Line ${line}: at most 2 left to fulfil`,
    );
    await expect(run(...args, "--line", `${line}:0`)).rejects.toThrow(
      `Line ${line}: at most 2 left to fulfil`,
    );
  });

  it("the same shipment sent twice at once ships once", async () => {
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    const line = o.lineItems[0]?.id as number;
    const ship = () =>
      fulfilOrder(t.deps, o.orderNumber, {
        carrier: "UPS",
        tracking: "1Z2",
        lines: [{ lineId: line, quantity: 2 }],
      });
    const results = await settled([ship(), ship(), ship()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of refusals(results)) expect((r as LifecycleError).reason).toBe("lineQuantity");
    const after = await t.db.orderLineItem.findUniqueOrThrow({ where: { id: line } });
    expect(after.fulfilledQuantity).toBe(2);
    expect(await t.db.trackingInfo.count({ where: { orderId: o.id } })).toBe(1);
    expect(await mails(c.email, "order-shipped")).toHaveLength(1);
  });

  it("a shipment and a cancel at once: shipped or cancelled, never both", async () => {
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    recordingProvider();
    const results = await settled([
      fulfilOrder(t.deps, o.orderNumber, { carrier: "UPS", tracking: "1Z3" }),
      cancelOrder(t.deps, o.orderNumber),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const after = await t.db.order.findUniqueOrThrow({ where: { id: o.id }, include: { lineItems: true } });
    const shipped = after.lineItems.some((l) => l.fulfilledQuantity > 0);
    expect(shipped).toBe(after.financialStatus !== "VOIDED");
  });

  it("a carrier or tracking number with control or direction characters is refused", async () => {
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    await expect(
      run("fulfil", String(o.orderNumber), "--carrier", "UPS\u001b[2J", "--tracking", "1Z"),
    ).rejects.toThrow("The carrier must be one line of at most 100 characters, without control characters");
    await expect(
      run("fulfil", String(o.orderNumber), "--carrier", "UPS", "--tracking", "1Z\u202e9"),
    ).rejects.toThrow("The tracking number must be one line");
    expect(await t.db.trackingInfo.count({ where: { orderId: o.id } })).toBe(0);
  });
});

describe("what the CLI prints, and when it may mail", () => {
  it("list and show print people's text with control and bidi characters escaped", async () => {
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    // Text stored before today's rules (or by another tool) may hold anything.
    const line = o.lineItems[0]?.id as number;
    await t.db.orderLineItem.update({
      where: { id: line },
      data: { title: "Glasses\u001b[31m red\u0007", variantTitle: "A\u202eB" },
    });
    await t.db.order.update({ where: { id: o.id }, data: { email: "x\u001b]0;owned\u0007@example.com" } });
    await t.db.trackingInfo.create({
      data: {
        orderId: o.id,
        position: 0,
        company: "U\u009bPS",
        number: "1Z\u2066",
        url: "https://x.test/\u001b",
      },
    });
    const printed = [...(await run("show", String(o.orderNumber))), ...(await run("list", "--limit", "50"))];
    const text = printed.join("\n");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain(`line ${line}: Glasses\\u001b[31m red\\u0007 — A\\u202eB × 2`);
    expect(text).toContain("Tracking: U\\u009bPS 1Z\\u2066 https://x.test/\\u001b");
    expect(text).toContain("x\\u001b]0;owned\\u0007@example.com");
  });

  it("outside development, no mail without PUBLIC_URL: refused, nothing changed", async () => {
    const c = await newCustomer(t);
    const o = await paidOrder(c.cookie, c.email);
    for (const NODE_ENV of ["production", "test"]) {
      const config = loadConfig({
        NODE_ENV,
        DATABASE_URL: t.config.databaseUrl,
        SESSION_SECRET: "t".repeat(43),
      });
      const deps = { ...t.deps, config };
      for (const args of [
        ["refund", String(o.orderNumber)],
        ["cancel", String(o.orderNumber)],
        ["fulfil", String(o.orderNumber), "--carrier", "UPS", "--tracking", "1Z4"],
      ])
        await expect(runOrdersCommand(deps, args)).rejects.toThrow(
          `PUBLIC_URL is not set (NODE_ENV=${NODE_ENV}): the customer's mail would link to http://localhost:3000`,
        );
      // Reading needs no store address.
      expect((await runOrdersCommand(deps, ["show", String(o.orderNumber)]))[0]).toContain(
        `#${o.orderNumber}`,
      );
    }
    const after = await books(o.id);
    expect(after.order).toMatchObject({ financialStatus: "PAID", refundedAmount: 0 });
    expect(after.events).toEqual([]);
    expect(
      await t.db.emailOutbox.count({ where: { to: c.email, kind: { not: "order-confirmation" } } }),
    ).toBe(0);
    // In development the localhost default stands (a laptop's own mailbox page shows the mail).
    const dev = {
      ...t.deps,
      config: loadConfig({
        NODE_ENV: "development",
        DATABASE_URL: t.config.databaseUrl,
        SESSION_SECRET: "t".repeat(43),
      }),
    };
    expect((await runOrdersCommand(dev, ["refund", String(o.orderNumber), "--amount", "1.00"]))[0]).toContain(
      "PARTIALLY_REFUNDED",
    );
  });
});
