// Fixed-window counters. Keys name what is limited: "login:ip:1.2.3.4",
// "login:account:demo@vela.test", "login:device:<id>". The account keys are what stops an
// attacker who changes IPs. The counters live in a store: in process memory, or in the
// database's RateLimitCounter table, which every server instance shares; createRateLimitStore
// chooses (docs/sessions-and-tokens.md#rate-limits).

import {
  CONTACT_RATE_LIMIT,
  MESSAGES,
  NEWSLETTER_RATE_LIMIT_EMAIL,
  NEWSLETTER_RATE_LIMIT_IP,
} from "@vela/shared";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { hashToken } from "./tokens.ts";

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
  /** Requests for an email from browsers without a device cookie for its account. */
  recoverAccount: { limit: 5, windowSeconds: 3600 },
  /** Requests from one browser that has signed in to the account of the email (device.ts). */
  recoverDevice: { limit: 5, windowSeconds: 3600 },
  resetIp: { limit: 20, windowSeconds: 900 },
  resetAccount: { limit: 10, windowSeconds: 900 },
  activateIp: { limit: 20, windowSeconds: 900 },
  activateAccount: { limit: 10, windowSeconds: 900 },
  /** Wrong current passwords (password change, email change) of one signed-in account. */
  currentPasswordAccount: { limit: 10, windowSeconds: 900 },
  /** The confirm and stop links of the email change. */
  emailChangeIp: { limit: 20, windowSeconds: 900 },
  /**
   * The admin's sign-in (modules/staff/auth.ts): the customers' numbers and rules, in buckets of
   * their own (per IP; failures per account, or per browser that signed in to it before).
   */
  staffLoginIp: { limit: 30, windowSeconds: 300 },
  staffLoginAccount: { limit: 10, windowSeconds: 900 },
  staffLoginDevice: { limit: 10, windowSeconds: 900 },
  /** Wrong second-factor codes (sign-in and enrolment) of one member of staff. */
  staffSecondFactor: { limit: 5, windowSeconds: 900 },
  /** The staff's one-time links to choose a password, per IP (as resetIp). */
  staffSetupIp: { limit: 20, windowSeconds: 900 },
  contactIp: CONTACT_RATE_LIMIT,
  newsletterIp: NEWSLETTER_RATE_LIMIT_IP,
  newsletterEmail: NEWSLETTER_RATE_LIMIT_EMAIL,
  /**
   * Order placements (checkout/service.ts), per client address, per email and per cart; a
   * declined card counts twice. Room for a shopper who mistypes a card a few times; none for a
   * script that tries card after card.
   */
  checkoutIp: { limit: 20, windowSeconds: 3600 },
  checkoutEmail: { limit: 10, windowSeconds: 3600 },
  checkoutCart: { limit: 8, windowSeconds: 3600 },
  /** New carts per client address: a browser makes one on its first Add to Cart. */
  cartCreateIp: { limit: 60, windowSeconds: 3600 },
  /**
   * Order lookup (modules/order-lookup): asks for a link to an order by number and email, per
   * client address and per typed email; and the mailed links followed, per client address.
   */
  orderLookupIp: { limit: 10, windowSeconds: 900 },
  orderLookupEmail: { limit: 5, windowSeconds: 3600 },
  orderAccessIp: { limit: 20, windowSeconds: 900 },
} satisfies Record<string, LimitRule>;

export type RateLimits = Record<keyof typeof RATE_LIMITS, LimitRule>;

export function scaleLimits(limits: RateLimits, multiplier: number): RateLimits {
  if (multiplier === 1) return limits;
  return Object.fromEntries(
    Object.entries(limits).map(([k, r]) => [k, { ...r, limit: r.limit * multiplier }]),
  ) as RateLimits;
}

/** One key's window: how many hits it has seen and when it ends (epoch ms). */
export interface Window {
  count: number;
  resetAt: number;
}

/** Where the counters live. Every operation on one key is atomic, whichever instance calls it. */
export interface RateLimitStore {
  /** Counts one hit: a window that has ended starts again at 1. */
  hit(key: string, windowSeconds: number, now: Date): Promise<Window>;
  /** The key's current window, or undefined when it has none (or it has ended). */
  peek(key: string, now: Date): Promise<Window | undefined>;
  reset(key: string): Promise<void>;
}

const MAX_KEYS = 100_000;

/** Counters in this process: enough for one instance. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();

  async hit(key: string, windowSeconds: number, now: Date): Promise<Window> {
    const t = now.getTime();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= t) {
      if (this.windows.size >= MAX_KEYS) this.sweep(t);
      w = { count: 0, resetAt: t + windowSeconds * 1000 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { ...w };
  }

  async peek(key: string, now: Date): Promise<Window | undefined> {
    const w = this.windows.get(key);
    return w && w.resetAt > now.getTime() ? { ...w } : undefined;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    if (this.windows.size >= MAX_KEYS) this.windows.clear();
  }
}

/** "login:ip:::1" is bucket "login:ip", key "::1": the rule's name, then what it counts. */
export function splitKey(key: string): { bucket: string; key: string } {
  const first = key.indexOf(":");
  const second = first < 0 ? -1 : key.indexOf(":", first + 1);
  if (second < 0) return { bucket: key, key: "" };
  return { bucket: key.slice(0, second), key: key.slice(second + 1) };
}

type CounterDb = Pick<Db, "$queryRaw" | "rateLimitCounter">;

/**
 * Counters in the RateLimitCounter table, shared by every instance on the database. What a
 * counter counts (an IP, an email, a device id) is stored as its HMAC under SESSION_SECRET,
 * which every instance shares: the table names no person, and a counter row is deleted once
 * its window has ended (sweep). A hit is
 * one statement, an upsert that starts an expired window again or counts one more and returns
 * the result: never a read and then a write, which two instances could interleave. The same
 * SQL runs on SQLite (3.35+, for RETURNING) and PostgreSQL; times are the app's clock, passed
 * as parameters, so tests with a manual clock see the windows end.
 */
export class DbRateLimitStore implements RateLimitStore {
  constructor(
    private readonly db: CounterDb,
    private readonly secret: string,
  ) {}

  /** The row's bucket and key: the rule's name as it is, what it counts as an HMAC. */
  private rowKey(full: string): { bucket: string; key: string } {
    const { bucket, key } = splitKey(full);
    return { bucket, key: hashToken(this.secret, key) };
  }

  async hit(full: string, windowSeconds: number, now: Date): Promise<Window> {
    const { bucket, key } = this.rowKey(full);
    const expiresAt = new Date(now.getTime() + windowSeconds * 1000);
    const rows = await this.db.$queryRaw<{ count: number | bigint; expiresAt: Date | string }[]>`
      INSERT INTO "RateLimitCounter" ("bucket", "key", "count", "expiresAt")
      VALUES (${bucket}, ${key}, 1, ${expiresAt})
      ON CONFLICT ("bucket", "key") DO UPDATE SET
        "count" = CASE WHEN "RateLimitCounter"."expiresAt" <= ${now} THEN 1
                       ELSE "RateLimitCounter"."count" + 1 END,
        "expiresAt" = CASE WHEN "RateLimitCounter"."expiresAt" <= ${now} THEN excluded."expiresAt"
                           ELSE "RateLimitCounter"."expiresAt" END
      RETURNING "count", "expiresAt"`;
    const row = rows[0];
    if (!row) throw new Error("the rate-limit upsert returned no row");
    return { count: Number(row.count), resetAt: new Date(row.expiresAt).getTime() };
  }

  async peek(full: string, now: Date): Promise<Window | undefined> {
    const row = await this.db.rateLimitCounter.findUnique({
      where: { bucket_key: this.rowKey(full) },
      select: { count: true, expiresAt: true },
    });
    if (!row || row.expiresAt.getTime() <= now.getTime()) return undefined;
    return { count: row.count, resetAt: row.expiresAt.getTime() };
  }

  async reset(full: string): Promise<void> {
    await this.db.rateLimitCounter.deleteMany({ where: this.rowKey(full) });
  }

  /** Deletes windows that ended before `now`; they count for nothing. */
  async sweep(now: Date): Promise<number> {
    const { count } = await this.db.rateLimitCounter.deleteMany({ where: { expiresAt: { lte: now } } });
    return count;
  }
}

export type RateLimitStoreKind = "memory" | "database";

/**
 * The one place that decides where counters live: RATE_LIMIT_STORE when it is set, otherwise
 * the database (config.ts), so that several instances on one database count together.
 */
export function createRateLimitStore(
  kind: RateLimitStoreKind,
  db: CounterDb,
  secret: string,
): RateLimitStore {
  return kind === "memory" ? new MemoryRateLimitStore() : new DbRateLimitStore(db, secret);
}

export class RateLimiter {
  constructor(
    private readonly clock: Clock,
    readonly rules: RateLimits = RATE_LIMITS,
    readonly store: RateLimitStore = new MemoryRateLimitStore(),
    /** Told of each refusal, with the key refused (the metrics count them by the key's scope). */
    private readonly onRefused?: (key: string) => void,
  ) {}

  /**
   * Counts one attempt; throws 429 with Retry-After once the window is used up. `onTrip` runs
   * once per window: on the count that first goes over the limit.
   */
  async hit(key: string, rule: LimitRule, onTrip?: () => void): Promise<void> {
    const now = this.clock.now();
    const w = await this.store.hit(key, rule.windowSeconds, now);
    if (w.count === rule.limit + 1) onTrip?.();
    if (w.count > rule.limit) {
      this.onRefused?.(key);
      throw tooMany(w, now);
    }
  }

  /**
   * Counts one more against the key without refusing anything now: an attempt that failed in a
   * way that should cost more (a declined card). The next `hit` sees it.
   */
  async penalize(key: string, rule: LimitRule, onTrip?: () => void): Promise<void> {
    const w = await this.store.hit(key, rule.windowSeconds, this.clock.now());
    if (w.count === rule.limit + 1) onTrip?.();
  }

  /** Throws 429 if the key is already over its limit, without counting. */
  async check(key: string, rule: LimitRule): Promise<void> {
    const now = this.clock.now();
    const w = await this.store.peek(key, now);
    if (w && w.count >= rule.limit) {
      this.onRefused?.(key);
      throw tooMany(w, now);
    }
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(key);
  }
}

function tooMany(w: Window, now: Date): AppError {
  return new AppError("TOO_MANY_REQUESTS", MESSAGES.tooManyRequests, {
    retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - now.getTime()) / 1000)),
  });
}
