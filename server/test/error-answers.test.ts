// One mapping answers every failure (errors.ts errorAnswer) and each failure is logged once,
// whichever way it travels: a REST adapter over a procedure, tRPC, a plain Fastify route. The
// failures here are real: a table the call needs is gone from this test's own database.
import { MESSAGES } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRMWARE_NOT_FOUND } from "../src/modules/firmware/service.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.$executeRawUnsafe(`DROP TABLE "Review"`);
  await t.db.$executeRawUnsafe(`DROP TABLE "FirmwareVersion"`);
});
afterAll(() => t.close());

/** The error lines (pino level 50) written while `run` ran. */
async function errorLines(run: () => Promise<unknown>): Promise<string[]> {
  const before = t.logs.length;
  await run();
  return t.logs.slice(before).filter((line) => JSON.parse(line).level === 50);
}

describe("an unexpected failure is answered with the generic 500 and logged once", () => {
  it.each([
    ["a REST adapter over a procedure", "/api/reviews"],
    ["tRPC", "/trpc/reviews.list"],
    ["a plain route (the firmware image)", "/api/firmware/1/image"],
  ])("%s", async (_name, url) => {
    let status = 0;
    let body = "";
    const lines = await errorLines(async () => {
      const res = await t.api("GET", url);
      status = res.statusCode;
      body = res.body;
    });
    expect(status).toBe(500);
    expect(body).toContain(MESSAGES.internal);
    expect(body).not.toMatch(/Review|FirmwareVersion|no such table|does not exist/);
    expect(lines).toHaveLength(1);
    // SQLite says "no such table", PostgreSQL "does not exist": either way the cause is logged.
    expect(lines[0]).toMatch(/no such table|does not exist/);
  });

  it("a batch of two failing calls logs two lines, one per failure", async () => {
    const lines = await errorLines(() => t.api("GET", "/trpc/reviews.list,reviews.list?batch=1&input={}"));
    expect(lines).toHaveLength(2);
  });
});

describe("refusals answer through the same mapping and log nothing", () => {
  it.each([
    ["a foreign Origin", "POST", "/api/cart", { origin: "https://evil.test" }, 403, MESSAGES.crossSite],
    ["a form body", "POST", "/api/cart", { "content-type": "text/plain" }, 415, MESSAGES.jsonRequired],
    ["an unknown API path", "GET", "/api/nothing-here", {}, 404, "Not found"],
    ["a bad picture name", "GET", "/images/games/..svg", {}, 404, "Not found"],
    ["a bad firmware id", "GET", "/api/firmware/0/image", {}, 404, FIRMWARE_NOT_FOUND],
  ] as const)("%s", async (_name, method, url, headers, status, message) => {
    let res: Awaited<ReturnType<TestApp["api"]>> | undefined;
    const lines = await errorLines(async () => {
      res = await t.api(method, url, { headers: { ...headers } });
    });
    expect(res?.statusCode).toBe(status);
    expect(json(res as NonNullable<typeof res>)).toEqual({ message, error: message });
    expect(lines).toHaveLength(0);
  });
});
