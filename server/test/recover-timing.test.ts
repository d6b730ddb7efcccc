// Recovery must not tell by its timing whether an email belongs to an account: the known
// path issues a token and writes a mail, the unknown one finds nothing. Both answer before
// that work is done, so the medians of many alternating requests stay close. What is timed is
// the work before the answer: from the request to the moment the procedure hands the mail to
// the background (it answers right after). An injected request's promise settles on a later turn
// of the event loop than the background task's start, so timing the whole inject would count the
// mail's own work, which no one on the network sees before the answer.
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, DEMO_CUSTOMER, ORIGIN, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
});
afterAll(() => t.close());

const KNOWN = DEMO_CUSTOMER.email;
const UNKNOWN = "nobody-here@vela.test";
const ROUNDS = 60;

/** When the procedure last handed work to the background: the end of what the answer waits for. */
let handedOver = 0;
beforeAll(() => {
  const run = t.deps.background.run.bind(t.deps.background);
  t.deps.background.run = (name, task) => {
    handedOver = performance.now();
    run(name, task);
  };
});

/** Milliseconds of work before the answer; the work it left behind is then awaited, unmeasured. */
async function timeRecover(email: string): Promise<number> {
  handedOver = 0;
  const start = performance.now();
  const res = await t.app.inject({
    method: "POST",
    url: "/api/account/recover",
    headers: { origin: ORIGIN, host: "store.vela.test", "content-type": "application/json" },
    payload: JSON.stringify({ email }),
  });
  expect(res.statusCode).toBe(200);
  expect(handedOver, "the mail is handed to the background before the answer").toBeGreaterThan(start);
  const elapsed = handedOver - start;
  await t.deps.background.idle();
  return elapsed;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] ?? 0)
    : ((s[s.length / 2 - 1] ?? 0) + (s[s.length / 2] ?? 0)) / 2;
};

it("answers a known and an unknown email in the same time", async () => {
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < ROUNDS + 5; i++) {
    // Past the reset-email interval and the mail limit's window: every known request does the
    // full work (a token and a mail), the case that was slowest.
    t.clock.advance(3601_000);
    const order = i % 2 === 0 ? [KNOWN, UNKNOWN] : [UNKNOWN, KNOWN];
    for (const email of order) {
      const ms = await timeRecover(email);
      // The first rounds warm up the query compiler and the JIT.
      if (i >= 5) (email === KNOWN ? known : unknown).push(ms);
    }
  }
  // Every known request really did the work behind the answer.
  expect(await t.db.emailOutbox.count({ where: { to: KNOWN, kind: "password-reset", heldAt: null } })).toBe(
    ROUNDS + 5,
  );
  const a = median(known);
  const b = median(unknown);
  const bound = Math.max(1, 0.35 * Math.max(a, b));
  expect(
    Math.abs(a - b),
    `medians: known ${a.toFixed(2)} ms, unknown ${b.toFixed(2)} ms`,
  ).toBeLessThanOrEqual(bound);
});
