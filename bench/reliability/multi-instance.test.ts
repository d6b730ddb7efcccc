// Three server processes on one database, as behind a reverse proxy (TRUST_PROXY, one
// SESSION_SECRET, one PUBLIC_URL): requests spread round-robin over them. Sessions made on one
// are valid on all; cart and address writes are seen by all; a wrong-password burst spread over
// the three meets 429 at the same attempt as on one instance (the counters are in the
// database); every mail of the shared outbox reaches a real SMTP server exactly once; a reset
// link issued by one is redeemed once on another; one instance SIGKILLed in the middle of a
// burst of writes loses no acknowledged write.
//
// The database: a new SQLite file (three processes share it through WAL and the busy handling),
// or, in the PostgreSQL pass, a new PostgreSQL database (support/instances.ts).
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, startServer } from "../src/lib/server-process.ts";
import { addressInput, Processes } from "./support/faults.ts";
import {
  type ReceivedMail,
  type Reply,
  send,
  sessionFrom,
  sleep,
  smtpSink,
  type TestDatabase,
  testDatabase,
} from "./support/instances.ts";

/** server/src/auth/rate-limit.ts: RATE_LIMITS.loginAccount.limit, at RATE_LIMIT_MULTIPLIER=1. */
const LOGIN_ACCOUNT_LIMIT = 10;
const CUSTOMERS = 6;

const processes = new Processes();
const scratch: string[] = [];
let db: TestDatabase;
let smtp: Awaited<ReturnType<typeof smtpSink>>;
let servers: ServerProcess[];
let publicUrl: string;
let ipSerial = 0;
/** Each call comes from its own client address, so the per-IP limits stay out of the way. */
const nextIp = () => {
  ipSerial += 1;
  return `10.77.${Math.floor(ipSerial / 250)}.${(ipSerial % 250) + 1}`;
};

function on(
  n: number,
  method: "GET" | "POST" | "PUT" | "DELETE",
  route: string,
  opts: { cookie?: string; body?: unknown; ip?: string } = {},
): Promise<Reply> {
  const server = servers[n % servers.length] as ServerProcess;
  return send(server.url, method, route, { publicUrl, ip: opts.ip ?? nextIp(), ...opts });
}

const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
  email: `multi-${i}@example.com`,
  password: `multi-password-${i}`,
  cookie: "",
}));

beforeAll(async () => {
  db = await testDatabase("multi-instance", scratch);
  smtp = await smtpSink();
  const ports = [await freePort(), await freePort(), await freePort()];
  // The address customers use, as if a proxy stood in front: the first port stands in for it.
  publicUrl = `http://127.0.0.1:${ports[0]}`;
  servers = await Promise.all(
    ports.map(async (port) =>
      processes.server(
        await startServer({
          databaseUrl: db.url,
          port,
          env: {
            PUBLIC_URL: publicUrl,
            TRUST_PROXY: "true",
            SMTP_URL: smtp.url,
            RATE_LIMIT_MULTIPLIER: "1",
          },
        }),
      ),
    ),
  );
  console.info(`[multi] three instances on ${db.engine}: ${servers.map((s) => s.port).join(", ")}`);
}, 180_000);

afterAll(async () => {
  await processes.killAll();
  await smtp?.close();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

async function until(what: string, done: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const mailsTo = (to: string, subject: RegExp): ReceivedMail[] =>
  smtp.received.filter((m) => m.to === to && subject.test(m.subject));

describe("three instances on one database", () => {
  it("registrations and sign-ins round-robin; each session is valid on every instance", async () => {
    const registered = await Promise.all(
      customers.map((c, i) =>
        on(i, "POST", "/api/account/register", {
          body: { firstName: "Multi", lastName: `No${i}`, email: c.email, password: c.password },
        }),
      ),
    );
    expect(registered.map((r) => r.status)).toEqual(Array(CUSTOMERS).fill(200));
    for (const [i, c] of customers.entries()) {
      c.cookie = sessionFrom(
        await on(i + 1, "POST", "/api/account/login", { body: { email: c.email, password: c.password } }),
      );
    }
    for (const c of customers) {
      for (let n = 0; n < 3; n++) {
        const me = await on(n, "GET", "/api/account/customer", { cookie: c.cookie });
        expect(me.status, `${c.email} on instance ${n}`).toBe(200);
        expect((me.body as { customer: { email: string } }).customer.email).toBe(c.email);
      }
    }
    // Signing out on one instance ends the session on all.
    const first = customers[0] as (typeof customers)[number];
    const extra = sessionFrom(
      await on(2, "POST", "/api/account/login", { body: { email: first.email, password: first.password } }),
    );
    expect((await on(0, "POST", "/api/account/logout", { cookie: extra })).status).toBe(200);
    for (let n = 0; n < 3; n++) {
      expect((await on(n, "GET", "/api/account/customer", { cookie: extra })).status).toBe(401);
    }
  });

  it("cart and address writes spread over the three are seen the same by each", async () => {
    const c = customers[0] as (typeof customers)[number];
    for (let i = 0; i < 9; i++) {
      const res = await on(i, "POST", "/api/account/addresses", {
        cookie: c.cookie,
        body: addressInput(`rr-${i}`),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const products = (await on(0, "GET", "/api/products")).body as {
      products: { available: boolean; defaultVariantId: string }[];
    };
    const variants = products.products.filter((p) => p.available).map((p) => p.defaultVariantId);
    const cartId = ((await on(0, "POST", "/api/cart")).body as { cart: { id: string } }).cart.id;
    for (let i = 0; i < 6; i++) {
      const res = await on(i + 1, "POST", `/api/cart/${cartId}`, {
        body: { items: [{ merchandiseId: variants[i % 3], quantity: 1 }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const views = [];
    for (let n = 0; n < 3; n++) {
      const book = (await on(n, "GET", "/api/account/addresses", { cookie: c.cookie })).body as {
        addresses: { address1: string }[];
        defaultAddress: { address1: string } | null;
      };
      const cart = (await on(n, "GET", `/api/cart/${cartId}`)).body as {
        cart: { lines: { quantity: number; merchandise: { id: string } }[] };
      };
      views.push({
        addresses: book.addresses.map((a) => a.address1),
        defaultAddress: book.defaultAddress?.address1,
        lines: cart.cart.lines.map((l) => [l.merchandise.id, l.quantity]),
      });
    }
    expect(views[0]?.addresses).toEqual(Array.from({ length: 9 }, (_, i) => `rr-${i}`));
    expect(views[0]?.defaultAddress).toBe("rr-0");
    expect(views[0]?.lines).toEqual(variants.slice(0, 3).map((v) => [v, 2]));
    expect(views[1]).toEqual(views[0]);
    expect(views[2]).toEqual(views[0]);
  });

  it("a wrong-password burst spread over the three meets 429 at the same attempt as on one instance", async () => {
    async function firstRefusal(email: string, spread: boolean): Promise<number> {
      for (let attempt = 1; attempt <= LOGIN_ACCOUNT_LIMIT + 5; attempt++) {
        const res = await on(spread ? attempt : 0, "POST", "/api/account/login", {
          body: { email, password: "not-the-password" },
        });
        if (res.status === 429) {
          expect(Number(res.retryAfter)).toBeGreaterThan(0);
          return attempt;
        }
        expect(res.status).toBe(401);
      }
      return -1;
    }
    // Two accounts of their own: a locked account would stand in the way of the tests below.
    for (const [i, email] of ["burst-a@example.com", "burst-b@example.com"].entries()) {
      const res = await on(i, "POST", "/api/account/register", {
        body: { firstName: "Burst", lastName: "Test", email, password: "burst-password" },
      });
      expect(res.status).toBe(200);
    }
    const spread = await firstRefusal("burst-a@example.com", true);
    const single = await firstRefusal("burst-b@example.com", false);
    console.info(`[multi] wrong passwords: 429 at attempt ${spread} over three instances, ${single} on one`);
    expect(spread).toBe(LOGIN_ACCOUNT_LIMIT + 1);
    expect(single).toBe(spread);
  });

  it("every mail is delivered exactly once; a reset link issued by one instance is redeemed once on another", async () => {
    // Every registration sent a welcome mail through the shared outbox.
    await until("the welcome mails", () => customers.every((c) => mailsTo(c.email, /welcome/i).length > 0));
    const recovered = await Promise.all(
      customers.map((c, i) => on(i, "POST", "/api/account/recover", { body: { email: c.email } })),
    );
    expect(recovered.map((r) => r.status)).toEqual(Array(CUSTOMERS).fill(200));
    await until("the reset mails", () => customers.every((c) => mailsTo(c.email, /reset/i).length > 0));
    // Every instance's delivery loop runs every 10 s: give each at least one more round.
    await sleep(11_000);
    for (const c of customers) {
      expect(mailsTo(c.email, /welcome/i), `welcome mail to ${c.email}`).toHaveLength(1);
      expect(mailsTo(c.email, /reset/i), `reset mail to ${c.email}`).toHaveLength(1);
    }
    const received = smtp.received.map((m) => `${m.to} ${m.subject}`);
    expect(new Set(received).size).toBe(received.length);

    for (const [i, c] of customers.entries()) {
      const mail = mailsTo(c.email, /reset/i)[0] as ReceivedMail;
      const link = new URL(/https?:\/\/\S+\/account\/reset\?\S+/.exec(mail.text)?.[0] ?? "");
      const body = {
        customerId: link.searchParams.get("customerId"),
        resetToken: link.searchParams.get("token"),
        syclid: null,
        password: `${c.password}-new`,
      };
      const [first, second] = await Promise.all([
        on(i + 1, "POST", "/api/account/reset", { body }),
        on(i + 2, "POST", "/api/account/reset", { body: { ...body, password: `${c.password}-other` } }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 400]);
      const winner = first.status === 200 ? `${c.password}-new` : `${c.password}-other`;
      c.password = winner;
      const signIn = await on(i, "POST", "/api/account/login", {
        body: { email: c.email, password: winner },
      });
      expect(signIn.status).toBe(200);
      c.cookie = sessionFrom(signIn);
    }
  });

  it("one instance SIGKILLed in the middle of a burst of writes loses no acknowledged write", async () => {
    const writers = customers.slice(3, 6);
    const acked: { who: number; marker: string }[] = [];
    const unanswered: string[] = [];
    const unexpected: string[] = [];
    let killed = false;
    let stop = false;
    const victim = servers[2] as ServerProcess;

    async function client(n: number): Promise<void> {
      const who = 3 + (n % writers.length);
      const c = customers[who] as (typeof customers)[number];
      for (let seq = 0; seq < 15 && !stop; seq++) {
        const marker = `kill-${n}-${seq}`;
        // Round-robin; a proxy sends requests only to the two left once one is gone.
        const instance = killed ? (n + seq) % 2 : (n + seq) % 3;
        try {
          const res = await on(instance, "POST", "/api/account/addresses", {
            cookie: c.cookie,
            body: addressInput(marker),
          });
          if (res.status === 200) acked.push({ who, marker });
          else unexpected.push(`${marker}: ${res.status} ${JSON.stringify(res.body)}`);
        } catch {
          unanswered.push(marker);
        }
      }
    }

    const burst = Promise.all(Array.from({ length: 6 }, (_, n) => client(n)));
    const deadline = Date.now() + 30_000;
    while (acked.length < 15) {
      if (Date.now() > deadline)
        throw new Error(`only ${acked.length} writes acknowledged: ${unexpected.join("; ")}`);
      await sleep(10);
    }
    killed = true;
    await victim.kill();
    expect(victim.child.signalCode).toBe("SIGKILL");
    await burst;
    stop = true;
    console.info(
      `[multi] SIGKILL of one instance: ${acked.length} writes acknowledged, ${unanswered.length} without an answer`,
    );
    expect(unexpected).toEqual([]);

    for (const who of [3, 4, 5]) {
      const c = customers[who] as (typeof customers)[number];
      for (const n of [0, 1]) {
        const book = (await on(n, "GET", "/api/account/addresses", { cookie: c.cookie })).body as {
          addresses: { address1: string }[];
        };
        const names = book.addresses.map((a) => a.address1);
        for (const a of acked.filter((x) => x.who === who)) {
          expect(
            names.filter((x) => x === a.marker),
            `${a.marker} on instance ${n}`,
          ).toHaveLength(1);
        }
        // A write that got no answer landed at most once.
        for (const marker of unanswered)
          expect(names.filter((x) => x === marker).length).toBeLessThanOrEqual(1);
      }
    }
    // The survivors still serve, sessions included.
    for (const n of [0, 1]) {
      const me = await on(n, "GET", "/api/account/customer", {
        cookie: (customers[3] as { cookie: string }).cookie,
      });
      expect(me.status).toBe(200);
    }
  });
});
