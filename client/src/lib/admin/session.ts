// What an admin call's failure says about the member's session, and where the admin sends them.
import { TRPCClientError } from "@trpc/client";
import { ADMIN_MESSAGES } from "@vela/shared/admin";
import { httpStatus } from "../errors.ts";

export const ADMIN_HOME = "/admin";
export const ADMIN_SIGN_IN = "/admin/sign-in";
export const ADMIN_ENROL = "/admin/enrol";

function procedureOf(err: unknown): string | null {
  if (!(err instanceof TRPCClientError)) return null;
  const path = (err.data as { path?: unknown } | undefined)?.path;
  return typeof path === "string" ? path : null;
}

/**
 * A page's call answered 401: the staff session ended (idle, its 12 hours, signed out elsewhere,
 * disabled). The sign-in procedures' own 401s (a wrong password, a code still due) are not this.
 */
export function sessionEnded(err: unknown): boolean {
  return httpStatus(err) === 401 && !procedureOf(err)?.startsWith("auth.");
}

/** A call refused until the member sets up their second factor (production, or theirs reset). */
export function enrolmentDue(err: unknown): boolean {
  return (
    httpStatus(err) === 403 &&
    err instanceof TRPCClientError &&
    err.message === ADMIN_MESSAGES.enrolmentRequired
  );
}

/** Only a path inside the admin is a place to come back to after signing in. */
export function safeAdminNext(next: string | null | undefined): string {
  if (!next?.startsWith("/admin")) return ADMIN_HOME;
  const path = next.split(/[?#]/)[0] ?? "";
  if (path !== "/admin" && !path.startsWith("/admin/")) return ADMIN_HOME;
  if (path === ADMIN_SIGN_IN || path.startsWith("/admin/trpc")) return ADMIN_HOME;
  return next;
}

/** The sign-in page, to come back to `next` after (and say the session ended, when it did). */
export function signInHref(next: string, expired = false): string {
  const params = new URLSearchParams();
  const back = safeAdminNext(next);
  if (back !== ADMIN_HOME) params.set("next", back);
  if (expired) params.set("expired", "1");
  const query = params.toString();
  return query ? `${ADMIN_SIGN_IN}?${query}` : ADMIN_SIGN_IN;
}
