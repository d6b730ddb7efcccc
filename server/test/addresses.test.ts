import { MESSAGES } from "@vela/shared";
import type { Address, AddressBook } from "@vela/shared/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ADDRESSES_PER_CUSTOMER } from "../src/modules/addresses/service.ts";
import { createTestApp, DEMO_CUSTOMER, json, type TestApp } from "./helpers.ts";
import { ADDRESS_INPUT, newCustomer, secondId } from "./support-data.ts";

const gid = (id: number): string => `gid://vela/Address/${id}`;
const numericId = (g: string): number => Number(g.slice(g.lastIndexOf("/") + 1));

let t: TestApp;
let demo: string;
/** The second customer's only address (their default), the target of the permission tests. */
let foreignAddressId: number;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.login();
  const second = await t.db.customer.findUniqueOrThrow({
    where: { id: await secondId(t) },
    select: { defaultAddressId: true },
  });
  if (!second.defaultAddressId) throw new Error("seed: the second customer has no default address");
  foreignAddressId = second.defaultAddressId;
});
afterAll(() => t.close());

const book = async (cookie: string): Promise<AddressBook> => {
  const res = await t.api("GET", "/api/account/addresses", { cookie });
  expect(res.statusCode).toBe(200);
  return json<AddressBook>(res);
};

const defaultIdOf = async (customerId: number): Promise<number | null> =>
  (await t.db.customer.findUniqueOrThrow({ where: { id: customerId }, select: { defaultAddressId: true } }))
    .defaultAddressId;

describe("signed out", () => {
  it.each([
    ["GET", "/api/account/addresses", undefined],
    ["POST", "/api/account/addresses", ADDRESS_INPUT],
    ["PUT", "/api/account/addresses/1", ADDRESS_INPUT],
    ["DELETE", "/api/account/addresses/1", undefined],
    ["POST", "/api/account/addresses/1/default", undefined],
  ] as const)("%s %s answers 401 and changes nothing", async (method, url, body) => {
    const before = await t.db.address.findMany({ orderBy: { id: "asc" } });
    const res = await t.api(method, url, body ? { body } : {});
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual({ message: MESSAGES.notSignedIn, error: MESSAGES.notSignedIn });
    expect(await t.db.address.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });
});

describe("GET /api/account/addresses", () => {
  it("answers {addresses, defaultAddress} with the demo customer's three addresses", async () => {
    const res = await t.api("GET", "/api/account/addresses", { cookie: demo });
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = json<AddressBook>(res);
    expect(Object.keys(body).sort()).toEqual(["addresses", "defaultAddress"]);
    expect(body.addresses).toHaveLength(3);
    expect(body.addresses.map((a) => a.city)).toEqual(["San Francisco", "Shibuya-ku", "New York"]);
    for (const a of body.addresses) {
      expect(a.id).toMatch(/^gid:\/\/vela\/Address\/\d+$/);
      expect(Object.keys(a).sort()).toEqual(
        [
          "id",
          "firstName",
          "lastName",
          "company",
          "address1",
          "address2",
          "city",
          "province",
          "country",
          "zip",
          "phone",
        ].sort(),
      );
    }
    expect(body.defaultAddress).toEqual(body.addresses[0]);
    expect(body.addresses.map((a) => numericId(a.id))).not.toContain(foreignAddressId);
  });
});

describe("POST /api/account/addresses", () => {
  it("creates an address with every field and answers it", async () => {
    const c = await newCustomer(t, { addresses: 1 });
    const res = await t.api("POST", "/api/account/addresses", { cookie: c.cookie, body: ADDRESS_INPUT });
    expect(res.statusCode).toBe(200);
    const { address } = json<{ address: Address }>(res);
    expect(address).toEqual({ ...ADDRESS_INPUT, id: expect.stringMatching(/^gid:\/\/vela\/Address\/\d+$/) });
    const row = await t.db.address.findUniqueOrThrow({ where: { id: numericId(address.id) } });
    expect(row.customerId).toBe(c.id);
    // Not the first address: the default stays where it was.
    expect(await defaultIdOf(c.id)).toBe(c.addressIds[0]);
    expect((await book(c.cookie)).addresses).toHaveLength(2);
  });

  it("creates an address with only the required fields; the optional ones are null", async () => {
    const c = await newCustomer(t, { addresses: 1 });
    const { company: _c, address2: _a, phone: _p, ...required } = ADDRESS_INPUT;
    const res = await t.api("POST", "/api/account/addresses", { cookie: c.cookie, body: required });
    expect(res.statusCode).toBe(200);
    expect(json<{ address: Address }>(res).address).toMatchObject({
      ...required,
      company: null,
      address2: null,
      phone: null,
    });
  });

  it("makes the first address of a customer who has none the default", async () => {
    const c = await newCustomer(t);
    expect((await book(c.cookie)).defaultAddress).toBeNull();
    const res = await t.api("POST", "/api/account/addresses", { cookie: c.cookie, body: ADDRESS_INPUT });
    expect(res.statusCode).toBe(200);
    const { address } = json<{ address: Address }>(res);
    const after = await book(c.cookie);
    expect(after.defaultAddress).toEqual(address);
    expect(await defaultIdOf(c.id)).toBe(numericId(address.id));
  });

  it.each(["firstName", "lastName", "address1", "city", "province", "country", "zip"] as const)(
    "refuses a missing %s with 400 naming the field, and creates nothing",
    async (field) => {
      const c = await newCustomer(t);
      const { [field]: _omit, ...body } = ADDRESS_INPUT;
      const res = await t.api("POST", "/api/account/addresses", { cookie: c.cookie, body });
      expect(res.statusCode).toBe(400);
      const err = json<{ message: string; error: string }>(res);
      expect(err.error).toBe(err.message);
      expect(err.message).toContain(field);
      expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(0);
    },
  );

  it.each([
    ["firstName", "First name is required"],
    ["lastName", "Last name is required"],
    ["address1", "Address is required"],
    ["city", "City is required"],
    ["province", "Province/State/Region is required"],
    ["country", "Country is required"],
    ["zip", "Postal/ZIP code is required"],
  ] as const)("refuses a blank %s with a readable message", async (field, text) => {
    const c = await newCustomer(t);
    const res = await t.api("POST", "/api/account/addresses", {
      cookie: c.cookie,
      body: { ...ADDRESS_INPUT, [field]: "   " },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ message: text, error: text });
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(0);
  });

  it.each([
    ["firstName", 101],
    ["lastName", 101],
    ["company", 101],
    ["address1", 201],
    ["address2", 201],
    ["city", 101],
    ["province", 101],
    ["country", 101],
    ["zip", 21],
    ["phone", 41],
  ] as const)("refuses an overlong %s (%i characters) with 400", async (field, length) => {
    const c = await newCustomer(t);
    const value = field === "phone" ? "1".repeat(length) : "x".repeat(length);
    const res = await t.api("POST", "/api/account/addresses", {
      cookie: c.cookie,
      body: { ...ADDRESS_INPUT, [field]: value },
    });
    expect(res.statusCode).toBe(400);
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(0);
  });

  // The postal code's own bound is its country's rule now (a Japanese code is 7 digits).
  it("accepts strings at the bound", async () => {
    const c = await newCustomer(t);
    const res = await t.api("POST", "/api/account/addresses", {
      cookie: c.cookie,
      body: {
        ...ADDRESS_INPUT,
        firstName: "f".repeat(100),
        address1: "a".repeat(200),
        city: "c".repeat(100),
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it("refuses unknown keys with 400 naming them", async () => {
    const c = await newCustomer(t);
    for (const extra of [{ customerId: 1 }, { isDefault: true }, { id: gid(1) }]) {
      const res = await t.api("POST", "/api/account/addresses", {
        cookie: c.cookie,
        body: { ...ADDRESS_INPUT, ...extra },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toContain(Object.keys(extra)[0]);
    }
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(0);
  });

  it("refuses wrong types and a bad phone with 400", async () => {
    const c = await newCustomer(t);
    for (const body of [
      { ...ADDRESS_INPUT, zip: 94105 },
      { ...ADDRESS_INPUT, phone: "call me" },
      [ADDRESS_INPUT],
      "a string",
      null,
    ]) {
      const res = await t.api("POST", "/api/account/addresses", {
        cookie: c.cookie,
        body: JSON.stringify(body),
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(0);
  });

  it(`keeps at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses per customer`, async () => {
    const c = await newCustomer(t, { addresses: MAX_ADDRESSES_PER_CUSTOMER - 1 });
    const last = await t.api("POST", "/api/account/addresses", { cookie: c.cookie, body: ADDRESS_INPUT });
    expect(last.statusCode).toBe(200);
    const over = await t.api("POST", "/api/account/addresses", { cookie: c.cookie, body: ADDRESS_INPUT });
    expect(over.statusCode).toBe(400);
    expect(json(over).error).toBe(`You can save at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses`);
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(MAX_ADDRESSES_PER_CUSTOMER);
  });

  it("holds the limit under concurrent creates", async () => {
    const c = await newCustomer(t, { addresses: MAX_ADDRESSES_PER_CUSTOMER - 2 });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.api("POST", "/api/account/addresses", { cookie: c.cookie, body: ADDRESS_INPUT }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(6);
    expect(await t.db.address.count({ where: { customerId: c.id } })).toBe(MAX_ADDRESSES_PER_CUSTOMER);
  });
});

describe("PUT /api/account/addresses/{id}", () => {
  it("updates the customer's own address and answers it", async () => {
    const c = await newCustomer(t, { addresses: 2 });
    const id = c.addressIds[1] ?? 0;
    const res = await t.api("PUT", `/api/account/addresses/${id}`, {
      cookie: c.cookie,
      body: { ...ADDRESS_INPUT, city: "Osaka" },
    });
    expect(res.statusCode).toBe(200);
    expect(json<{ address: Address }>(res).address).toEqual({
      ...ADDRESS_INPUT,
      city: "Osaka",
      id: gid(id),
    });
    expect((await t.db.address.findUniqueOrThrow({ where: { id } })).city).toBe("Osaka");
  });

  it("takes the global id in the path as well", async () => {
    const c = await newCustomer(t, { addresses: 1 });
    const id = c.addressIds[0] ?? 0;
    const res = await t.api("PUT", `/api/account/addresses/${encodeURIComponent(gid(id))}`, {
      cookie: c.cookie,
      body: { ...ADDRESS_INPUT, city: "Kyoto" },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.db.address.findUniqueOrThrow({ where: { id } })).city).toBe("Kyoto");
  });

  it("answers 404 for another customer's address and leaves it unchanged", async () => {
    const before = await t.db.address.findUniqueOrThrow({ where: { id: foreignAddressId } });
    const res = await t.api("PUT", `/api/account/addresses/${foreignAddressId}`, {
      cookie: demo,
      body: { ...ADDRESS_INPUT, city: "Hijacked" },
    });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ message: MESSAGES.addressNotFound, error: MESSAGES.addressNotFound });
    expect(await t.db.address.findUniqueOrThrow({ where: { id: foreignAddressId } })).toEqual(before);
  });

  it("answers an unknown id like another customer's", async () => {
    const res = await t.api("PUT", "/api/account/addresses/999999", { cookie: demo, body: ADDRESS_INPUT });
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe(MESSAGES.addressNotFound);
  });

  it("validates the body like create: 400 and unchanged", async () => {
    const c = await newCustomer(t, { addresses: 1 });
    const id = c.addressIds[0] ?? 0;
    const before = await t.db.address.findUniqueOrThrow({ where: { id } });
    for (const body of [
      { ...ADDRESS_INPUT, city: "" },
      { ...ADDRESS_INPUT, zip: "1".repeat(21) },
      { ...ADDRESS_INPUT, customerId: 2 },
    ]) {
      const res = await t.api("PUT", `/api/account/addresses/${id}`, { cookie: c.cookie, body });
      expect(res.statusCode).toBe(400);
    }
    expect(await t.db.address.findUniqueOrThrow({ where: { id } })).toEqual(before);
  });
});

describe("DELETE /api/account/addresses/{id}", () => {
  it("deletes an address that is not the default; the default stays", async () => {
    const c = await newCustomer(t, { addresses: 3 });
    const [first, second] = c.addressIds;
    const res = await t.api("DELETE", `/api/account/addresses/${second}`, { cookie: c.cookie });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ deletedAddressId: gid(second ?? 0) });
    const after = await book(c.cookie);
    expect(after.addresses.map((a) => numericId(a.id))).not.toContain(second);
    expect(after.addresses).toHaveLength(2);
    expect(after.defaultAddress?.id).toBe(gid(first ?? 0));
  });

  it("makes another address the default when the default is deleted", async () => {
    const c = await newCustomer(t, { addresses: 3 });
    const [first, ...rest] = c.addressIds;
    const res = await t.api("DELETE", `/api/account/addresses/${first}`, { cookie: c.cookie });
    expect(res.statusCode).toBe(200);
    const after = await book(c.cookie);
    expect(after.addresses).toHaveLength(2);
    expect(after.defaultAddress).not.toBeNull();
    expect(rest).toContain(numericId(after.defaultAddress?.id ?? ""));
    expect(after.addresses).toContainEqual(after.defaultAddress);
  });

  it("leaves defaultAddress null when the last address is deleted", async () => {
    const c = await newCustomer(t, { addresses: 1 });
    const res = await t.api("DELETE", `/api/account/addresses/${c.addressIds[0]}`, { cookie: c.cookie });
    expect(res.statusCode).toBe(200);
    expect(await book(c.cookie)).toEqual({ addresses: [], defaultAddress: null });
    expect(await defaultIdOf(c.id)).toBeNull();
    // The next address saved becomes the default again.
    const again = await t.api("POST", "/api/account/addresses", { cookie: c.cookie, body: ADDRESS_INPUT });
    expect((await book(c.cookie)).defaultAddress).toEqual(json<{ address: Address }>(again).address);
  });

  it("answers 404 for another customer's address and deletes nothing", async () => {
    const res = await t.api("DELETE", `/api/account/addresses/${foreignAddressId}`, { cookie: demo });
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe(MESSAGES.addressNotFound);
    expect(await t.db.address.findUnique({ where: { id: foreignAddressId } })).not.toBeNull();
    expect(await defaultIdOf(await secondId(t))).toBe(foreignAddressId);
  });

  it("answers 404 for an address already deleted", async () => {
    const c = await newCustomer(t, { addresses: 2 });
    const id = c.addressIds[1];
    expect((await t.api("DELETE", `/api/account/addresses/${id}`, { cookie: c.cookie })).statusCode).toBe(
      200,
    );
    expect((await t.api("DELETE", `/api/account/addresses/${id}`, { cookie: c.cookie })).statusCode).toBe(
      404,
    );
  });
});

describe("POST /api/account/addresses/{id}/default", () => {
  it("makes the address the default and answers the address book", async () => {
    const c = await newCustomer(t, { addresses: 3 });
    const target = c.addressIds[2] ?? 0;
    const res = await t.api("POST", `/api/account/addresses/${target}/default`, { cookie: c.cookie });
    expect(res.statusCode).toBe(200);
    const body = json<AddressBook>(res);
    expect(body.defaultAddress?.id).toBe(gid(target));
    expect(body.addresses).toHaveLength(3);
    expect(await defaultIdOf(c.id)).toBe(target);
  });

  it("answers 404 for another customer's address; neither default changes", async () => {
    const demoDefault = await defaultIdOf(
      (await t.db.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } })).id,
    );
    const res = await t.api("POST", `/api/account/addresses/${foreignAddressId}/default`, { cookie: demo });
    expect(res.statusCode).toBe(404);
    expect(json(res).error).toBe(MESSAGES.addressNotFound);
    const demoAfter = await t.db.customer.findUniqueOrThrow({ where: { email: DEMO_CUSTOMER.email } });
    expect(demoAfter.defaultAddressId).toBe(demoDefault);
    expect(await defaultIdOf(await secondId(t))).toBe(foreignAddressId);
  });

  it("leaves exactly one default, one of the customer's own, after 50 concurrent calls", async () => {
    const c = await newCustomer(t, { addresses: 5 });
    // An address of someone else in the mix must change nothing.
    const other = await newCustomer(t, { addresses: 2 });
    const otherDefault = await defaultIdOf(other.id);
    const targets = Array.from({ length: 50 }, (_, i) =>
      i % 10 === 9 ? (other.addressIds[1] ?? 0) : (c.addressIds[i % c.addressIds.length] ?? 0),
    );
    const results = await Promise.all(
      targets.map((id) => t.api("POST", `/api/account/addresses/${id}/default`, { cookie: c.cookie })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(45);
    expect(statuses.filter((s) => s === 404)).toHaveLength(5);

    const after = await book(c.cookie);
    expect(after.addresses).toHaveLength(5);
    expect(after.defaultAddress).not.toBeNull();
    expect(after.addresses.filter((a) => a.id === after.defaultAddress?.id)).toHaveLength(1);
    expect(c.addressIds).toContain(await defaultIdOf(c.id));
    // Every successful answer showed a consistent book: one default, among the addresses.
    for (const r of results.filter((x) => x.statusCode === 200)) {
      const b = json<AddressBook>(r);
      expect(b.addresses.map((a) => a.id)).toContain(b.defaultAddress?.id);
    }
    expect(await defaultIdOf(other.id)).toBe(otherDefault);
    // Exactly one customer row points at each of these addresses.
    expect(await t.db.customer.count({ where: { defaultAddressId: { in: c.addressIds } } })).toBe(1);
  });
});
