// The same rules through tRPC: procedures through a caller, and the /trpc HTTP endpoint
// (errors, mutations, batching and the batch cap) through inject.
import { MESSAGES, TRPC_MAX_BATCH } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, createTestApp, DEMO_CUSTOMER, json, type TestApp } from "./helpers.ts";
import { ADDRESS_INPUT, catalogueVariants, demoId, newCustomer, variantGid } from "./support-data.ts";

let t: TestApp;
let demo: string;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login();
});
afterAll(() => t.close());

const unauthorized = { code: "UNAUTHORIZED", message: MESSAGES.notSignedIn };

describe("callers: account and orders", () => {
  it("account.me answers the signed-in customer, and UNAUTHORIZED without a session", async () => {
    const { customer } = await callerFor(t, demo).account.me();
    expect(customer).toMatchObject({ email: DEMO_CUSTOMER.email, firstName: "Alex" });
    await expect(callerFor(t).account.me()).rejects.toMatchObject(unauthorized);
    await expect(callerFor(t, "vela_session=forged-token").account.me()).rejects.toMatchObject(unauthorized);
  });

  it("orders.list pages newest first with the same limits as REST", async () => {
    const caller = callerFor(t, demo);
    const first = await caller.orders.list({ limit: 3 });
    expect(first.orders.edges.map((e) => e.node.orderNumber)).toEqual([1026, 1025, 1024]);
    const next = await caller.orders.list({ limit: 3, cursor: first.orders.pageInfo.endCursor });
    expect(next.orders.edges.map((e) => e.node.orderNumber)).toEqual([1023, 1022, 1021]);
    expect((await caller.orders.list()).orders.edges).toHaveLength(10);
    for (const limit of [0, 51, 2.5]) {
      await expect(caller.orders.list({ limit })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    }
    await expect(caller.orders.list({ cursor: "nope" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Invalid cursor",
    });
    await expect(callerFor(t).orders.list()).rejects.toMatchObject(unauthorized);
  });

  it("orders.byId takes a global id or a number; foreign, unknown and malformed ids are the same NOT_FOUND", async () => {
    const caller = callerFor(t, demo);
    expect((await caller.orders.byId({ id: "gid://vela/Order/1005" })).order.orderNumber).toBe(1005);
    expect((await caller.orders.byId({ id: 1005 })).order.orderNumber).toBe(1005);
    for (const id of ["2001", 2001, "999999", "abc", "gid://vela/Order/", -4]) {
      await expect(caller.orders.byId({ id })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: MESSAGES.orderNotFound,
      });
    }
    await expect(callerFor(t).orders.byId({ id: 1005 })).rejects.toMatchObject(unauthorized);
  });
});

describe("callers: addresses", () => {
  it("list, create, update, setDefault and delete follow the REST rules", async () => {
    const c = await newCustomer(t);
    const caller = callerFor(t, c.cookie);
    expect(await caller.addresses.list()).toEqual({ addresses: [], defaultAddress: null });

    const { address: first } = await caller.addresses.create(ADDRESS_INPUT);
    const { address: second } = await caller.addresses.create({ ...ADDRESS_INPUT, city: "Osaka" });
    expect((await caller.addresses.list()).defaultAddress?.id).toBe(first.id);

    const updated = await caller.addresses.update({
      id: second.id,
      address: { ...ADDRESS_INPUT, city: "Kobe" },
    });
    expect(updated.address.city).toBe("Kobe");

    const book = await caller.addresses.setDefault({ id: second.id });
    expect(book.defaultAddress?.id).toBe(second.id);

    await caller.addresses.delete({ id: second.id });
    const after = await caller.addresses.list();
    expect(after.addresses.map((a) => a.id)).toEqual([first.id]);
    expect(after.defaultAddress?.id).toBe(first.id);
  });

  it("refuses bad input with BAD_REQUEST and issues, creating nothing", async () => {
    const c = await newCustomer(t);
    const caller = callerFor(t, c.cookie);
    await expect(caller.addresses.create({ ...ADDRESS_INPUT, city: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "City is required",
    });
    await expect(
      caller.addresses.create({ ...ADDRESS_INPUT, extra: 1 } as unknown as typeof ADDRESS_INPUT),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller.addresses.create({ ...ADDRESS_INPUT, zip: "1".repeat(21) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(0);
  });

  it("answers NOT_FOUND for another customer's address on update, setDefault and delete", async () => {
    const owner = await newCustomer(t, { addresses: 2 });
    const target = owner.addressIds[1] ?? 0;
    const before = await t.db.address.findUniqueOrThrow({ where: { id: target } });
    const intruder = callerFor(t, demo);
    const notFound = { code: "NOT_FOUND", message: MESSAGES.addressNotFound };
    await expect(intruder.addresses.update({ id: target, address: ADDRESS_INPUT })).rejects.toMatchObject(
      notFound,
    );
    await expect(intruder.addresses.setDefault({ id: target })).rejects.toMatchObject(notFound);
    await expect(intruder.addresses.delete({ id: `gid://vela/Address/${target}` })).rejects.toMatchObject(
      notFound,
    );
    expect(await t.db.address.findUniqueOrThrow({ where: { id: target } })).toEqual(before);
    const demoRow = await t.db.customer.findUniqueOrThrow({ where: { id: await demoId(t) } });
    expect(demoRow.defaultAddressId).not.toBe(target);
  });

  it("answers UNAUTHORIZED to every address procedure without a session", async () => {
    const anon = callerFor(t);
    await expect(anon.addresses.list()).rejects.toMatchObject(unauthorized);
    await expect(anon.addresses.create(ADDRESS_INPUT)).rejects.toMatchObject(unauthorized);
    await expect(anon.addresses.update({ id: 1, address: ADDRESS_INPUT })).rejects.toMatchObject(
      unauthorized,
    );
    await expect(anon.addresses.setDefault({ id: 1 })).rejects.toMatchObject(unauthorized);
    await expect(anon.addresses.delete({ id: 1 })).rejects.toMatchObject(unauthorized);
  });
});

describe("callers: cart", () => {
  it("create, addLines, get, updateLine, removeLine", async () => {
    const { available, unavailable } = await catalogueVariants(t);
    const [a, b] = available as [number, number];
    const anon = callerFor(t);
    const { cart: created } = await anon.cart.create();
    const cartId = created.id;
    const added = await anon.cart.addLines({
      cartId,
      items: [
        { merchandiseId: variantGid(a), quantity: 2 },
        { merchandiseId: b, quantity: 1 },
      ],
    });
    expect(added.cart.totalQuantity).toBe(3);
    const line = added.cart.lines.find((l) => l.merchandise.id === variantGid(a));
    if (!line) throw new Error("no line");

    await expect(
      anon.cart.addLines({
        cartId,
        items: [
          { merchandiseId: variantGid(a), quantity: 1 },
          { merchandiseId: variantGid(unavailable), quantity: 1 },
        ],
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining(MESSAGES.variantUnavailable),
    });
    await expect(
      anon.cart.addLines({ cartId, items: [{ merchandiseId: variantGid(a), quantity: 100 }] }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await anon.cart.get({ cartId })).cart.totalQuantity).toBe(3);

    const changed = await anon.cart.updateLine({ cartId, lineId: line.id, quantity: 5 });
    expect(changed.cart.lines.find((l) => l.id === line.id)?.quantity).toBe(5);
    const removed = await anon.cart.removeLine({ cartId, lineId: line.id });
    expect(removed.cart.lines.map((l) => l.merchandise.id)).toEqual([variantGid(b)]);
    await expect(anon.cart.removeLine({ cartId, lineId: line.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: MESSAGES.cartLineNotFound,
    });
  });

  it("keeps a customer's cart from other callers", async () => {
    const owner = await newCustomer(t);
    const { cart } = await callerFor(t, owner.cookie).cart.create();
    const notFound = { code: "NOT_FOUND", message: MESSAGES.cartNotFound };
    await expect(callerFor(t).cart.get({ cartId: cart.id })).rejects.toMatchObject(notFound);
    await expect(callerFor(t, demo).cart.get({ cartId: cart.id })).rejects.toMatchObject(notFound);
    expect((await callerFor(t, owner.cookie).cart.get({ cartId: cart.id })).cart.id).toBe(cart.id);
  });
});

describe("HTTP /trpc", () => {
  it("GET /trpc/account.me signed out answers 401 JSON with error.data.code UNAUTHORIZED", async () => {
    const res = await t.api("GET", "/trpc/account.me");
    expect(res.statusCode).toBe(401);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const body = json<{ error: { message: string; data: { code: string; httpStatus: number } } }>(res);
    expect(body.error.data.code).toBe("UNAUTHORIZED");
    expect(body.error.data.httpStatus).toBe(401);
    expect(body.error.message).toBe(MESSAGES.notSignedIn);
    expect(res.body).not.toMatch(/stack|\.ts:\d+/);
  });

  it("GET /trpc/account.me with a cookie answers the customer, not cached", async () => {
    const res = await t.api("GET", "/trpc/account.me", { cookie: demo });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(json(res)).toMatchObject({ result: { data: { customer: { email: DEMO_CUSTOMER.email } } } });
  });

  it("a mutation POST /trpc/addresses.create with a JSON body works with a cookie", async () => {
    const c = await newCustomer(t);
    const res = await t.api("POST", "/trpc/addresses.create", { cookie: c.cookie, body: ADDRESS_INPUT });
    expect(res.statusCode).toBe(200);
    const body = json<{ result: { data: { address: { id: string; city: string } } } }>(res);
    expect(body.result.data.address.city).toBe(ADDRESS_INPUT.city);
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(1);
    // Signed out, the same call is refused and creates nothing.
    const anon = await t.api("POST", "/trpc/addresses.create", { body: ADDRESS_INPUT });
    expect(anon.statusCode).toBe(401);
    // Bad input: 400 with the field issues.
    const bad = await t.api("POST", "/trpc/addresses.create", {
      cookie: c.cookie,
      body: { ...ADDRESS_INPUT, zip: "" },
    });
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: { data: { issues: { path: string }[] } } }>(bad).error.data.issues[0]?.path).toBe(
      "zip",
    );
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(1);
  });

  it("refuses a mutation sent as a cross-site form", async () => {
    const c = await newCustomer(t);
    const res = await t.api("POST", "/trpc/addresses.create", {
      cookie: c.cookie,
      headers: { "content-type": "text/plain" },
      body: JSON.stringify(ADDRESS_INPUT),
    });
    expect([403, 415]).toContain(res.statusCode);
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(0);
  });

  it("a batch /trpc/account.me,orders.list?batch=1 answers both", async () => {
    const input = encodeURIComponent(JSON.stringify({ 1: { limit: 3 } }));
    const res = await t.api("GET", `/trpc/account.me,orders.list?batch=1&input=${input}`, { cookie: demo });
    expect(res.statusCode).toBe(200);
    const body =
      json<
        [
          { result: { data: { customer: { email: string } } } },
          { result: { data: { orders: { edges: unknown[] } } } },
        ]
      >(res);
    expect(body).toHaveLength(2);
    expect(body[0].result.data.customer.email).toBe(DEMO_CUSTOMER.email);
    expect(body[1].result.data.orders.edges).toHaveLength(3);
  });

  it(`runs a batch of ${TRPC_MAX_BATCH} calls`, async () => {
    const c = await newCustomer(t);
    const body = Object.fromEntries(Array.from({ length: TRPC_MAX_BATCH }, (_, i) => [i, ADDRESS_INPUT]));
    const paths = Array(TRPC_MAX_BATCH).fill("addresses.create").join(",");
    const res = await t.api("POST", `/trpc/${paths}?batch=1`, { cookie: c.cookie, body });
    expect(res.statusCode).toBe(200);
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(TRPC_MAX_BATCH);
  });

  it(`refuses a batch of ${TRPC_MAX_BATCH + 1} calls with 400, and none of them runs`, async () => {
    expect(TRPC_MAX_BATCH).toBe(10);
    const c = await newCustomer(t);
    const n = TRPC_MAX_BATCH + 1;
    const body = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, ADDRESS_INPUT]));
    const paths = Array(n).fill("addresses.create").join(",");
    const res = await t.api("POST", `/trpc/${paths}?batch=1`, { cookie: c.cookie, body });
    expect(res.statusCode).toBe(400);
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(0);
    // Queries too.
    const q = await t.api("GET", `/trpc/${Array(n).fill("account.me").join(",")}?batch=1`, { cookie: demo });
    expect(q.statusCode).toBe(400);
  });
});
