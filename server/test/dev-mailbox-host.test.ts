// The development mailbox shows reset and activation links. A page under another name that
// resolves to the server (DNS rebinding) is same-origin with whatever answers under that name:
// the mailbox answers only under PUBLIC_URL's host name and the loopback names, and under any other
// the store's 404, without a word of the outbox.
import { createConnection } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DEMO_CUSTOMER, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS, recoverLink } from "./support-security.ts";

let t: TestApp;
let token = "";
let mailId = 0;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  token = (await recoverLink(t, DEMO_CUSTOMER.email)).token;
  mailId = (await t.db.emailOutbox.findFirstOrThrow({ orderBy: { id: "desc" }, select: { id: true } })).id;
});
afterAll(() => t.close());

function get(url: string, headers: Record<string, string>, method: "GET" | "HEAD" = "GET") {
  return t.app.inject({ method, url, headers });
}

function expectNotServed(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: "Not found", error: "Not found" });
  expect(res.body).not.toContain(token);
  expect(res.body).not.toContain(DEMO_CUSTOMER.email);
  expect(res.headers["content-security-policy"]).toBeDefined();
}

describe("under another host name", () => {
  it.each([
    ["Host: evil.test", { host: "evil.test" }],
    ["Host: evil.test:3000", { host: "evil.test:3000" }],
    ["Host: a name that starts like the store's", { host: "store.vela.test.evil.test" }],
    ["Host: a name that starts like a loopback name", { host: "localhost.evil.test:3000" }],
    ["Host: a loopback name with a trailing dot", { host: "localhost." }],
    ["Host: 0.0.0.0", { host: "0.0.0.0:3000" }],
    ["X-Forwarded-Host: evil.test", { host: "store.vela.test", "x-forwarded-host": "evil.test" }],
    [
      "X-Forwarded-Host: ours, then evil.test",
      { host: "localhost:3000", "x-forwarded-host": "localhost:3000, evil.test" },
    ],
  ])("%s → 404 without the outbox", async (_label, headers) => {
    for (const url of ["/dev/mailbox", `/dev/mailbox/${mailId}`]) {
      expectNotServed(await get(url, headers));
    }
    expect((await get("/dev/mailbox", headers, "HEAD")).statusCode).toBe(404);
  });
});

it("without any Host (HTTP/1.0 allows it) → 404 without the outbox", async () => {
  const { hostname, port } = new URL(await t.app.listen({ host: "127.0.0.1", port: 0 }));
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port) }, () => {
      socket.write("GET /dev/mailbox HTTP/1.0\r\n\r\n");
    });
    let text = "";
    socket.on("data", (d) => {
      text += String(d);
    });
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 404 /);
  expect(answer).not.toContain(token);
});

describe("under the store's own names", () => {
  it.each([
    ["PUBLIC_URL's host", { host: "store.vela.test" }],
    ["PUBLIC_URL's host in capitals", { host: "STORE.VELA.TEST" }],
    ["localhost on the client's dev server port", { host: "localhost:5173" }],
    ["127.0.0.1", { host: "127.0.0.1:3000" }],
    ["[::1]", { host: "[::1]:3000" }],
    [
      "a proxy's X-Forwarded-Host of our own",
      { host: "127.0.0.1:3000", "x-forwarded-host": "localhost:5173" },
    ],
  ])("%s → the mailbox", async (_label, headers) => {
    const list = await get("/dev/mailbox", headers);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(`/dev/mailbox/${mailId}`);
    const mail = await get(`/dev/mailbox/${mailId}`, headers);
    expect(mail.statusCode).toBe(200);
    expect(mail.body).toContain(token);
  });
});
