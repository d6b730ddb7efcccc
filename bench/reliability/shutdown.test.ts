// Graceful shutdown, against the real server process: SIGTERM in the middle of a burst of
// writes. The server stops accepting, answers the requests it has, stops its outbox loop,
// closes the database and exits 0 well within its grace period; every acknowledged write is
// there after a restart, once; no request the server had received goes unanswered.
import { rmSync } from "node:fs";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type ServerProcess, startServer } from "../src/lib/server-process.ts";
import { addressInput, DEMO, Processes, SECOND } from "./support/faults.ts";
import { type Reply, send, sessionFrom, sleep, smtpSink, testDatabase } from "./support/instances.ts";

const processes = new Processes();
const scratch: string[] = [];
afterEach(() => processes.killAll());
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe("SIGTERM in the middle of a burst of writes", () => {
  it("finishes the requests in flight, exits 0, and keeps every acknowledged write once", async () => {
    const db = await testDatabase("shutdown", scratch);
    const smtp = await smtpSink();
    try {
      const start = () =>
        startServer({
          databaseUrl: db.url,
          env: {
            RATE_LIMIT_MULTIPLIER: "1000",
            SMTP_URL: smtp.url,
            LOG_LEVEL: "info",
            SHUTDOWN_DRAIN_MS: "1000",
          },
        });
      const server: ServerProcess = processes.server(await start());
      const publicUrl = server.url;
      const call = (method: "GET" | "POST", route: string, opts: { cookie?: string; body?: unknown } = {}) =>
        send(server.url, method, route, { publicUrl, ...opts });
      const cookies = {
        demo: sessionFrom(await call("POST", "/api/account/login", { body: DEMO })),
        second: sessionFrom(await call("POST", "/api/account/login", { body: SECOND })),
      };
      const products = (await call("GET", "/api/products")).body as {
        products: { available: boolean; defaultVariantId: string }[];
      };
      const variants = products.products.filter((p) => p.available).map((p) => p.defaultVariantId);

      const acked: { kind: "address" | "line"; who?: "demo" | "second"; marker: string; cartId?: string }[] =
        [];
      const refusedAfterSignal: number[] = [];
      /** Requests sent before the signal that got no answer at all: the server cut them. */
      const cutBeforeSignal: string[] = [];
      const unexpected: string[] = [];
      let signalledAt = 0;

      async function client(n: number): Promise<void> {
        const who = n % 2 === 0 ? "demo" : "second";
        let cartId: string | null = null;
        for (let seq = 0; seq < 400; seq++) {
          const sentAt = performance.now();
          const marker = `term-${n}-${seq}`;
          let reply: Reply;
          try {
            if (n < 4 && seq < 20) {
              reply = await call("POST", "/api/account/addresses", {
                cookie: cookies[who],
                body: addressInput(marker),
              });
              if (reply.status === 200) acked.push({ kind: "address", who, marker });
            } else if (cartId === null) {
              reply = await call("POST", "/api/cart");
              if (reply.status === 200) cartId = (reply.body as { cart: { id: string } }).cart.id;
            } else {
              const variant = variants[seq % variants.length] as string;
              reply = await call("POST", `/api/cart/${cartId}`, {
                body: { items: [{ merchandiseId: variant, quantity: 1 }] },
              });
              if (reply.status === 200) acked.push({ kind: "line", marker: variant, cartId });
            }
          } catch (err) {
            // No answer. After the signal that is the refused connection of a closing server.
            if (!signalledAt || sentAt < signalledAt) cutBeforeSignal.push(`${marker}: ${String(err)}`);
            return;
          }
          if (reply.status !== 200) {
            if (signalledAt && reply.status === 503) refusedAfterSignal.push(reply.status);
            else unexpected.push(`${marker}: ${reply.status} ${JSON.stringify(reply.body)}`);
            return;
          }
        }
      }

      const burst = Promise.all(Array.from({ length: 6 }, (_, n) => client(n)));
      while (acked.length < 30) await sleep(10);
      const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
        server.child.once("exit", (code) => resolve({ code, at: performance.now() })),
      );
      signalledAt = performance.now();
      server.child.kill("SIGTERM");
      const { code, at } = await exited;
      await burst;
      console.info(
        `[shutdown] SIGTERM after ${acked.length} acknowledged writes; exit ${code} after ` +
          `${Math.round(at - signalledAt)} ms; ${refusedAfterSignal.length} answered 503 while closing`,
      );
      expect(unexpected).toEqual([]);
      expect(cutBeforeSignal).toEqual([]);
      expect(code).toBe(0);
      expect(at - signalledAt).toBeLessThan(10_000);
      expect(server.output()).toMatch(/shut down/);

      // A new process on the same database: every acknowledged write, once.
      const again = processes.server(await start());
      const get = (route: string, cookie?: string) =>
        send(again.url, "GET", route, { publicUrl: again.url, ...(cookie ? { cookie } : {}) });
      for (const who of ["demo", "second"] as const) {
        const book = (
          (await get("/api/account/addresses", cookies[who])).body as { addresses: { address1: string }[] }
        ).addresses;
        for (const a of acked.filter((x) => x.kind === "address" && x.who === who)) {
          expect(
            book.filter((b) => b.address1 === a.marker),
            a.marker,
          ).toHaveLength(1);
        }
      }
      const carts = new Map<string, number>();
      for (const l of acked.filter((x) => x.kind === "line")) {
        carts.set(l.cartId as string, (carts.get(l.cartId as string) ?? 0) + 1);
      }
      for (const [cartId, lines] of carts) {
        const cart = (await get(`/api/cart/${cartId}`)).body as { cart: { lines: { quantity: number }[] } };
        const total = cart.cart.lines.reduce((sum, l) => sum + l.quantity, 0);
        // Each acknowledged add is one unit; at most the one write in flight at the signal is extra.
        expect(total).toBeGreaterThanOrEqual(lines);
        expect(total).toBeLessThanOrEqual(lines + 1);
      }
      await again.stop();
    } finally {
      await smtp.close();
    }
  });
});
