// The rate-limit stores: the same contract in memory and in the database, and the database
// store's atomic upsert, which is what lets several server instances count together.
import { MESSAGES } from "@vela/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  DbRateLimitStore,
  MemoryRateLimitStore,
  RateLimiter,
  type RateLimitStore,
  splitKey,
} from "../src/auth/rate-limit.ts";
import { hashToken } from "../src/auth/tokens.ts";
import { ManualClock } from "../src/clock.ts";
import { createDb, type Db } from "../src/db/client.ts";
import { AppError } from "../src/errors.ts";
import { createTestApp, DEMO_CUSTOMER, type TestApp } from "./helpers.ts";
import { dumpDatabase } from "./support-security.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const T0 = new Date(Date.UTC(2026, 10, 1, 12, 0, 0));
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

const stores: [string, () => RateLimitStore][] = [
  ["memory", () => new MemoryRateLimitStore()],
  ["database", () => new DbRateLimitStore(t.db, t.config.sessionSecret)],
];

describe.each(stores)("the %s store", (_name, make) => {
  let n = 0;
  const fresh = () => `test:${_name}:${n++}`;

  it("counts hits in a window, and starts again at 1 once the window has ended", async () => {
    const store = make();
    const key = fresh();
    expect(await store.hit(key, 60, at(0))).toEqual({ count: 1, resetAt: at(60).getTime() });
    expect(await store.hit(key, 60, at(10))).toEqual({ count: 2, resetAt: at(60).getTime() });
    expect(await store.hit(key, 60, at(59))).toEqual({ count: 3, resetAt: at(60).getTime() });
    // At the window's end exactly, it has ended.
    expect(await store.hit(key, 60, at(60))).toEqual({ count: 1, resetAt: at(120).getTime() });
  });

  it("peeks without counting, forgets ended windows, and resets one key only", async () => {
    const store = make();
    const [a, b] = [fresh(), fresh()];
    expect(await store.peek(a, at(0))).toBeUndefined();
    await store.hit(a, 60, at(0));
    await store.hit(a, 60, at(1));
    await store.hit(b, 60, at(1));
    expect(await store.peek(a, at(2))).toEqual({ count: 2, resetAt: at(60).getTime() });
    expect(await store.peek(a, at(2))).toEqual({ count: 2, resetAt: at(60).getTime() });
    expect(await store.peek(a, at(60))).toBeUndefined();
    await store.reset(a);
    expect(await store.peek(a, at(2))).toBeUndefined();
    expect(await store.peek(b, at(2))).toEqual({ count: 1, resetAt: at(61).getTime() });
  });

  it("gives 50 concurrent hits on one key the counts 1 to 50, each once", async () => {
    const store = make();
    const key = fresh();
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.hit(key, 60, at(0))));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });
});

describe("the database store", () => {
  it("keeps the rule's name, and what it counts only as an HMAC (IPv6 colons included)", async () => {
    expect(splitKey("login:ip:::1")).toEqual({ bucket: "login:ip", key: "::1" });
    expect(splitKey("login:account:a:b@vela.test")).toEqual({
      bucket: "login:account",
      key: "a:b@vela.test",
    });
    const store = new DbRateLimitStore(t.db, t.config.sessionSecret);
    await store.hit("login:ip:::1", 60, at(0));
    const key = hashToken(t.config.sessionSecret, "::1");
    const row = await t.db.rateLimitCounter.findUnique({
      where: { bucket_key: { bucket: "login:ip", key } },
    });
    expect(row).toEqual({ bucket: "login:ip", key, count: 1, expiresAt: at(60) });
  });

  it("is shared by two connections to one database, as by two server instances", async () => {
    const other: Db = createDb(t.config.databaseUrl);
    try {
      const clock = new ManualClock(T0);
      const rule = { limit: 5, windowSeconds: 60 };
      const one = new RateLimiter(clock, undefined, new DbRateLimitStore(t.db, t.config.sessionSecret));
      const two = new RateLimiter(clock, undefined, new DbRateLimitStore(other, t.config.sessionSecret));
      const outcomes: string[] = [];
      for (let i = 0; i < 7; i++) {
        const limiter = i % 2 === 0 ? one : two;
        outcomes.push(
          await limiter.hit("shared:ip:10.0.0.1", rule).then(
            () => "ok",
            (err: unknown) =>
              err instanceof AppError && err.message === MESSAGES.tooManyRequests ? "429" : "?",
          ),
        );
      }
      expect(outcomes).toEqual(["ok", "ok", "ok", "ok", "ok", "429", "429"]);
      await expect(two.check("shared:ip:10.0.0.1", rule)).rejects.toThrow(MESSAGES.tooManyRequests);
      await one.reset("shared:ip:10.0.0.1");
      await expect(two.check("shared:ip:10.0.0.1", rule)).resolves.toBeUndefined();
    } finally {
      await other.$disconnect();
    }
  });

  it("sweeps only the windows that have ended", async () => {
    const store = new DbRateLimitStore(t.db, t.config.sessionSecret);
    await store.hit("sweep:ip:old", 10, at(0));
    await store.hit("sweep:ip:new", 100, at(0));
    await store.sweep(at(50));
    const left = await t.db.rateLimitCounter.findMany({
      where: { bucket: "sweep:ip" },
      select: { key: true },
    });
    expect(left).toEqual([{ key: hashToken(t.config.sessionSecret, "new") }]);
  });
});

describe("where the server keeps its counters", () => {
  let other: TestApp | undefined;
  afterEach(async () => {
    await other?.close();
    other = undefined;
  });

  it("in the database by default: a failed sign-in leaves counter rows that name no one", async () => {
    const res = await t.api("POST", "/api/account/login", {
      body: { email: DEMO_CUSTOMER.email, password: "wrong-password" },
      ip: "10.9.9.9",
    });
    expect(res.statusCode).toBe(401);
    const h = (v: string) => hashToken(t.config.sessionSecret, v);
    const readable = await dumpDatabase(t.db, {
      except: ["Customer", "EmailOutbox", "NewsletterSubscriber"],
    });
    expect(readable).not.toContain(DEMO_CUSTOMER.email);
    expect(readable).not.toContain("10.9.9.9");
    const rows = await t.db.rateLimitCounter.findMany({
      where: {
        OR: [
          { bucket: "login:ip", key: h("10.9.9.9") },
          { bucket: "login:account", key: h(DEMO_CUSTOMER.email) },
        ],
      },
      select: { bucket: true, count: true },
      orderBy: { bucket: "asc" },
    });
    expect(rows).toEqual([
      { bucket: "login:account", count: 1 },
      { bucket: "login:ip", count: 1 },
    ]);
  });

  it("in this process with RATE_LIMIT_STORE=memory: nothing is written", async () => {
    other = await createTestApp({ env: { RATE_LIMIT_STORE: "memory" } });
    expect(other.deps.limiter.store).toBeInstanceOf(MemoryRateLimitStore);
    const res = await other.api("POST", "/api/account/login", {
      body: { email: DEMO_CUSTOMER.email, password: "wrong-password" },
    });
    expect(res.statusCode).toBe(401);
    expect(await other.db.rateLimitCounter.count()).toBe(0);
  });

  it("refuses any other RATE_LIMIT_STORE value at start-up", async () => {
    await expect(createTestApp({ env: { RATE_LIMIT_STORE: "redis" } })).rejects.toThrow();
  });
});
