// Sessions: a 256-bit random token in an HttpOnly, SameSite=Lax cookie; only its HMAC
// is stored. Lifetimes: idle and absolute (config.sessionIdleSeconds/AbsoluteSeconds),
// see docs/sessions-and-tokens.md.
import type { Deps } from "../deps.ts";
import { hashToken, newToken } from "./tokens.ts";

export const SESSION_COOKIE = "vela_session";

/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionInfo {
  id: number;
  customerId: number;
}

export async function createSession(
  deps: Deps,
  customerId: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.sessionAbsoluteSeconds * 1000);
  await deps.db.session.create({
    data: {
      tokenHash: hashToken(deps.config.sessionSecret, token),
      customerId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    },
  });
  return { token, expiresAt };
}

export async function resolveSession(deps: Deps, token: string | undefined): Promise<SessionInfo | null> {
  if (!token || token.length > 100) return null;
  const row = await deps.db.session.findUnique({
    where: { tokenHash: hashToken(deps.config.sessionSecret, token) },
    select: { id: true, customerId: true, lastSeenAt: true, expiresAt: true },
  });
  if (!row) return null;
  const now = deps.clock.now().getTime();
  const idleEnd = row.lastSeenAt.getTime() + deps.config.sessionIdleSeconds * 1000;
  if (row.expiresAt.getTime() <= now || idleEnd <= now) {
    await deps.db.session.deleteMany({ where: { id: row.id } });
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await deps.db.session.updateMany({ where: { id: row.id }, data: { lastSeenAt: new Date(now) } });
  }
  return { id: row.id, customerId: row.customerId };
}

export async function destroySession(deps: Deps, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  await deps.db.session.deleteMany({ where: { tokenHash: hashToken(deps.config.sessionSecret, token) } });
}
