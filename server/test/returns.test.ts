// Returns: the customer's request (the account's order page, and a guest's link from the shipping
// mail) with its refusals (the window, units not shipped, more than was bought), and the staff's
// moves through the admin endpoint (approve, decline, receive with restock, refund through the
// order's state machine), each with its audit row and mail, and two members acting at once
// ending in one outcome.
import { RETURN_MESSAGES, RETURN_STAFF_MESSAGES, RETURN_WINDOW_DAYS } from "@vela/shared";
import { ADMIN_MESSAGES } from "@vela/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PaymentProviderError,
  setPaymentProvider,
  TestPaymentProvider,
} from "../src/modules/checkout/payment.ts";
import { refundOrder } from "../src/modules/orders/lifecycle.ts";
import { OPERATION_LEASE_MS } from "../src/modules/orders/payment-operations.ts";
import { RETURN_LINK_DAYS } from "../src/modules/returns/links.ts";
import { countReturnsWaiting } from "../src/modules/returns/service.ts";
import { callerFor, createTestApp, type TestApp } from "./helpers.ts";
import { catalogueVariants, newCustomer } from "./support-data.ts";
import {
  type PlacedOrder,
  placeOrder,
  returnCounts,
  returnLinkToken,
  ship,
  uniqueEmail,
} from "./support-returns.ts";
import { DAY_MS, GENEROUS_LIMITS } from "./support-security.ts";
import { admin, createStaff, signInStaff } from "./support-staff.ts";

let t: TestApp;
let variants: number[];
let support: string;
let manager: string;
let supportId: number;
let managerId: number;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  variants = (await catalogueVariants(t)).available;
  await t.db.productVariant.updateMany({
    where: { id: { in: variants.slice(0, 2) } },
    data: { inventory: 10_000 },
  });
  const s = await createStaff(t, "returns-support@vela.test", "support");
  const m = await createStaff(t, "returns-manager@vela.test", "manager");
  supportId = s.id;
  managerId = m.id;
  support = await signInStaff(t, s);
  manager = await signInStaff(t, m);
});
afterAll(() => t.close());

/** A signed-in customer's paid order, shipped in full unless `shipped` is false. */
async function customerOrder(opts: { shipped?: boolean; language?: "en-US" | "ja-JP" } = {}) {
  const c = await newCustomer(t);
  const o = await placeOrder(t, variants, {
    cookie: c.cookie,
    email: c.email,
    ...(opts.language ? { language: opts.language } : {}),
  });
  if (opts.shipped !== false) await ship(t, o);
  return { c, o, caller: callerFor(t, c.cookie) };
}

const line = (o: PlacedOrder, i: number) => o.lines[i]?.id as number;

/** A REQUESTED return of one unit of the order's first line; its id. */
async function requested(o: PlacedOrder, cookie: string, quantity = 1) {
  const res = await callerFor(t, cookie).returns.request({
    orderId: o.id,
    lines: [{ lineId: line(o, 0), quantity }],
    reason: "DEFECTIVE",
    comment: "It does not switch on.",
  });
  return res.return.id;
}

/** A REQUESTED return of one unit of the order's line `index`; its id. */
async function requestedLine(o: PlacedOrder, cookie: string, index: number) {
  const res = await callerFor(t, cookie).returns.request({
    orderId: o.id,
    lines: [{ lineId: line(o, index), quantity: 1 }],
    reason: "OTHER",
  });
  return res.return.id;
}

const stockOf = async (variantId: number) =>
  (await t.db.productVariant.findUniqueOrThrow({ where: { id: variantId } })).inventory;

const issuesOf = (err: unknown) =>
  (err as { cause?: unknown; issues?: { path: string; message: string }[] }).issues ?? [];

describe("a signed-in customer asks for a return from the order's page", () => {
  it("shows what can be returned, writes the request with its audit row and mail, and shows it on the order", async () => {
    const { c, o, caller } = await customerOrder();
    const before = await caller.returns.forOrder({ orderId: `gid://vela/Order/${o.id}` });
    expect(before.closed).toBeNull();
    expect(before.window.open).toBe(true);
    expect(before.lines.map((l) => [l.quantity, l.shipped, l.returnable])).toEqual([
      [2, 2, 2],
      [1, 1, 1],
    ]);

    const { return: r } = await caller.returns.request({
      orderId: o.id,
      lines: [
        { lineId: line(o, 0), quantity: 2 },
        { lineId: line(o, 1), quantity: 1 },
      ],
      reason: "NOT_AS_DESCRIBED",
      comment: "  The colour is not the one shown.  ",
    });
    expect(r).toMatchObject({
      number: `R${o.orderNumber}-1`,
      status: "REQUESTED",
      reason: "NOT_AS_DESCRIBED",
      comment: "The colour is not the one shown.",
    });
    const after = await caller.returns.forOrder({ orderId: o.id });
    expect(after.lines.map((l) => [l.taken, l.returnable])).toEqual([
      [2, 0],
      [1, 0],
    ]);
    expect(after.returns.map((x) => [x.number, x.status])).toEqual([[`R${o.orderNumber}-1`, "REQUESTED"]]);

    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { kind: "return.requested", entityId: String(r.id) },
    });
    expect(audit).toMatchObject({
      actorType: "customer",
      actorId: c.id,
      actorLabel: c.email,
      entityType: "Return",
    });
    expect(JSON.parse(audit.after ?? "{}")).toMatchObject({ order: o.orderNumber, via: "account" });
    const mail = await t.db.emailOutbox.findFirstOrThrow({
      where: { to: c.email, kind: "return-requested" },
    });
    expect(mail.subject).toBe(`We received your return request for order #${o.orderNumber}`);
    expect(mail.text).toContain(`return R${o.orderNumber}-1`);
    expect(mail.text).toContain(`https://store.vela.test/account/orders/${o.id}`);
  });

  it("the shipping mail of an account's order links to the order's page", async () => {
    const { c, o } = await customerOrder();
    const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { to: c.email, kind: "order-shipped" } });
    expect(mail.text).toContain(`You can ask to return items within ${RETURN_WINDOW_DAYS} days of shipment.`);
    expect(mail.text).toContain(`Return an item: https://store.vela.test/account/orders/${o.id}`);
    expect(await t.db.returnLink.count({ where: { orderId: o.id } })).toBe(0);
  });

  it("refuses units not shipped yet, per line, and writes nothing", async () => {
    const { o, caller } = await customerOrder({ shipped: false });
    const view = await caller.returns.forOrder({ orderId: o.id });
    expect(view.closed).toBe("notShipped");
    expect(view.lines.map((l) => l.returnable)).toEqual([0, 0]);
    const counts = await returnCounts(t);
    const err = await caller.returns
      .request({ orderId: o.id, lines: [{ lineId: line(o, 1), quantity: 1 }], reason: "DAMAGED" })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "BAD_REQUEST", message: RETURN_MESSAGES.notShipped });
    expect(issuesOf(err)).toEqual([{ path: "lines.0.quantity", message: RETURN_MESSAGES.notShipped }]);
    expect(await returnCounts(t)).toEqual(counts);

    // One of the two units shipped: that one can go back, the second cannot yet.
    await ship(t, o, [{ lineId: line(o, 0), quantity: 1 }]);
    await expect(
      caller.returns.request({
        orderId: o.id,
        lines: [{ lineId: line(o, 0), quantity: 2 }],
        reason: "DAMAGED",
      }),
    ).rejects.toMatchObject({ message: RETURN_MESSAGES.notShipped });
    await caller.returns.request({
      orderId: o.id,
      lines: [{ lineId: line(o, 0), quantity: 1 }],
      reason: "DAMAGED",
    });
    await expect(
      caller.returns.request({
        orderId: o.id,
        lines: [{ lineId: line(o, 0), quantity: 1 }],
        reason: "DAMAGED",
      }),
    ).rejects.toMatchObject({ message: RETURN_MESSAGES.notShipped });
  });

  it("refuses more than was bought, less what is already returned or asked for; a declined return frees its units", async () => {
    const { c, o, caller } = await customerOrder();
    const counts = await returnCounts(t);
    const err = await caller.returns
      .request({
        orderId: o.id,
        lines: [
          { lineId: line(o, 1), quantity: 1 },
          { lineId: line(o, 0), quantity: 3 },
        ],
        reason: "OTHER",
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "BAD_REQUEST", message: RETURN_MESSAGES.tooMany });
    expect(issuesOf(err)).toEqual([{ path: "lines.1.quantity", message: RETURN_MESSAGES.tooMany }]);
    expect(await returnCounts(t)).toEqual(counts);

    const first = await requested(o, c.cookie, 1);
    await caller.returns.request({
      orderId: o.id,
      lines: [{ lineId: line(o, 0), quantity: 1 }],
      reason: "OTHER",
    });
    await expect(
      caller.returns.request({
        orderId: o.id,
        lines: [{ lineId: line(o, 0), quantity: 1 }],
        reason: "OTHER",
      }),
    ).rejects.toMatchObject({ message: RETURN_MESSAGES.tooMany });
    const declined = await admin(
      t,
      "mutation",
      "returns.decline",
      { returnId: first, reason: "Opened" },
      {
        cookie: support,
      },
    );
    expect(declined.status, declined.res.body).toBe(200);
    const again = await caller.returns.request({
      orderId: o.id,
      lines: [{ lineId: line(o, 0), quantity: 1 }],
      reason: "OTHER",
    });
    expect(again.return.number).toBe(`R${o.orderNumber}-3`);
  });

  it("refuses after the window (counted from the latest shipment) with the reason, and writes nothing", async () => {
    const { o, caller } = await customerOrder();
    const view = await caller.returns.forOrder({ orderId: o.id });
    const closesAt = Date.parse(view.window.closesAt ?? "");
    expect(closesAt - Date.parse(view.window.shippedAt ?? "")).toBe(RETURN_WINDOW_DAYS * DAY_MS);
    const start = t.clock.now();
    try {
      t.clock.set(new Date(closesAt - 60_000));
      await caller.returns.request({
        orderId: o.id,
        lines: [{ lineId: line(o, 1), quantity: 1 }],
        reason: "OTHER",
      });
      t.clock.set(new Date(closesAt));
      const counts = await returnCounts(t);
      await expect(
        caller.returns.request({
          orderId: o.id,
          lines: [{ lineId: line(o, 0), quantity: 1 }],
          reason: "OTHER",
        }),
      ).rejects.toMatchObject({ code: "CONFLICT", message: RETURN_MESSAGES.windowClosed });
      expect(await returnCounts(t)).toEqual(counts);
      const closed = await caller.returns.forOrder({ orderId: o.id });
      expect(closed).toMatchObject({ closed: "windowClosed", window: { open: false } });
      expect(closed.lines.map((l) => l.returnable)).toEqual([0, 0]);
    } finally {
      t.clock.set(start);
    }
  });

  it("refuses an unknown line, a line named twice, a bad reason and control characters; another's order is not found", async () => {
    const { o, caller } = await customerOrder();
    const other = await customerOrder();
    const counts = await returnCounts(t);
    const unknown = await caller.returns
      .request({ orderId: o.id, lines: [{ lineId: line(other.o, 0), quantity: 1 }], reason: "OTHER" })
      .catch((e: unknown) => e);
    expect(issuesOf(unknown)).toEqual([{ path: "lines.0.lineId", message: RETURN_MESSAGES.lineUnknown }]);
    await expect(
      caller.returns.request({
        orderId: o.id,
        lines: [
          { lineId: line(o, 0), quantity: 1 },
          { lineId: line(o, 0), quantity: 1 },
        ],
        reason: "OTHER",
      }),
    ).rejects.toMatchObject({ message: RETURN_MESSAGES.lineRepeated });
    await expect(caller.returns.request({ orderId: o.id, lines: [], reason: "OTHER" })).rejects.toMatchObject(
      { code: "BAD_REQUEST", message: RETURN_MESSAGES.noLines },
    );
    await expect(
      caller.returns.request({
        orderId: o.id,
        lines: [{ lineId: line(o, 0), quantity: 1 }],
        reason: "BORED" as never,
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: RETURN_MESSAGES.reason });
    await expect(
      caller.returns.request({
        orderId: o.id,
        lines: [{ lineId: line(o, 0), quantity: 1 }],
        reason: "OTHER",
        comment: "evil\u202Etxt",
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: RETURN_MESSAGES.comment });
    for (const orderId of [other.o.id, 999_999, "nope"]) {
      await expect(
        caller.returns.request({ orderId, lines: [{ lineId: line(o, 0), quantity: 1 }], reason: "OTHER" }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(caller.returns.forOrder({ orderId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    }
    await expect(callerFor(t).returns.forOrder({ orderId: o.id })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    expect(await returnCounts(t)).toEqual(counts);
  });

  it("of two requests at once for the last units, one is written and the other refused", async () => {
    const { o, caller } = await customerOrder();
    const ask = () =>
      caller.returns.request({
        orderId: o.id,
        lines: [{ lineId: line(o, 0), quantity: 2 }],
        reason: "OTHER",
      });
    const results = await Promise.allSettled([ask(), ask(), ask()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((x) => x.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ message: RETURN_MESSAGES.tooMany });
    expect(await t.db.return.count({ where: { orderId: o.id } })).toBe(1);
  });
});

describe("a guest asks through the link of the shipping mail", () => {
  it("the link opens that order's return page only; the request is the guest's, audited and mailed with the link", async () => {
    const email = uniqueEmail("guest");
    const o = await placeOrder(t, variants, { email });
    await ship(t, o);
    const token = await returnLinkToken(t, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Stored only as a hash.
    expect(await t.db.returnLink.count({ where: { tokenHash: token } })).toBe(0);
    expect(await t.db.returnLink.count({ where: { orderId: o.id } })).toBe(1);

    const guest = callerFor(t);
    const view = await guest.returns.forLink({ token });
    expect(view.order.orderNumber).toBe(o.orderNumber);
    expect(view.lines.map((l) => l.returnable)).toEqual([2, 1]);
    const { return: r } = await guest.returns.requestByLink({
      token,
      lines: [{ lineId: line(o, 1), quantity: 1 }],
      reason: "WRONG_ITEM",
    });
    expect(r.number).toBe(`R${o.orderNumber}-1`);
    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { kind: "return.requested", entityId: String(r.id) },
    });
    expect(audit).toMatchObject({ actorType: "customer", actorId: null, actorLabel: email });
    const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { to: email, kind: "return-requested" } });
    expect(mail.text).toContain(`https://store.vela.test/account/return?token=${token}`);

    // The guest's confirmation page (their order-access cookie) shows the return; nobody else's does.
    expect(o.guestCookie).toBeDefined();
    const shown = await callerFor(t, o.guestCookie).returns.ofOrder({ orderId: o.id });
    expect(shown.returns.map((x) => [x.number, x.status])).toEqual([[r.number, "REQUESTED"]]);
    await expect(callerFor(t).returns.ofOrder({ orderId: o.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const stranger = await newCustomer(t);
    await expect(callerFor(t, stranger.cookie).returns.ofOrder({ orderId: o.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("refuses a wrong link and one that has run out; a link opens only its own order's lines", async () => {
    const email = uniqueEmail("guest-link");
    const o = await placeOrder(t, variants, { email });
    await ship(t, o);
    const token = await returnLinkToken(t, email);
    const other = await customerOrder();
    const guest = callerFor(t);
    const counts = await returnCounts(t);
    // The last character changed to another (a fixed "A" is the token itself one time in 16).
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [altered, "x"]) {
      await expect(guest.returns.forLink({ token: bad })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: RETURN_MESSAGES.linkInvalid,
      });
    }
    const foreign = await guest.returns
      .requestByLink({ token, lines: [{ lineId: line(other.o, 0), quantity: 1 }], reason: "OTHER" })
      .catch((e: unknown) => e);
    expect(issuesOf(foreign)).toEqual([{ path: "lines.0.lineId", message: RETURN_MESSAGES.lineUnknown }]);
    const start = t.clock.now();
    try {
      t.clock.advance(RETURN_WINDOW_DAYS * DAY_MS);
      // Past the window, the link still shows the order; it takes no request.
      expect((await guest.returns.forLink({ token })).closed).toBe("windowClosed");
      await expect(
        guest.returns.requestByLink({ token, lines: [{ lineId: line(o, 0), quantity: 1 }], reason: "OTHER" }),
      ).rejects.toMatchObject({ message: RETURN_MESSAGES.windowClosed });
      t.clock.set(new Date(start.getTime() + RETURN_LINK_DAYS * DAY_MS));
      await expect(guest.returns.forLink({ token })).rejects.toMatchObject({
        message: RETURN_MESSAGES.linkExpired,
      });
    } finally {
      t.clock.set(start);
    }
    expect(await returnCounts(t)).toEqual(counts);
  });
});

interface StaffView {
  id: number;
  number: string;
  status: string;
  version: number;
  lines: { id: number; quantity: number; restock: boolean | null }[];
  suggestedRefund: { amount: string };
  refunded: { amount: string } | null;
}

const act = <T = { return: StaffView }>(path: string, input: unknown, cookie = support) =>
  admin<T>(t, path === "returns.get" || path === "returns.list" ? "query" : "mutation", path, input, {
    cookie,
  });

describe("the staff handle a return in the admin", () => {
  it("approve, receive with restock per line, refund: each audited by its member, mailed, and shown to the customer", async () => {
    const { c, o, caller } = await customerOrder();
    const { return: asked } = await caller.returns.request({
      orderId: o.id,
      lines: [
        { lineId: line(o, 0), quantity: 2 },
        { lineId: line(o, 1), quantity: 1 },
      ],
      reason: "DEFECTIVE",
    });

    const approved = await act("returns.approve", { returnId: asked.id, version: 0 });
    expect(approved.status, approved.res.body).toBe(200);
    expect(approved.data.return).toMatchObject({ status: "APPROVED", version: 1 });
    const approvedMail = await t.db.emailOutbox.findFirstOrThrow({
      where: { to: c.email, kind: "return-approved" },
    });
    expect(approvedMail.subject).toBe(`Your return R${o.orderNumber}-1 is approved`);
    expect(approvedMail.text).toContain(
      `Write the return number R${o.orderNumber}-1 on the outside of the parcel.`,
    );

    const [first, second] = approved.data.return.lines;
    const v0 = o.lines[0]?.variantId as number;
    const v1 = o.lines[1]?.variantId as number;
    const stock0 = await stockOf(v0);
    const stock1 = await stockOf(v1);
    const received = await act("returns.receive", {
      returnId: asked.id,
      lines: [
        { returnLineId: first?.id, restock: true },
        { returnLineId: second?.id, restock: false },
      ],
    });
    expect(received.status, received.res.body).toBe(200);
    expect(received.data.return.lines.map((l) => l.restock)).toEqual([true, false]);
    expect(await stockOf(v0)).toBe(stock0 + 2);
    expect(await stockOf(v1)).toBe(stock1);
    expect(await t.db.emailOutbox.count({ where: { to: c.email, kind: "return-received" } })).toBe(1);

    // Support may handle returns but not pay money back.
    const counts = await returnCounts(t);
    const forbidden = await act("returns.refund", { returnId: asked.id });
    expect(forbidden.status).toBe(403);
    expect(forbidden.error?.message).toBe(ADMIN_MESSAGES.forbidden);
    expect(await returnCounts(t)).toEqual(counts);

    const value = (o.lines[0]?.unitPriceAmount ?? 0) * 2 + (o.lines[1]?.unitPriceAmount ?? 0);
    const refunded = await act("returns.refund", { returnId: asked.id }, manager);
    expect(refunded.status, refunded.res.body).toBe(200);
    expect(refunded.data.return.status).toBe("REFUNDED");
    expect(refunded.data.return.refunded?.amount).toBe((value / 100).toFixed(2));
    // Oregon has no sales tax and the shipping is free above 100.00: the units may be the whole order.
    const financialStatus = value >= o.totalAmount ? "REFUNDED" : "PARTIALLY_REFUNDED";
    const order = await t.db.order.findUniqueOrThrow({ where: { id: o.id } });
    expect(order).toMatchObject({ financialStatus, refundedAmount: value });
    expect(
      await t.db.paymentOperation.count({ where: { orderId: o.id, kind: "REFUND", status: "SUCCEEDED" } }),
    ).toBe(1);
    expect(await t.db.emailOutbox.count({ where: { to: c.email, kind: "order-refunded" } })).toBe(1);

    const trail = await t.db.auditEvent.findMany({
      where: { entityType: "Return", entityId: String(asked.id) },
      orderBy: { id: "asc" },
    });
    expect(trail.map((a) => [a.kind, a.actorType, a.actorId])).toEqual([
      ["return.requested", "customer", c.id],
      ["return.approved", "staff", supportId],
      ["return.received", "staff", supportId],
      ["return.refunded", "staff", managerId],
    ]);
    expect(JSON.parse(trail[3]?.after ?? "{}")).toMatchObject({
      amount: value,
      orderFinancialStatus: financialStatus,
    });

    const shown = await caller.returns.forOrder({ orderId: o.id });
    expect(shown.returns[0]).toMatchObject({
      status: "REFUNDED",
      refunded: { amount: (value / 100).toFixed(2) },
    });
    // Refunded once: a second refund is refused with the reason.
    const again = await act("returns.refund", { returnId: asked.id }, manager);
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(RETURN_STAFF_MESSAGES.alreadyRefunded);
  });

  it("decline: the reason is mailed and shown; a declined return takes no other move", async () => {
    const { c, o, caller } = await customerOrder();
    const id = await requested(o, c.cookie);
    const blank = await act("returns.decline", { returnId: id, reason: "   " });
    expect(blank.status).toBe(400);
    expect(blank.error?.message).toBe(RETURN_STAFF_MESSAGES.declineReason);
    const declined = await act("returns.decline", { returnId: id, reason: "Bought more than 30 days ago." });
    expect(declined.status).toBe(200);
    const mail = await t.db.emailOutbox.findFirstOrThrow({ where: { to: c.email, kind: "return-declined" } });
    expect(mail.text).toContain("> Bought more than 30 days ago.");
    const shown = (await caller.returns.forOrder({ orderId: o.id })).returns[0];
    expect(shown).toMatchObject({ status: "DECLINED", declineReason: "Bought more than 30 days ago." });
    for (const [path, input] of [
      ["returns.approve", { returnId: id }],
      ["returns.decline", { returnId: id, reason: "again" }],
      ["returns.receive", { returnId: id, lines: [{ returnLineId: 1, restock: true }] }],
    ] as const) {
      const res = await act(path, input);
      expect(res.status, path).toBe(409);
      expect(res.error?.message).toBe(RETURN_STAFF_MESSAGES.alreadyDeclined);
    }
  });

  it("refuses moves out of order, a stale version, a wrong set of lines and an unknown return, changing nothing", async () => {
    const { c, o } = await customerOrder();
    const id = await requested(o, c.cookie, 2);
    const counts = await returnCounts(t);
    const refusals: [string, unknown, number, string][] = [
      [
        "returns.receive",
        { returnId: id, lines: [{ returnLineId: 1, restock: true }] },
        409,
        RETURN_STAFF_MESSAGES.notApproved,
      ],
      ["returns.refund", { returnId: id }, 409, RETURN_STAFF_MESSAGES.notReceived],
      ["returns.approve", { returnId: id, version: 3 }, 409, RETURN_STAFF_MESSAGES.changed],
      ["returns.approve", { returnId: 999_999 }, 404, RETURN_STAFF_MESSAGES.notFound],
    ];
    for (const [path, input, status, message] of refusals) {
      const res = await act(path, input, manager);
      expect([path, res.status, res.error?.message]).toEqual([path, status, message]);
    }
    expect(await returnCounts(t)).toEqual(counts);
    const approved = await act("returns.approve", { returnId: id });
    const lineId = approved.data.return.lines[0]?.id as number;
    for (const lines of [
      [],
      [{ returnLineId: lineId + 1000, restock: true }],
      [
        { returnLineId: lineId, restock: true },
        { returnLineId: lineId, restock: false },
      ],
    ]) {
      const res = await act("returns.receive", { returnId: id, lines });
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe(RETURN_STAFF_MESSAGES.receiveLines);
    }
    expect((await t.db.return.findUniqueOrThrow({ where: { id } })).status).toBe("APPROVED");
  });

  it("a refund never goes beyond what the payment can still pay back; refused, the return stays received", async () => {
    const { c, o } = await customerOrder();
    const id = await requested(o, c.cookie, 1);
    await act("returns.approve", { returnId: id });
    const got = await act("returns.get", { returnId: id });
    await act("returns.receive", {
      returnId: id,
      lines: [{ returnLineId: got.data.return.lines[0]?.id, restock: false }],
    });
    const tooMuch = await act(
      "returns.refund",
      { returnId: id, amount: ((o.totalAmount + 1) / 100).toFixed(2) },
      manager,
    );
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.error?.message).toBe(RETURN_STAFF_MESSAGES.refundAmount);
    const notAmount = await act("returns.refund", { returnId: id, amount: "ten" }, manager);
    expect(notAmount.status).toBe(400);
    const row = await t.db.return.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe("RECEIVED");
    expect(await t.db.paymentOperation.count({ where: { orderId: o.id, kind: "REFUND" } })).toBe(0);
    // A smaller amount than the units' value, as the member chooses.
    const part = await act("returns.refund", { returnId: id, amount: "5.00", version: row.version }, manager);
    expect(part.status, part.res.body).toBe(200);
    expect(part.data.return.refunded?.amount).toBe("5.00");
    expect((await t.db.order.findUniqueOrThrow({ where: { id: o.id } })).refundedAmount).toBe(500);
  });

  it("a customer's many returns all get their answer: the staff's mails are not held back at the usual five an hour", async () => {
    const c = await newCustomer(t);
    const ids: number[] = [];
    for (let n = 0; n < 2; n++) {
      const o = await placeOrder(t, variants, { cookie: c.cookie, email: c.email });
      await ship(t, o);
      for (const [i, units] of [
        [0, 2],
        [1, 1],
      ] as const)
        for (let u = 0; u < units; u++) ids.push(await requestedLine(o, c.cookie, i));
    }
    expect(ids).toHaveLength(6);
    for (const returnId of ids) expect((await act("returns.approve", { returnId })).status).toBe(200);
    const approved = await t.db.emailOutbox.findMany({ where: { to: c.email, kind: "return-approved" } });
    expect(approved).toHaveLength(6);
    expect(approved.filter((m) => m.heldAt !== null)).toEqual([]);
  });

  it("lists the waiting returns oldest first, others by filter newest first, and counts those waiting", async () => {
    const { c, o } = await customerOrder();
    const a = await requested(o, c.cookie, 1);
    const b = await requested(o, c.cookie, 1);
    await act("returns.approve", { returnId: b });
    const waiting = await act<{ returns: { id: number; status: string }[] }>("returns.list", { limit: 100 });
    expect(waiting.status).toBe(200);
    expect(waiting.data.returns.every((r) => r.status === "REQUESTED")).toBe(true);
    const ids = waiting.data.returns.map((r) => r.id);
    expect(ids).toContain(a);
    expect(ids).not.toContain(b);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(await countReturnsWaiting(t.db)).toBe(await t.db.return.count({ where: { status: "REQUESTED" } }));
    const ofOrder = await act<{ returns: { id: number; status: string }[] }>("returns.list", {
      filter: "all",
      orderNumber: o.orderNumber,
    });
    expect(ofOrder.data.returns.map((r) => [r.id, r.status])).toEqual([
      [b, "APPROVED"],
      [a, "REQUESTED"],
    ]);
    const page = await act<{ returns: { id: number }[]; nextCursor: number | null }>("returns.list", {
      filter: "all",
      orderNumber: o.orderNumber,
      limit: 1,
    });
    expect(page.data.nextCursor).toBe(b);
    const next = await act<{ returns: { id: number }[]; nextCursor: number | null }>("returns.list", {
      filter: "all",
      orderNumber: o.orderNumber,
      limit: 1,
      cursor: b,
    });
    expect([next.data.returns.map((r) => r.id), next.data.nextCursor]).toEqual([[a], null]);
  });
});

describe("a refund the provider does not make, or one a stopped process left", () => {
  /** A received return of one unit of the first line; its id. */
  async function receivedReturn(o: PlacedOrder, cookie: string) {
    const id = await requested(o, cookie, 1);
    const approved = await act("returns.approve", { returnId: id });
    await act("returns.receive", {
      returnId: id,
      lines: approved.data.return.lines.map((l) => ({ returnLineId: l.id, restock: false })),
    });
    return id;
  }

  it("the provider failing moves no money: the return is received again, to be refunded later", async () => {
    const { c, o } = await customerOrder();
    const id = await receivedReturn(o, c.cookie);
    const inner = new TestPaymentProvider();
    setPaymentProvider({
      name: "test",
      authorize: (req) => inner.authorize(req),
      capture: (req) => inner.capture(req),
      void: (req) => inner.void(req),
      refund: async () => {
        throw new PaymentProviderError("provider busy");
      },
    });
    try {
      const res = await act("returns.refund", { returnId: id }, manager);
      expect(res.status).toBe(409);
      expect(res.error?.message).toMatch(new RegExp(`^${RETURN_STAFF_MESSAGES.refundRefused}: `));
    } finally {
      setPaymentProvider(new TestPaymentProvider());
    }
    expect((await t.db.return.findUniqueOrThrow({ where: { id } })).status).toBe("RECEIVED");
    expect(
      await t.db.paymentOperation.findMany({
        where: { orderId: o.id, kind: "REFUND" },
        select: { kind: true, status: true },
      }),
    ).toEqual([{ kind: "REFUND", status: "FAILED" }]);
    expect(await t.db.auditEvent.count({ where: { kind: "return.refunded", entityId: String(id) } })).toBe(0);
    const res = await act("returns.refund", { returnId: id }, manager);
    expect(res.status, res.res.body).toBe(200);
  });

  it("a return left refunding is settled from the order's payment once the lease has run out", async () => {
    const { c, o } = await customerOrder();
    // The process stopped after the provider refunded and before the return was marked.
    const paid = await receivedReturn(o, c.cookie);
    await t.db.return.update({
      where: { id: paid },
      data: { status: "REFUNDING", refundStartedAt: t.clock.now(), version: { increment: 1 } },
    });
    await refundOrder(t.deps, o.orderNumber, { amount: "1.00" });
    const early = await act("returns.refund", { returnId: paid }, manager);
    expect([early.status, early.error?.message]).toEqual([409, RETURN_STAFF_MESSAGES.refundInProgress]);
    t.clock.advance(OPERATION_LEASE_MS);
    const settled = await act("returns.refund", { returnId: paid }, manager);
    expect([settled.status, settled.error?.message]).toEqual([409, RETURN_STAFF_MESSAGES.alreadyRefunded]);
    expect(await t.db.return.findUniqueOrThrow({ where: { id: paid } })).toMatchObject({
      status: "REFUNDED",
      refundedAmount: 100,
    });
    expect(await t.db.paymentOperation.count({ where: { orderId: o.id, kind: "REFUND" } })).toBe(1);

    // The process stopped before the provider was asked: back to received, and refunded now.
    const left = await receivedReturn(o, c.cookie);
    await t.db.return.update({
      where: { id: left },
      data: { status: "REFUNDING", refundStartedAt: t.clock.now(), version: { increment: 1 } },
    });
    t.clock.advance(OPERATION_LEASE_MS);
    const res = await act("returns.refund", { returnId: left }, manager);
    expect(res.status, res.res.body).toBe(200);
    expect(res.data.return.status).toBe("REFUNDED");
    expect(
      (
        await t.db.auditEvent.findMany({
          where: { entityId: String(left), entityType: "Return" },
          orderBy: { id: "asc" },
        })
      ).map((a) => a.kind),
    ).toEqual([
      "return.requested",
      "return.approved",
      "return.received",
      "return.refund-abandoned",
      "return.refunded",
    ]);
  });
});

describe("two members acting on one return at once end in one outcome", () => {
  it("approve against decline: one wins, the other is told why; one audit row, one mail", async () => {
    const { c, o } = await customerOrder();
    const id = await requested(o, c.cookie);
    const [x, y] = await Promise.all([
      act("returns.approve", { returnId: id, version: 0 }),
      act("returns.decline", { returnId: id, version: 0, reason: "No" }, manager),
    ]);
    const statuses = [x.status, y.status].sort();
    expect(statuses).toEqual([200, 409]);
    const row = await t.db.return.findUniqueOrThrow({ where: { id } });
    const loser = x.status === 409 ? x : y;
    expect(loser.error?.message).toBe(
      row.status === "APPROVED"
        ? RETURN_STAFF_MESSAGES.alreadyApproved
        : RETURN_STAFF_MESSAGES.alreadyDeclined,
    );
    const kinds = await t.db.auditEvent.findMany({
      where: { entityType: "Return", entityId: String(id), actorType: "staff" },
    });
    expect(kinds).toHaveLength(1);
    expect(
      await t.db.emailOutbox.count({
        where: { to: c.email, kind: { in: ["return-approved", "return-declined"] } },
      }),
    ).toBe(1);
  });

  it("two receives: the stock goes back once", async () => {
    const { c, o } = await customerOrder();
    const id = await requested(o, c.cookie, 2);
    const approved = await act("returns.approve", { returnId: id });
    const lines = approved.data.return.lines.map((l) => ({ returnLineId: l.id, restock: true }));
    const variant = o.lines[0]?.variantId as number;
    const before = await stockOf(variant);
    const results = await Promise.all([
      act("returns.receive", { returnId: id, lines }),
      act("returns.receive", { returnId: id, lines }, manager),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.error?.message).toBe(RETURN_STAFF_MESSAGES.alreadyReceived);
    expect(await stockOf(variant)).toBe(before + 2);
  });

  it("two refunds: one payment operation and one refund at the provider; the other is told why", async () => {
    const { c, o } = await customerOrder();
    const id = await requested(o, c.cookie, 1);
    const approved = await act("returns.approve", { returnId: id });
    await act("returns.receive", {
      returnId: id,
      lines: approved.data.return.lines.map((l) => ({ returnLineId: l.id, restock: false })),
    });
    const owner = await signInStaff(t, await createStaff(t, uniqueEmail("owner"), "owner"));
    const results = await Promise.all([
      act("returns.refund", { returnId: id }, manager),
      act("returns.refund", { returnId: id }, owner),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect([RETURN_STAFF_MESSAGES.refundInProgress, RETURN_STAFF_MESSAGES.alreadyRefunded]).toContain(
      results.find((r) => r.status === 409)?.error?.message,
    );
    expect(await t.db.paymentOperation.count({ where: { orderId: o.id, kind: "REFUND" } })).toBe(1);
    const order = await t.db.order.findUniqueOrThrow({ where: { id: o.id } });
    expect(order.refundedAmount).toBe(o.lines[0]?.unitPriceAmount);
    expect(await t.db.auditEvent.count({ where: { kind: "return.refunded", entityId: String(id) } })).toBe(1);
  });
});
