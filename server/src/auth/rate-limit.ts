// Fixed-window counters in memory. Keys name what is limited: "login:ip:1.2.3.4",
// "login:account:demo@vela.test", "login:device:<id>". The account keys are what stops an
// attacker who changes IPs. One process holds the counters; several instances would move
// them to the database or Redis behind the same interface (docs/sessions-and-tokens.md).

import {
  CONTACT_RATE_LIMIT,
  MESSAGES,
  NEWSLETTER_RATE_LIMIT_EMAIL,
  NEWSLETTER_RATE_LIMIT_IP,
} from "@vela/shared";
import type { Clock } from "../clock.ts";
import { AppError } from "../errors.ts";

export interface LimitRule {
  limit: number;
  windowSeconds: number;
}

/** Attempts per window. Chosen to be invisible to a person and costly to a script. */
export const RATE_LIMITS = {
  loginIp: { limit: 30, windowSeconds: 300 },
  /** Failures from browsers without a device cookie for the account (device.ts). */
  loginAccount: { limit: 10, windowSeconds: 900 },
  /** Failures from one browser that has signed in to the account before. */
  loginDevice: { limit: 10, windowSeconds: 900 },
  registerIp: { limit: 10, windowSeconds: 3600 },
  recoverIp: { limit: 10, windowSeconds: 900 },
  recoverAccount: { limit: 5, windowSeconds: 3600 },
  resetIp: { limit: 20, windowSeconds: 900 },
  resetAccount: { limit: 10, windowSeconds: 900 },
  activateIp: { limit: 20, windowSeconds: 900 },
  activateAccount: { limit: 10, windowSeconds: 900 },
  /** Wrong current passwords (password change, email change) of one signed-in account. */
  currentPasswordAccount: { limit: 10, windowSeconds: 900 },
  /** The confirm and stop links of the email change. */
  emailChangeIp: { limit: 20, windowSeconds: 900 },
  contactIp: CONTACT_RATE_LIMIT,
  newsletterIp: NEWSLETTER_RATE_LIMIT_IP,
  newsletterEmail: NEWSLETTER_RATE_LIMIT_EMAIL,
} satisfies Record<string, LimitRule>;

export type RateLimits = Record<keyof typeof RATE_LIMITS, LimitRule>;

export function scaleLimits(limits: RateLimits, multiplier: number): RateLimits {
  if (multiplier === 1) return limits;
  return Object.fromEntries(
    Object.entries(limits).map(([k, r]) => [k, { ...r, limit: r.limit * multiplier }]),
  ) as RateLimits;
}

interface Bucket {
  count: number;
  resetAt: number;
}

const MAX_KEYS = 100_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  constructor(
    private readonly clock: Clock,
    readonly rules: RateLimits = RATE_LIMITS,
  ) {}

  /** Counts one attempt; throws 429 with Retry-After once the window is used up. */
  hit(key: string, rule: LimitRule): void {
    const now = this.clock.now().getTime();
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      if (this.buckets.size >= MAX_KEYS) this.sweep(now);
      bucket = { count: 0, resetAt: now + rule.windowSeconds * 1000 };
      this.buckets.set(key, bucket);
    }
    bucket.count += 1;
    if (bucket.count > rule.limit) {
      throw new AppError("TOO_MANY_REQUESTS", MESSAGES.tooManyRequests, {
        retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)),
      });
    }
  }

  /** Throws 429 if the key is already over its limit, without counting. */
  check(key: string, rule: LimitRule): void {
    const now = this.clock.now().getTime();
    const bucket = this.buckets.get(key);
    if (bucket && bucket.resetAt > now && bucket.count >= rule.limit) {
      throw new AppError("TOO_MANY_REQUESTS", MESSAGES.tooManyRequests, {
        retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - now) / 1000)),
      });
    }
  }

  reset(key: string): void {
    this.buckets.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, b] of this.buckets) if (b.resetAt <= now) this.buckets.delete(k);
    if (this.buckets.size >= MAX_KEYS) this.buckets.clear();
  }
}
