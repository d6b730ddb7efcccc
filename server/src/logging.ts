// pino options: no password, token, cookie or reset-link token ever reaches a log line.
import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config.ts";

/** Any query parameter whose name holds "token" or "password" (token, resetToken, newPassword...). */
const SECRET_QUERY = /([?&][^=&#]*(?:token|password)[^=&#]*=)[^&#]*/gi;

/** A tRPC GET carries its input as JSON in `input=`; a misdirected mutation can put a password there. */
const TRPC_INPUT = /([?&]input=)([^&#]*)/gi;
const SECRET_KEY = /password|token/i;

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Strips one-time tokens (and tRPC inputs that name a secret) from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url
    .replace(SECRET_QUERY, "$1[redacted]")
    .replace(TRPC_INPUT, (all, key: string, value: string) =>
      SECRET_KEY.test(decoded(value)) ? `${key}[redacted]` : all,
    );
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
      ],
      censor: "[redacted]",
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; headers: Record<string, unknown> }) {
        return { method: req.method, url: redactUrl(req.url), ip: req.ip };
      },
    },
  };
}
