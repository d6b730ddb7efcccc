// Anonymous carts cannot pile up: creating them is limited per client address, and carts nobody
// will come back to (untouched for ABANDONED_CART_DAYS, anonymous or empty) are swept away.
import { MESSAGES } from "@vela/shared";
import { afterEach, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimits } from "../src/auth/rate-limit.ts";
import { ABANDONED_CART_DAYS, sweepAbandonedCarts } from "../src/modules/cart/service.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { catalogueVariants, newCustomer, variantGid } from "./support-data.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function appWith(limits: Partial<RateLimits> = {}): Promise<TestApp> {
  t = await createTestApp({ rateLimits: { ...GENEROUS_LIMITS, ...limits } });
  return t;
}

const DAY_MS = 86_400_000;

const create = (app: TestApp, opts: { ip?: string; cookie?: string } = {}) =>
  app.api("POST", "/api/cart", {
    ...(opts.ip ? { ip: opts.ip } : {}),
    ...(opts.cookie ? { cookie: opts.cookie } : {}),
  });

async function newCart(app: TestApp, opts: { cookie?: string } = {}): Promise<string> {
  const res = await create(app, opts);
  expect(res.statusCode).toBe(200);
  return json<{ cart: { id: string } }>(res).cart.id;
}

async function addLine(app: TestApp, cartId: string, cookie?: string): Promise<string> {
  const [v] = (await catalogueVariants(app)).available as [number];
  const res = await app.api("POST", `/api/cart/${cartId}`, {
    body: { items: [{ merchandiseId: variantGid(v), quantity: 1 }] },
    ...(cookie ? { cookie } : {}),
  });
  expect(res.statusCode).toBe(200);
  return json<{ cart: { lines: { id: string }[] } }>(res).cart.lines[0]?.id ?? "";
}

const exists = async (app: TestApp, id: string) => (await app.db.cart.count({ where: { id } })) === 1;

describe("creating carts", () => {
  it("per address: the cart over the limit gets 429 and one warn line; other addresses go on", async () => {
    const app = await appWith({ cartCreateIp: { limit: 3, windowSeconds: 3600 } });
    const before = await app.db.cart.count();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await create(app, { ip: "198.51.100.30" })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await create(app, { ip: "198.51.100.30" });
    expect(json(refused).message).toBe(MESSAGES.tooManyRequests);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    expect(await app.db.cart.count()).toBe(before + 3);
    const alerts = app.logs.filter((l) => l.includes("cart creation limit reached"));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('"bucket":"cart-create:ip"');
    expect(alerts[0]).toContain('"key":"198.51.100.30"');
    expect((await create(app, { ip: "198.51.100.31" })).statusCode).toBe(200);
    // The window ends with the clock.
    app.clock.advance(3600_000);
    expect((await create(app, { ip: "198.51.100.30" })).statusCode).toBe(200);
  });

  it(`at the default limit a script from one address makes ${RATE_LIMITS.cartCreateIp.limit} carts an hour, no more`, async () => {
    const app = await createTestApp();
    t = app;
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.cartCreateIp.limit + 5; i++)
      statuses.push((await create(app, { ip: "203.0.113.50" })).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMITS.cartCreateIp.limit);
    expect(statuses.slice(RATE_LIMITS.cartCreateIp.limit).every((s) => s === 429)).toBe(true);
  });
});

describe("sweeping abandoned carts", () => {
  it(`removes anonymous and empty carts untouched for ${ABANDONED_CART_DAYS} days; keeps a customer's cart with lines and any cart used since`, async () => {
    const app = await appWith();
    const customer = await newCustomer(app);
    const anonymousEmpty = await newCart(app);
    const anonymousFull = await newCart(app);
    await addLine(app, anonymousFull);
    const anonymousUsed = await newCart(app);
    const usedLine = await addLine(app, anonymousUsed);
    const customerEmpty = await newCart(app, { cookie: customer.cookie });
    const customerFull = await newCart(app, { cookie: customer.cookie });
    await addLine(app, customerFull, customer.cookie);

    // Twenty days on, the shopper changes a line of one cart: its days start again.
    app.clock.advance(20 * DAY_MS);
    const changed = await app.api(
      "PATCH",
      `/api/cart/${anonymousUsed}/lines/${encodeURIComponent(usedLine)}`,
      {
        body: { quantity: 2 },
      },
    );
    expect(changed.statusCode).toBe(200);

    // A minute short of the time: nothing goes.
    app.clock.advance((ABANDONED_CART_DAYS - 20) * DAY_MS - 60_000);
    await sweepAbandonedCarts(app.deps);
    for (const id of [anonymousEmpty, anonymousFull, anonymousUsed, customerEmpty, customerFull])
      expect(await exists(app, id)).toBe(true);

    app.clock.advance(120_000);
    const removed = await sweepAbandonedCarts(app.deps);
    expect(removed).toBeGreaterThanOrEqual(3);
    expect(await exists(app, anonymousEmpty)).toBe(false);
    expect(await exists(app, anonymousFull)).toBe(false);
    expect(await exists(app, customerEmpty)).toBe(false);
    expect(await exists(app, anonymousUsed)).toBe(true);
    expect(await exists(app, customerFull)).toBe(true);
    // Their lines went with them.
    expect(await app.db.cartLine.count({ where: { cartId: anonymousFull } })).toBe(0);
    // A browser that still holds a removed cart's id is told it is gone, and starts a new one.
    expect((await app.api("GET", `/api/cart/${anonymousEmpty}`)).statusCode).toBe(404);
  });

  it("works through any number of carts in batches", async () => {
    const app = await appWith();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await newCart(app));
    app.clock.advance((ABANDONED_CART_DAYS + 1) * DAY_MS);
    const removed = await sweepAbandonedCarts(app.deps, 2);
    expect(removed).toBeGreaterThanOrEqual(7);
    for (const id of ids) expect(await exists(app, id)).toBe(false);
    expect(await sweepAbandonedCarts(app.deps, 2)).toBe(0);
  });
});
