// PostgreSQL's faults, against the real server process (NODE_ENV=production, on loopback), in the
// PostgreSQL pass only (vitest.postgres.config.ts):
// 1. the database is stopped (`pg_ctl stop -m fast`) for 10 s while clients keep reading and
//    writing: every answer meanwhile is 200 or a quick 503 with Retry-After (no 500, no hung
//    request), reads and writes resume by themselves once it is back, and every acknowledged write
//    is there exactly once;
// 2. another connection holds a row a request needs (SELECT ... FOR UPDATE) for 10 s: the request
//    ends in 503 with Retry-After after the lock timeout, reads go on, the write succeeds once the
//    row is free, and nothing refused landed.
// The cluster is this file's own (a throwaway one from the machine's PostgreSQL binaries), since
// the test stops it.
import { MESSAGES } from "@vela/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POSTGRES_LOCK_TIMEOUT_MS, postgresAdapterFactory } from "../../server/src/db/postgres.ts";
import { type Cluster, startThrowawayCluster } from "../../server/src/db/postgres-cluster.ts";
import { withDatabase } from "../../server/test/support-db.ts";
import { prepareDatabaseUrl, signIn, startServer } from "../src/lib/server-process.ts";
import { type Answer, addressInput, call, DEMO, Processes, SECOND, SERVER_ENV } from "./support/faults.ts";

const OUTAGE_MS = 10_000;
const LOCK_HOLD_MS = 10_000;
/** A request that meets a stopped database answers within the pool's connect timeout, and sooner. */
const LONGEST_ANSWER_MS = 8_000;

const processes = new Processes();
let cluster: Cluster;
let databaseUrl: string;

beforeAll(async () => {
  const started = await startThrowawayCluster();
  if (!started)
    throw new Error(
      "the PostgreSQL fault tests stop a cluster of their own: PostgreSQL's binaries are needed",
    );
  cluster = started;
  databaseUrl = withDatabase(cluster.url, "store");
  prepareDatabaseUrl(databaseUrl);
}, 120_000);

afterEach(() => processes.killAll());

afterAll(() => cluster?.stop());

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface Sent extends Answer {
  kind: "read" | "write";
  /** performance.now() when the request left and when its answer came. */
  sentAt: number;
  answeredAt: number;
}

function expectBusyAnswer(res: Answer): void {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(Number(res.retryAfter)).toBeGreaterThan(0);
  expect(res.body).toEqual({ message: MESSAGES.busy, error: MESSAGES.busy });
}

async function addressBook(url: string, cookie: string): Promise<string[]> {
  const res = await call(url, "GET", "/api/account/addresses", { cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { addresses: { address1: string }[] }).addresses.map((a) => a.address1);
}

describe("the database is stopped for 10 s", () => {
  it("answers 503 with Retry-After meanwhile, never hangs or fails with 500, and resumes by itself with nothing acknowledged lost", async () => {
    const server = processes.server(await startServer({ databaseUrl, env: SERVER_ENV }));
    const { url } = server;
    const cookies = {
      demo: await signIn(url, DEMO.email, DEMO.password),
      second: await signIn(url, SECOND.email, SECOND.password),
    };
    const products = (await call(url, "GET", "/api/products")).body as {
      products: { available: boolean; defaultVariantId: string }[];
    };
    const variants = products.products.filter((p) => p.available).map((p) => p.defaultVariantId);
    expect(variants.length).toBeGreaterThanOrEqual(3);

    const answers: Sent[] = [];
    const ackedAddresses: { who: "demo" | "second"; marker: string }[] = [];
    const refusedAddresses: string[] = [];
    const ackedCarts: string[] = [];
    /** Each acknowledged add is one unit of a variant in a cart only its client writes to. */
    const ackedUnits = new Map<string, number>();
    const failures: string[] = [];
    let stopAt = Number.POSITIVE_INFINITY;

    async function timed(kind: Sent["kind"], send: () => Promise<Answer>): Promise<Answer | null> {
      const sentAt = performance.now();
      try {
        const res = await send();
        answers.push({ ...res, kind, sentAt, answeredAt: performance.now() });
        return res;
      } catch (err) {
        failures.push(`${kind} sent at ${Math.round(sentAt)}: no answer (${String(err)})`);
        return null;
      }
    }

    // Two readers, two address writers (one per customer, at most 20 addresses each: the store
    // keeps 50 a customer) and two cart writers, each pausing a little between requests.
    async function reader(n: number): Promise<void> {
      while (performance.now() < stopAt) {
        await timed("read", () =>
          n % 2
            ? call(url, "GET", "/api/products")
            : call(url, "GET", "/api/account/orders", { cookie: cookies.demo }),
        );
        await sleep(100);
      }
    }
    async function addressWriter(who: "demo" | "second"): Promise<void> {
      for (let seq = 0; seq < 20 && performance.now() < stopAt; seq++) {
        const marker = `outage-${who}-${seq}`;
        const res = await timed("write", () =>
          call(url, "POST", "/api/account/addresses", { cookie: cookies[who], body: addressInput(marker) }),
        );
        if (res?.status === 200) ackedAddresses.push({ who, marker });
        else refusedAddresses.push(marker);
        await sleep(600);
      }
    }
    async function cartWriter(): Promise<void> {
      let cartId: string | null = null;
      for (let seq = 0; performance.now() < stopAt; seq++) {
        if (cartId === null) {
          const res = await timed("write", () => call(url, "POST", "/api/cart"));
          if (res?.status === 200) {
            cartId = (res.body as { cart: { id: string } }).cart.id;
            ackedCarts.push(cartId);
          }
        } else {
          const variant = variants[seq % variants.length] as string;
          const id = cartId;
          const res = await timed("write", () =>
            call(url, "POST", `/api/cart/${id}`, {
              body: { items: [{ merchandiseId: variant, quantity: 1 }] },
            }),
          );
          if (res?.status === 200) ackedUnits.set(id, (ackedUnits.get(id) ?? 0) + 1);
          // A cart whose add got no clear answer is left; the next write starts a new cart.
          else cartId = null;
        }
        await sleep(150);
      }
    }

    const clients = Promise.all([
      reader(0),
      reader(1),
      addressWriter("demo"),
      addressWriter("second"),
      cartWriter(),
      cartWriter(),
    ]);
    await sleep(2_000);
    const before = answers.filter((a) => a.status === 200).length;
    const stoppedAt = performance.now();
    cluster.pause("fast");
    const stoppedBy = performance.now();
    const health = [await call(url, "GET", "/healthz"), await call(url, "GET", "/readyz")];
    await sleep(Math.max(0, stoppedAt + OUTAGE_MS - performance.now()));
    const restartedAt = performance.now();
    cluster.resume();
    const restartedBy = performance.now();
    stopAt = restartedBy + 6_000;
    await clients;

    const during = answers.filter((a) => a.sentAt >= stoppedBy && a.answeredAt <= restartedAt);
    const after = answers.filter((a) => a.sentAt >= restartedBy);
    const lastRefused = Math.max(0, ...answers.filter((a) => a.status === 503).map((a) => a.answeredAt));
    console.info(
      `[faults-pg] outage: ${before} answered before; stop took ${Math.round(stoppedBy - stoppedAt)} ms, ` +
        `restart ${Math.round(restartedBy - restartedAt)} ms; during: ${during.length} answers ` +
        `(${during.filter((a) => a.status === 503).length} × 503, slowest ${Math.max(0, ...during.map((a) => a.ms))} ms); ` +
        `last 503 ${Math.round(lastRefused - restartedBy)} ms after the restart; after: ${after.length} answers; ` +
        `acknowledged ${ackedAddresses.length} addresses, ${ackedCarts.length} carts, ` +
        `${[...ackedUnits.values()].reduce((a, b) => a + b, 0)} cart adds`,
    );

    // No request hung and none failed with anything but a clear 503.
    expect(failures).toEqual([]);
    for (const a of answers) {
      if (a.status !== 200) expectBusyAnswer(a);
      expect(a.ms).toBeLessThan(LONGEST_ANSWER_MS);
    }
    // While the database was down, reads and writes were refused, and quickly.
    expect(during.filter((a) => a.kind === "read" && a.status === 503).length).toBeGreaterThan(0);
    expect(during.filter((a) => a.kind === "write" && a.status === 503).length).toBeGreaterThan(0);
    expect(during.every((a) => a.status === 503)).toBe(true);
    // The process said it was up and not ready.
    expect(health.map((h) => h.status)).toEqual([200, 503]);
    // Reads and writes came back by themselves (same process, no restart), within a few seconds.
    expect(server.child.exitCode).toBeNull();
    expect(lastRefused - restartedBy).toBeLessThan(3_000);
    const lastSecond = after.filter((a) => a.sentAt > stopAt - 2_000);
    expect(lastSecond.filter((a) => a.kind === "read").length).toBeGreaterThan(0);
    expect(lastSecond.filter((a) => a.kind === "write").length).toBeGreaterThan(0);
    expect(lastSecond.every((a) => a.status === 200)).toBe(true);
    expect((await call(url, "GET", "/readyz")).status).toBe(200);

    // Every acknowledged write is in the database, once; a refused one at most once (its answer
    // may have been lost after its commit, when the stop ended the connection).
    for (const who of ["demo", "second"] as const) {
      const book = await addressBook(url, cookies[who]);
      for (const { marker } of ackedAddresses.filter((a) => a.who === who)) {
        expect(
          book.filter((a) => a === marker),
          `acknowledged address ${marker}`,
        ).toHaveLength(1);
      }
      for (const marker of refusedAddresses)
        expect(book.filter((a) => a === marker).length).toBeLessThanOrEqual(1);
    }
    for (const cartId of ackedCarts) {
      const res = await call(url, "GET", `/api/cart/${cartId}`);
      expect(res.status, `acknowledged cart ${cartId}`).toBe(200);
      const units = (res.body as { cart: { lines: { quantity: number }[] } }).cart.lines.reduce(
        (sum, l) => sum + l.quantity,
        0,
      );
      const acked = ackedUnits.get(cartId) ?? 0;
      // The add whose answer was a 503 (after which the cart was left) may have landed.
      expect(units).toBeGreaterThanOrEqual(acked);
      expect(units).toBeLessThanOrEqual(acked + 1);
    }
  });
});

describe("another connection holds a row the request needs for 10 s", () => {
  it("ends the wait in 503 with Retry-After after the lock timeout, reads go on, and the write succeeds once the row is free", async () => {
    const server = processes.server(await startServer({ databaseUrl, env: SERVER_ENV }));
    const { url } = server;
    const cookie = await signIn(url, DEMO.email, DEMO.password);
    const before = await addressBook(url, cookie);

    // Saving an address locks its customer's row first (the address book's one-default rule).
    const holder = await postgresAdapterFactory(databaseUrl, { poolSize: 1 }).connect();
    const tx = await holder.startTransaction();
    let lockedAt = 0;
    try {
      await tx.executeRaw({
        sql: 'SELECT 1 FROM "Customer" WHERE "email" = $1 FOR UPDATE',
        args: [DEMO.email],
        argTypes: [{ scalarType: "string", arity: "scalar" }],
      });
      lockedAt = performance.now();
      const [refused, reads] = await Promise.all([
        call(url, "POST", "/api/account/addresses", { cookie, body: addressInput("locked-out") }),
        (async () => {
          await sleep(1_000);
          return [
            await call(url, "GET", "/api/account/addresses", { cookie }),
            await call(url, "GET", "/api/account/orders", { cookie }),
            await call(url, "GET", "/api/products"),
          ];
        })(),
      ]);
      const stillHeld = performance.now() - lockedAt < LOCK_HOLD_MS;
      console.info(
        `[faults-pg] row lock: the write answered ${refused.status} in ${refused.ms} ms; ` +
          `reads meanwhile ${reads.map((r) => `${r.status} in ${r.ms} ms`).join(", ")}`,
      );
      expectBusyAnswer(refused);
      expect(refused.ms).toBeGreaterThanOrEqual(POSTGRES_LOCK_TIMEOUT_MS - 500);
      expect(refused.ms).toBeLessThan(LOCK_HOLD_MS - 1_000);
      expect(stillHeld).toBe(true);
      for (const r of reads) {
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.ms).toBeLessThan(2_000);
      }
      await sleep(Math.max(0, lockedAt + LOCK_HOLD_MS - performance.now()));
    } finally {
      // The adapter leaves the statement to its caller (Prisma sends it); rollback() releases the connection.
      await tx.executeRaw({ sql: "ROLLBACK", args: [], argTypes: [] });
      await tx.rollback();
      await holder.dispose();
    }

    const resumed = await call(url, "POST", "/api/account/addresses", {
      cookie,
      body: addressInput("after-row-lock"),
    });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.ms).toBeLessThan(POSTGRES_LOCK_TIMEOUT_MS - 1_000);
    expect(await addressBook(url, cookie)).toEqual([...before, "after-row-lock"]);
    expect(server.child.exitCode).toBeNull();
  });
});
