import { type AbortSignalLike, abortError, type Clock } from "../clock.ts";
import { DeviceDisconnectedError } from "../errors.ts";

/**
 * Resolves when `subscribe` reports a wanted change (or at once when `ready()` already holds);
 * rejects with DeviceDisconnectedError after `timeoutMs`, or with the abort reason.
 */
export function waitUntil(options: {
  clock: Clock;
  timeoutMs: number;
  signal?: AbortSignalLike | undefined;
  ready: () => boolean;
  subscribe: (check: () => void) => () => void;
  what: string;
}): Promise<void> {
  const { clock, signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    if (options.ready()) {
      resolve();
      return;
    }
    const stop = () => {
      unsubscribe();
      clock.clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      stop();
      if (signal) reject(abortError(signal));
    };
    const unsubscribe = options.subscribe(() => {
      if (!options.ready()) return;
      stop();
      resolve();
    });
    const timer = clock.setTimeout(() => {
      stop();
      reject(new DeviceDisconnectedError(`${options.what} did not happen within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
