// Deps for scripts that run outside the HTTP server (seed, CLI).
import pino from "pino";
import { RateLimiter } from "../auth/rate-limit.ts";
import { createBackground } from "../background.ts";
import { systemClock } from "../clock.ts";
import type { Config } from "../config.ts";
import { createDb } from "../db/client.ts";
import type { Deps } from "../deps.ts";
import { createMailer } from "../mail/mailer.ts";

export function standaloneDeps(config: Config): Deps {
  const log = pino({ level: "warn" });
  const db = createDb(config.databaseUrl, { poolSize: config.databasePoolSize, log });
  return {
    db,
    config,
    clock: systemClock,
    log,
    limiter: new RateLimiter(systemClock),
    mailer: createMailer({ db, clock: systemClock, log, smtpUrl: undefined, from: config.mailFrom }),
    background: createBackground(log),
  };
}
