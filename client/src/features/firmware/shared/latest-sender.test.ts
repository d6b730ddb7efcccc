import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LatestValueSender, type SenderTimers } from "./latest-sender.ts";

/** Manual time: timers fire only when `advance` passes them. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const api: SenderTimers & { advance(ms: number): Promise<void> } = {
    now: () => now,
    setTimeout(callback, ms) {
      const id = next++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        await Promise.resolve();
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
        for (let i = 0; i < 5; i++) await Promise.resolve();
      }
      now = end;
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
  return api;
}

describe("LatestValueSender", () => {
  it("sends the first value at once, then at most one per interval, and always the last", async () => {
    const timers = manualTimers();
    const sent: number[] = [];
    const sender = new LatestValueSender<number>(
      async (v) => {
        sent.push(v);
      },
      { minIntervalMs: 50, timers },
    );
    for (let v = 0; v <= 100; v++) {
      sender.push(v);
      await timers.advance(2);
    }
    await timers.advance(100);
    await sender.idle();
    expect(sent[0]).toBe(0);
    expect(sent.at(-1)).toBe(100);
    // 202 ms of dragging at one request per 50 ms: a handful, not 101.
    expect(sent.length).toBeLessThanOrEqual(7);
    expect([...sent].sort((a, b) => a - b)).toEqual(sent);
  });

  it("never has two requests in flight, and the last value arrives after a slow request", async () => {
    const timers = manualTimers();
    const sent: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const sender = new LatestValueSender<number>(
      async (v) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise<void>((resolve) => timers.setTimeout(resolve, 120));
        sent.push(v);
        inFlight--;
      },
      { minIntervalMs: 10, timers },
    );
    sender.push(1);
    sender.push(2);
    await timers.advance(5);
    sender.push(3);
    await timers.advance(500);
    await sender.idle();
    expect(maxInFlight).toBe(1);
    expect(sent).toEqual([1, 3]);
  });

  it("keeps going after a failed request and reports the failure", async () => {
    const timers = manualTimers();
    const errors: unknown[] = [];
    const sent: number[] = [];
    const sender = new LatestValueSender<number>(
      async (v) => {
        if (v === 1) throw new Error("glasses busy");
        sent.push(v);
      },
      { minIntervalMs: 10, timers, onError: (e) => errors.push(e) },
    );
    sender.push(1);
    sender.push(2);
    await timers.advance(50);
    await sender.idle();
    expect(errors).toHaveLength(1);
    expect(sent).toEqual([2]);
  });

  it("cancel drops a value not yet sent", async () => {
    const timers = manualTimers();
    const sent: number[] = [];
    const sender = new LatestValueSender<number>(
      async (v) => {
        sent.push(v);
      },
      { minIntervalMs: 50, timers },
    );
    sender.push(1);
    await timers.advance(1);
    sender.push(2);
    sender.cancel();
    await timers.advance(200);
    await sender.idle();
    expect(sent).toEqual([1]);
  });

  it("for any drag, the last value pushed is the last value sent", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 127 }), fc.integer({ min: 0, max: 80 })), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 0, max: 40 }),
        async (steps, latency) => {
          const timers = manualTimers();
          const sent: number[] = [];
          const sender = new LatestValueSender<number>(
            async (v) => {
              if (latency) await new Promise<void>((resolve) => timers.setTimeout(resolve, latency));
              sent.push(v);
            },
            { minIntervalMs: 30, timers },
          );
          for (const [value, gap] of steps) {
            sender.push(value);
            await timers.advance(gap);
          }
          await timers.advance(10_000);
          await sender.idle();
          expect(sent.at(-1)).toBe(steps.at(-1)?.[0]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
