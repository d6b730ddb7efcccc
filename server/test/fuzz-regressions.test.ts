// Bugs found by the fuzz test (bench/reliability/fuzz.test.ts), each pinned by the smallest
// request that showed it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("methods the Fetch API cannot represent", () => {
  // /trpc/:path is registered for every method, and tRPC's adapter turns each call into a Fetch
  // Request, whose constructor throws on TRACE: "TypeError: 'TRACE' HTTP method is unsupported",
  // answered with 500 and logged as a failure (fuzz seed 55896316).
  it.each([
    "/trpc/account.me",
    "/trpc/cart.create",
    "/trpc/account.me,account.me",
    "/trpc/nope",
    "/api/account/customer",
  ])("TRACE %s is refused as not found, not a 500", async (url) => {
    const logged = t.logs.length;
    const res = await t.app.inject({ method: "TRACE", url, headers: { host: "store.vela.test" } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Not found", error: "Not found" });
    expect(t.logs.slice(logged).filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  });

  it("leaves the methods tRPC serves alone", async () => {
    const res = await t.app.inject({ method: "GET", url: "/trpc/games.trending" });
    expect(res.statusCode).toBe(200);
  });
});

describe("bodies sent with OPTIONS or QUERY", () => {
  // Fastify parses the body of every method but GET and HEAD; the JSON-only rule covered
  // POST, PUT, PATCH and DELETE. tRPC's own multipart parser hands the raw stream on as the
  // body, and its adapter then fails on JSON.stringify of it: "Converting circular structure
  // to JSON", answered with 500 (fuzz seed 2: OPTIONS /trpc/nope, multipart/form-data).
  const MULTIPART = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n';
  it.each([
    ["OPTIONS", "/trpc/nope"],
    ["OPTIONS", "/trpc/account.me"],
    ["QUERY", "/trpc/account.me"],
  ])("%s %s with a multipart body is refused with 415, not a 500", async (method, url) => {
    const logged = t.logs.length;
    const res = await t.app.inject({
      method: method as "OPTIONS",
      url,
      headers: { host: "store.vela.test", "content-type": "multipart/form-data; boundary=x" },
      payload: MULTIPART,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      message: "Requests must be sent as JSON",
      error: "Requests must be sent as JSON",
    });
    expect(t.logs.slice(logged).filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
  });

  it("still answers GET whatever its (unread) body", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/products",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      payload: MULTIPART,
    });
    expect(res.statusCode).toBe(200);
  });
});
