// The admin's sign-in procedures (`auth.*`) and the staff list (`staff.*`, under staff.manage).
// Thin: the services (auth.ts, service.ts) hold the rules; the router sets and clears cookies.
import {
  ZSecondFactorInput,
  ZSetPasswordInput,
  ZStaffAddInput,
  ZStaffRefInput,
  ZStaffRoleInput,
  ZStaffSignInInput,
  ZTotpCodeInput,
} from "@vela/shared/admin";
import { adminRouter, signInProcedure, staffProcedure } from "../../trpc/admin-init.ts";
import * as auth from "./auth.ts";
import * as staff from "./service.ts";
import { meOf } from "./session.ts";

export const staffAuthRouter = adminRouter({
  /**
   * The password. `next` says what comes after: `second-factor` (the code), `enrol` (production:
   * set up the authenticator first) or `done`.
   */
  signIn: signInProcedure.anonymous.input(ZStaffSignInInput).mutation(async ({ ctx, input }) => {
    const result = await auth.signIn(ctx, input, ctx.ip, {
      sessionToken: ctx.staffToken,
      deviceCookie: ctx.staffDeviceCookie,
    });
    ctx.setStaffCookie(result.token, result.expiresAt);
    ctx.setStaffDeviceCookie(result.deviceCookie);
    return { next: result.next };
  }),

  /** A 6-digit code from the authenticator app, or a recovery code. */
  verifySecondFactor: signInProcedure.secondFactor
    .input(ZSecondFactorInput)
    .mutation(async ({ ctx, input }) => {
      const { token, expiresAt } = await auth.verifySecondFactor(ctx, ctx.session, input.code, ctx.ip);
      ctx.setStaffCookie(token, expiresAt);
      return { next: "done" as const };
    }),

  /** The secret for the authenticator app, as an otpauth:// URI (for a QR code) and as text. */
  startTotpEnrolment: signInProcedure.enrolment.mutation(({ ctx }) => auth.startEnrolment(ctx, ctx.session)),

  /** A code proves the app has the secret; the answer holds the ten recovery codes, shown this once. */
  confirmTotpEnrolment: signInProcedure.enrolment.input(ZTotpCodeInput).mutation(async ({ ctx, input }) => {
    const { recoveryCodes, token, expiresAt } = await auth.confirmEnrolment(
      ctx,
      ctx.session,
      input.code,
      ctx.ip,
    );
    ctx.setStaffCookie(token, expiresAt);
    return { recoveryCodes };
  }),

  /** The page `/admin/setup-password?token=...`: the one-time link's password. Signs no one in. */
  setPassword: signInProcedure.anonymous.input(ZSetPasswordInput).mutation(async ({ ctx, input }) => {
    await auth.setPasswordFromLink(ctx, input, ctx.ip);
    return { ok: true as const };
  }),

  signOut: signInProcedure.anonymous.mutation(async ({ ctx }) => {
    await auth.signOut(ctx, ctx.staffToken);
    ctx.clearStaffCookie();
    return { ok: true as const };
  }),

  /**
   * Where the browser stands: `signed-out`, `second-factor` (the code is due), `enrol` (a second
   * factor must be set up first) or `signed-in`; the member (email, role, permissions) from `enrol` on.
   */
  me: signInProcedure.anonymous.query(async ({ ctx }) => {
    const session = await ctx.staffSession();
    const production = auth.secondFactorRequired(ctx);
    if (!session) return { stage: "signed-out" as const, staff: null };
    if (session.stage === "SECOND_FACTOR") return { stage: "second-factor" as const, staff: null };
    const me = meOf(session, production);
    if (session.stage === "ENROL" || (production && !me.secondFactor.enabled))
      return { stage: "enrol" as const, staff: me };
    return { stage: "signed-in" as const, staff: me };
  }),
});

export const staffManagementRouter = adminRouter({
  list: staffProcedure("staff.manage").query(async ({ ctx }) => ({ staff: await staff.listStaff(ctx) })),

  /** The answer's `setPasswordUrl` is shown once, for the owner to hand to the new member. */
  add: staffProcedure("staff.manage")
    .input(ZStaffAddInput)
    .mutation(({ ctx, input }) => staff.addStaff(ctx, ctx.actor, input)),

  setRole: staffProcedure("staff.manage")
    .input(ZStaffRoleInput)
    .mutation(async ({ ctx, input }) => ({
      staff: await staff.setRole(ctx, ctx.actor, { id: input.staffId }, input.role),
    })),

  disable: staffProcedure("staff.manage")
    .input(ZStaffRefInput)
    .mutation(async ({ ctx, input }) => ({
      staff: await staff.disableStaff(ctx, ctx.actor, { id: input.staffId }),
    })),

  enable: staffProcedure("staff.manage")
    .input(ZStaffRefInput)
    .mutation(async ({ ctx, input }) => ({
      staff: await staff.enableStaff(ctx, ctx.actor, { id: input.staffId }),
    })),

  /** A new one-time link to choose a password (a forgotten one); earlier links stop working. */
  issuePasswordLink: staffProcedure("staff.manage")
    .input(ZStaffRefInput)
    .mutation(({ ctx, input }) => staff.issuePasswordLink(ctx, ctx.actor, { id: input.staffId })),

  /** Takes away a lost second factor and its recovery codes; the member sets a new one up. */
  resetSecondFactor: staffProcedure("staff.manage")
    .input(ZStaffRefInput)
    .mutation(async ({ ctx, input }) => ({
      staff: await staff.resetSecondFactor(ctx, ctx.actor, { id: input.staffId }),
    })),
});
