/** The timer functions the sender needs; tests pass fake ones. */
export interface SenderTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserTimers: SenderTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Live preview while a slider is dragged: at most one request in flight and at most one every
 * `minIntervalMs`; values that arrive in between replace each other, and the last one is always
 * sent. So the glasses follow the slider without a queue of stale values building up.
 */
export class LatestValueSender<T> {
  readonly #send: (value: T) => Promise<void>;
  readonly #minIntervalMs: number;
  readonly #timers: SenderTimers;
  readonly #onError: (error: unknown) => void;
  #pending: { value: T } | null = null;
  #inFlight = false;
  #timer: unknown = null;
  #lastStart = Number.NEGATIVE_INFINITY;
  #idle: (() => void)[] = [];

  constructor(
    send: (value: T) => Promise<void>,
    options: { minIntervalMs?: number; timers?: SenderTimers; onError?: (error: unknown) => void } = {},
  ) {
    this.#send = send;
    this.#minIntervalMs = options.minIntervalMs ?? 50;
    this.#timers = options.timers ?? browserTimers;
    this.#onError = options.onError ?? (() => {});
  }

  push(value: T): void {
    this.#pending = { value };
    this.#pump();
  }

  /** Drops a value that has not been sent yet (before Apply or Reset sends its own). */
  cancel(): void {
    this.#pending = null;
    if (this.#timer !== null) {
      this.#timers.clearTimeout(this.#timer);
      this.#timer = null;
    }
    this.#settleIdle();
  }

  /** Resolves once everything pushed so far has been sent (or failed). */
  idle(): Promise<void> {
    if (!this.#busy) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  get #busy(): boolean {
    return this.#inFlight || this.#pending !== null;
  }

  #pump(): void {
    if (this.#inFlight || this.#timer !== null || !this.#pending) return;
    const wait = this.#lastStart + this.#minIntervalMs - this.#timers.now();
    if (wait > 0) {
      this.#timer = this.#timers.setTimeout(() => {
        this.#timer = null;
        this.#pump();
      }, wait);
      return;
    }
    const { value } = this.#pending;
    this.#pending = null;
    this.#inFlight = true;
    this.#lastStart = this.#timers.now();
    this.#send(value)
      .catch((error: unknown) => this.#onError(error))
      .finally(() => {
        this.#inFlight = false;
        this.#pump();
        this.#settleIdle();
      });
  }

  #settleIdle(): void {
    if (this.#busy) return;
    const waiting = this.#idle;
    this.#idle = [];
    for (const resolve of waiting) resolve();
  }
}
