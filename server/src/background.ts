// Work that runs after the answer has gone out: an answer that must not reveal what the
// server found (recover: known email or not) is sent first, so its timing tells nothing.
// Tasks are tracked so that closing the app, and the tests, can wait for them.
import type { FastifyBaseLogger } from "fastify";

export interface Background {
  /** Runs the task on a later turn of the event loop, after the current answer is written. */
  run(name: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far (and any they started) has finished. */
  idle(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(name, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err }, `${name} failed`),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
