// pino options: no password, token, cookie, reset-link token, account-offer key or card field ever
// reaches a log line. One line per request at `info` (OneLinePerRequest), JSON, or readable through
// pino-pretty in development.
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";
import { stdSerializers } from "pino";
import type { Config } from "./config.ts";

/**
 * Names that mark a secret, as a query parameter's name (token, resetToken, newPassword, key,
 * card[number], cvc...) or a JSON key in a tRPC input: one-time tokens, passwords, the account
 * offer's key, an idempotency key, and every field of a card.
 */
const SECRET_NAME = /token|passw|secret|key|card|cvc|cvv|expiry/i;
/** A JSON key (of a tRPC input, batched or not) whose name marks a secret. */
const SECRET_JSON_KEY = /"[^"]*(?:token|passw|secret|key|card|cvc|cvv|expiry)[^"]*"\s*:/i;
/** 13 to 19 digits, single spaces or dashes between them allowed: the shape of a card number. */
const DIGIT_RUN = /\d(?:[ -]?\d){12,18}/g;

/** A query string's part decoded (`+` is a space there), or undefined when it cannot be. */
function decoded(value: string): string | undefined {
  const text = value.includes("+") ? value.replace(/\+/g, " ") : value;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/** Whether the digits pass the Luhn check every card number carries. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Whether the text holds what looks like a card number, whatever field it came in. */
function holdsCardNumber(text: string): boolean {
  for (const run of text.matchAll(DIGIT_RUN)) if (luhn(run[0].replace(/[ -]/g, ""))) return true;
  return false;
}

/**
 * Whether a query value must not be logged: JSON (a tRPC input) with a key that marks a secret, or
 * with a \u escape (which could spell such a key); a card number in any field; or, when it cannot
 * be decoded, any mention of a secret.
 */
function holdsSecret(raw: string): boolean {
  const value = decoded(raw);
  if (value === undefined) return SECRET_NAME.test(raw) || holdsCardNumber(raw);
  if (value.includes('"') && (SECRET_JSON_KEY.test(value) || value.includes("\\u"))) return true;
  return value.length >= 13 && holdsCardNumber(value);
}

/** `name=value&...` with the value of each secret parameter replaced; the text itself when none is. */
function redactParams(text: string): string {
  let out: string[] | undefined;
  const parts = text.split("&");
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const eq = part.indexOf("=");
    const name = eq === -1 ? "" : (decoded(part.slice(0, eq)) ?? part.slice(0, eq));
    if (!SECRET_NAME.test(name) && !holdsSecret(eq === -1 ? part : part.slice(eq + 1))) continue;
    out ??= parts.slice();
    out[i] = eq === -1 ? "[redacted]" : `${part.slice(0, eq)}=[redacted]`;
  }
  return out ? out.join("&") : text;
}

/**
 * A URL as it may be logged: the value of every query parameter that holds a secret is
 * `[redacted]`: by its name (token, password, key, card fields), by a tRPC input's JSON keys
 * (batched inputs too), or by a card number in any value. The fragment is treated the same way.
 * A URL without a query is returned as it is.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  const hash = url.indexOf("#");
  if (q === -1 && hash === -1) return url;
  const queryStart = q !== -1 && (hash === -1 || q < hash) ? q : -1;
  const queryEnd = hash !== -1 && hash > queryStart ? hash : url.length;
  const head = queryStart === -1 ? url.slice(0, queryEnd) : url.slice(0, queryStart + 1);
  const query = queryStart === -1 ? "" : redactParams(url.slice(queryStart + 1, queryEnd));
  const fragment = queryEnd === url.length ? "" : `#${redactParams(url.slice(queryEnd + 1))}`;
  return `${head}${query}${fragment}`;
}

/** `name=value` pairs in free text (an error's message) whose name marks a secret. */
const SECRET_PAIR =
  /([^\s?&#=;,"'<>]*(?:token|passw|secret|key|card|cvc|cvv)[^\s?&#=;,"'<>]*=)[^\s&#;,"'<>]*/gi;

/** Free text (an error's message or stack) with secret pairs and card numbers taken out. */
function redactText(text: string): string {
  const pairs = text.replace(SECRET_PAIR, "$1[redacted]");
  return pairs.replace(DIGIT_RUN, (run) => (luhn(run.replace(/[ -]/g, "")) ? "[redacted]" : run));
}

/** pino's error serializer, with any URL secret or card number in the message or stack taken out. */
function errSerializer(err: Error): ReturnType<typeof stdSerializers.err> {
  const out = stdSerializers.err(err);
  // Anything thrown that is not an Error comes back as it was.
  if (typeof out?.message === "string") out.message = redactText(out.message);
  if (typeof out?.stack === "string") out.stack = redactText(out.stack);
  return out;
}

export function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.password",
        "*.newPassword",
        "*.currentPassword",
        "*.token",
        "*.resetToken",
        "*.activationToken",
        // A request's body is never logged; should one be, or a card reach a log object, its
        // card and the account offer's key do not.
        "*.body",
        "*.card",
        "*.cvc",
        "*.key",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; headers: Record<string, unknown> }) {
        return { method: req.method, url: redactUrl(req.url), ip: req.ip };
      },
      // Any line's `url` (a failed page render's, for one) as the request line's.
      url: (url: unknown) => (typeof url === "string" ? redactUrl(url) : url),
      err: errSerializer,
    },
  };
}

/** Readable log lines for a person at a terminal (LOG_FORMAT=pretty); pino-pretty is loaded only then. */
export async function prettyStream(): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import("pino-pretty");
  return pretty({ colorize: true, sync: true, translateTime: "HH:MM:ss.l", ignore: "pid,hostname" });
}

/**
 * One line per request, written when the answer has gone: method, URL (secrets redacted), client
 * address, status and time. Fastify's own controller writes two (one on arrival, one with the
 * answer); the arrival line told nothing the completion line does not, and cost as much.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime }, "request errored");
    else reply.log.info({ req: request, res: reply, responseTime }, "request completed");
  }
}
