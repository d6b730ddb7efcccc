// Domain errors, mapped once: services throw AppError; errorAnswer turns it (or anything else
// thrown) into the status, headers and body every path answers with. Nothing else (stack, SQL,
// Prisma text) leaves.
import { TRPCError } from "@trpc/server";
import { MESSAGES } from "@vela/shared";
import { ZodError } from "zod";
import { isDatabaseBusy, isDatabaseFull, isDatabaseUnavailable, isValueRefused } from "./db/errors.ts";

export type AppErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE"
  | "INTERNAL_SERVER_ERROR";

export const HTTP_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
};

export interface FieldIssue {
  path: string;
  message: string;
}

/**
 * A TRPCError, so that tRPC answers with the right status without a translation layer;
 * the REST adapters read the same code.
 */
export class AppError extends TRPCError {
  declare readonly code: AppErrorCode;
  readonly retryAfterSeconds: number | undefined;
  readonly issues: FieldIssue[] | undefined;
  /**
   * Why a domain rule refused, as a code a screen translates (an order state machine's refusal,
   * `alreadyCancelled`), with the values its text names; the message is its English text.
   */
  readonly reason: string | undefined;
  readonly params: Record<string, string | number> | undefined;
  constructor(
    code: AppErrorCode,
    message: string,
    opts: {
      retryAfterSeconds?: number;
      issues?: FieldIssue[];
      reason?: string;
      params?: Record<string, string | number>;
    } = {},
  ) {
    super({ code, message });
    this.name = "AppError";
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.issues = opts.issues;
    this.reason = opts.reason;
    this.params = opts.params;
  }
}

export function zodIssues(err: ZodError): FieldIssue[] {
  return err.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

/** The first issue's text, prefixed by its field when the message does not name it. */
export function zodMessage(err: ZodError): string {
  const first = err.issues[0];
  if (!first) return "Invalid input";
  if (first.code === "unrecognized_keys") return `Unknown field: ${first.keys.join(", ")}`;
  const field = first.path.join(".");
  if (first.code === "invalid_type" && field) return `${field}: ${first.message}`;
  return first.message;
}

/**
 * The store's texts for requests it cannot read. None repeats any part of the request: a
 * parser's or router's own text does (JSON.parse quotes the input, the router the path).
 */
export const REQUEST_ERRORS = {
  notFound: "Not found",
  invalid: "The request is not valid",
  invalidJson: "The request is not valid JSON",
  tooLarge: "The request body is too large",
  uriTooLong: "The address is too long",
  headersTooLarge: "The request headers are too large",
  timeout: "The request took too long to arrive",
  metricsToken: "The metrics token is not valid",
} as const;

/**
 * tRPC's own errors (routing, parsing, batching) by code, with the store's texts. Services and
 * procedures throw AppErrors, so a TRPCError that is not one comes from the framework and its
 * message may quote the request.
 */
function fromFrameworkTrpcError(err: TRPCError): AppError {
  switch (err.code) {
    case "NOT_FOUND":
    case "METHOD_NOT_SUPPORTED":
      return new AppError("NOT_FOUND", REQUEST_ERRORS.notFound);
    case "PARSE_ERROR":
      return new AppError("BAD_REQUEST", REQUEST_ERRORS.invalidJson);
    case "BAD_REQUEST":
      return new AppError(
        "BAD_REQUEST",
        err.cause instanceof SyntaxError ? REQUEST_ERRORS.invalidJson : REQUEST_ERRORS.invalid,
      );
    case "PAYLOAD_TOO_LARGE":
      return new AppError("PAYLOAD_TOO_LARGE", REQUEST_ERRORS.tooLarge);
    case "UNSUPPORTED_MEDIA_TYPE":
      return new AppError("UNSUPPORTED_MEDIA_TYPE", MESSAGES.jsonRequired);
    case "UNAUTHORIZED":
      return new AppError("UNAUTHORIZED", MESSAGES.notSignedIn);
    case "TOO_MANY_REQUESTS":
      return new AppError("TOO_MANY_REQUESTS", MESSAGES.tooManyRequests);
    case "SERVICE_UNAVAILABLE":
      return new AppError("SERVICE_UNAVAILABLE", MESSAGES.busy, { retryAfterSeconds: 2 });
    case "FORBIDDEN":
    case "CONFLICT":
      return new AppError(err.code, REQUEST_ERRORS.invalid);
    default:
      return new AppError("BAD_REQUEST", REQUEST_ERRORS.invalid);
  }
}

/** Any thrown value to an AppError; unknown failures become a generic 500 text. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof TRPCError) {
    if (err.cause instanceof ZodError) return toAppError(err.cause);
    if (err.cause && err.code === "INTERNAL_SERVER_ERROR") return toAppError(err.cause);
    if (err.code !== "INTERNAL_SERVER_ERROR") return fromFrameworkTrpcError(err);
  }
  if (err instanceof ZodError)
    return new AppError("BAD_REQUEST", zodMessage(err), { issues: zodIssues(err) });
  const message =
    err instanceof Error ? `${err.message} ${(err as { code?: string }).code ?? ""}` : String(err);
  const code = (err as { code?: string } | null)?.code;
  if (code === "P2002") return new AppError("CONFLICT", "This record already exists");
  if (code === "P2025") return new AppError("NOT_FOUND", "Not found");
  if (isValueRefused(err)) return new AppError("BAD_REQUEST", REQUEST_ERRORS.invalid);
  if (isDatabaseFull(message))
    return new AppError("SERVICE_UNAVAILABLE", MESSAGES.busy, { retryAfterSeconds: 30 });
  if (isDatabaseBusy(message) || isDatabaseUnavailable(err))
    return new AppError("SERVICE_UNAVAILABLE", MESSAGES.busy, { retryAfterSeconds: 2 });
  return new AppError("INTERNAL_SERVER_ERROR", MESSAGES.internal);
}

/** The body of every error answer, REST and framework alike. */
export interface ErrorBody {
  message: string;
  /** The same text: the spec's REST clients read `error`, the store's client `message`. */
  error: string;
  issues?: FieldIssue[];
}

/** What the store answers: a status, its headers (Retry-After) and the `{message, error}` body. */
export interface ErrorAnswer {
  status: number;
  code: AppErrorCode;
  message: string;
  retryAfterSeconds?: number;
  issues?: FieldIssue[];
  /** A domain refusal's code and values (AppError.reason), for a screen to translate. */
  reason?: string;
  params?: Record<string, string | number>;
  headers: Record<string, string>;
  body: ErrorBody;
  /** A failure of ours rather than of the request, not logged yet: the caller logs it. */
  internal: boolean;
}

/** Fastify's own 4xx errors (body parser, body limit, router) by status, with the store's texts. */
const FRAMEWORK_4XX: Record<number, string> = {
  400: REQUEST_ERRORS.invalid,
  404: REQUEST_ERRORS.notFound,
  408: REQUEST_ERRORS.timeout,
  413: REQUEST_ERRORS.tooLarge,
  414: REQUEST_ERRORS.uriTooLong,
  415: MESSAGES.jsonRequired,
  431: REQUEST_ERRORS.headersTooLarge,
};

const CODE_OF_STATUS = Object.fromEntries(
  Object.entries(HTTP_STATUS).map(([code, status]) => [status, code as AppErrorCode]),
) as Record<number, AppErrorCode | undefined>;

/**
 * Failures already written to the log. A failure in a procedure called by a REST adapter passes
 * the procedure's middleware, the adapter and the error handler: it is logged at the first.
 */
const logged = new WeakSet<object>();

function answer(
  status: number,
  code: AppErrorCode,
  message: string,
  opts: {
    retryAfterSeconds?: number;
    issues?: FieldIssue[];
    reason?: string | undefined;
    params?: Record<string, string | number> | undefined;
    internal?: boolean;
  } = {},
): ErrorAnswer {
  const { retryAfterSeconds, issues, reason, params } = opts;
  return {
    status,
    code,
    message,
    ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    ...(issues ? { issues } : {}),
    ...(reason ? { reason, params: params ?? {} } : {}),
    headers: retryAfterSeconds ? { "retry-after": String(retryAfterSeconds) } : {},
    body: { message, error: message, ...(issues ? { issues } : {}) },
    internal: opts.internal ?? false,
  };
}

/**
 * The one mapping from anything thrown or reported while answering (a service's AppError, a
 * tRPC or Fastify error, a database failure, a bug) to the store's answer. The error handler,
 * the REST adapters, the tRPC error formatter, Fastify's framework errors and the
 * connection-level client errors all answer through it.
 */
export function errorAnswer(err: unknown): ErrorAnswer {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (!(err instanceof TRPCError) && typeof status === "number" && status >= 400 && status < 500) {
    const json =
      err instanceof SyntaxError || (err as { code?: unknown }).code === "FST_ERR_CTP_INVALID_JSON_BODY";
    const message = json ? REQUEST_ERRORS.invalidJson : (FRAMEWORK_4XX[status] ?? REQUEST_ERRORS.invalid);
    return answer(status, CODE_OF_STATUS[status] ?? "BAD_REQUEST", message);
  }
  const app = toAppError(err);
  return answer(HTTP_STATUS[app.code], app.code, app.message, {
    ...(app.retryAfterSeconds ? { retryAfterSeconds: app.retryAfterSeconds } : {}),
    ...(app.issues ? { issues: app.issues } : {}),
    ...(app.reason ? { reason: app.reason, params: app.params } : {}),
    internal:
      app.code === "INTERNAL_SERVER_ERROR" && !(typeof err === "object" && err !== null && logged.has(err)),
  });
}

/** The part of a pino logger the failure log needs. */
export interface FailureLog {
  error(obj: object, msg: string): void;
}

/**
 * errorAnswer, and the failure logged when it is ours and not logged yet. `mapped` is the
 * AppError that carries the failure on (a procedure's middleware throws one): it counts as
 * logged too, so every later layer answers without logging again.
 */
export function answerFailure(
  err: unknown,
  log: FailureLog,
  details: Record<string, unknown> = {},
  mapped?: AppError,
): ErrorAnswer {
  const found = errorAnswer(err);
  if (found.internal) {
    log.error({ err, ...details }, "request failed");
    if (typeof err === "object" && err !== null) logged.add(err);
  }
  if (mapped && found.code === "INTERNAL_SERVER_ERROR") logged.add(mapped);
  return found;
}
