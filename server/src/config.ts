// The only place that reads process.env. Every setting has a working default so that
// `npm start` runs on a laptop with nothing configured.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The repository root, for data/, prisma/ and client/dist. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The payment providers PAYMENT_PROVIDER may name (modules/checkout/provider-choice.ts chooses among them). */
export const PAYMENT_PROVIDERS = ["test", "stripe"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export type TrustProxy = false | number | string[];

/** An IPv4 or IPv6 address, optionally with a /prefix; or one of proxy-addr's named ranges. */
function isAddressOrRange(text: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(text)) return true;
  const [address = "", prefix, ...rest] = text.split("/");
  if (rest.length > 0) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY as Fastify takes it, or undefined when the text is none of the accepted forms. */
export function parseTrustProxy(text: string): TrustProxy | undefined {
  const v = text.trim().toLowerCase();
  if (v === "" || v === "false" || v === "0") return false;
  // `true` used to trust every address in the header, the client's own included: now one hop.
  if (v === "true") return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 32 ? hops : undefined;
  }
  const list = v
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
  return list.length > 0 && list.every(isAddressOrRange) ? list : undefined;
}

/**
 * TRUST_PROXY as Fastify's trustProxy. Fastify refuses a bare hop count (it trusts no one for a
 * number, since a count cannot tell the proxy from a client that reaches the store directly), so
 * a count becomes the function it stands for: the socket and the next hops - 1 addresses of
 * X-Forwarded-For (read from the right) are proxies, and the address before them is the client.
 */
export function trustProxyOption(
  t: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof t !== "number") return t;
  return (_address, hop) => hop < t;
}

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
  /**
   * The reverse proxies in front of the store, whose `X-Forwarded-For` is believed: how many
   * (`1`: one proxy, which appends or sets the client's address), or their addresses and CIDR
   * ranges (`10.0.0.0/8,127.0.0.1`). The client address is then the one the nearest trusted
   * proxy saw. `true` means one proxy; `false` or `0` (the default): none, the socket's address.
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed === undefined) {
        ctx.addIssue({
          code: "custom",
          message:
            "TRUST_PROXY must be the number of proxies in front of the store (1 behind one nginx), " +
            "a comma-separated list of their addresses or CIDR ranges, true (one proxy) or false",
        });
        return z.NEVER;
      }
      return parsed;
    }),
  /**
   * Who takes payments: `test`, the built-in test mode (the test cards of docs/checkout.md; nothing is
   * charged). Unset: `test` outside production; in production no provider, and checkout answers
   * 503 until one is configured.
   */
  PAYMENT_PROVIDER: z
    .enum(PAYMENT_PROVIDERS, {
      error:
        "PAYMENT_PROVIDER must be test (the built-in test mode) or stripe (real payments through Stripe)",
    })
    .optional(),
  /** Stripe's secret key (sk_test_…, sk_live_… or a restricted rk_… key); needed with PAYMENT_PROVIDER=stripe. */
  STRIPE_SECRET_KEY: z.string().optional(),
  /** Stripe's publishable key (pk_test_… or pk_live_…), handed to the checkout page. */
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** The signing secret of the store's webhook endpoint at Stripe (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Another address for Stripe's API (the tests' stand-in), e.g. http://127.0.0.1:12111; refused in production. */
  STRIPE_API_URL: z.string().optional(),
  /** The Stripe.js the checkout page loads (tests only); https://js.stripe.com/v3/ by default. */
  STRIPE_JS_URL: z.string().optional(),
  /** Where the operator is told of what needs a person (a payment dispute); none: the log only. */
  OPERATOR_EMAIL: z.string().email({ message: "OPERATOR_EMAIL must be an email address" }).optional(),
  CLIENT_DIST: z.string().optional(),
  /**
   * The development mailbox shows every outgoing mail, links included, to whoever can reach the
   * server. Unset: served only while the server listens on a loopback address. `on`: served on
   * any address (a trusted network). `off`: never. Production never serves it.
   */
  DEV_MAILBOX: z.enum(["on", "off"]).optional(),
  /** Swagger UI at /api/docs. Unset: served outside production only. The OpenAPI document is always served. */
  API_DOCS: z.enum(["on", "off"]).optional(),
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
  /**
   * Public pages the server renders at once, at most (docs/decisions/013-server-rendering.md);
   * more wait their turn, and readers of a page being rendered get its previous copy meanwhile.
   */
  PAGE_RENDERS: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * How often, at most, an instance reads the database's public-data version before answering a
   * page, to drop pages another instance's write made stale (http/page-sync.ts).
   */
  PAGE_SYNC_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Where uploaded pictures and the sizes made from them are kept (relative to the project's folder). */
  MEDIA_DIR: z.string().min(1).optional(),
  /** A bearer token that lets a scraper read /metrics from anywhere (docs/deploying.md, "Metrics"). */
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{32,256}$/, {
      message:
        "METRICS_TOKEN must be 32 to 256 characters of letters, digits and ._~+/=- (e.g. openssl rand -hex 32)",
    })
    .optional(),
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
  /** Fastify's trustProxy: false, the number of proxy hops, or the proxies' addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** The payment provider checkout uses; null in production when none is configured (503). */
  paymentProvider: PaymentProviderName | null;
  /** Stripe's keys and addresses when PAYMENT_PROVIDER=stripe, otherwise null. */
  stripe: StripeConfig | null;
  /** Where the operator is told of disputes (OPERATOR_EMAIL); null: the log only. */
  operatorEmail: string | null;
  clientDist: string;
  /**
   * The development mailbox is served only when mail stays in the outbox, we are not in
   * production, and the server listens on a loopback address or DEV_MAILBOX=on says otherwise.
   */
  devMailbox: boolean;
  /** Swagger UI at /api/docs: outside production, or where API_DOCS=on asks for it (API_DOCS=off: never). */
  apiDocs: boolean;
  /** Session lifetimes, see docs/sessions-and-tokens.md. */
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  rateLimitMultiplier: number;
  rateLimitStore: "database" | "memory";
  shutdownDrainMs: number;
  /** Public pages rendered at once, at most (PAGE_RENDERS). */
  pageRenders: number;
  /** At most how often the public-data version is read before a page (PAGE_SYNC_MS). */
  pageSyncMs: number;
  /** The bearer token of /metrics (METRICS_TOKEN); without it, only this machine reads them. */
  metricsToken?: string | undefined;
  /** The local media storage's root (MEDIA_DIR, data/media by default): uploaded pictures. */
  mediaDir: string;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL, parsed: the official client's host, port and protocol; null for Stripe itself. */
  api: { origin: string; host: string; port: number; protocol: "http" | "https" } | null;
  /** The Stripe.js the checkout page loads. */
  jsUrl: string;
}

/**
 * Stripe's settings, each checked with a message naming the variable and what it should look like;
 * every problem is told at once.
 */
export function stripeConfigOf(
  env: {
    STRIPE_SECRET_KEY?: string | undefined;
    STRIPE_PUBLISHABLE_KEY?: string | undefined;
    STRIPE_WEBHOOK_SECRET?: string | undefined;
    STRIPE_API_URL?: string | undefined;
    STRIPE_JS_URL?: string | undefined;
  },
  production: boolean,
): StripeConfig {
  const problems: string[] = [];
  const check = (name: string, value: string | undefined, pattern: RegExp, shape: string) => {
    if (!value)
      problems.push(`${name} is required with PAYMENT_PROVIDER=stripe (${shape}, from Stripe's dashboard)`);
    else if (!pattern.test(value)) problems.push(`${name} must look like ${shape}`);
    return value ?? "";
  };
  const secretKey = check(
    "STRIPE_SECRET_KEY",
    env.STRIPE_SECRET_KEY,
    /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/,
    "sk_test_…, sk_live_… or rk_live_…",
  );
  const publishableKey = check(
    "STRIPE_PUBLISHABLE_KEY",
    env.STRIPE_PUBLISHABLE_KEY,
    /^pk_(test|live)_[A-Za-z0-9]{8,}$/,
    "pk_test_… or pk_live_…",
  );
  const webhookSecret = check(
    "STRIPE_WEBHOOK_SECRET",
    env.STRIPE_WEBHOOK_SECRET,
    /^whsec_[A-Za-z0-9]{8,}$/,
    "whsec_…",
  );
  if (secretKey && publishableKey && /_(test|live)_/.test(secretKey)) {
    const mode = (k: string) => (k.includes("_live_") ? "live" : "test");
    if (mode(secretKey) !== mode(publishableKey))
      problems.push("STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys");
  }
  let api: StripeConfig["api"] = null;
  if (env.STRIPE_API_URL) {
    if (production) problems.push("STRIPE_API_URL is for tests only and is refused in production");
    let url: URL | null = null;
    try {
      url = new URL(env.STRIPE_API_URL);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
      problems.push("STRIPE_API_URL must be an http(s) URL, e.g. http://127.0.0.1:12111");
    else {
      const protocol = url.protocol === "http:" ? "http" : "https";
      api = {
        origin: url.origin,
        host: url.hostname,
        port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443,
        protocol,
      };
    }
  }
  const jsUrl = env.STRIPE_JS_URL ?? "https://js.stripe.com/v3/";
  if (env.STRIPE_JS_URL && production)
    problems.push("STRIPE_JS_URL is for tests only and is refused in production");
  if (!/^https?:\/\//.test(jsUrl)) problems.push("STRIPE_JS_URL must be an http(s) URL");
  if (problems.length > 0) throw new Error(problems.join("; "));
  return { secretKey, publishableKey, webhookSecret, api, jsUrl };
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
    paymentProvider: parsed.PAYMENT_PROVIDER ?? (parsed.NODE_ENV === "production" ? null : "test"),
    stripe:
      parsed.PAYMENT_PROVIDER === "stripe" ? stripeConfigOf(parsed, parsed.NODE_ENV === "production") : null,
    operatorEmail: parsed.OPERATOR_EMAIL ?? null,
    clientDist: parsed.CLIENT_DIST ?? path.join(ROOT_DIR, "client/dist"),
    devMailbox:
      parsed.NODE_ENV !== "production" &&
      !parsed.SMTP_URL &&
      parsed.DEV_MAILBOX !== "off" &&
      (parsed.DEV_MAILBOX === "on" || isLoopbackHost(parsed.HOST)),
    apiDocs: parsed.API_DOCS === "on" || (parsed.API_DOCS !== "off" && parsed.NODE_ENV !== "production"),
    sessionIdleSeconds: 14 * 24 * 3600,
    sessionAbsoluteSeconds: 30 * 24 * 3600,
    rateLimitMultiplier: parsed.RATE_LIMIT_MULTIPLIER,
    rateLimitStore: parsed.RATE_LIMIT_STORE,
    shutdownDrainMs: parsed.SHUTDOWN_DRAIN_MS,
    pageRenders: parsed.PAGE_RENDERS,
    pageSyncMs: parsed.PAGE_SYNC_MS,
    metricsToken: parsed.METRICS_TOKEN,
    mediaDir: path.resolve(ROOT_DIR, parsed.MEDIA_DIR ?? "data/media"),
  };
  return { ...config, ...overrides };
}
