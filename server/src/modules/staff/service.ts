// Staff accounts: add, list, change role, disable and enable, hand out a new password link,
// take away a lost second factor. One service for the admin's staff procedures and the
// operator's `npm run staff`; every change writes its audit row in its own transaction.
import { ADMIN_MESSAGES, type Role } from "@vela/shared/admin";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";
import { issueSetupLink, voidSetupLinks } from "./tokens.ts";

/** A member as the staff list shows them: no secret, no hash. */
export interface StaffSummary {
  id: number;
  email: string;
  role: string;
  disabled: boolean;
  secondFactor: boolean;
  /** whether a password was ever chosen (else the setup link is still due) */
  passwordSet: boolean;
  lastSignInAt: string | null;
  createdAt: string;
}

const summarySelect = {
  id: true,
  email: true,
  role: true,
  disabledAt: true,
  totpEnabledAt: true,
  passwordHash: true,
  lastSignInAt: true,
  createdAt: true,
} satisfies Prisma.StaffSelect;

type SummaryRow = Prisma.StaffGetPayload<{ select: typeof summarySelect }>;

function toSummary(row: SummaryRow): StaffSummary {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabled: row.disabledAt !== null,
    secondFactor: row.totpEnabledAt !== null,
    passwordSet: row.passwordHash !== null,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A member named by id (the admin) or email (the command line). */
export type StaffRef = { id: number } | { email: string };

type Tx = Prisma.TransactionClient;

async function find(tx: Tx, ref: StaffRef): Promise<SummaryRow> {
  const row = await tx.staff.findUnique({
    where: "id" in ref ? { id: ref.id } : { email: ref.email },
    select: summarySelect,
  });
  if (!row) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.staffNotFound);
  return row;
}

/** Refuses a change that would leave the store without an active owner. */
async function keepAnOwner(tx: Tx, leaving: SummaryRow): Promise<void> {
  if (leaving.role !== "owner" || leaving.disabledAt) return;
  const others = await tx.staff.count({
    where: { role: "owner", disabledAt: null, id: { not: leaving.id } },
  });
  if (others === 0) throw new AppError("CONFLICT", ADMIN_MESSAGES.lastOwner);
}

export async function listStaff(deps: Pick<Deps, "db">): Promise<StaffSummary[]> {
  const rows = await deps.db.staff.findMany({ select: summarySelect, orderBy: { id: "asc" } });
  return rows.map(toSummary);
}

/** A new member without a password, and the one-time link to choose one (printed or shown once). */
export async function addStaff(
  deps: Deps,
  actor: Actor,
  input: { email: string; role: Role },
): Promise<{ staff: StaffSummary; setPasswordUrl: string; expiresAt: string }> {
  return deps.db.$transaction(async (tx) => {
    if (await tx.staff.findUnique({ where: { email: input.email }, select: { id: true } }))
      throw new AppError("CONFLICT", ADMIN_MESSAGES.staffExists);
    const now = deps.clock.now();
    const row = await tx.staff.create({
      data: { email: input.email, role: input.role, createdAt: now },
      select: summarySelect,
    });
    const link = await issueSetupLink(tx, deps, row.id);
    await record(tx, deps, actor, {
      kind: "staff.created",
      entityType: "Staff",
      entityId: row.id,
      after: { email: row.email, role: row.role },
    });
    return { staff: toSummary(row), setPasswordUrl: link.url, expiresAt: link.expiresAt.toISOString() };
  });
}

/** A role change holds from the member's next request (the session reads the role each time). */
export async function setRole(deps: Deps, actor: Actor, ref: StaffRef, role: Role): Promise<StaffSummary> {
  return deps.db.$transaction(async (tx) => {
    const row = await find(tx, ref);
    if (row.role === role) return toSummary(row);
    await keepAnOwner(tx, row);
    const updated = await tx.staff.update({ where: { id: row.id }, data: { role }, select: summarySelect });
    await record(tx, deps, actor, {
      kind: "staff.role-changed",
      entityType: "Staff",
      entityId: row.id,
      before: { role: row.role },
      after: { role },
    });
    return toSummary(updated);
  });
}

/** Ends every session of the member and voids their links; they cannot sign in until enabled. */
export async function disableStaff(deps: Deps, actor: Actor, ref: StaffRef): Promise<StaffSummary> {
  return deps.db.$transaction(async (tx) => {
    const row = await find(tx, ref);
    if (row.disabledAt) return toSummary(row);
    await keepAnOwner(tx, row);
    const updated = await tx.staff.update({
      where: { id: row.id },
      data: { disabledAt: deps.clock.now() },
      select: summarySelect,
    });
    const { count } = await tx.staffSession.deleteMany({ where: { staffId: row.id } });
    await voidSetupLinks(tx, deps, row.id);
    await record(tx, deps, actor, {
      kind: "staff.disabled",
      entityType: "Staff",
      entityId: row.id,
      before: { disabled: false },
      after: { disabled: true, sessionsEnded: count },
    });
    return toSummary(updated);
  });
}

export async function enableStaff(deps: Deps, actor: Actor, ref: StaffRef): Promise<StaffSummary> {
  return deps.db.$transaction(async (tx) => {
    const row = await find(tx, ref);
    if (!row.disabledAt) return toSummary(row);
    const updated = await tx.staff.update({
      where: { id: row.id },
      data: { disabledAt: null },
      select: summarySelect,
    });
    await record(tx, deps, actor, {
      kind: "staff.enabled",
      entityType: "Staff",
      entityId: row.id,
      before: { disabled: true },
      after: { disabled: false },
    });
    return toSummary(updated);
  });
}

/** A new link to choose a password (a forgotten one); earlier links stop working. */
export async function issuePasswordLink(
  deps: Deps,
  actor: Actor,
  ref: StaffRef,
): Promise<{ staff: StaffSummary; setPasswordUrl: string; expiresAt: string }> {
  return deps.db.$transaction(async (tx) => {
    const row = await find(tx, ref);
    if (row.disabledAt) throw new AppError("CONFLICT", ADMIN_MESSAGES.staffDisabled);
    const link = await issueSetupLink(tx, deps, row.id);
    await record(tx, deps, actor, {
      kind: "staff.password-link-issued",
      entityType: "Staff",
      entityId: row.id,
      after: { expiresAt: link.expiresAt.toISOString() },
    });
    return { staff: toSummary(row), setPasswordUrl: link.url, expiresAt: link.expiresAt.toISOString() };
  });
}

/**
 * For a member who lost both their authenticator and their recovery codes: the second factor
 * and the codes are removed and every session ends; they set a new one up at their next sign-in.
 */
export async function resetSecondFactor(deps: Deps, actor: Actor, ref: StaffRef): Promise<StaffSummary> {
  return deps.db.$transaction(async (tx) => {
    const row = await find(tx, ref);
    const updated = await tx.staff.update({
      where: { id: row.id },
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
      select: summarySelect,
    });
    await tx.staffRecoveryCode.deleteMany({ where: { staffId: row.id } });
    const { count } = await tx.staffSession.deleteMany({ where: { staffId: row.id } });
    await record(tx, deps, actor, {
      kind: "staff.second-factor-reset",
      entityType: "Staff",
      entityId: row.id,
      before: { secondFactor: row.totpEnabledAt !== null },
      after: { secondFactor: false, sessionsEnded: count },
    });
    return toSummary(updated);
  });
}
