// pino options: no password, token, cookie or reset-link token ever reaches a log line.
import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config.ts";

const SECRET_QUERY = /([?&](?:token|resetToken|activationToken|password)=)[^&#]*/gi;

/** Strips one-time tokens from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, "$1[redacted]");
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
