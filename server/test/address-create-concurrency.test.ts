// A customer's first addresses saved at the same moment (a tRPC batch, two tabs): every save
// succeeds, promptly, and exactly one of them is the default. Runs on both engines: on
// PostgreSQL, saving an address and making it the default took the customer row's locks in an
// order that let concurrent saves deadlock one another on every retry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers.ts";
import { ADDRESS_INPUT, newCustomer } from "./support-data.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("saving addresses concurrently", () => {
  it("saves ten at once, five times over, each within seconds, with one default", async () => {
    for (let round = 0; round < 5; round++) {
      const c = await newCustomer(t);
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          t.api("POST", "/api/account/addresses", { cookie: c.cookie, body: ADDRESS_INPUT }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(Date.now() - started).toBeLessThan(5_000);
      const addresses = await t.db.address.findMany({ where: { customerId: c.id }, select: { id: true } });
      expect(addresses).toHaveLength(10);
      const customer = await t.db.customer.findUniqueOrThrow({ where: { id: c.id } });
      expect(addresses.map((a) => a.id)).toContain(customer.defaultAddressId);
    }
  }, 60_000);
});
