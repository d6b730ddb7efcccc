// Staff sessions: a 256-bit random token in their own cookie (vela_staff_session: HttpOnly,
// SameSite=Strict, Secure behind HTTPS, Path=/admin/trpc), only its HMAC stored, as for
// customers; shorter lives. A session has a stage: SECOND_FACTOR between the password and the
// code, ENROL when production demands a second factor the member has not set up, FULL after.
import type { Permission, Role } from "@vela/shared/admin";
import { permissionsOf } from "@vela/shared/admin";
import { hashToken, newToken } from "../../auth/tokens.ts";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";

export const STAFF_SESSION_COOKIE = "vela_staff_session";

export type StaffStage = "SECOND_FACTOR" | "ENROL" | "FULL";

/** A signed-in session ends after this long unused ... */
export const STAFF_SESSION_IDLE_SECONDS = 30 * 60;
/** ... and this long after sign-in, however busy. */
export const STAFF_SESSION_ABSOLUTE_SECONDS = 12 * 3600;
/** Between the right password and the code: time to open the app, not to walk away. */
export const SECOND_FACTOR_SESSION_SECONDS = 5 * 60;
/** A production member without a second factor has this long to set one up. */
export const ENROL_SESSION_SECONDS = 30 * 60;

/** lastSeenAt is written at most this often, so a busy admin does not write on every read. */
const TOUCH_INTERVAL_MS = 60 * 1000;

const ABSOLUTE_SECONDS: Record<StaffStage, number> = {
  SECOND_FACTOR: SECOND_FACTOR_SESSION_SECONDS,
  ENROL: ENROL_SESSION_SECONDS,
  FULL: STAFF_SESSION_ABSOLUTE_SECONDS,
};

export interface StaffSessionInfo {
  id: number;
  stage: StaffStage;
  staff: {
    id: number;
    email: string;
    role: string;
    permissions: readonly Permission[];
    secondFactor: boolean;
  };
}

type SessionDb = Pick<Prisma.TransactionClient, "staffSession">;

export async function createStaffSession(
  deps: Pick<Deps, "clock" | "config">,
  db: SessionDb,
  staffId: number,
  stage: StaffStage,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + ABSOLUTE_SECONDS[stage] * 1000);
  await db.staffSession.create({
    data: {
      tokenHash: hashToken(deps.config.sessionSecret, token),
      staffId,
      stage,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    },
  });
  return { token, expiresAt };
}

export function staffSessionHash(deps: Pick<Deps, "config">, token: string | undefined): string | null {
  if (!token || token.length > 100) return null;
  return hashToken(deps.config.sessionSecret, token);
}

/**
 * The session of a cookie, or null: an unknown token, a session past its absolute end or idle
 * too long (deleted on the spot), or one of a member who was disabled. The member's role is read
 * with it, so a role change holds from the next request on.
 */
export async function resolveStaffSession(
  deps: Pick<Deps, "db" | "clock" | "config">,
  token: string | undefined,
): Promise<StaffSessionInfo | null> {
  const tokenHash = staffSessionHash(deps, token);
  if (!tokenHash) return null;
  const row = await deps.db.staffSession.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      stage: true,
      lastSeenAt: true,
      expiresAt: true,
      staff: { select: { id: true, email: true, role: true, disabledAt: true, totpEnabledAt: true } },
    },
  });
  if (!row) return null;
  const now = deps.clock.now().getTime();
  const idleEnd = row.lastSeenAt.getTime() + STAFF_SESSION_IDLE_SECONDS * 1000;
  if (row.expiresAt.getTime() <= now || idleEnd <= now || row.staff.disabledAt) {
    await deps.db.staffSession.deleteMany({ where: { id: row.id } });
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await deps.db.staffSession.updateMany({ where: { id: row.id }, data: { lastSeenAt: new Date(now) } });
  }
  return {
    id: row.id,
    stage: row.stage as StaffStage,
    staff: {
      id: row.staff.id,
      email: row.staff.email,
      role: row.staff.role,
      permissions: permissionsOf(row.staff.role),
      secondFactor: row.staff.totpEnabledAt !== null,
    },
  };
}

export async function destroyStaffSession(
  deps: Pick<Deps, "db" | "config">,
  token: string | undefined,
): Promise<void> {
  const tokenHash = staffSessionHash(deps, token);
  if (tokenHash) await deps.db.staffSession.deleteMany({ where: { tokenHash } });
}

/** What the admin client is told about the signed-in member. */
export interface StaffMe {
  id: number;
  email: string;
  role: Role | string;
  permissions: readonly Permission[];
  secondFactor: { enabled: boolean; required: boolean };
}

export function meOf(session: StaffSessionInfo, production: boolean): StaffMe {
  return {
    id: session.staff.id,
    email: session.staff.email,
    role: session.staff.role,
    permissions: session.staff.permissions,
    secondFactor: { enabled: session.staff.secondFactor, required: production },
  };
}
