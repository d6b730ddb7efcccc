// tRPC's route (trpc/fastify-route.ts): a non-streamed answer is written as one string with its
// length, not piped through a web stream; a client asking for a stream still gets one; status,
// headers and bodies are tRPC's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login();
});
afterAll(() => t.close());

describe("tRPC answers", () => {
  it("a query's answer is one body with its Content-Length", async () => {
    const res = await t.api("GET", `/trpc/orders.list?input=${encodeURIComponent('{"limit":10}')}`, {
      cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(res.body));
    expect(JSON.parse(res.body).result.data.orders.edges).toHaveLength(10);
  });

  it("a batch, and an error in it, keep tRPC's status and shapes", async () => {
    const res = await t.api("GET", `/trpc/account.me,orders.list?batch=1&input=${encodeURIComponent("{}")}`);
    expect(res.statusCode).toBe(401);
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(res.body));
    const body = JSON.parse(res.body) as { error: { data: { httpStatus: number } } }[];
    expect(body.map((b) => b.error.data.httpStatus)).toEqual([401, 401]);
  });

  it("a mutation reads its JSON body", async () => {
    const res = await t.api("POST", "/trpc/account.logout", { cookie, body: {} });
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ result: { data: { ok: true } } });
  });

  it("a client that asks for a streamed answer gets one", async () => {
    const res = await t.api("GET", `/trpc/catalog.products?batch=1&input=${encodeURIComponent("{}")}`, {
      headers: { "trpc-accept": "application/jsonl" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.body.length).toBeGreaterThan(0);
  });
});
