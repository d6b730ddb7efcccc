// The only place that reads process.env. Every setting has a working default so that
// `npm start` runs on a laptop with nothing configured.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The repository root, for data/, prisma/ and client/dist. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .default("file:./data/store.db")
    .refine((v) => /^(file:|postgres(ql)?:\/\/)/.test(v), {
      message: "DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)",
    }),
  /** PostgreSQL: connections this process keeps open at most; SQLite always has one. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1_000).default(10),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Vela Store <no-reply@vela.test>"),
  SESSION_SECRET: z.string().min(32).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * `pretty`: readable lines (pino-pretty) for a person at a terminal; `json`: one JSON object a
   * line, for log collectors. Unset: pretty in development when stdout is a terminal, else JSON.
   * Production always logs JSON.
   */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  CLIENT_DIST: z.string().optional(),
  /**
   * The development mailbox shows every outgoing mail, links included, to whoever can reach the
   * server. Unset: served only while the server listens on a loopback address. `on`: served on
   * any address (a trusted network). `off`: never. Production never serves it.
   */
  DEV_MAILBOX: z.enum(["on", "off"]).optional(),
  /** Multiplies every rate limit; the end-to-end suite signs in hundreds of times from one IP. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(10_000).default(1),
  /**
   * Where rate-limit counters live: `database` (the default; every instance on the database
   * counts together) or `memory` (this process only; one instance).
   */
  RATE_LIMIT_STORE: z.enum(["database", "memory"]).default("database"),
  /**
   * On SIGTERM, how long to keep serving (readiness 503, `Connection: close` on every answer)
   * before closing: long enough for a reverse proxy's health check to take the instance out.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
});

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  databaseUrl: string;
  /** PostgreSQL's pool size per process (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Key for HMAC of session and one-time tokens before they are stored. */
  sessionSecret: string;
  logLevel: string;
  /** How log lines are written (LOG_FORMAT); never `pretty` in production. */
  logFormat: "json" | "pretty";
  trustProxy: boolean;
  clientDist: string;
  /**
   * The development mailbox is served only when mail stays in the outbox, we are not in
   * production, and the server listens on a loopback address or DEV_MAILBOX=on says otherwise.
   */
  devMailbox: boolean;
  /** Session lifetimes, see docs/sessions-and-tokens.md. */
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  rateLimitMultiplier: number;
  rateLimitStore: "database" | "memory";
  shutdownDrainMs: number;
}

/** Whether HOST only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h) || h === "::ffff:127.0.0.1";
}

function resolveSqliteUrl(url: string): string {
  if (!url.startsWith("file:")) return url;
  const file = url.slice("file:".length);
  return `file:${path.isAbsolute(file) ? file : path.resolve(ROOT_DIR, file)}`;
}

/** SESSION_SECRET when given; otherwise one generated once and kept under data/. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ZEnv.parse(env);
  const databaseUrl = resolveSqliteUrl(parsed.DATABASE_URL);
  const port = parsed.PORT;
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
  const sessionSecret = parsed.SESSION_SECRET ?? loadOrCreateSecret(path.join(ROOT_DIR, "data"));
  const config: Config = {
    env: parsed.NODE_ENV,
    host: parsed.HOST,
    port,
    databaseUrl,
    databasePoolSize: parsed.DATABASE_POOL_SIZE,
    publicUrl,
    smtpUrl: parsed.SMTP_URL || undefined,
    mailFrom: parsed.MAIL_FROM,
    sessionSecret,
    logLevel: parsed.LOG_LEVEL,
    logFormat:
      parsed.NODE_ENV !== "production" &&
      (parsed.LOG_FORMAT === "pretty" ||
        (parsed.LOG_FORMAT === undefined &&
          parsed.NODE_ENV === "development" &&
          process.stdout.isTTY === true))
        ? "pretty"
        : "json",
    trustProxy: parsed.TRUST_PROXY,
    clientDist: parsed.CLIENT_DIST ?? path.join(ROOT_DIR, "client/dist"),
    devMailbox:
      parsed.NODE_ENV !== "production" &&
      !parsed.SMTP_URL &&
      parsed.DEV_MAILBOX !== "off" &&
      (parsed.DEV_MAILBOX === "on" || isLoopbackHost(parsed.HOST)),
    sessionIdleSeconds: 14 * 24 * 3600,
    sessionAbsoluteSeconds: 30 * 24 * 3600,
    rateLimitMultiplier: parsed.RATE_LIMIT_MULTIPLIER,
    rateLimitStore: parsed.RATE_LIMIT_STORE,
    shutdownDrainMs: parsed.SHUTDOWN_DRAIN_MS,
  };
  return { ...config, ...overrides };
}
