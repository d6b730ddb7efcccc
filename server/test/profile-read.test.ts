// The signed-in reads that skip Prisma (db/direct.ts): the session of every signed-in request, and
// the profile's one statement (session, customer, default address, open email change). This file
// runs in the SQLite run and in the PostgreSQL run, so each twin is checked against its engine, and
// each answer must be the same text as the Prisma path's (service.ts getCustomer).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession, SESSION_BY_HASH } from "../src/auth/session.ts";
import { twinFor } from "../src/db/client.ts";
import { PROFILE_BY_SESSION_HASH, signedInCustomer } from "../src/modules/account/profile-read.ts";
import { getCustomer } from "../src/modules/account/service.ts";
import { createAddress, createCustomer } from "../src/seed/factories.ts";
import { createTestApp, DEMO_CUSTOMER, type TestApp } from "./helpers.ts";

let t: TestApp;
const queries: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ onQuery: (sql) => queries.push(sql) });
});
afterAll(() => t.close());

const cookieOf = (token: string) => `vela_session=${token}`;

/** The raw path's answer and the Prisma path's, each as the JSON text that leaves the server. */
async function bothAnswers(customerId: number) {
  const { token } = await createSession(t.deps, customerId);
  const raw = JSON.stringify(await signedInCustomer(t.deps, token));
  const prisma = JSON.stringify(await getCustomer(t.deps, customerId));
  const rest = (await t.api("GET", "/api/account/customer", { cookie: cookieOf(token) })).body;
  return { raw, prisma, rest };
}

describe("the profile in one statement", () => {
  it("answers what Prisma reads for a customer with a default address", async () => {
    const demo = await t.db.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } });
    expect(demo.defaultAddressId).not.toBeNull();
    const { raw, prisma, rest } = await bothAnswers(demo.id);
    expect(raw).toBe(prisma);
    expect(rest).toBe(`{"customer":${prisma}}`);
    expect(JSON.parse(raw).defaultAddress.id).toBe(`gid://vela/Address/${demo.defaultAddressId}`);
  });

  it("answers what Prisma reads without a default address, with nulls, a marketing yes and an open email change", async () => {
    const c = await createCustomer(t.db, {
      email: "raw-read@vela.test",
      passwordHash: "x",
      phone: null,
      acceptsMarketing: true,
      createdAt: new Date("2025-01-02T03:04:05.678Z"),
    });
    // An address that is not the default one is not in the answer.
    await createAddress(t.db, c.id, { company: "Vela", address2: "Floor 2" });
    const now = t.clock.now().getTime();
    const token = (n: number, data: object) =>
      t.db.accountToken.create({
        data: {
          customerId: c.id,
          kind: "EMAIL_CHANGE",
          tokenHash: `raw-read-${n}`,
          issuedAt: new Date(now - n * 1000),
          expiresAt: new Date(now + 3_600_000),
          ...data,
        },
      });
    await token(1, { newEmail: "open@vela.test" });
    await token(2, { newEmail: "older@vela.test" });
    await token(0, { newEmail: "voided@vela.test", voidedAt: new Date(now) });
    await token(3, {
      newEmail: "newer-but-expired@vela.test",
      issuedAt: new Date(now),
      expiresAt: new Date(now),
    });

    const first = await bothAnswers(c.id);
    expect(first.raw).toBe(first.prisma);
    expect(first.rest).toBe(`{"customer":${first.prisma}}`);
    expect(JSON.parse(first.raw)).toMatchObject({
      defaultAddress: null,
      phone: null,
      acceptsMarketing: true,
      createdAt: "2025-01-02T03:04:05.678Z",
      pendingEmail: "open@vela.test",
    });

    // With a default address whose optional fields are set, and no open change left.
    await createAddress(t.db, c.id, { company: "Vela KK", address2: "3F", phone: "+81 3 0000 0000" }, true);
    await t.db.accountToken.updateMany({ where: { customerId: c.id }, data: { usedAt: new Date(now) } });
    await t.db.customer.update({
      where: { id: c.id },
      data: { phone: "+1 555 0100", acceptsMarketing: false },
    });
    const second = await bothAnswers(c.id);
    expect(second.raw).toBe(second.prisma);
    expect(JSON.parse(second.raw)).toMatchObject({
      pendingEmail: null,
      acceptsMarketing: false,
      phone: "+1 555 0100",
    });
  });

  it("is one statement per answer, and refuses a cookie without a live session", async () => {
    const { token } = await createSession(t.deps, 1);
    queries.length = 0;
    const res = await t.api("GET", "/api/account/customer", { cookie: cookieOf(token) });
    expect(res.statusCode).toBe(200);
    expect(queries).toEqual([twinFor(t.db, PROFILE_BY_SESSION_HASH)]);

    for (const cookie of ["vela_session=unknown", "vela_session=", undefined]) {
      const no = await t.api("GET", "/api/account/customer", cookie ? { cookie } : {});
      expect(no.statusCode).toBe(401);
    }
  });
});

describe("the session of every signed-in request", () => {
  it("is read by one direct statement, not a Prisma call", async () => {
    const { token } = await createSession(t.deps, 1);
    queries.length = 0;
    const res = await t.api("GET", "/api/account/addresses", { cookie: cookieOf(token) });
    expect(res.statusCode).toBe(200);
    expect(queries[0]).toBe(twinFor(t.db, SESSION_BY_HASH));
  });
});

describe("no Prisma call on the hot reads", () => {
  it("the profile, the session check and the orders page go straight to the driver", async () => {
    const { token } = await createSession(t.deps, 1);
    const cookie = cookieOf(token);
    const spies = [
      vi.spyOn(t.db, "$queryRaw"),
      vi.spyOn(t.db, "$queryRawUnsafe"),
      vi.spyOn(t.db.session, "findUnique"),
      vi.spyOn(t.db.customer, "findUnique"),
    ];
    try {
      expect((await t.api("GET", "/api/account/customer", { cookie })).statusCode).toBe(200);
      const orders = await t.api("GET", "/api/account/orders?limit=10", { cookie });
      expect(orders.statusCode).toBe(200);
      expect(JSON.parse(orders.body).orders.edges.length).toBeGreaterThan(0);
      expect((await t.api("GET", "/trpc/orders.list", { cookie })).statusCode).toBe(200);
      for (const spy of spies) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
