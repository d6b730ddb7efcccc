// argon2id at OWASP's minimum (19 MiB, t=2, p=1). argon2 hashes on libuv's thread pool,
// so hashing never runs on the event loop; and at most HASH_CONCURRENCY hashes run at once,
// so that a burst of sign-ins cannot take every core from it either (measured: with four
// hashes on two cores the loop waited up to 0.9 s; see the Login benchmark in bench/).
import { availableParallelism } from "node:os";
import argon2 from "argon2";

export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes running at once: every core but one, which stays with the event loop. */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1);

/**
 * Runs at most `max` tasks at once, the rest in arrival order. A finishing task hands its
 * slot straight to the next waiter, so a newcomer can never slip past the limit.
 */
export function concurrencyLimit(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    active: () => active,
    waiting: () => waiting.length,
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active < max) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}

export const passwordWork = concurrencyLimit(HASH_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return passwordWork.run(() => argon2.hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await passwordWork.run(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for unknown emails and customers
 * without a password, so the answer's timing does not tell whether an email is known.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("dummy-password-for-timing-only");
  await verifyPassword(await dummyHash, password);
  return false;
}
