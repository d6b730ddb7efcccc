// Faults, against the real server process (NODE_ENV=production, on loopback):
// 1. another process holds SQLite's write lock for 10 s: writes wait for the busy timeout,
//    then answer a clear 503 with Retry-After; reads go on; writes resume by themselves;
// 2. SIGKILL in the middle of a burst of writes: after a restart every acknowledged write is
//    there exactly once, and the file passes PRAGMA integrity_check;
// 3. the disk is full: writes answer 503 with Retry-After (not a 500, not a crash), reads go
//    on, and writes resume by themselves once there is room again.
import { rmSync } from "node:fs";
import path from "node:path";
import { MESSAGES } from "@vela/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { scratchDir, signIn, startServer } from "../src/lib/server-process.ts";
import {
  type Answer,
  addressInput,
  call,
  checkDatabase,
  copyDatabase,
  DEMO,
  fillFilesystem,
  freeBytes,
  holdWriteLock,
  isMounted,
  mountPoint,
  mountTmpfs,
  Processes,
  queryDatabase,
  SECOND,
  SERVER_ENV,
  seededTemplate,
  unmount,
} from "./support/faults.ts";

/** server/src/db/client.ts: SQLITE_BUSY_TIMEOUT_MS. */
const BUSY_TIMEOUT_MS = 5_000;
const LOCK_HOLD_MS = 10_000;

const processes = new Processes();
const scratch: string[] = [];
let template: string;

beforeAll(() => {
  const t = seededTemplate();
  scratch.push(t.dir);
  template = t.file;
});

afterEach(async () => {
  await processes.killAll();
});

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface AddressRow {
  id: string;
  address1: string;
  address2: string | null;
}

async function addressBook(url: string, cookie: string): Promise<AddressRow[]> {
  const res = await call(url, "GET", "/api/account/addresses", { cookie });
  expect(res.status).toBe(200);
  return (res.body as { addresses: AddressRow[] }).addresses;
}

interface CartLineRow {
  quantity: number;
  merchandise: { id: string };
}

async function cartLines(url: string, cartId: string): Promise<CartLineRow[]> {
  const res = await call(url, "GET", `/api/cart/${cartId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { cart: { lines: CartLineRow[] } }).cart.lines;
}

/** The variants a cart may take: the default variant of each available product. */
async function variantIds(url: string): Promise<string[]> {
  const res = await call(url, "GET", "/api/products");
  expect(res.status).toBe(200);
  const products = (res.body as { products: { available: boolean; defaultVariantId: string }[] }).products;
  return products.filter((p) => p.available).map((p) => p.defaultVariantId);
}

function expectBusyAnswer(res: Answer, retryAfter: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(503);
  expect(res.retryAfter).toBe(retryAfter);
  expect(res.body).toEqual({ message: MESSAGES.busy, error: MESSAGES.busy });
}

describe("another process holds the write lock for 10 s", () => {
  it("writes wait for the busy timeout then answer 503 with Retry-After, reads go on, writes resume by themselves", async () => {
    const dir = scratchDir("faults-lock");
    scratch.push(dir);
    const dbFile = copyDatabase(template, dir);
    const server = processes.server(await startServer({ dbFile, env: SERVER_ENV }));
    const { url } = server;
    const cookie = await signIn(url, DEMO.email, DEMO.password);

    // What the writes will touch, made before the lock; and the reads warmed up.
    const [variantA, variantB] = await variantIds(url);
    if (!variantA || !variantB) throw new Error("the catalogue has fewer than 2 variants");
    const cartRes = await call(url, "POST", "/api/cart");
    expect(cartRes.status).toBe(200);
    const cartId = (cartRes.body as { cart: { id: string } }).cart.id;
    const before = await addressBook(url, cookie);
    const existing = before[0];
    if (!existing) throw new Error("the demo customer has no address");
    const reads = () =>
      Promise.all([
        call(url, "GET", "/api/products"),
        call(url, "GET", "/api/account/orders", { cookie }),
        call(url, "GET", "/api/account/addresses", { cookie }),
      ]);
    for (let i = 0; i < 3; i++) await reads();
    const cartsBefore = queryDatabase<{ n: number }>(dbFile, "SELECT count(*) AS n FROM Cart")[0]?.n;

    const lock = await holdWriteLock(processes, dbFile, LOCK_HOLD_MS);

    // Four kinds of write: two in a transaction, two single statements.
    const writes = Promise.all([
      call(url, "POST", "/api/account/addresses", { cookie, body: addressInput("refused-create") }),
      call(url, "PUT", `/api/account/addresses/${encodeURIComponent(existing.id)}`, {
        cookie,
        body: addressInput("refused-update"),
      }),
      call(url, "POST", "/api/cart"),
      call(url, "POST", `/api/cart/${cartId}`, {
        body: { items: [{ merchandiseId: variantA, quantity: 3 }] },
      }),
    ]);

    // Reads while those writes are waiting for the lock, then once they have given up.
    const readsDuringLock: Answer[] = [];
    for (const at of [1_000, 2_500, 4_000]) {
      await sleep(Math.max(0, lock.lockedAt + at - performance.now()));
      readsDuringLock.push(...(await reads()));
    }
    const refused = await writes;
    const refusedAt = performance.now() - lock.lockedAt;
    readsDuringLock.push(...(await reads()));
    const stillLocked = performance.now() - lock.lockedAt < LOCK_HOLD_MS;

    console.info(
      `[faults] lock: writes answered ${refused.map((r) => `${r.status} in ${r.ms} ms`).join(", ")}; ` +
        `reads during the lock ${readsDuringLock.map((r) => r.status).join(",")}, ` +
        `slowest ${Math.max(...readsDuringLock.map((r) => r.ms))} ms`,
    );
    for (const res of refused) {
      expectBusyAnswer(res, "2");
      // They waited for the busy timeout, and answered on their own: the lock was still held.
      expect(res.ms).toBeGreaterThanOrEqual(BUSY_TIMEOUT_MS - 500);
      expect(res.ms).toBeLessThan(LOCK_HOLD_MS - 1_000);
    }
    expect(refusedAt).toBeLessThan(LOCK_HOLD_MS);
    expect(stillLocked).toBe(true);
    // WAL: readers do not need the write lock, and nobody stalls the server while waiting for it.
    for (const res of readsDuringLock) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.ms).toBeLessThan(2_000);
    }

    const releasedAt = await lock.released;
    expect(releasedAt - lock.lockedAt).toBeGreaterThanOrEqual(LOCK_HOLD_MS - 100);

    // Nothing that was refused landed.
    const afterRelease = await addressBook(url, cookie);
    expect(afterRelease.map((a) => a.address1)).toEqual(before.map((a) => a.address1));
    expect(await cartLines(url, cartId)).toEqual([]);

    // Writes work again, with no restart: the same four.
    const resumed = await Promise.all([
      call(url, "POST", "/api/account/addresses", { cookie, body: addressInput("after-lock-create") }),
      call(url, "PUT", `/api/account/addresses/${encodeURIComponent(existing.id)}`, {
        cookie,
        body: addressInput("after-lock-update"),
      }),
      call(url, "POST", "/api/cart"),
      call(url, "POST", `/api/cart/${cartId}`, {
        body: { items: [{ merchandiseId: variantB, quantity: 2 }] },
      }),
    ]);
    for (const res of resumed) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // No waiting left over: well under the busy timeout.
      expect(res.ms).toBeLessThan(BUSY_TIMEOUT_MS - 1_000);
    }
    const book = (await addressBook(url, cookie)).map((a) => a.address1);
    expect(book.filter((a) => a === "after-lock-create")).toHaveLength(1);
    expect(book.filter((a) => a === "after-lock-update")).toHaveLength(1);
    expect(book).not.toContain("refused-create");
    expect(book).not.toContain("refused-update");
    expect((await cartLines(url, cartId)).map((l) => [l.merchandise.id, l.quantity])).toEqual([
      [variantB, 2],
    ]);
    expect(server.child.exitCode).toBeNull();

    await server.stop();
    // The cart refused during the lock was not created: only the one made after it.
    const cartsAfter = queryDatabase<{ n: number }>(dbFile, "SELECT count(*) AS n FROM Cart")[0]?.n;
    expect(cartsAfter).toBe((cartsBefore ?? Number.NaN) + 1);
    expect(checkDatabase(dbFile)).toEqual({ integrity: ["ok"], foreignKeyProblems: 0 });
  });
});

describe("SIGKILL in the middle of a burst of writes", () => {
  it("keeps every acknowledged write exactly once, and the file is sound", async () => {
    const dir = scratchDir("faults-kill");
    scratch.push(dir);
    const dbFile = copyDatabase(template, dir);
    const first = processes.server(await startServer({ dbFile, env: SERVER_ENV }));
    const url = first.url;
    const cookies = {
      demo: await signIn(url, DEMO.email, DEMO.password),
      second: await signIn(url, SECOND.email, SECOND.password),
    };
    const variants = await variantIds(url);
    expect(variants.length).toBeGreaterThanOrEqual(10);

    // Each write carries its own marker: an address's address1, a cart line's
    // (cart, variant, quantity) in a cart that only one client writes to.
    const ackedAddresses: { who: "demo" | "second"; marker: string }[] = [];
    const sentAddresses: string[] = [];
    const ackedCarts: string[] = [];
    const ackedLines: { cartId: string; variantId: string; quantity: number }[] = [];
    const unexpected: string[] = [];
    let inFlightAtKill = 0;
    let killed = false;
    /** Per customer, at most this many addresses per client: the store keeps at most 50 per customer. */
    const ADDRESS_BUDGET = 20;

    async function client(n: number): Promise<void> {
      const who = n % 3 === 0 ? "demo" : n % 3 === 1 ? "second" : null;
      let addresses = 0;
      let cartId: string | null = null;
      let nextVariant = 0;
      for (let seq = 0; !killed; seq++) {
        try {
          if (who && addresses < ADDRESS_BUDGET) {
            const marker = `burst-${n}-${seq}`;
            sentAddresses.push(marker);
            addresses++;
            const res = await call(url, "POST", "/api/account/addresses", {
              cookie: cookies[who],
              body: addressInput(marker),
            });
            if (res.status === 200) ackedAddresses.push({ who, marker });
            else unexpected.push(`address ${marker}: ${res.status} ${JSON.stringify(res.body)}`);
          } else if (cartId === null || nextVariant >= variants.length) {
            const res = await call(url, "POST", "/api/cart");
            if (res.status === 200) {
              cartId = (res.body as { cart: { id: string } }).cart.id;
              ackedCarts.push(cartId);
              nextVariant = 0;
            } else unexpected.push(`cart: ${res.status} ${JSON.stringify(res.body)}`);
          } else {
            const variantId = variants[nextVariant++] as string;
            // A quantity that tells this write from a doubled one (an upsert adds to the quantity).
            const quantity = 1 + ((n * 7 + seq) % 40);
            const res = await call(url, "POST", `/api/cart/${cartId}`, {
              body: { items: [{ merchandiseId: variantId, quantity }] },
            });
            if (res.status === 200) ackedLines.push({ cartId, variantId, quantity });
            else unexpected.push(`cart line: ${res.status} ${JSON.stringify(res.body)}`);
          }
        } catch (err) {
          // No answer: the request was in flight when the server died (or sent after it).
          if (!killed) unexpected.push(`no answer before the kill: ${String(err)}`);
          else inFlightAtKill++;
          return;
        }
      }
    }

    const CLIENTS = 6;
    const burstStart = performance.now();
    const burst = Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    const acked = () => ackedAddresses.length + ackedCarts.length + ackedLines.length;
    while (performance.now() - burstStart < 800 || acked() < 40) {
      if (performance.now() - burstStart > 30_000)
        throw new Error(`only ${acked()} writes acknowledged in 30 s`);
      await sleep(20);
    }
    const ackedBeforeKill = acked();
    killed = true;
    await first.kill();
    await burst;
    expect(first.child.signalCode).toBe("SIGKILL");
    console.info(
      `[faults] kill: SIGKILL after ${Math.round(performance.now() - burstStart)} ms; acknowledged ` +
        `${ackedAddresses.length} addresses, ${ackedCarts.length} carts, ${ackedLines.length} cart lines ` +
        `(${ackedBeforeKill} when the kill was decided); ${inFlightAtKill} requests without an answer`,
    );
    expect(unexpected).toEqual([]);
    expect(ackedAddresses.length).toBeGreaterThan(0);
    expect(ackedLines.length).toBeGreaterThan(0);

    // The same file, a new process: the sessions survive too (they are in the database).
    const restarted = processes.server(await startServer({ dbFile, env: SERVER_ENV }));
    for (const who of ["demo", "second"] as const) {
      const book = (await addressBook(restarted.url, cookies[who])).map((a) => a.address1);
      for (const { marker } of ackedAddresses.filter((a) => a.who === who)) {
        expect(
          book.filter((a) => a === marker),
          `acknowledged address ${marker}`,
        ).toHaveLength(1);
      }
    }
    for (const cartId of ackedCarts) {
      const lines = await cartLines(restarted.url, cartId);
      const expected = ackedLines.filter((l) => l.cartId === cartId);
      for (const line of expected) {
        const found = lines.filter((l) => l.merchandise.id === line.variantId);
        expect(
          found.map((l) => l.quantity),
          `acknowledged line ${JSON.stringify(line)}`,
        ).toEqual([line.quantity]);
      }
      // At most one write per cart was in flight: anything beyond the acknowledged lines is that one.
      expect(lines.length - expected.length).toBeLessThanOrEqual(1);
    }
    await restarted.stop();

    // Straight from the file: no marker twice, even among the writes that were in flight.
    const rows = queryDatabase<{ address1: string; n: number }>(
      dbFile,
      "SELECT address1, count(*) AS n FROM Address WHERE address1 LIKE 'burst-%' GROUP BY address1",
    );
    expect(rows.filter((r) => r.n !== 1)).toEqual([]);
    expect(rows.length).toBeGreaterThanOrEqual(ackedAddresses.length);
    expect(rows.length).toBeLessThanOrEqual(sentAddresses.length);
    expect(checkDatabase(dbFile)).toEqual({ integrity: ["ok"], foreignKeyProblems: 0 });
  });
});

describe("the disk is full", () => {
  const mounts: string[] = [];
  afterAll(async () => {
    await processes.killAll();
    for (const dir of mounts) {
      unmount(dir);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes answer 503 with Retry-After, reads go on, and writes resume once there is room", async () => {
    const mnt = mountPoint("faults-full");
    mounts.push(mnt);
    mountTmpfs(mnt, 8 * 1024 * 1024);
    expect(isMounted(mnt)).toBe(true);
    const dbFile = copyDatabase(template, mnt);
    const server = processes.server(await startServer({ dbFile, env: SERVER_ENV }));
    const { url } = server;
    const cookie = await signIn(url, DEMO.email, DEMO.password);
    const cartRes = await call(url, "POST", "/api/cart");
    expect(cartRes.status).toBe(200);
    // The big addresses start with their marker; the seeded ones are compared the same way.
    const short = (a: AddressRow) => a.address1.split(" ")[0];
    const before = (await addressBook(url, cookie)).map(short);

    // Leave room for a few transactions' pages in the WAL, no more.
    const filler = path.join(mnt, "filler");
    fillFilesystem(filler, 32 * 1024);
    const free = freeBytes(mnt);
    expect(free).toBeLessThanOrEqual(64 * 1024);

    const landed: string[] = [];
    const refused: string[] = [];
    const answers: Answer[] = [];
    // The demo customer can still save 47 addresses: enough to use up 32 KB of WAL.
    for (let i = 0; i < 40 && refused.length < 3; i++) {
      const marker = `full-${i}`;
      const res = await call(url, "POST", "/api/account/addresses", {
        cookie,
        body: addressInput(marker, true),
      });
      answers.push(res);
      if (res.status === 200) landed.push(marker);
      else refused.push(marker);
      if (res.status !== 200) expectBusyAnswer(res, "30");
    }
    const cartWhileFull = await call(url, "POST", "/api/cart");
    console.info(
      `[faults] disk full: ${free} bytes left; ${landed.length} writes landed before the first refusal; ` +
        `answers ${answers.map((a) => a.status).join(",")}; a cart while full: ${cartWhileFull.status}`,
    );
    expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    expect(refused).toHaveLength(3);
    // Once full, it stays refused (the filesystem has not changed).
    expect(answers.slice(answers.findIndex((a) => a.status === 503)).map((a) => a.status)).toEqual([
      503, 503, 503,
    ]);
    expectBusyAnswer(cartWhileFull, "30");
    expect(server.child.exitCode).toBeNull();

    // Reads go on.
    const [products, orders, book] = await Promise.all([
      call(url, "GET", "/api/products"),
      call(url, "GET", "/api/account/orders", { cookie }),
      call(url, "GET", "/api/account/addresses", { cookie }),
    ]);
    expect([products.status, orders.status, book.status]).toEqual([200, 200, 200]);
    const whileFull = (book.body as { addresses: AddressRow[] }).addresses.map(short);
    expect(whileFull).toEqual([...before, ...landed]);

    // Room again: writes work with no restart, and nothing refused landed.
    rmSync(filler);
    const resumed = await call(url, "POST", "/api/account/addresses", {
      cookie,
      body: addressInput("after-full", true),
    });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    const cartAfter = await call(url, "POST", "/api/cart");
    expect(cartAfter.status).toBe(200);
    const after = (await addressBook(url, cookie)).map(short);
    expect(after).toEqual([...before, ...landed, "after-full"]);
    expect(server.child.exitCode).toBeNull();

    await server.stop();
    expect(checkDatabase(dbFile)).toEqual({ integrity: ["ok"], foreignKeyProblems: 0 });
  });
});
