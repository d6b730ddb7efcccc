// pino options: no password, token, cookie or reset-link token ever reaches a log line. One line
// per request at `info` (OneLinePerRequest), JSON, or readable through pino-pretty in development.
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from "fastify";
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
