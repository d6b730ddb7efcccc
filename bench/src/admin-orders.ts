// The admin's order list on a large store: 100,000 orders of 20,000 customers (a tenth of them
// guests) written straight into a SQLite database (one transaction of prepared inserts), the
// store as `npm start` runs it (NODE_ENV=production) on it, the owner signed in with the second
// factor production asks for, then `orders.list` as the admin's /admin/orders asks for it: the
// first page, the first page filtered (not shipped), and searches (an order number, a full email,
// the start of an email, a common surname, a full name, a guest's name, a word nobody has).
// Each phase runs a fixed time under 4 connections; the server's own time per request is read
// from its request log (`responseTime`, Fastify's elapsed time from arrival to the answer sent),
// the requests per second from the load generator. Rounds alternate the phases; the figures are
// over all rounds.
//
//   npx tsx bench/src/admin-orders.ts [--quick]
//
// (BENCH_ORDERS=2000 BENCH_CUSTOMERS=400 ... --quick tries the script on a small store.)
//
// Writes bench/results/admin-orders.json.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { totpCodeAt } from "../../server/src/modules/staff/second-factor.ts";
import { load } from "./lib/load.ts";
import { round } from "./lib/report.ts";
import {
  prepareDatabase,
  ROOT_DIR,
  type ServerProcess,
  scratchDir,
  startServer,
} from "./lib/server-process.ts";

const quick = process.argv.includes("--quick");
// BENCH_ORDERS / BENCH_CUSTOMERS make a smaller store, to try the script itself.
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 20_000);
const GUEST_SHARE = 0.1;
const CONNECTIONS = 4;
const ROUNDS = quick ? 1 : 3;
const SECONDS = quick ? 2 : 5;
const FIRST_NUMBER = 100_001;
const OWNER = { email: "admin@vela.test", password: "admin-password" };

const FIRST_NAMES = [
  "Ada",
  "Grace",
  "Alan",
  "Hedy",
  "Linus",
  "Margaret",
  "Ken",
  "Barbara",
  "Dennis",
  "Frances",
  "Hanako",
  "Taro",
  "Yuki",
  "Sam",
  "Noor",
  "Ines",
  "Omar",
  "Lena",
  "Ravi",
  "Mei",
  "Jonas",
  "Aiko",
  "Pablo",
  "Chloe",
  "Kofi",
  "Sofia",
  "Emil",
  "Nadia",
  "Hiro",
  "Clara",
  "Tomas",
  "Leila",
  "Ben",
  "Anya",
  "Kenji",
  "Maria",
  "Felix",
  "Zara",
  "Ivan",
  "Rosa",
];
const LAST_NAMES = [
  "Lovelace",
  "Hopper",
  "Turing",
  "Lamarr",
  "Torvalds",
  "Hamilton",
  "Thompson",
  "Liskov",
  "Ritchie",
  "Allen",
  "Sato",
  "Suzuki",
  "Tanaka",
  "Chen",
  "Haddad",
  "Garcia",
  "Novak",
  "Okafor",
  "Silva",
  "Kim",
  "Moreau",
  "Ito",
  "Schmidt",
  "Rossi",
  "Kowalski",
  "Nguyen",
  "Yamamoto",
  "Berg",
  "Costa",
  "Fischer",
  "Murphy",
  "Khan",
  "Lindqvist",
  "Petrov",
  "Duarte",
  "Watanabe",
  "Keller",
  "Mensah",
  "Ortiz",
  "Quill",
];
const FINANCIAL = ["PAID", "PAID", "PAID", "PAID", "AUTHORIZED", "PARTIALLY_REFUNDED", "REFUNDED", "VOIDED"];
const FULFILMENT = ["FULFILLED", "FULFILLED", "FULFILLED", "UNFULFILLED", "PARTIALLY_FULFILLED", null];

/** A deterministic pseudo-random sequence (mulberry32), so every run writes the same store. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Prisma's SQLite text for a DateTime, as the store writes it (its comparisons are on this text). */
const dateText = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");

/** Writes the customers, orders and one line per order into the migrated, seeded store. */
function generate(dbFile: string): {
  ms: number;
  sample: { email: string; guestName: string; number: number };
} {
  const started = performance.now();
  const db = new Database(dbFile);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  const next = random(20_261_127);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const variant = db
    .prepare<
      [],
      { id: number; title: string; productTitle: string; handle: string; imageUrl: string; imageAlt: string }
    >(
      `SELECT v.id, v.title, p.title AS productTitle, p.handle, v.imageUrl, v.imageAlt
       FROM ProductVariant v JOIN Product p ON p.id = v.productId ORDER BY v.id LIMIT 1`,
    )
    .get();
  if (!variant) throw new Error("the seeded catalogue has no variant");
  const firstCustomer = (
    db.prepare("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM Customer").get() as { id: number }
  ).id;
  const firstOrder = (
    db.prepare(`SELECT COALESCE(MAX(id), 0) + 1 AS id FROM "Order"`).get() as { id: number }
  ).id;
  const insertCustomer = db.prepare(
    `INSERT INTO Customer (id, firstName, lastName, email, locale, acceptsMarketing, createdAt, updatedAt)
     VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
  );
  const insertOrder = db.prepare(
    `INSERT INTO "Order" (id, orderNumber, customerId, email, locale, shippingMethod, processedAt,
       financialStatus, fulfillmentStatus, currencyCode, subtotalAmount, shippingAmount, taxAmount,
       totalAmount, shipName, shipAddress1, shipCity, shipProvince, shipZip, shipCountry, createdAt)
     VALUES (?, ?, ?, ?, ?, 'STANDARD', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLine = db.prepare(
    `INSERT INTO OrderLineItem (orderId, position, title, variantTitle, quantity, fulfilledQuantity,
       unitPriceAmount, originalTotalAmount, imageUrl, imageAlt, productHandle, variantId)
     VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const customers: { id: number; first: string; last: string; email: string; locale: string }[] = [];
  const now = Date.now();
  const twoYears = 2 * 365 * 86_400_000;
  let sample = { email: "", guestName: "", number: 0 };
  db.transaction(() => {
    for (let i = 0; i < CUSTOMERS; i++) {
      const id = firstCustomer + i;
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      const email = `${first}.${last}.${id}@example.com`.toLowerCase();
      const locale = next() < 0.3 ? "ja-JP" : "en-US";
      const since = dateText(now - twoYears - 86_400_000);
      insertCustomer.run(id, first, last, email, locale, since, since);
      customers.push({ id, first, last, email, locale });
    }
    // Oldest first, a minute or so apart, so that ids and dates rise together as in a real store.
    const step = twoYears / ORDERS;
    for (let i = 0; i < ORDERS; i++) {
      const id = firstOrder + i;
      const number = FIRST_NUMBER + i;
      const at = dateText(now - twoYears + Math.floor(i * step + next() * step));
      const guest = next() < GUEST_SHARE;
      const c = pick(customers);
      const guestFirst = pick(FIRST_NAMES);
      const guestLast = pick(LAST_NAMES);
      const email = guest ? `guest.${guestLast}.${number}@example.net`.toLowerCase() : c.email;
      const name = guest ? `${guestFirst} ${guestLast}` : `${c.first} ${c.last}`;
      const jpy = next() < 0.25;
      const quantity = 1 + Math.floor(next() * 3);
      const unit = jpy ? 19_800 : 12_999;
      const subtotal = unit * quantity;
      const shipping = jpy ? 800 : 995;
      const tax = Math.round(subtotal * (jpy ? 0.1 : 0.0825));
      const fulfilment = pick(FULFILMENT);
      insertOrder.run(
        id,
        number,
        guest ? null : c.id,
        email,
        guest ? "en-US" : c.locale,
        at,
        pick(FINANCIAL),
        fulfilment,
        jpy ? "JPY" : "USD",
        subtotal,
        shipping,
        tax,
        subtotal + shipping + tax,
        name,
        "1 Market Street",
        jpy ? "Chiyoda-ku" : "San Francisco",
        jpy ? "Tokyo" : "CA",
        jpy ? "100-0005" : "94105",
        jpy ? "JP" : "US",
        at,
      );
      insertLine.run(
        id,
        variant.productTitle,
        variant.title,
        quantity,
        fulfilment === "FULFILLED" ? quantity : 0,
        unit,
        subtotal,
        variant.imageUrl,
        variant.imageAlt,
        variant.handle,
        variant.id,
      );
      if (i === Math.floor(ORDERS / 2)) sample = { email: c.email, guestName: "", number };
      if (guest && !sample.guestName && i > ORDERS / 3) sample = { ...sample, guestName: name };
    }
  })();
  // The planner's statistics, as `PRAGMA optimize` leaves them on a store that has been running.
  db.exec("ANALYZE");
  db.close();
  return { ms: performance.now() - started, sample };
}

/** Signs the owner in as production asks: the password, then a second factor set up there and then. */
export async function signInOwner(server: ServerProcess): Promise<string> {
  const call = async (procedure: string, body: unknown, cookie?: string) => {
    const res = await fetch(`${server.url}/admin/trpc/${procedure}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${procedure}: ${res.status} ${await res.text()}`);
    const set = res.headers.getSetCookie().find((c) => c.startsWith("vela_staff_session="));
    return {
      data: ((await res.json()) as { result: { data: unknown } }).result.data,
      cookie: set?.split(";")[0] ?? cookie ?? "",
    };
  };
  const signedIn = await call("auth.signIn", OWNER);
  const { secret } = (await call("auth.startTotpEnrolment", {}, signedIn.cookie)).data as { secret: string };
  const confirmed = await call(
    "auth.confirmTotpEnrolment",
    { code: totpCodeAt(secret, Date.now()) },
    signedIn.cookie,
  );
  return confirmed.cookie;
}

/** `orders.list` as the admin's client asks for it (a batch of one, as httpBatchLink sends it). */
export const listPath = (input: Record<string, unknown>) =>
  `/admin/trpc/orders.list?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { limit: 25, ...input } }))}`;

interface Phase {
  name: string;
  paths: string[];
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The server's `responseTime` of every request logged in `text` whose line holds `match`. */
export function serverTimes(text: string, match = "orders.list"): number[] {
  const times: number[] = [];
  for (const line of text.split("\n")) {
    if (!line.includes('"request completed"') || !line.includes(match)) continue;
    try {
      const entry = JSON.parse(line) as { responseTime?: number; res?: { statusCode?: number } };
      if (typeof entry.responseTime === "number") times.push(entry.responseTime);
    } catch {
      // a line cut by the read: not one of ours
    }
  }
  return times;
}

/** The bench itself; only when this file is the one run (real-size.ts imports the helpers above). */
async function main(): Promise<void> {
  const dir = scratchDir("admin-orders");
  const dbFile = path.join(dir, "store.db");
  prepareDatabase(dbFile);
  const generated = generate(dbFile);
  console.info(`generated ${ORDERS} orders of ${CUSTOMERS} customers in ${round(generated.ms / 1000, 1)} s`);

  // Request lines are logged at info: the server's own time per request comes from them.
  const server = await startServer({ dbFile, env: { LOG_LEVEL: "info", RATE_LIMIT_MULTIPLIER: "10000" } });
  try {
    const cookie = await signInOwner(server);
    const s = generated.sample;
    const phases: Phase[] = [
      { name: "first page", paths: [listPath({})] },
      { name: "first page, not shipped", paths: [listPath({ fulfillmentStatus: "UNFULFILLED" })] },
      {
        name: "search (7 kinds, cycled)",
        paths: [
          listPath({ q: `#${s.number}` }),
          listPath({ q: s.email }),
          listPath({ q: s.email.split(".").slice(0, 2).join(".") }),
          listPath({ q: "hopper" }),
          listPath({ q: "grace hopper" }),
          listPath({ q: s.guestName }),
          listPath({ q: "zyxwv" }),
        ],
      },
    ];
    // Each search kind alone, for the table's breakdown.
    const kinds = phases[2]?.paths ?? [];
    const kindNames = [
      "order number",
      "full email",
      "start of an email",
      "common surname",
      "full name",
      "guest's name",
      "no match",
    ];
    for (const p of phases.flatMap((x) => x.paths)) {
      const res = await fetch(server.url + p, { headers: { cookie } });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    }
    const results = new Map<string, { times: number[]; rps: number[]; errors: number }>();
    const run = async (name: string, paths: string[], seconds: number) => {
      const before = server.output().length;
      const sample = await load({
        url: server.url,
        paths,
        connections: CONNECTIONS,
        durationSeconds: seconds,
        headers: { cookie },
        serverPid: server.child.pid as number,
      });
      // The log lines of the phase's last answers may still be on their way.
      await new Promise((r) => setTimeout(r, 300));
      const r = results.get(name) ?? { times: [], rps: [], errors: 0 };
      r.times.push(...serverTimes(server.output().slice(before)));
      r.rps.push(sample.rps);
      r.errors += sample.errors + sample.non2xx + sample.timeouts;
      results.set(name, r);
    };
    // Warm-up, then alternating rounds.
    for (const p of phases)
      await load({
        url: server.url,
        paths: p.paths,
        connections: CONNECTIONS,
        durationSeconds: 1,
        headers: { cookie },
      });
    for (let round_ = 0; round_ < ROUNDS; round_++) {
      for (let i = 0; i < phases.length; i++) {
        const p = phases[(i + round_) % phases.length] as Phase;
        await run(p.name, p.paths, SECONDS);
      }
    }
    for (let k = 0; k < kinds.length; k++)
      await run(`search: ${kindNames[k]}`, [kinds[k] as string], quick ? 1 : 2);

    const rows = [...results.entries()].map(([name, r]) => {
      const sorted = [...r.times].sort((a, b) => a - b);
      return {
        phase: name,
        requests: sorted.length,
        serverP50Ms: round(percentile(sorted, 50), 1),
        serverP95Ms: round(percentile(sorted, 95), 1),
        requestsPerSecond: round(r.rps.reduce((a, b) => a + b, 0) / r.rps.length, 0),
        errors: r.errors,
      };
    });
    const load1 = os.loadavg()[0] ?? 0;
    console.info(
      `\norders.list on ${ORDERS} orders (SQLite), ${CONNECTIONS} connections, load average ${round(load1, 1)}`,
    );
    console.info("phase | requests | server p50 ms | server p95 ms | req/s | errors");
    for (const r of rows)
      console.info(
        `${r.phase} | ${r.requests} | ${r.serverP50Ms} | ${r.serverP95Ms} | ${r.requestsPerSecond} | ${r.errors}`,
      );
    const out = path.join(ROOT_DIR, "bench/results");
    mkdirSync(out, { recursive: true });
    writeFileSync(
      path.join(out, "admin-orders.json"),
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: {
            cores: os.availableParallelism(),
            cpu: os.cpus()[0]?.model ?? "unknown",
            node: process.version,
            loadAverage: os.loadavg().map((x) => round(x, 2)),
          },
          orders: ORDERS,
          customers: CUSTOMERS,
          generateSeconds: round(generated.ms / 1000, 1),
          rows,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
