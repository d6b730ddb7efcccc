// The admin endpoint's request context: the staff session (its own cookie, vela_staff_session)
// and nothing of the shop's. The customer's session cookie is never read here, so a customer
// session cannot reach a staff procedure; and the shop's context never reads the staff cookie.
import "@fastify/cookie";
import { ADMIN_TRPC_PATH } from "@vela/shared/admin";
import type { FastifyReply, FastifyRequest } from "fastify";
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from "../auth/device.ts";
import type { Deps } from "../deps.ts";
import { type MailLocale, requestLocale } from "../mail/locale.ts";
import { STAFF_DEVICE_COOKIE } from "../modules/staff/auth.ts";
import {
  resolveStaffSession,
  STAFF_SESSION_COOKIE,
  type StaffSessionInfo,
} from "../modules/staff/session.ts";

export interface AdminContext extends Deps {
  req: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  locale: MailLocale;
  staffToken: string | undefined;
  /** The signed cookie of a browser that has signed in to a staff account before. */
  staffDeviceCookie: string | undefined;
  /** Resolved on first use, then remembered for the request. */
  staffSession(): Promise<StaffSessionInfo | null>;
  setStaffCookie(token: string, expiresAt: Date): void;
  clearStaffCookie(): void;
  setStaffDeviceCookie(value: string): void;
}

export type AdminContextFactory = (req: FastifyRequest, reply: FastifyReply) => AdminContext;

/**
 * Both staff cookies are HttpOnly, SameSite=Strict (the admin is never entered from another
 * site with a session), Secure behind HTTPS, and sent only to the admin's endpoint.
 */
export function createAdminContextFactory(deps: Deps): AdminContextFactory {
  const secureCookie = deps.config.publicUrl.startsWith("https:");
  return (req, reply) => {
    const staffToken = req.cookies[STAFF_SESSION_COOKIE];
    const secure = secureCookie || req.protocol === "https";
    let memo: Promise<StaffSessionInfo | null> | undefined;
    return {
      ...deps,
      req,
      reply,
      ip: req.ip,
      locale: requestLocale(req.headers),
      staffToken,
      staffDeviceCookie: req.cookies[STAFF_DEVICE_COOKIE],
      staffSession: () => {
        memo ??= resolveStaffSession(deps, staffToken);
        return memo;
      },
      setStaffCookie(token, expiresAt) {
        reply.setCookie(STAFF_SESSION_COOKIE, token, {
          path: ADMIN_TRPC_PATH,
          httpOnly: true,
          sameSite: "strict",
          secure,
          expires: expiresAt,
        });
      },
      clearStaffCookie() {
        reply.clearCookie(STAFF_SESSION_COOKIE, {
          path: ADMIN_TRPC_PATH,
          httpOnly: true,
          sameSite: "strict",
          secure,
        });
      },
      setStaffDeviceCookie(value) {
        reply.setCookie(STAFF_DEVICE_COOKIE, value, {
          path: ADMIN_TRPC_PATH,
          httpOnly: true,
          sameSite: "strict",
          secure,
          maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
        });
      },
    };
  };
}
