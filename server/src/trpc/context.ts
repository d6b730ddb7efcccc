import "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from "../auth/device.ts";
import { resolveSession, SESSION_COOKIE, type SessionInfo } from "../auth/session.ts";
import type { Deps } from "../deps.ts";
import { type MailLocale, requestLocale } from "../mail/locale.ts";

export interface Context extends Deps {
  req: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  /** The language the request was made in (the `lang` cookie, else Accept-Language): its mails' language. */
  locale: MailLocale;
  sessionToken: string | undefined;
  /** The signed cookie of a browser that has signed in before (auth/device.ts). */
  deviceCookie: string | undefined;
  /** Resolved on first use, then remembered for the request. */
  session(): Promise<SessionInfo | null>;
  setSessionCookie(token: string, expiresAt: Date): void;
  clearSessionCookie(): void;
  /** Kept across sign-out: it says the browser signed in before, not that it is signed in. */
  setDeviceCookie(value: string): void;
}

export type ContextFactory = (req: FastifyRequest, reply: FastifyReply) => Context;

export function createContextFactory(deps: Deps): ContextFactory {
  const secureCookie = deps.config.publicUrl.startsWith("https:");
  return (req: FastifyRequest, reply: FastifyReply): Context => {
    const sessionToken = req.cookies[SESSION_COOKIE];
    let memo: Promise<SessionInfo | null> | undefined;
    return {
      ...deps,
      req,
      reply,
      ip: req.ip,
      locale: requestLocale(req.headers),
      sessionToken,
      deviceCookie: req.cookies[DEVICE_COOKIE],
      session: () => {
        memo ??= resolveSession(deps, sessionToken);
        return memo;
      },
      setSessionCookie(token, expiresAt) {
        reply.setCookie(SESSION_COOKIE, token, {
          path: "/",
          httpOnly: true,
          sameSite: "lax",
          secure: secureCookie || req.protocol === "https",
          expires: expiresAt,
        });
      },
      clearSessionCookie() {
        reply.clearCookie(SESSION_COOKIE, { path: "/" });
      },
      setDeviceCookie(value) {
        reply.setCookie(DEVICE_COOKIE, value, {
          path: "/",
          httpOnly: true,
          // Only ever needed on the store's own sign-in request.
          sameSite: "strict",
          secure: secureCookie || req.protocol === "https",
          maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
        });
      },
    };
  };
}
