// The admin's tRPC instance: its own context (admin-context.ts) and a meta that names what
// each procedure needs. Every admin procedure is either a staff procedure, which names one
// permission (`staffProcedure("orders.read")`, kept in its meta and checked here from the
// meta), or one of the sign-in procedures (`signInProcedure.*`). A procedure whose meta names
// no permission is refused by the guard, never let through; a test walks the router to hold it.
import { initTRPC } from "@trpc/server";
import { ADMIN_MESSAGES, type Permission } from "@vela/shared/admin";
import { AppError, answerFailure, toAppError } from "../errors.ts";
import type { Actor } from "../modules/audit/service.ts";
import { secondFactorRequired } from "../modules/staff/auth.ts";
import type { StaffSessionInfo } from "../modules/staff/session.ts";
import type { AdminContext } from "./admin-context.ts";
import { formatError } from "./init.ts";

/**
 * `permission`: what a staff procedure needs. `signIn`: a sign-in procedure, and which session
 * it takes: none at all, one waiting for its second factor, or one that may enrol a second factor.
 */
export interface AdminMeta {
  permission?: Permission;
  signIn?: "anonymous" | "second-factor" | "enrolment";
}

const t = initTRPC.context<AdminContext>().meta<AdminMeta>().create({
  isDev: false,
  errorFormatter: formatError,
});

export const adminRouter = t.router;
export const createAdminCallerFactory = t.createCallerFactory;

/** As the shop's (init.ts): every failure leaves as an AppError, an unexpected one logged once. */
const errorMapping = t.middleware(async ({ ctx, next, path }) => {
  const result = await next();
  if (!result.ok && !(result.error instanceof AppError)) {
    const app = toAppError(result.error);
    if (app.code === "INTERNAL_SERVER_ERROR")
      answerFailure(result.error.cause ?? result.error, ctx.log, { path }, app);
    throw app;
  }
  return result;
});

const base = t.procedure.use(errorMapping);

const notSignedIn = () => new AppError("UNAUTHORIZED", ADMIN_MESSAGES.notSignedIn);

/** The session a staff procedure runs under, after every rule that stands between it and the work. */
async function signedInSession(ctx: AdminContext): Promise<StaffSessionInfo> {
  const session = await ctx.staffSession();
  if (!session) throw notSignedIn();
  if (session.stage === "SECOND_FACTOR")
    throw new AppError("UNAUTHORIZED", ADMIN_MESSAGES.secondFactorRequired);
  // In production a member without a second factor gets the enrolment procedures only, even
  // with a session from before the rule or before their second factor was reset.
  if (session.stage === "ENROL" || (secondFactorRequired(ctx) && !session.staff.secondFactor))
    throw new AppError("FORBIDDEN", ADMIN_MESSAGES.enrolmentRequired);
  return session;
}

export const actorOf = (ctx: AdminContext, session: StaffSessionInfo): Actor => ({
  type: "staff",
  staffId: session.staff.id,
  email: session.staff.email,
  ip: ctx.ip,
});

const permissionGuard = base.use(async ({ ctx, meta, next }) => {
  const permission = meta?.permission;
  const session = await signedInSession(ctx);
  if (!permission || !session.staff.permissions.includes(permission))
    throw new AppError("FORBIDDEN", ADMIN_MESSAGES.forbidden);
  return next({ ctx: { ...ctx, session, actor: actorOf(ctx, session) } });
});

/** A staff procedure: signed in with every factor the store asks for, and holding `permission`. */
export function staffProcedure(permission: Permission) {
  return permissionGuard.meta({ permission });
}

/** The sign-in procedures: the only admin procedures without a permission, each named in its meta. */
export const signInProcedure = {
  /** No session needed (sign-in, the password link, sign-out, who am I). */
  anonymous: base.meta({ signIn: "anonymous" }),
  /** The session between the password and the code. */
  secondFactor: base.meta({ signIn: "second-factor" }).use(async ({ ctx, next }) => {
    const session = await ctx.staffSession();
    if (session?.stage !== "SECOND_FACTOR") throw notSignedIn();
    return next({ ctx: { ...ctx, session } });
  }),
  /**
   * Setting up the authenticator: the session production gives a member without one (ENROL),
   * or a signed-in member without one (offered outside production).
   */
  enrolment: base.meta({ signIn: "enrolment" }).use(async ({ ctx, next }) => {
    const session = await ctx.staffSession();
    if (!session || session.stage === "SECOND_FACTOR") throw notSignedIn();
    if (session.staff.secondFactor) throw new AppError("CONFLICT", ADMIN_MESSAGES.alreadyEnrolled);
    return next({ ctx: { ...ctx, session } });
  }),
};
