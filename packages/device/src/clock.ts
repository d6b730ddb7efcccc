import { OperationAbortedError } from "./errors.ts";

export type TimerHandle = unknown;

/** Every delay in the package goes through a Clock, so tests and the simulator can run on fake time. */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/**
 * The subset of AbortSignal the package uses. The ES library has no DOM types, and a structural
 * type lets both the browser's and Node's AbortSignal through.
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

interface TimerGlobals {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setImmediate?: (callback: () => void) => unknown;
}

const timerGlobals = (): TimerGlobals => globalThis as unknown as TimerGlobals;

/** Looks the timer functions up on every call so that test tools which patch globals (Playwright's clock) still work. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => timerGlobals().setTimeout(callback, ms),
  clearTimeout: (handle) => timerGlobals().clearTimeout(handle),
};

export function abortError(signal: AbortSignalLike): unknown {
  return signal.reason instanceof Error ? signal.reason : new OperationAbortedError();
}

export function throwIfAborted(signal: AbortSignalLike | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

export function sleep(clock: Clock, ms: number, signal?: AbortSignalLike): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(handle);
      if (signal) reject(abortError(signal));
    };
    const handle = clock.setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

// Captured once so that a test which fakes the global timers cannot stall ManualClock's draining.
const realMacrotask: (callback: () => void) => void = (() => {
  const globals = timerGlobals();
  const immediate = globals.setImmediate;
  if (typeof immediate === "function") return (callback) => void immediate.call(globalThis, callback);
  const timeout = globals.setTimeout;
  return (callback) => void timeout.call(globalThis, callback, 0);
})();

/** Resolves after every queued promise reaction has run (a macrotask comes after all microtasks). */
export function drainMicrotasks(): Promise<void> {
  return new Promise((resolve) => realMacrotask(resolve));
}

interface ManualTimer {
  at: number;
  order: number;
  callback: () => void;
}

/**
 * Fake time for tests and fast simulations. Nothing moves until `advance` or `runUntilSettled` is
 * called; between two timers the promise reactions the previous one caused are allowed to run, so
 * async code observes time the same way it would on a real clock.
 */
export class ManualClock implements Clock {
  #now: number;
  #order = 0;
  readonly #timers = new Map<number, ManualTimer>();

  constructor(start = 0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = ++this.#order;
    this.#timers.set(id, { at: this.#now + Math.max(0, ms), order: id, callback });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    if (typeof handle === "number") this.#timers.delete(handle);
  }

  get pendingTimers(): number {
    return this.#timers.size;
  }

  #next(): [number, ManualTimer] | undefined {
    let best: [number, ManualTimer] | undefined;
    for (const entry of this.#timers) {
      const [, timer] = entry;
      if (!best || timer.at < best[1].at || (timer.at === best[1].at && timer.order < best[1].order))
        best = entry;
    }
    return best;
  }

  async #fire([id, timer]: [number, ManualTimer]): Promise<void> {
    this.#timers.delete(id);
    this.#now = Math.max(this.#now, timer.at);
    timer.callback();
    await drainMicrotasks();
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await drainMicrotasks();
    for (let next = this.#next(); next && next[1].at <= target; next = this.#next()) await this.#fire(next);
    this.#now = target;
  }

  /**
   * Fires timers one by one until `promise` settles, then returns its outcome. Fails instead of
   * hanging when nothing is scheduled or more than `maxMs` of fake time would pass.
   */
  async runUntilSettled<T>(promise: Promise<T>, maxMs = 3_600_000): Promise<T> {
    let settled = false;
    const observed = promise.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    const deadline = this.#now + maxMs;
    await drainMicrotasks();
    while (!settled) {
      const next = this.#next();
      if (!next) throw new Error("ManualClock: the promise is pending but no timer is scheduled");
      if (next[1].at > deadline)
        throw new Error(`ManualClock: the promise did not settle within ${maxMs} ms`);
      await this.#fire(next);
    }
    await observed;
    return promise;
  }
}
