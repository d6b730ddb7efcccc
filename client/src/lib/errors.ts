import { TRPCClientError } from "@trpc/client";
import type { AppRouter } from "./trpc.ts";

type ApiError = TRPCClientError<AppRouter>;

function asApiError(err: unknown): ApiError | null {
  return err instanceof TRPCClientError ? (err as ApiError) : null;
}

/** The server's error code ("UNAUTHORIZED", "NOT_FOUND"...), when the server answered. */
export function errorCode(err: unknown): string | null {
  return asApiError(err)?.data?.code ?? null;
}

export function httpStatus(err: unknown): number | null {
  return asApiError(err)?.data?.httpStatus ?? null;
}

export const isUnauthorized = (err: unknown): boolean =>
  errorCode(err) === "UNAUTHORIZED" || httpStatus(err) === 401;
export const isNotFound = (err: unknown): boolean =>
  errorCode(err) === "NOT_FOUND" || httpStatus(err) === 404;

/** True when the server answered with an error; false for a network failure or a bug here. */
export function serverAnswered(err: unknown): boolean {
  return asApiError(err)?.data != null;
}

/** The user-facing text the server sent with its error (spec 000 §8), if any. */
export function serverMessage(err: unknown): string | null {
  const api = asApiError(err);
  if (!api?.data) return null;
  const message = api.message.trim();
  return message ? message : null;
}

/** The fields the server's refusal names (`lines.0.quantity`, `reason`), each with its text. */
export function errorIssues(err: unknown): { path: string; message: string }[] {
  const issues = (asApiError(err)?.data as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues)
    ? issues.filter(
        (i): i is { path: string; message: string } =>
          typeof i?.path === "string" && typeof i?.message === "string",
      )
    : [];
}

/** Client errors (4xx) will not change on a retry; network and 5xx errors may. */
export function shouldRetry(failureCount: number, err: unknown): boolean {
  const status = httpStatus(err);
  if (status !== null && status < 500) return false;
  return failureCount < 2;
}
