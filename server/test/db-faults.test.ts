// How the app uses its SQLite connection when something else holds the database
// (src/db/client.ts): a writer waits for the write lock without stopping the process, a
// transaction takes the lock before it reads, and another request's statement never runs
// inside someone else's open transaction. The real-process versions are in
// bench/reliability/faults.test.ts.
import { MESSAGES } from "@vela/shared";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_BUSY_TIMEOUT_MS } from "../src/db/client.ts";
import { toAppError } from "../src/errors.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { ADDRESS_INPUT } from "./support-data.ts";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let demo: string;
let dbFile: string;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login();
  dbFile = t.config.databaseUrl.replace(/^file:/, "");
});
afterAll(async () => {
  await t.close();
});

/** Another connection (as another process would) takes the write lock; returns its release. */
function lockDatabase(): () => void {
  const other = new Database(dbFile);
  other.exec("BEGIN IMMEDIATE");
  return () => {
    other.exec("COMMIT");
    other.close();
  };
}

async function addressCount(): Promise<number> {
  const res = await t.api("GET", "/api/account/addresses", { cookie: demo });
  expect(res.statusCode).toBe(200);
  return json<{ addresses: unknown[] }>(res).addresses.length;
}

describe("the write lock held by another connection", () => {
  it("a read-then-write transaction and a single write wait for it and go through once it is released", async () => {
    const before = await addressCount();
    const release = lockDatabase();
    const started = Date.now();
    const writes = Promise.all([
      t.api("POST", "/api/account/addresses", {
        cookie: demo,
        body: { ...ADDRESS_INPUT, address1: "waited" },
      }),
      t.api("POST", "/api/cart", { body: {} }),
    ]);
    // Meanwhile the process is not stopped: a read answers at once.
    await sleep(200);
    const readStarted = Date.now();
    expect((await t.api("GET", "/api/products")).statusCode).toBe(200);
    expect(Date.now() - readStarted).toBeLessThan(1_000);
    await sleep(800);
    release();
    const [address, cart] = await writes;
    expect(address.statusCode, address.body).toBe(200);
    expect(cart.statusCode, cart.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(await addressCount()).toBe(before + 1);
  });

  it("writers give up after the busy timeout with 503, Retry-After 2 and the busy text; nothing lands", async () => {
    const before = await addressCount();
    const release = lockDatabase();
    try {
      const started = Date.now();
      const [address, cart] = await Promise.all([
        t.api("POST", "/api/account/addresses", {
          cookie: demo,
          body: { ...ADDRESS_INPUT, address1: "refused" },
        }),
        t.api("POST", "/api/cart", { body: {} }),
      ]);
      const waited = Date.now() - started;
      for (const res of [address, cart]) {
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers["retry-after"]).toBe("2");
        expect(json(res)).toEqual({ message: MESSAGES.busy, error: MESSAGES.busy });
      }
      expect(waited).toBeGreaterThanOrEqual(SQLITE_BUSY_TIMEOUT_MS - 100);
      expect(waited).toBeLessThan(SQLITE_BUSY_TIMEOUT_MS + 3_000);
    } finally {
      release();
    }
    expect(await addressCount()).toBe(before);
    // And the next write needs no restart.
    const res = await t.api("POST", "/api/account/addresses", {
      cookie: demo,
      body: { ...ADDRESS_INPUT, address1: "after" },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("one connection, one user at a time", () => {
  it("statements of other requests wait for an open transaction instead of joining it", async () => {
    const stamp = Date.now();
    const [before, inside, outside] = [`tx-${stamp}-before`, `tx-${stamp}-inside`, `tx-${stamp}-outside`];
    // Warm: the first use of a query compiles its plan, which takes longer than the wait below.
    await t.db.cart.create({ data: { id: before } });
    await t.db.cart.findUnique({ where: { id: before } });
    await t.db.cart.updateMany({ where: { id: before }, data: { currencyCode: "USD" } });
    const abandoned = t.db.$transaction(async (tx) => {
      await tx.cart.create({ data: { id: inside } });
      await sleep(400);
      throw new Error("abandoned");
    });
    await sleep(50);
    // Before: these ran inside the open transaction above; the read saw its uncommitted row,
    // and the writes answered success and were then rolled back with it.
    const read = t.db.cart.findUnique({ where: { id: inside } });
    const update = t.db.cart.updateMany({ where: { id: before }, data: { currencyCode: "JPY" } });
    const create = t.db.cart.create({ data: { id: outside } });
    await expect(abandoned).rejects.toThrow("abandoned");
    expect(await read).toBeNull();
    expect((await update).count).toBe(1);
    await create;
    expect(await t.db.cart.findUnique({ where: { id: inside } })).toBeNull();
    expect(await t.db.cart.findUnique({ where: { id: outside } })).not.toBeNull();
    expect((await t.db.cart.findUnique({ where: { id: before } }))?.currencyCode).toBe("JPY");
  });
});

describe("mapping", () => {
  it("a transaction that could not start in time is a busy database (503), not a 500", () => {
    const err = Object.assign(
      new Error("Transaction API error: Unable to start a transaction in the given time."),
      { code: "P2028" },
    );
    const app = toAppError(err);
    expect(app.code).toBe("SERVICE_UNAVAILABLE");
    expect(app.retryAfterSeconds).toBe(2);
  });
});
