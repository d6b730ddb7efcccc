// The REST adapters read their query strings through one reader (http/rest.ts queryOf): the last
// value of a repeated key, one rule for numbers, lists from repeated or comma-separated values.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, type TestApp } from "./helpers.ts";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(() => t.close());

describe("query strings", () => {
  it("a repeated key counts with its last value, on every path (the orders page too)", async () => {
    const res = await t.api("GET", "/api/account/orders?limit=1&limit=2", { cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ orders: { edges: unknown[] } }>(res).orders.edges).toHaveLength(2);
    const reviews = await t.api("GET", "/api/reviews?pageSize=1&pageSize=2");
    expect(reviews.statusCode, reviews.body).toBe(200);
  });

  it("numbers follow one rule: a signed decimal is a number, the schema judges its range", async () => {
    const fractional = await t.api("GET", "/api/reviews?page=1.5");
    expect(fractional.statusCode).toBe(400);
    const big = await t.api("GET", "/api/reviews?page=12345678");
    expect(big.statusCode).toBe(400);
    expect(json<{ message: string }>(big).message).not.toMatch(/string/);
  });

  it("list keys take repeated and comma-separated values alike", async () => {
    const a = await t.api("GET", "/api/games?platform=Android&platform=iOS");
    const b = await t.api("GET", "/api/games?platform=Android,iOS");
    expect(a.statusCode, a.body).toBe(200);
    expect(a.body).toBe(b.body);
  });
});
