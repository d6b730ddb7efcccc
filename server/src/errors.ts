// Domain errors, mapped once: services throw AppError; the tRPC error formatter and the
// REST adapters turn the code into a status. Nothing else (stack, SQL, Prisma text) leaves.
import { TRPCError } from "@trpc/server";
import { MESSAGES } from "@vela/shared";
import { ZodError } from "zod";
import { isDatabaseBusy, isDatabaseFull } from "./db/errors.ts";

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
  constructor(
    code: AppErrorCode,
    message: string,
    opts: { retryAfterSeconds?: number; issues?: FieldIssue[] } = {},
  ) {
    super({ code, message });
    this.name = "AppError";
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.issues = opts.issues;
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

/** Any thrown value to an AppError; unknown failures become a generic 500 text. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof TRPCError) {
    if (err.cause instanceof ZodError) return toAppError(err.cause);
    if (err.cause && err.code === "INTERNAL_SERVER_ERROR") return toAppError(err.cause);
    if (err.code in HTTP_STATUS && err.code !== "INTERNAL_SERVER_ERROR") {
      return new AppError(err.code as AppErrorCode, err.message);
    }
    if (err.code === "METHOD_NOT_SUPPORTED") return new AppError("NOT_FOUND", "Not found");
    if (err.code === "PARSE_ERROR") return new AppError("BAD_REQUEST", "The request body is not valid JSON");
    if (err.code !== "INTERNAL_SERVER_ERROR") return new AppError("BAD_REQUEST", err.message);
  }
  if (err instanceof ZodError)
    return new AppError("BAD_REQUEST", zodMessage(err), { issues: zodIssues(err) });
  const message =
    err instanceof Error ? `${err.message} ${(err as { code?: string }).code ?? ""}` : String(err);
  const code = (err as { code?: string } | null)?.code;
  if (code === "P2002") return new AppError("CONFLICT", "This record already exists");
  if (code === "P2025") return new AppError("NOT_FOUND", "Not found");
  if (isDatabaseFull(message))
    return new AppError("SERVICE_UNAVAILABLE", MESSAGES.busy, { retryAfterSeconds: 30 });
  if (isDatabaseBusy(message))
    return new AppError("SERVICE_UNAVAILABLE", MESSAGES.busy, { retryAfterSeconds: 2 });
  return new AppError("INTERNAL_SERVER_ERROR", MESSAGES.internal);
}
