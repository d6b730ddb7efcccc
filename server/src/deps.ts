import type { FastifyBaseLogger } from "fastify";
import type { RateLimiter } from "./auth/rate-limit.ts";
import type { Background } from "./background.ts";
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Metrics } from "./observability/metrics.ts";

/** What services need from the outside world, passed explicitly so tests can swap any part. */
export interface Deps {
  db: Db;
  config: Config;
  clock: Clock;
  log: FastifyBaseLogger;
  limiter: RateLimiter;
  mailer: Mailer;
  /** Work done after the answer (see background.ts). */
  background: Background;
  /** The figures /metrics serves; absent where a test builds its own deps. */
  metrics?: Metrics;
}
