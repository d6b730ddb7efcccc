// Password hashing: argon2id at OWASP's minimum or above, off the event loop, and a
// dummy verification for unknown emails that costs what a real one costs.
import { availableParallelism } from "node:os";
import { performance } from "node:perf_hooks";
import argon2 from "argon2";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ARGON2_OPTIONS,
  concurrencyLimit,
  HASH_CONCURRENCY,
  hashPassword,
  passwordWork,
  verifyAgainstDummy,
  verifyPassword,
} from "../src/auth/password.ts";
import { createTestApp, DEMO_CUSTOMER, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";

/** `$argon2id$v=19$<params>$<salt>$<hash>`; node-argon2 writes the params as m,p,t, the reference as m,t,p. */
const ARGON2ID = /^\$argon2id\$v=19\$([a-z]=\d+(?:,[a-z]=\d+)*)\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{32,}$/;

function paramsOf(hash: string): Record<string, number> {
  const m = ARGON2ID.exec(hash);
  if (!m?.[1]) return {};
  return Object.fromEntries(m[1].split(",").map((kv) => [kv.slice(0, 1), Number(kv.slice(2))]));
}

function expectOwaspArgon2id(hash: string | null | undefined): void {
  expect(hash ?? "", "an argon2id v19 hash").toMatch(ARGON2ID);
  const p = paramsOf(hash ?? "");
  expect(p.m, "memory (KiB)").toBeGreaterThanOrEqual(19_456); // 19 MiB
  expect(p.t, "iterations").toBeGreaterThanOrEqual(2);
  expect(p.p, "parallelism").toBeGreaterThanOrEqual(1);
}

/** The algorithm, version and m, t, p of an argon2 hash: what decides the cost of verifying against it. */
const costOf = (hash: string) => hash.split("$").slice(1, 4).join("$");

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
});
afterAll(() => t.close());

describe("stored hashes", () => {
  it("hashPassword makes argon2id v=19 hashes with m ≥ 19456, t ≥ 2, p ≥ 1 and a fresh salt", async () => {
    expect(ARGON2_OPTIONS).toMatchObject({ type: argon2.argon2id });
    const a = await hashPassword("same-password");
    const b = await hashPassword("same-password");
    expectOwaspArgon2id(a);
    expect(paramsOf(a)).toEqual({
      m: ARGON2_OPTIONS.memoryCost,
      t: ARGON2_OPTIONS.timeCost,
      p: ARGON2_OPTIONS.parallelism,
    });
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, "same-password")).toBe(true);
    expect(await verifyPassword(a, "other-password")).toBe(false);
  });

  it("a malformed stored hash verifies as false instead of throwing", async () => {
    expect(await verifyPassword("not-a-hash", "anything")).toBe(false);
    expect(await verifyPassword("$argon2id$v=19$m=19456,t=2,p=1$broken", "anything")).toBe(false);
  });

  it("registration, a password change and the seed all store such hashes", async () => {
    const reg = await t.api("POST", "/api/account/register", {
      body: { firstName: "Hash", lastName: "Check", email: "hash@example.com", password: "hash-check-pass" },
    });
    expect(reg.statusCode).toBe(200);
    const registered = await t.db.customer.findUnique({ where: { email: "hash@example.com" } });
    expectOwaspArgon2id(registered?.passwordHash);
    expect(registered?.passwordHash).not.toContain("hash-check-pass");

    const seeded = await t.db.customer.findUnique({ where: { email: DEMO_CUSTOMER.email } });
    expectOwaspArgon2id(seeded?.passwordHash);

    const cookie = await t.login("second@vela.test", "second-password");
    const change = await t.api("POST", "/api/account/password", {
      cookie,
      body: { currentPassword: "second-password", newPassword: "second-password-new" },
    });
    expect(change.statusCode).toBe(200);
    const changed = await t.db.customer.findUnique({ where: { email: "second@vela.test" } });
    expectOwaspArgon2id(changed?.passwordHash);
  });
});

describe("the event loop keeps turning", () => {
  async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
    let ticks = 0;
    let done = false;
    const spin = () => {
      if (done) return;
      ticks += 1;
      setImmediate(spin);
    };
    setImmediate(spin);
    await work();
    done = true;
    return ticks;
  }

  it("while a password is hashed", async () => {
    expect(await ticksDuring(() => hashPassword("event-loop-pass"))).toBeGreaterThan(0);
  });

  it("while a password is verified", async () => {
    const hash = await hashPassword("event-loop-pass");
    expect(await ticksDuring(() => verifyPassword(hash, "event-loop-pass"))).toBeGreaterThan(0);
  });

  it("so a cheap request is answered while logins are being verified", async () => {
    const order: string[] = [];
    const logins = Array.from({ length: 3 }, (_, i) =>
      t.api("POST", "/api/account/login", { body: DEMO_CUSTOMER, ip: `10.9.0.${i}` }).then((r) => {
        order.push(`login ${r.statusCode}`);
      }),
    );
    const health = t.api("GET", "/api/health").then((r) => {
      order.push(`health ${r.statusCode}`);
    });
    await Promise.all([...logins, health]);
    expect(order[0]).toBe("health 200");
    expect(order.filter((o) => o === "login 200")).toHaveLength(3);
  });
});

describe("unknown emails cost a real verification", () => {
  it("login for an unknown email, an invited customer and a wrong password each run one argon2 verify at full cost", async () => {
    const realHash = (await t.db.customer.findUnique({ where: { email: DEMO_CUSTOMER.email } }))
      ?.passwordHash;
    expect(realHash).toBeTruthy();
    const verify = vi.spyOn(argon2, "verify");
    for (const [email, password] of [
      ["nobody-at-all@vela.test", "some-password"],
      ["invited@vela.test", "some-password"],
      [DEMO_CUSTOMER.email, "wrong-password"],
    ]) {
      verify.mockClear();
      const res = await t.api("POST", "/api/account/login", { body: { email, password } });
      expect(res.statusCode).toBe(401);
      expect(verify, email).toHaveBeenCalledTimes(1);
      const usedHash = String(verify.mock.calls[0]?.[0]);
      expectOwaspArgon2id(usedHash);
      expect(costOf(usedHash)).toBe(costOf(String(realHash)));
    }
  });

  it("verifyAgainstDummy takes about as long as verifying a real hash", async () => {
    const real = await hashPassword("a-real-password");
    await verifyAgainstDummy("warm-up"); // the dummy hash is made once, on first use
    const real_ms: number[] = [];
    const dummy_ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      let start = performance.now();
      await verifyPassword(real, "a-wrong-password");
      real_ms.push(performance.now() - start);
      start = performance.now();
      expect(await verifyAgainstDummy("a-wrong-password")).toBe(false);
      dummy_ms.push(performance.now() - start);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const ratio = median(dummy_ms) / median(real_ms);
    expect(ratio, `dummy ${dummy_ms.join(",")} vs real ${real_ms.join(",")}`).toBeGreaterThan(0.3);
    expect(ratio).toBeLessThan(3);
  });
});

describe("hashing leaves a core to the event loop", () => {
  it("concurrencyLimit never runs more than its limit and keeps arrival order", async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const task = (n: number) => async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      order.push(n);
      running--;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => limit.run(task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
    expect(order.slice(2)).toEqual([3, 4, 5, 6]);
    expect(limit.active()).toBe(0);
    expect(limit.waiting()).toBe(0);
  });

  it("frees the slot when a task fails", async () => {
    const limit = concurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(limit.run(async () => "next")).resolves.toBe("next");
    expect(limit.active()).toBe(0);
  });

  it("runs at most HASH_CONCURRENCY (cores − 1, at least 1) argon2 hashes at once", async () => {
    expect(HASH_CONCURRENCY).toBe(Math.max(1, availableParallelism() - 1));
    const started = [
      hashPassword("a-password-1"),
      hashPassword("a-password-2"),
      hashPassword("a-password-3"),
    ];
    expect(passwordWork.active()).toBe(Math.min(3, HASH_CONCURRENCY));
    expect(passwordWork.waiting()).toBe(3 - Math.min(3, HASH_CONCURRENCY));
    await Promise.all(started);
    expect(passwordWork.active()).toBe(0);
  });
});
