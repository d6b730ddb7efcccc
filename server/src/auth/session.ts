// Sessions: a 256-bit random token in an HttpOnly, SameSite=Lax cookie; only its HMAC
// is stored. Lifetimes: idle and absolute (config.sessionIdleSeconds/AbsoluteSeconds),
// see docs/sessions-and-tokens.md.
import { type Prisma, twinFor } from "../db/client.ts";
import { readJson } from "../db/direct.ts";
import type { Deps } from "../deps.ts";
import { hashToken, newToken } from "./tokens.ts";

export const SESSION_COOKIE = "vela_session";

/** lastSeenAt is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface SessionInfo {
  id: number;
  customerId: number;
}

/** A new session (a new token) for the customer; `db` is a transaction's client when the caller has one. */
export async function createSession(
  deps: Deps,
  customerId: number,
  db: Pick<Prisma.TransactionClient, "session"> = deps.db,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + deps.config.sessionAbsoluteSeconds * 1000);
  await db.session.create({
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

/** A session's row as the session statements read it: id, customer, and its two times in ms. */
export type SessionTuple = [id: number, customerId: number, lastSeenAtMs: number, expiresAtMs: number];

/** The columns of SessionTuple, for the statements that read a session with more (account's profile). */
export const SESSION_COLUMNS = {
  sqlite: `s."id", s."customerId", CAST(round(unixepoch(s."lastSeenAt", 'subsec') * 1000) AS INTEGER),
    CAST(round(unixepoch(s."expiresAt", 'subsec') * 1000) AS INTEGER)`,
  postgresql: `s."id", s."customerId", round(extract(epoch FROM s."lastSeenAt") * 1000)::bigint,
    round(extract(epoch FROM s."expiresAt") * 1000)::bigint`,
} as const;

/**
 * The session of a token's HMAC, read on every signed-in request: a prepared statement of our own
 * (db/direct.ts) rather than a Prisma call, whose fixed cost was most of a small answer's CPU.
 */
export const SESSION_BY_HASH = {
  sqlite: `SELECT json_array(${SESSION_COLUMNS.sqlite}) FROM "Session" s WHERE s."tokenHash" = ?`,
  postgresql: `SELECT json_build_array(${SESSION_COLUMNS.postgresql})::text FROM "Session" s WHERE s."tokenHash" = $1`,
} as const;

/** The HMAC a session is stored under, or null for a cookie no session can have. */
export function sessionHashOf(deps: Deps, token: string | undefined): string | null {
  if (!token || token.length > 100) return null;
  return hashToken(deps.config.sessionSecret, token);
}

/**
 * The session rules on a row just read: past its absolute end or idle for too long, it is deleted
 * and counts as none; otherwise lastSeenAt is written when TOUCH_INTERVAL_MS has passed since.
 */
export async function checkSession(deps: Deps, row: SessionTuple): Promise<SessionInfo | null> {
  const [id, customerId, lastSeenAt, expiresAt] = row;
  const now = deps.clock.now().getTime();
  const idleEnd = lastSeenAt + deps.config.sessionIdleSeconds * 1000;
  if (expiresAt <= now || idleEnd <= now) {
    await deps.db.session.deleteMany({ where: { id } });
    return null;
  }
  if (now - lastSeenAt > TOUCH_INTERVAL_MS) {
    await deps.db.session.updateMany({ where: { id }, data: { lastSeenAt: new Date(now) } });
  }
  return { id, customerId };
}

export async function resolveSession(deps: Deps, token: string | undefined): Promise<SessionInfo | null> {
  const hash = sessionHashOf(deps, token);
  if (!hash) return null;
  const row = await readJson<SessionTuple>(deps.db, twinFor(deps.db, SESSION_BY_HASH), [hash]);
  return row ? checkSession(deps, row) : null;
}

export async function destroySession(deps: Deps, token: string | undefined): Promise<void> {
  if (!token || token.length > 100) return;
  await deps.db.session.deleteMany({ where: { tokenHash: hashToken(deps.config.sessionSecret, token) } });
}
