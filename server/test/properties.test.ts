// Property tests where inputs are open-ended: request bodies, the orders cursor, and the
// shared zod schemas. The seed is printed; rerun a failure with FC_SEED=<seed>.

import { ZAddressInput, ZCartAddInput, ZRegisterInput } from "@vela/shared";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS, type RateLimits } from "../src/auth/rate-limit.ts";
import { AppError } from "../src/errors.ts";
import { decodeCursor, encodeCursor } from "../src/modules/orders/service.ts";
import { createTestApp, DEMO_CUSTOMER, json, type TestApp } from "./helpers.ts";
import {
  ADDRESS_INPUT,
  catalogueVariants,
  dbSnapshot,
  newCustomer,
  type TestCustomer,
  variantGid,
} from "./support-data.ts";

const seed = Number(process.env.FC_SEED ?? Date.now() % 2_147_483_647);
console.info(`properties.test.ts: fast-check seed ${seed} (rerun with FC_SEED=${seed})`);
const runs = (numRuns: number) => ({ seed, numRuns });

/** Generous limits, so that fuzzed requests reach validation and the services, not the limiter. */
const OPEN_LIMITS = Object.fromEntries(
  Object.keys(RATE_LIMITS).map((k) => [k, { limit: 1_000_000, windowSeconds: 60 }]),
) as RateLimits;

let t: TestApp;
let customer: TestCustomer;
let cartId: string;
let variants: { available: number[]; unavailable: number };
beforeAll(async () => {
  t = await createTestApp({ rateLimits: OPEN_LIMITS });
  customer = await newCustomer(t, { addresses: 1 });
  variants = await catalogueVariants(t);
  const res = await t.api("POST", "/api/cart");
  cartId = json<{ cart: { id: string } }>(res).cart.id;
  await t.api("POST", `/api/cart/${cartId}`, {
    body: { items: [{ merchandiseId: variantGid(variants.available[0] ?? 0), quantity: 1 }] },
  });
});
afterAll(() => t.close());

/** A valid body with some keys dropped, some replaced by any JSON value, maybe an unknown key added. */
function mutated(base: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(base);
  return fc
    .tuple(
      fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
      fc.dictionary(fc.constantFrom(...keys, "extra", "__proto__", "constructor"), fc.jsonValue(), {
        maxKeys: 3,
      }),
    )
    .map(([drop, over]) => {
      const out: Record<string, unknown> = { ...base };
      for (const k of drop) delete out[k];
      for (const [k, v] of Object.entries(over))
        Object.defineProperty(out, k, { value: v, enumerable: true });
      return out;
    });
}

type Payload = { json: unknown } | { raw: string };

function bodies(valid: Record<string, unknown>, nearlyValid?: fc.Arbitrary<unknown>): fc.Arbitrary<Payload> {
  return fc.oneof(
    fc.anything().map((json) => ({ json })),
    fc.object().map((json) => ({ json })),
    fc.jsonValue().map((json) => ({ json })),
    mutated(valid).map((json) => ({ json })),
    (nearlyValid ?? mutated(valid)).map((json) => ({ json })),
    fc.string({ maxLength: 300 }).map((raw) => ({ raw })),
  );
}

type Snapshot = Awaited<ReturnType<typeof dbSnapshot>>;

const payloadOf = (p: Payload): string => ("raw" in p ? p.raw : (JSON.stringify(p.json) ?? "null"));

interface Target {
  name: string;
  method: "POST" | "PUT";
  url: () => string;
  cookie?: () => string;
  valid: () => Record<string, unknown>;
  /** Bodies closer to valid than a mutation of the top level, where the shape is nested. */
  nearlyValid?: () => fc.Arbitrary<unknown>;
  numRuns: number;
}

const TARGETS: Target[] = [
  {
    name: "POST /api/account/addresses",
    method: "POST",
    url: () => "/api/account/addresses",
    cookie: () => customer.cookie,
    valid: () => ({ ...ADDRESS_INPUT }),
    numRuns: 100,
  },
  {
    name: "PUT /api/account/profile",
    method: "PUT",
    url: () => "/api/account/profile",
    cookie: () => customer.cookie,
    valid: () => ({
      firstName: "Pat",
      lastName: "Lee",
      email: customer.email,
      phone: "+1 555 0100",
      acceptsMarketing: false,
    }),
    numRuns: 100,
  },
  {
    name: "POST /api/cart/{id}",
    method: "POST",
    url: () => `/api/cart/${cartId}`,
    valid: () => ({
      items: [
        { merchandiseId: variantGid(variants.available[1] ?? 0), quantity: 1 },
        { merchandiseId: variantGid(variants.unavailable), quantity: 1 },
      ],
    }),
    nearlyValid: () =>
      fc
        .array(
          fc.oneof(
            mutated({ merchandiseId: variantGid(variants.available[2] ?? 0), quantity: 2 }),
            fc.record({
              merchandiseId: fc.oneof(
                fc
                  .constantFrom(...variants.available.slice(0, 5), variants.unavailable, 999_999)
                  .map(variantGid),
                fc.integer({ min: -5, max: 2_000 }),
                fc.string({ maxLength: 130 }),
              ),
              quantity: fc.oneof(fc.integer({ min: -2, max: 120 }), fc.double(), fc.jsonValue()),
            }),
          ),
          { minLength: 0, maxLength: 5 },
        )
        .map((items) => ({ items })),
    numRuns: 120,
  },
  {
    name: "POST /api/account/login",
    method: "POST",
    url: () => "/api/account/login",
    valid: () => ({ email: DEMO_CUSTOMER.email, password: "not-the-password" }),
    numRuns: 60,
  },
  {
    name: "POST /api/account/register",
    method: "POST",
    url: () => "/api/account/register",
    valid: () => ({
      firstName: "Ana",
      lastName: "Ito",
      email: DEMO_CUSTOMER.email,
      password: "long-enough-1",
    }),
    numRuns: 60,
  },
  {
    name: "POST /api/account/recover",
    method: "POST",
    url: () => "/api/account/recover",
    valid: () => ({ email: "nobody@example.com" }),
    numRuns: 100,
  },
  {
    name: "POST /api/account/reset",
    method: "POST",
    url: () => "/api/account/reset",
    valid: () => ({ customerId: "1", resetToken: "x".repeat(43), syclid: "1", password: "long-enough-1" }),
    numRuns: 100,
  },
  {
    name: "POST /api/account/activate",
    method: "POST",
    url: () => "/api/account/activate",
    valid: () => ({
      customerId: "3",
      activationToken: "x".repeat(43),
      syclid: "1",
      password: "long-enough-1",
    }),
    numRuns: 100,
  },
];

describe("arbitrary bodies", () => {
  it.each(TARGETS)(
    "$name never answers 5xx, and a refused body changes nothing",
    async (target) => {
      // After a refused request the database is known to equal the snapshot just taken, so
      // it serves as the next "before"; only a success makes a fresh one necessary.
      let known: Snapshot | null = null;
      await fc.assert(
        fc.asyncProperty(bodies(target.valid(), target.nearlyValid?.()), async (body) => {
          const before = known ?? (await dbSnapshot(t));
          known = null;
          const cookie = target.cookie?.();
          const res = await t.api(target.method, target.url(), {
            body: payloadOf(body),
            ...(cookie ? { cookie } : {}),
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const err = json<{ message: unknown; error: unknown }>(res);
            expect(typeof err.message).toBe("string");
            expect(err.error).toBe(err.message);
            const after = await dbSnapshot(t);
            expect(after).toEqual(before);
            known = after;
          }
        }),
        runs(target.numRuns),
      );
    },
    60_000,
  );
});

describe("the orders cursor", () => {
  const point = fc.tuple(
    fc.date({ noInvalidDate: true }),
    fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  );

  it("round-trips any date and positive id, as an opaque url-safe string", () => {
    fc.assert(
      fc.property(point, ([date, id]) => {
        const cursor = encodeCursor(date, id);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        const back = decodeCursor(cursor);
        expect(back.id).toBe(id);
        expect(back.processedAt.getTime()).toBe(date.getTime());
      }),
      runs(300),
    );
  });

  it("decodes any string to a valid point or refuses it with BAD_REQUEST", () => {
    const strings = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.base64String({ maxLength: 200 }),
      fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? "").toString("base64url")),
      fc
        .tuple(fc.oneof(fc.double(), fc.integer()), fc.oneof(fc.double(), fc.integer()))
        .map((v) => Buffer.from(JSON.stringify(v)).toString("base64url")),
    );
    fc.assert(
      fc.property(strings, (s) => {
        try {
          const p = decodeCursor(s);
          expect(Number.isNaN(p.processedAt.getTime())).toBe(false);
          expect(Number.isSafeInteger(p.id) && p.id > 0).toBe(true);
        } catch (err) {
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).code).toBe("BAD_REQUEST");
        }
      }),
      runs(300),
    );
  });

  it("answers 200 or 400 to any ?cursor=, never 5xx; a valid one gives only older orders", async () => {
    const cookie = await t.login();
    const cursors = fc.oneof(
      fc.string({ maxLength: 220 }),
      fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v) ?? "").toString("base64url")),
      point.map(([d, id]) => encodeCursor(d, id)),
      fc
        .tuple(
          fc.date({ min: new Date("2026-01-01"), max: new Date("2026-12-31") }),
          fc.integer({ min: 1, max: 3000 }),
        )
        .map(([d, id]) => encodeCursor(d, id)),
    );
    await fc.assert(
      fc.asyncProperty(cursors, async (cursor) => {
        const res = await t.api("GET", `/api/account/orders?limit=5&cursor=${encodeURIComponent(cursor)}`, {
          cookie,
        });
        expect([200, 400]).toContain(res.statusCode);
        if (res.statusCode !== 200 || !cursor) return;
        const after = decodeCursor(cursor);
        const { orders } = json<{
          orders: { edges: { node: { id: string; processedAt: string } }[] };
        }>(res);
        for (const { node } of orders.edges) {
          const at = Date.parse(node.processedAt);
          const id = Number(node.id.slice(node.id.lastIndexOf("/") + 1));
          const older =
            at < after.processedAt.getTime() || (at === after.processedAt.getTime() && id < after.id);
          expect(older).toBe(true);
        }
      }),
      runs(150),
    );
  }, 60_000);
});

describe("shared schemas", () => {
  /** Printable text of 1..max characters that is not blank once trimmed. */
  const text = (max: number) =>
    fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);
  /** Text longer than max even after trimming. */
  const overlong = (max: number) =>
    fc
      .tuple(fc.string({ minLength: max + 1, maxLength: max + 60 }), fc.constantFrom("a", "Z", "9", "é"))
      .map(([s, c]) => c + s.replace(/\s/g, "x") + c);
  const phone = fc.stringMatching(/^[+(0-9][0-9 ().-]{1,36}[0-9)]$/);
  const email = fc.stringMatching(/^[a-z0-9]{1,20}(\.[a-z0-9]{1,10})?@[a-z0-9]{1,15}\.[a-z]{2,6}$/);

  const address = fc.record(
    {
      firstName: text(100),
      lastName: text(100),
      company: fc.option(text(100)),
      address1: text(200),
      address2: fc.option(text(200)),
      city: text(100),
      province: text(100),
      // A country the store ships to whose postal codes follow the permissive rule (US and JP
      // codes have rules of their own, tested in packages/shared/src/address).
      country: fc.constantFrom("GB", "DE", "FR", "CA", "AU", "SG"),
      zip: fc.stringMatching(/^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/),
      phone: fc.option(phone),
    },
    { requiredKeys: ["firstName", "lastName", "address1", "city", "province", "country", "zip"] },
  );

  it("ZAddressInput accepts every valid address", () => {
    fc.assert(
      fc.property(address, (a) => {
        const r = ZAddressInput.safeParse(a);
        expect(r.success).toBe(true);
        if (r.success) expect(r.data.firstName).toBe(a.firstName.trim());
      }),
      runs(300),
    );
  });

  it.each([
    ["firstName", 100],
    ["lastName", 100],
    ["company", 100],
    ["address1", 200],
    ["address2", 200],
    ["city", 100],
    ["province", 100],
    ["country", 100],
    ["zip", 20],
  ] as const)("ZAddressInput refuses any %s over %i characters", (field, max) => {
    fc.assert(
      fc.property(address, overlong(max), (a, long) => {
        expect(ZAddressInput.safeParse({ ...a, [field]: long }).success).toBe(false);
      }),
      runs(100),
    );
  });

  it("ZAddressInput refuses any unknown key", () => {
    const known = new Set(Object.keys(ZAddressInput.shape));
    fc.assert(
      fc.property(
        address,
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !known.has(k) && k !== "__proto__"),
        fc.jsonValue(),
        (a, key, value) => {
          const withExtra = { ...a };
          Object.defineProperty(withExtra, key, { value, enumerable: true });
          expect(ZAddressInput.safeParse(withExtra).success).toBe(false);
        },
      ),
      runs(200),
    );
  });

  const registration = fc.record({
    firstName: text(100),
    lastName: text(100),
    email,
    password: fc.string({ minLength: 8, maxLength: 128 }),
  });

  it("ZRegisterInput accepts every valid registration and lower-cases the email", () => {
    fc.assert(
      fc.property(registration, (r) => {
        const parsed = ZRegisterInput.safeParse({ ...r, email: r.email.toUpperCase() });
        expect(parsed.success).toBe(true);
        if (parsed.success) expect(parsed.data.email).toBe(r.email);
      }),
      runs(300),
    );
  });

  it("ZRegisterInput refuses overlong names, emails and passwords, and short passwords", () => {
    fc.assert(
      fc.property(
        registration,
        fc.constantFrom("firstName", "lastName", "email", "password", "shortPassword"),
        fc.string({ minLength: 0, maxLength: 7 }),
        (r, which, short) => {
          const bad =
            which === "shortPassword"
              ? { ...r, password: short }
              : which === "email"
                ? { ...r, email: `${"a".repeat(250)}@example.com` }
                : which === "password"
                  ? { ...r, password: "p".repeat(129) }
                  : { ...r, [which]: "n".repeat(101) };
          expect(ZRegisterInput.safeParse(bad).success).toBe(false);
        },
      ),
      runs(200),
    );
  });

  it("ZRegisterInput refuses any name over 100 characters", () => {
    fc.assert(
      fc.property(registration, fc.constantFrom("firstName", "lastName"), overlong(100), (r, field, long) => {
        expect(ZRegisterInput.safeParse({ ...r, [field]: long }).success).toBe(false);
      }),
      runs(100),
    );
  });

  const cartItem = fc.record({
    merchandiseId: fc.oneof(
      fc.integer({ min: 1, max: 1_000_000 }).map((n) => `gid://vela/ProductVariant/${n}`),
      fc.integer({ min: 1, max: 1_000_000 }),
    ),
    quantity: fc.integer({ min: 1, max: 99 }),
  });

  it("ZCartAddInput accepts 1 to 50 items with quantities 1 to 99", () => {
    fc.assert(
      fc.property(fc.array(cartItem, { minLength: 1, maxLength: 50 }), (items) => {
        expect(ZCartAddInput.safeParse({ items }).success).toBe(true);
      }),
      runs(200),
    );
  });

  it("ZCartAddInput refuses any bad quantity, an overlong id and more than 50 items", () => {
    const badQuantity = fc.oneof(
      fc.integer({ max: 0 }),
      fc.integer({ min: 100 }),
      fc.double({ noNaN: false }).filter((q) => !Number.isInteger(q) || q < 1 || q > 99),
      fc.string(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc.array(cartItem, { minLength: 1, maxLength: 10 }),
        fc.nat(9),
        badQuantity,
        overlong(120),
        fc.array(cartItem, { minLength: 51, maxLength: 70 }),
        (items, at, quantity, longId, tooMany) => {
          const i = at % items.length;
          const withQuantity = items.map((it, j) => (j === i ? { ...it, quantity } : it));
          expect(ZCartAddInput.safeParse({ items: withQuantity }).success).toBe(false);
          const withLongId = items.map((it, j) => (j === i ? { ...it, merchandiseId: longId } : it));
          expect(ZCartAddInput.safeParse({ items: withLongId }).success).toBe(false);
          expect(ZCartAddInput.safeParse({ items: tooMany }).success).toBe(false);
        },
      ),
      runs(150),
    );
  });
});
