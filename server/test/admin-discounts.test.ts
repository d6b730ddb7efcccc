// Discount codes in the admin and the checkout's rules for them: codes made and changed through
// /admin/trpc as the admin client does (validation on the field, unique in any case, saves at the
// version opened, disable and enable, audit rows with before and after), each rule refused at
// checkout with the code named (start, end, disabled, overall and per-customer limits, the
// currency of a fixed amount, the minimum per currency, combinable), two buyers racing for the
// last use, the list's uses and sales, and the newsletter's welcome code made from its template.
import { CHECKOUT_MESSAGES } from "@vela/shared";
import { DISCOUNT_ADMIN_MESSAGES as M } from "@vela/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiscountListPage, DiscountTemplateView, DiscountView } from "../src/modules/discounts/admin.ts";
import { createTestApp, json, PUBLIC_URL, type TestApp } from "./helpers.ts";
import { catalogueVariants, variantGid } from "./support-data.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { admin, createStaff, signInStaff } from "./support-staff.ts";

const US_ADDRESS = {
  firstName: "Ada",
  lastName: "Lovelace",
  address1: "1 Market St",
  city: "San Francisco",
  province: "CA",
  country: "United States",
  zip: "94105",
};
const CARD = { number: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" };
const DAY = 86_400_000;

let t: TestApp;
let variant: number;
const staff = { manager: "", manager2: "", support: "" };
let serial = 0;
const next = () => `${process.pid}-${++serial}`;

beforeAll(async () => {
  const open = { limit: 100_000, windowSeconds: 60 };
  t = await createTestApp({
    rateLimits: {
      ...GENEROUS_LIMITS,
      checkoutIp: open,
      checkoutEmail: open,
      checkoutCart: open,
      cartCreateIp: open,
      newsletterIp: open,
      newsletterEmail: open,
    },
  });
  for (const [name, role] of [
    ["manager", "manager"],
    ["manager2", "manager"],
    ["support", "support"],
  ] as const) {
    staff[name] = await signInStaff(t, await createStaff(t, `discounts-${name}@vela.test`, role));
  }
  variant = (await catalogueVariants(t)).available[0] as number;
  await t.db.productVariant.update({ where: { id: variant }, data: { inventory: 10_000 } });
});
afterAll(() => t.close());

const NONE = { amountOff: null, minimum: null };
const fields = (over: Record<string, unknown> = {}) => ({
  code: `T-${next()}`,
  kind: "PERCENT",
  percentOff: 15,
  currencies: { USD: NONE, JPY: NONE },
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  combinable: false,
  ...over,
});
const call = <T = DiscountView>(path: string, input: unknown, cookie = staff.manager) =>
  admin<T>(t, "mutation", `discounts.${path}`, input, { cookie });
const create = async (over: Record<string, unknown> = {}) => {
  const res = await call("create", fields(over));
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  return res.data;
};
const list = (input: Record<string, unknown>, cookie = staff.manager) =>
  admin<DiscountListPage>(t, "query", "discounts.list", input, { cookie });
const issuesOf = (res: { res: { json: () => unknown } }) =>
  ((res.res.json() as { error?: { data?: { issues?: { path: string; message: string }[] } } }).error?.data
    ?.issues ?? []) as { path: string; message: string }[];

async function cartWith(quantity = 1, currencyCode?: string): Promise<string> {
  const created = await t.api("POST", "/api/cart");
  const cartId = json<{ cart: { id: string } }>(created).cart.id;
  if (currencyCode) await t.db.cart.update({ where: { id: cartId }, data: { currencyCode } });
  const res = await t.api("POST", `/api/cart/${cartId}`, {
    body: { items: [{ merchandiseId: variantGid(variant), quantity }] },
  });
  expect(res.statusCode).toBe(200);
  return cartId;
}

async function place(codes: string[], opts: { email?: string; quantity?: number; currency?: string } = {}) {
  const cartId = await cartWith(opts.quantity ?? 1, opts.currency);
  const body = {
    cartId,
    email: opts.email ?? `buyer-${next()}@example.com`,
    address: US_ADDRESS,
    discountCodes: codes,
  };
  const q = await t.api("POST", "/api/checkout/quote", { body });
  const expectedTotal =
    q.statusCode === 200 ? json<{ quote: { totalMinor: number } }>(q).quote.totalMinor : 0;
  return t.api("POST", "/api/checkout/orders", {
    body: { ...body, card: CARD, idempotencyKey: `discount-key-${Date.now()}-${next()}`, expectedTotal },
  });
}
const messageOf = (res: { body: string }) => (JSON.parse(res.body) as { message: string }).message;

describe("making and changing codes", () => {
  it("refuses bad input on its field and writes nothing", async () => {
    const before = await t.db.discountCode.count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: "AB" }, "code", M.codeText],
      [{ code: "NO SPACES" }, "code", M.codeText],
      [{ code: "X".repeat(33) }, "code", M.codeText],
      [{ percentOff: 0 }, "percentOff", M.percentText],
      [{ percentOff: 101 }, "percentOff", M.percentText],
      [{ kind: "AMOUNT", percentOff: null }, "currencies.USD.amountOff", M.amountRequired],
      [
        { kind: "AMOUNT", currencies: { USD: { amountOff: "-5", minimum: null }, JPY: NONE } },
        "currencies.USD.amountOff",
        M.amountNegative,
      ],
      [
        { kind: "AMOUNT", currencies: { USD: NONE, JPY: { amountOff: "300.5", minimum: null } } },
        "currencies.JPY.amountOff",
        M.amountYen,
      ],
      [
        { startsAt: "2030-02-01T00:00:00.000Z", endsAt: "2030-01-01T00:00:00.000Z" },
        "endsAt",
        M.endBeforeStart,
      ],
      [{ usageLimit: 0 }, "usageLimit", M.limitText],
    ];
    for (const [over, path, message] of cases) {
      const res = await call("create", fields(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(issuesOf(res), JSON.stringify(over)).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect(await t.db.discountCode.count()).toBe(before);
  });

  it("stores the code in upper case, unique in any case; the audit row holds what was made", async () => {
    const name = `summer-${next()}`;
    const made = await create({ code: name, percentOff: 20, usageLimit: 100 });
    expect(made.code).toBe(name.toUpperCase());
    expect(made).toMatchObject({
      kind: "PERCENT",
      percentOff: 20,
      usageLimit: 100,
      status: "active",
      version: 1,
    });
    const again = await call("create", fields({ code: `S${name.slice(1)}` }));
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(M.codeTaken);
    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { kind: "discount.created", entityId: String(made.id) },
    });
    expect(JSON.parse(audit.after ?? "{}")).toMatchObject({
      code: made.code,
      percentOff: 20,
      usageLimit: 100,
    });
  });

  it("saves at the version opened: of two saves from one page one is written, the other refused", async () => {
    const made = await create();
    const first = await call("update", {
      ...fields({ code: made.code, percentOff: 25 }),
      discountId: made.id,
      version: made.version,
    });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ percentOff: 25, version: 2 });
    const second = await call(
      "update",
      { ...fields({ code: made.code, percentOff: 30 }), discountId: made.id, version: made.version },
      staff.manager2,
    );
    expect(second.status).toBe(409);
    expect(second.error?.message).toBe(M.staleVersion);
    const row = await t.db.discountCode.findUniqueOrThrow({ where: { id: made.id } });
    expect(row.percentOff).toBe(25);
    const audit = await t.db.auditEvent.findMany({
      where: { kind: "discount.updated", entityId: String(made.id) },
    });
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]?.before ?? "{}")).toEqual({ version: 1, percentOff: 15 });
    expect(JSON.parse(audit[0]?.after ?? "{}")).toEqual({ version: 2, percentOff: 25 });
  });

  it("support reads codes but cannot change them", async () => {
    const made = await create();
    expect((await list({ q: made.code }, staff.support)).data.discounts.map((d) => d.code)).toEqual([
      made.code,
    ]);
    const res = await call(
      "setDisabled",
      { discountId: made.id, version: made.version, disabled: true },
      staff.support,
    );
    expect(res.status).toBe(403);
    expect((await t.db.discountCode.findUniqueOrThrow({ where: { id: made.id } })).disabledAt).toBeNull();
  });
});

describe("the checkout's rules", () => {
  it("a disabled code is refused with its name; enabled again it works", async () => {
    const made = await create();
    const off = await call("setDisabled", { discountId: made.id, version: made.version, disabled: true });
    expect(off.data.status).toBe("disabled");
    const refused = await place([made.code]);
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(`${CHECKOUT_MESSAGES.codeDisabled}: ${made.code}`);
    const audit = await t.db.auditEvent.findFirstOrThrow({
      where: { kind: "discount.disabled", entityId: String(made.id) },
    });
    expect(JSON.parse(audit.before ?? "{}")).toEqual({ version: 1, disabled: false });
    const on = await call("setDisabled", { discountId: made.id, version: off.data.version, disabled: false });
    expect(on.status).toBe(200);
    expect((await place([made.code])).statusCode).toBe(200);
  });

  it("is refused before its start and from its end", async () => {
    const now = Date.now();
    const later = await create({ startsAt: new Date(now + DAY).toISOString() });
    expect(later.status).toBe("scheduled");
    expect(messageOf(await place([later.code]))).toBe(`${CHECKOUT_MESSAGES.codeNotStarted}: ${later.code}`);
    const ended = await create({
      startsAt: new Date(now - 2 * DAY).toISOString(),
      endsAt: new Date(now - DAY).toISOString(),
    });
    expect(ended.status).toBe("expired");
    expect(messageOf(await place([ended.code]))).toBe(`${CHECKOUT_MESSAGES.codeExpired}: ${ended.code}`);
    const open = await create({
      startsAt: new Date(now - DAY).toISOString(),
      endsAt: new Date(now + DAY).toISOString(),
    });
    expect((await place([open.code])).statusCode).toBe(200);
  });

  it("a fixed amount applies only in a currency it has an amount for; minimums are per currency", async () => {
    const price = (
      await t.db.variantPrice.findFirstOrThrow({ where: { variantId: variant, currencyCode: "USD" } })
    ).amount;
    const made = await create({
      kind: "AMOUNT",
      percentOff: null,
      currencies: { USD: { amountOff: "5.00", minimum: ((price * 2) / 100).toFixed(2) }, JPY: NONE },
    });
    expect(messageOf(await place([made.code], { currency: "JPY" }))).toBe(
      `${CHECKOUT_MESSAGES.codeCurrency}: ${made.code}`,
    );
    expect(messageOf(await place([made.code], { quantity: 1 }))).toBe(
      `${CHECKOUT_MESSAGES.codeMinimum}: ${made.code}`,
    );
    const ok = await place([made.code], { quantity: 2 });
    expect(ok.statusCode).toBe(200);
    const order = await t.db.order.findFirstOrThrow({
      where: { redemptions: { some: { discountCodeId: made.id } } },
    });
    expect(order.discountAmount).toBe(500);
  });

  it("counts uses per customer (an email for guests) over the redemptions", async () => {
    const made = await create({ perCustomerLimit: 1 });
    const email = `once-${next()}@example.com`;
    expect((await place([made.code], { email })).statusCode).toBe(200);
    const again = await place([made.code], { email: email.toUpperCase() });
    expect(messageOf(again)).toBe(`${CHECKOUT_MESSAGES.codeUsedByCustomer}: ${made.code}`);
    expect((await place([made.code])).statusCode).toBe(200);
    expect((await t.db.discountCode.findUniqueOrThrow({ where: { id: made.id } })).usedCount).toBe(2);
  });

  it("two buyers racing for the last use: one order, the other refused with the code named", async () => {
    const overall = await create({ usageLimit: 1 });
    const both = await Promise.all([place([overall.code]), place([overall.code])]);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of both.filter((x) => x.statusCode !== 200)) {
      if (r.statusCode === 503) expect(r.headers["retry-after"]).toBeDefined();
      else expect(messageOf(r)).toBe(`${CHECKOUT_MESSAGES.codeUsed}: ${overall.code}`);
    }
    expect(await t.db.discountRedemption.count({ where: { discountCodeId: overall.id } })).toBe(1);

    // One customer in two tabs racing for their last use of a per-customer code.
    const mine = await create({ perCustomerLimit: 1 });
    const email = `tabs-${next()}@example.com`;
    const tabs = await Promise.all([place([mine.code], { email }), place([mine.code], { email })]);
    expect(tabs.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of tabs.filter((x) => x.statusCode !== 200)) {
      if (r.statusCode === 503) expect(r.headers["retry-after"]).toBeDefined();
      else expect(messageOf(r)).toBe(`${CHECKOUT_MESSAGES.codeUsedByCustomer}: ${mine.code}`);
    }
    expect(await t.db.discountRedemption.count({ where: { discountCodeId: mine.id } })).toBe(1);
    expect((await t.db.discountCode.findUniqueOrThrow({ where: { id: mine.id } })).usedCount).toBe(1);
  });

  it("combines only codes that are all combinable", async () => {
    const a = await create({ percentOff: 5, combinable: true });
    const b = await create({ percentOff: 5, combinable: true });
    const lone = await create({ percentOff: 5 });
    expect((await place([a.code, b.code])).statusCode).toBe(200);
    expect(messageOf(await place([a.code, lone.code]))).toBe(
      `${CHECKOUT_MESSAGES.codeNotCombinable}: ${lone.code}`,
    );
  });
});

describe("the list", () => {
  it("shows each code's uses and the sales it touched per currency, filtered by status", async () => {
    const made = await create({ percentOff: 10 });
    expect((await place([made.code])).statusCode).toBe(200);
    expect((await place([made.code], { quantity: 2 })).statusCode).toBe(200);
    const orders = await t.db.order.findMany({
      where: { redemptions: { some: { discountCodeId: made.id } } },
    });
    const page = await list({ q: made.code.toLowerCase() });
    const row = page.data.discounts.find((d) => d.id === made.id);
    expect(row?.timesUsed).toBe(2);
    expect(row?.sales).toEqual([
      {
        currencyCode: "USD",
        orders: 2,
        total: orders.reduce((s, o) => s + o.totalAmount, 0),
        discount: orders.reduce((s, o) => s + o.discountAmount, 0),
      },
    ]);
    const later = await create({ startsAt: new Date(Date.now() + DAY).toISOString() });
    const scheduled = await list({ status: "scheduled", limit: 100 });
    expect(scheduled.data.discounts.map((d) => d.id)).toContain(later.id);
    expect(scheduled.data.discounts.map((d) => d.id)).not.toContain(made.id);
    const active = await list({ status: "active", limit: 100 });
    expect(active.data.discounts.map((d) => d.id)).toContain(made.id);
    expect(active.data.discounts.every((d) => d.status === "active")).toBe(true);
  });
});

describe("the newsletter's welcome code template", () => {
  const mailsTo = (to: string) => t.db.emailOutbox.findMany({ where: { to }, orderBy: { id: "asc" } });
  async function subscribeAndConfirm(email: string) {
    await t.api("POST", "/api/newsletter/subscribe", { body: { email }, ip: `10.9.0.${++serial % 250}` });
    const [confirm] = await mailsTo(email);
    const m = new RegExp(`${PUBLIC_URL.replace(/\./g, "\\.")}/newsletter/confirm\\?token=([^\\s&]+)`).exec(
      confirm?.text ?? "",
    );
    const res = await t.api("POST", "/api/newsletter/confirm", { body: { token: m?.[1] ?? "" } });
    expect(res.statusCode).toBe(200);
    return t.db.discountCode.findFirstOrThrow({ where: { email } });
  }

  it("is shown with its rules; a change holds for codes issued after it, not before", async () => {
    const before = await subscribeAndConfirm(`first-${next()}@example.com`);
    expect(before).toMatchObject({ percentOff: 10, usageLimit: 1, combinable: false });
    const shown = await admin<{ templates: DiscountTemplateView[] }>(
      t,
      "query",
      "discounts.templates",
      undefined,
      {
        cookie: staff.support,
      },
    );
    const welcome = shown.data.templates.find((x) => x.key === "newsletter-welcome");
    expect(welcome).toMatchObject({ percentOff: 10, validDays: 90, usageLimit: 1, combinable: false });
    const input = {
      key: "newsletter-welcome",
      version: welcome?.version ?? 0,
      percentOff: 15,
      validDays: 30,
      usageLimit: 1,
      combinable: false,
    };
    const saved = await call<{ templates: DiscountTemplateView[] }>("updateTemplate", input);
    expect(saved.status).toBe(200);
    const stale = await call("updateTemplate", { ...input, percentOff: 20 }, staff.manager2);
    expect(stale.status).toBe(409);
    const email = `second-${next()}@example.com`;
    const after = await subscribeAndConfirm(email);
    expect(after.percentOff).toBe(15);
    expect(after.code).toMatch(/^VELA15-/);
    expect((after.expiresAt?.getTime() ?? 0) - after.createdAt.getTime()).toBe(30 * DAY);
    const mail = (await mailsTo(email)).find((x) => x.kind === "newsletter-welcome-code");
    expect(mail?.subject).toBe("Your 15% code for your next order");
    expect((await t.db.discountCode.findUniqueOrThrow({ where: { id: before.id } })).percentOff).toBe(10);
    const audit = await t.db.auditEvent.findFirstOrThrow({ where: { kind: "discount-template.updated" } });
    expect(JSON.parse(audit.after ?? "{}")).toMatchObject({ percentOff: 15, validDays: 30 });
    // Put back for the other files' expectations of a fresh store (this file's database is its own).
    await call("updateTemplate", {
      ...input,
      version: (welcome?.version ?? 0) + 1,
      percentOff: 10,
      validDays: 90,
    });
  });
});
