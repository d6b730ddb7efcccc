// What PostgreSQL needs beside what SQLite needs (server/src/db/postgres.ts): transactions tried
// again after a serialization failure or a deadlock, a bounded number of times and logged; the
// same answer as on SQLite for a unique violation; and a lost or refused connection answered
// with 503 + Retry-After, recovered from without a restart. Runs only in the PostgreSQL run.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { createDb, type Db } from "../../src/db/client.ts";
import { migrateDatabase } from "../../src/db/migrate.ts";
import {
  POSTGRES_LOCK_TIMEOUT_MS,
  postgresAdapterFactory,
  TRANSACTION_ATTEMPTS,
} from "../../src/db/postgres.ts";
import { type Cluster, startThrowawayCluster } from "../../src/db/postgres-cluster.ts";
import { errorAnswer } from "../../src/errors.ts";
import { createTestApp, DEMO_CUSTOMER, ORIGIN, PUBLIC_URL, type TestApp } from "../helpers.ts";
import { withDatabase } from "../support-db.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Resolves for everyone once `n` callers are waiting; later callers pass at once. */
function barrier(n: number): () => Promise<void> {
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    waiting++;
    if (waiting >= n) open();
    return opened;
  };
}

describe("transactions on PostgreSQL", () => {
  let db: Db;
  const warnings: { attempt?: number; code?: string }[] = [];
  beforeAll(() => {
    db = createDb(t.config.databaseUrl, { log: { warn: (obj) => warnings.push(obj) } });
  });
  afterAll(() => db.$disconnect());

  it("runs a transaction again when a concurrent one made it fail to serialize, and logs the retry", async () => {
    warnings.length = 0;
    const bothHaveRead = barrier(2);
    let runs = 0;
    const append = (mark: string) =>
      db.$transaction(async (tx) => {
        runs++;
        const c = await tx.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } });
        await bothHaveRead();
        await tx.customer.update({ where: { id: c.id }, data: { lastName: `${c.lastName}${mark}` } });
      });
    const before = await db.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } });
    await Promise.all([append("A"), append("B")]);
    // Both writes are there, as if one ran after the other: neither was lost.
    const after = await db.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } });
    expect([`${before.lastName}AB`, `${before.lastName}BA`]).toContain(after.lastName);
    expect(runs).toBe(3);
    expect(warnings).toEqual([{ attempt: 1, code: "P2034" }]);
  });

  it.each([
    ["40001", "a serialization failure"],
    ["40P01", "a deadlock"],
  ])(
    "gives up on %s (%s) after TRANSACTION_ATTEMPTS tries, and the answer is 503 with Retry-After",
    async (sqlState) => {
      warnings.length = 0;
      let runs = 0;
      const failing = db.$transaction(async (tx) => {
        runs++;
        await tx.$executeRawUnsafe(
          `DO $$ BEGIN RAISE EXCEPTION 'provoked' USING ERRCODE = '${sqlState}'; END $$`,
        );
      });
      const err = await failing.then(
        () => null,
        (e: unknown) => e,
      );
      expect(runs).toBe(TRANSACTION_ATTEMPTS);
      expect(warnings).toHaveLength(TRANSACTION_ATTEMPTS - 1);
      const answer = errorAnswer(err);
      expect(answer.status).toBe(503);
      expect(answer.retryAfterSeconds).toBeGreaterThan(0);
    },
  );

  it("ends a wait for a row lock held elsewhere with 503 after the lock timeout, not a hung request", async () => {
    const holder = await postgresAdapterFactory(t.config.databaseUrl, { poolSize: 1 }).connect();
    const tx = await holder.startTransaction();
    try {
      await tx.executeRaw({
        sql: 'SELECT 1 FROM "Customer" WHERE "email" = $1 FOR UPDATE',
        args: [DEMO_CUSTOMER.email],
        argTypes: [{ scalarType: "string", arity: "scalar" }],
      });
      const started = Date.now();
      const err = await db.customer
        .update({ where: { email: DEMO_CUSTOMER.email }, data: { phone: "+1 555 0100" } })
        .then(
          () => null,
          (e: unknown) => e,
        );
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(POSTGRES_LOCK_TIMEOUT_MS - 100);
      expect(waited).toBeLessThan(POSTGRES_LOCK_TIMEOUT_MS + 3_000);
      const answer = errorAnswer(err);
      expect(answer.status).toBe(503);
      expect(answer.retryAfterSeconds).toBeGreaterThan(0);
    } finally {
      await tx.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] });
      await tx.rollback();
      await holder.dispose();
    }
    // Nothing landed.
    const c = await db.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } });
    expect(c.phone).not.toBe("+1 555 0100");
  }, 20_000);

  it("answers a unique violation as on SQLite: 409 This record already exists", async () => {
    const err = await db.customer
      .create({ data: { email: DEMO_CUSTOMER.email, firstName: "A", lastName: "B" } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(errorAnswer(err)).toMatchObject({ status: 409, message: "This record already exists" });
  });

  it("answers a value PostgreSQL cannot hold (NUL in text) with 400, not 500", async () => {
    const err = await db.customer
      .update({ where: { email: DEMO_CUSTOMER.email }, data: { firstName: "A\u0000" } })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(errorAnswer(err).status).toBe(400);
  });
});

describe("a lost or refused connection", () => {
  let cluster: Cluster;
  let app: FastifyInstance;
  beforeAll(async () => {
    const started = await startThrowawayCluster();
    if (!started) throw new Error("this test starts a cluster of its own: PostgreSQL's binaries are needed");
    cluster = started;
    const url = withDatabase(cluster.url, "store");
    await migrateDatabase(url);
    const config = loadConfig({
      NODE_ENV: "test",
      DATABASE_URL: url,
      PUBLIC_URL,
      SESSION_SECRET: "t".repeat(43),
      LOG_LEVEL: "silent",
    });
    app = await buildApp(config);
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    cluster?.stop();
  });

  const createCart = () =>
    app.inject({
      method: "POST",
      url: "/api/cart",
      headers: { origin: ORIGIN, host: "store.vela.test", "content-type": "application/json" },
      payload: "{}",
    });
  const readBlog = () =>
    app.inject({ method: "GET", url: "/api/blog", headers: { host: "store.vela.test" } });

  it("answers 503 with Retry-After while the database is down, and serves again once it is back", async () => {
    expect((await createCart()).statusCode).toBe(200);
    expect((await readBlog()).statusCode).toBe(200);

    cluster.pause();
    for (const res of [await createCart(), await readBlog()]) {
      expect(res.statusCode).toBe(503);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/ECONNREFUSED|postgres|127\.0\.0\.1/i);
    }

    cluster.resume();
    // The same process, no restart: the pool opens new connections.
    expect((await readBlog()).statusCode).toBe(200);
    const res = await createCart();
    expect(res.statusCode).toBe(200);
    const { cart } = res.json() as { cart: { id: string } };
    expect(await app.deps.db.cart.count({ where: { id: cart.id } })).toBe(1);
  }, 60_000);
});
