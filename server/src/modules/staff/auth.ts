// Staff sign-in: the password (with the customers' rate limits and lock-out rules, in buckets
// of their own), then the second factor when the member has one, or its enrolment when
// production demands one; choosing a password from the one-time link; sign-out.

import { ADMIN_MESSAGES, type SetPasswordInput, type StaffSignInInput } from "@vela/shared/admin";
import { newDeviceCookie, readDeviceCookie } from "../../auth/device.ts";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "../../auth/password.ts";
import { hashToken } from "../../auth/tokens.ts";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";
import {
  decryptSecret,
  encryptSecret,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  recoveryCodeHash,
  totpUri,
} from "./second-factor.ts";
import {
  createStaffSession,
  destroyStaffSession,
  type StaffSessionInfo,
  type StaffStage,
} from "./session.ts";
import { voidSetupLinks } from "./tokens.ts";

export const STAFF_DEVICE_COOKIE = "vela_staff_device";

/**
 * The staff's device cookies are signed under a key of their own, so that a customer's device
 * cookie (same format, same SESSION_SECRET) never counts as a staff member's.
 */
export const staffDeviceSecret = (sessionSecret: string): string =>
  hashToken(sessionSecret, "staff-device-cookie");

/** Whether every member must have a second factor: in production, always. */
export const secondFactorRequired = (deps: Pick<Deps, "config">): boolean => deps.config.env === "production";

/** Where a sign-in stands after the password: the cookie's session is at this stage. */
export type SignInNext = "second-factor" | "enrol" | "done";

const NEXT_OF: Record<StaffStage, SignInNext> = {
  SECOND_FACTOR: "second-factor",
  ENROL: "enrol",
  FULL: "done",
};

const staffActor = (staff: { id: number; email: string }, ip: string | null): Actor => ({
  type: "staff",
  staffId: staff.id,
  email: staff.email,
  ip,
});

/**
 * The password step. An unknown email, a member without a password, a disabled member and a
 * wrong password get the same answer after the same work. A new session token every time; the
 * browser's earlier staff session ends.
 */
export async function signIn(
  deps: Deps,
  input: StaffSignInInput,
  ip: string,
  browser: { sessionToken?: string | undefined; deviceCookie?: string | undefined } = {},
): Promise<{ next: SignInNext; token: string; expiresAt: Date; deviceCookie: string }> {
  const { limiter } = deps;
  await limiter.hit(`staff-login:ip:${ip}`, limiter.rules.staffLoginIp);
  const deviceSecret = staffDeviceSecret(deps.config.sessionSecret);
  const device = readDeviceCookie(deviceSecret, browser.deviceCookie);
  const row = await deps.db.staff.findUnique({
    where: { email: input.email },
    select: { id: true, email: true, passwordHash: true, disabledAt: true, totpEnabledAt: true },
  });
  const known = device !== null && row !== null && device.customerId === row.id;
  const [failureKey, failureRule] = known
    ? [`staff-login:device:${device.id}`, limiter.rules.staffLoginDevice]
    : [`staff-login:account:${input.email}`, limiter.rules.staffLoginAccount];
  await limiter.check(failureKey, failureRule);
  const ok = row?.passwordHash
    ? await verifyPassword(row.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!row || !ok || row.disabledAt) {
    deps.metrics?.signInFailure("staff");
    await limiter.hit(failureKey, failureRule);
    throw new AppError("UNAUTHORIZED", ADMIN_MESSAGES.invalidCredentials);
  }
  await limiter.reset(failureKey);
  const stage: StaffStage = row.totpEnabledAt
    ? "SECOND_FACTOR"
    : secondFactorRequired(deps)
      ? "ENROL"
      : "FULL";
  const session = await deps.db.$transaction(async (tx) => {
    const created = await createStaffSession(deps, tx, row.id, stage);
    if (stage === "FULL") await signedIn(tx, deps, row, ip, "password");
    return created;
  });
  await destroyStaffSession(deps, browser.sessionToken);
  return {
    next: NEXT_OF[stage],
    ...session,
    deviceCookie:
      known && browser.deviceCookie ? browser.deviceCookie : newDeviceCookie(deviceSecret, row.id),
  };
}

async function signedIn(
  tx: Prisma.TransactionClient,
  deps: Pick<Deps, "clock">,
  staff: { id: number; email: string },
  ip: string,
  factors: "password" | "password+totp" | "password+recovery-code",
): Promise<void> {
  await tx.staff.update({ where: { id: staff.id }, data: { lastSignInAt: deps.clock.now() } });
  await record(tx, deps, staffActor(staff, ip), {
    kind: "staff.signed-in",
    entityType: "Staff",
    entityId: staff.id,
    after: { factors },
  });
}

/**
 * A code from the authenticator app, accepted once: its step must be later than the last one
 * accepted, and it is claimed with a conditional write, so of two requests with the same code
 * one wins. Null when the code is wrong or spent.
 */
async function spendTotp(
  deps: Pick<Deps, "db" | "clock" | "config">,
  staffId: number,
  storedSecret: string | null,
  code: string,
): Promise<number | null> {
  const secret = storedSecret ? decryptSecret(deps.config.sessionSecret, storedSecret) : null;
  if (!secret) return null;
  const step = matchingStep(secret, code, deps.clock.now().getTime());
  if (step === null) return null;
  const { count } = await deps.db.staff.updateMany({
    where: { id: staffId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return count === 1 ? step : null;
}

/** Counts a wrong code against the member; over the limit, 429 until the window ends. */
async function wrongCode(deps: Deps, staffId: number): Promise<never> {
  await deps.limiter.hit(`staff-2fa:account:${staffId}`, deps.limiter.rules.staffSecondFactor);
  throw new AppError("BAD_REQUEST", ADMIN_MESSAGES.secondFactorWrong);
}

/**
 * The second step: a code from the app or one of the recovery codes. The waiting session ends
 * and a signed-in one (a new token) takes its place.
 */
export async function verifySecondFactor(
  deps: Deps,
  session: StaffSessionInfo,
  code: string,
  ip: string,
): Promise<{ token: string; expiresAt: Date }> {
  const staffId = session.staff.id;
  const failureKey = `staff-2fa:account:${staffId}`;
  await deps.limiter.check(failureKey, deps.limiter.rules.staffSecondFactor);
  const row = await deps.db.staff.findUniqueOrThrow({
    where: { id: staffId },
    select: { id: true, email: true, totpSecret: true },
  });
  let factor: "password+totp" | "password+recovery-code";
  if (/^\s*\d{6}\s*$/.test(code)) {
    if ((await spendTotp(deps, staffId, row.totpSecret, code.trim())) === null)
      return wrongCode(deps, staffId);
    factor = "password+totp";
  } else {
    const normal = normaliseRecoveryCode(code);
    const { count } = normal
      ? await deps.db.staffRecoveryCode.updateMany({
          where: {
            staffId,
            codeHash: recoveryCodeHash(deps.config.sessionSecret, staffId, normal),
            usedAt: null,
          },
          data: { usedAt: deps.clock.now() },
        })
      : { count: 0 };
    if (count !== 1) return wrongCode(deps, staffId);
    factor = "password+recovery-code";
  }
  await deps.limiter.reset(failureKey);
  return deps.db.$transaction(async (tx) => {
    await tx.staffSession.deleteMany({ where: { id: session.id } });
    const created = await createStaffSession(deps, tx, staffId, "FULL");
    await signedIn(tx, deps, row, ip, factor);
    if (factor === "password+recovery-code") {
      const left = await tx.staffRecoveryCode.count({ where: { staffId, usedAt: null } });
      await record(tx, deps, staffActor(row, ip), {
        kind: "staff.recovery-code-used",
        entityType: "Staff",
        entityId: staffId,
        after: { recoveryCodesLeft: left },
      });
    }
    return created;
  });
}

/**
 * Enrolment, first half: a new secret, kept aside (encrypted) until a code proves the app has
 * it. A member who already has a second factor asks the operator or an owner to reset it first.
 */
export async function startEnrolment(
  deps: Deps,
  session: StaffSessionInfo,
): Promise<{ otpauthUri: string; secret: string }> {
  const staffId = session.staff.id;
  const secret = newTotpSecret();
  const { count } = await deps.db.staff.updateMany({
    where: { id: staffId, totpEnabledAt: null },
    data: { totpPendingSecret: encryptSecret(deps.config.sessionSecret, secret) },
  });
  if (count !== 1) throw new AppError("CONFLICT", ADMIN_MESSAGES.alreadyEnrolled);
  return { otpauthUri: totpUri(secret, session.staff.email), secret };
}

/**
 * Enrolment, second half: a code from the app turns the pending secret into the member's second
 * factor, and ten recovery codes (shown this once) replace any earlier ones. Every other session
 * of the member ends; this one continues as a signed-in session under a new token.
 */
export async function confirmEnrolment(
  deps: Deps,
  session: StaffSessionInfo,
  code: string,
  ip: string,
): Promise<{ recoveryCodes: string[]; token: string; expiresAt: Date }> {
  const staffId = session.staff.id;
  const failureKey = `staff-2fa:account:${staffId}`;
  await deps.limiter.check(failureKey, deps.limiter.rules.staffSecondFactor);
  const row = await deps.db.staff.findUniqueOrThrow({
    where: { id: staffId },
    select: { id: true, email: true, totpPendingSecret: true, totpEnabledAt: true },
  });
  if (row.totpEnabledAt) throw new AppError("CONFLICT", ADMIN_MESSAGES.alreadyEnrolled);
  const pending = row.totpPendingSecret;
  const secret = pending ? decryptSecret(deps.config.sessionSecret, pending) : null;
  if (!pending || !secret) throw new AppError("BAD_REQUEST", ADMIN_MESSAGES.enrolmentNotStarted);
  const step = matchingStep(secret, code, deps.clock.now().getTime());
  if (step === null) return wrongCode(deps, staffId);
  await deps.limiter.reset(failureKey);
  const codes = newRecoveryCodes();
  const now = deps.clock.now();
  const created = await deps.db.$transaction(async (tx) => {
    const { count } = await tx.staff.updateMany({
      where: { id: staffId, totpEnabledAt: null, totpPendingSecret: pending },
      data: { totpSecret: pending, totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step },
    });
    if (count !== 1) throw new AppError("CONFLICT", ADMIN_MESSAGES.alreadyEnrolled);
    await tx.staffRecoveryCode.deleteMany({ where: { staffId } });
    await tx.staffRecoveryCode.createMany({
      data: codes.map((c) => ({
        staffId,
        codeHash: recoveryCodeHash(deps.config.sessionSecret, staffId, c),
        createdAt: now,
      })),
    });
    await tx.staffSession.deleteMany({ where: { staffId } });
    const next = await createStaffSession(deps, tx, staffId, "FULL");
    if (session.stage === "ENROL") await signedIn(tx, deps, row, ip, "password+totp");
    await record(tx, deps, staffActor(row, ip), {
      kind: "staff.second-factor-enabled",
      entityType: "Staff",
      entityId: staffId,
      before: { secondFactor: false },
      after: { secondFactor: true, recoveryCodes: codes.length },
    });
    return next;
  });
  return { recoveryCodes: codes, ...created };
}

/**
 * The one-time link's password. The link is spent with a conditional write in the transaction
 * that stores the password, so of two requests with one link exactly one sets its password;
 * every session of the member ends and their other links stop working. It signs no one in.
 */
export async function setPasswordFromLink(deps: Deps, input: SetPasswordInput, ip: string): Promise<void> {
  await deps.limiter.hit(`staff-setup:ip:${ip}`, deps.limiter.rules.staffSetupIp);
  const token = await deps.db.staffToken.findUnique({
    where: { tokenHash: hashToken(deps.config.sessionSecret, input.token) },
    select: {
      id: true,
      kind: true,
      expiresAt: true,
      usedAt: true,
      voidedAt: true,
      staff: { select: { id: true, email: true, disabledAt: true, passwordHash: true } },
    },
  });
  if (token?.kind !== "SET_PASSWORD" || token.usedAt || token.voidedAt || token.staff.disabledAt)
    throw new AppError("BAD_REQUEST", ADMIN_MESSAGES.setupLinkInvalid);
  if (token.expiresAt.getTime() <= deps.clock.now().getTime())
    throw new AppError("BAD_REQUEST", ADMIN_MESSAGES.setupLinkExpired);
  const passwordHash = await hashPassword(input.password);
  const staff = token.staff;
  await deps.db.$transaction(async (tx) => {
    const now = deps.clock.now();
    const { count } = await tx.staffToken.updateMany({
      where: { id: token.id, usedAt: null, voidedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (count !== 1) throw new AppError("BAD_REQUEST", ADMIN_MESSAGES.setupLinkInvalid);
    await tx.staff.update({ where: { id: staff.id }, data: { passwordHash, passwordChangedAt: now } });
    await voidSetupLinks(tx, deps, staff.id);
    await tx.staffSession.deleteMany({ where: { staffId: staff.id } });
    await record(tx, deps, staffActor(staff, ip), {
      kind: "staff.password-set",
      entityType: "Staff",
      entityId: staff.id,
      before: { passwordSet: staff.passwordHash !== null },
      after: { passwordSet: true },
    });
  });
}

export async function signOut(deps: Deps, sessionToken: string | undefined): Promise<void> {
  await destroyStaffSession(deps, sessionToken);
}
