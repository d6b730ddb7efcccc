// /healthz (the process is up) and /readyz (the database answers and every shipped migration is
// applied). The 503 of both during a shutdown is seen by bench/reliability/shutdown.test.ts.
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { MESSAGES } from "@vela/shared";
import { afterEach, describe, expect, it } from "vitest";
import { migrationsDirFor, shippedMigrations } from "../src/db/readiness.ts";
import { createTestApp, type TestApp } from "./helpers.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("/healthz", () => {
  it("answers 200 without asking the database, and is never cached", async () => {
    const queries: string[] = [];
    t = await createTestApp({ onQuery: (sql) => queries.push(sql) });
    queries.length = 0;
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(queries).toEqual([]);
  });
});

describe("/readyz", () => {
  it("answers 200 on a migrated database", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 with the pending migrations when one shipped migration is not applied", async () => {
    t = await createTestApp();
    const shipped = shippedMigrations(migrationsDirFor(t.config.databaseUrl));
    expect(shipped.length).toBeGreaterThan(1);
    const last = shipped.at(-1) as string;
    await t.db.$executeRaw`DELETE FROM "_prisma_migrations" WHERE "migration_name" = ${last}`;
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({ ready: false, reason: "migrations pending", pending: [last] });
  });

  it("answers 503 when the database cannot be read", async () => {
    t = await createTestApp();
    await t.db.$executeRawUnsafe(`ALTER TABLE "_prisma_migrations" RENAME TO "_moved_away"`);
    const res = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, reason: "database unreachable" });
    // The process itself is fine: a restart would not help.
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    await t.db.$executeRawUnsafe(`ALTER TABLE "_moved_away" RENAME TO "_prisma_migrations"`);
  });
});

describe("draining (a shutdown has begun)", () => {
  it("/readyz answers 503 while every answer still comes, with Connection: close", async () => {
    t = await createTestApp();
    t.app.lifecycle.draining = true;
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ready: false, reason: "shutting down" });
    expect(ready.headers.connection).toBe("close");
    const products = await t.app.inject({ method: "GET", url: "/api/products" });
    expect(products.statusCode).toBe(200);
    expect(products.headers.connection).toBe("close");
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  });

  it("sends no Connection: close before", async () => {
    t = await createTestApp();
    const products = await t.app.inject({ method: "GET", url: "/api/products" });
    expect(products.headers.connection).not.toBe("close");
  });
});

describe("a request that arrives once closing has begun", () => {
  it("gets the store's 503 with Retry-After, its text and its security headers", async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    // Two requests pipelined on one connection: a sign-in (argon2 keeps it in flight while the
    // server starts closing), then one that arrives on that open connection once closing began.
    const login = JSON.stringify({ email: "nobody@example.com", password: "wrong-password-1" });
    const socket = connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    const ended = new Promise((resolve) => socket.on("close", resolve));
    await new Promise((resolve) => socket.on("connect", resolve));
    socket.write(
      `POST /api/account/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(login)}\r\n\r\n${login}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const closed = t.app.close();
    await new Promise((resolve) => setImmediate(resolve));
    socket.write("GET /api/products HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5000))]);
    socket.destroy();
    await closed;
    t = undefined;
    const answers = Buffer.concat(received)
      .toString("utf8")
      .split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    const closing = answers[1] ?? "";
    expect(closing).toMatch(/^HTTP\/1\.1 503 /);
    expect(closing).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(closing).toMatch(/\r\ncontent-security-policy: /i);
    expect(closing).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(closing).toContain(JSON.stringify({ message: MESSAGES.busy, error: MESSAGES.busy }));
  });
});
