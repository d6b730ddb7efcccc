import {
  ZActivateInput,
  ZChangePasswordInput,
  ZEmailChangeTokenInput,
  ZLoginInput,
  ZProfileInput,
  ZRecoverInput,
  ZRegisterInput,
  ZResetInput,
} from "@vela/shared";
import { statedLocale } from "../../mail/locale.ts";
import type { Context } from "../../trpc/context.ts";
import { customerProcedure, publicProcedure, router } from "../../trpc/init.ts";
import * as emailChange from "./email-change.ts";
import { signedInCustomer } from "./profile-read.ts";
import * as account from "./service.ts";

/**
 * The language the request states, recorded on the account by the calls its owner makes on a page
 * (sign-in, profile, password change, reset, activation); undefined leaves the account's as it is.
 * Every mail to an existing account is in the account's language (Customer.locale).
 */
const stated = (ctx: Context) => statedLocale(ctx.req.headers);

export const accountRouter = router({
  // Signed-in only, like customerProcedure, but the session and the customer come in one
  // statement (profile-read.ts).
  me: publicProcedure.query(async ({ ctx }) => ({
    customer: await signedInCustomer(ctx, ctx.sessionToken),
  })),

  login: publicProcedure.input(ZLoginInput).mutation(async ({ ctx, input }) => {
    const { customer, token, expiresAt, deviceCookie } = await account.login(ctx, input, ctx.ip, {
      sessionToken: ctx.sessionToken,
      deviceCookie: ctx.deviceCookie,
      locale: stated(ctx),
    });
    ctx.setSessionCookie(token, expiresAt);
    ctx.setDeviceCookie(deviceCookie);
    return { customer };
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await account.logout(ctx, ctx.sessionToken);
    ctx.clearSessionCookie();
    return { ok: true as const };
  }),

  register: publicProcedure.input(ZRegisterInput).mutation(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await account.register(ctx, input, ctx.ip, ctx.locale)),
  })),

  recover: publicProcedure.input(ZRecoverInput).mutation(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await account.recover(ctx, input.email, ctx.ip, { deviceCookie: ctx.deviceCookie })),
  })),

  reset: publicProcedure.input(ZResetInput).mutation(async ({ ctx, input }) => {
    await account.resetPassword(ctx, input, ctx.ip, stated(ctx));
    return { ok: true as const };
  }),

  activate: publicProcedure.input(ZActivateInput).mutation(async ({ ctx, input }) => {
    await account.activateAccount(ctx, input, ctx.ip, stated(ctx));
    return { ok: true as const };
  }),

  /** The browser that changes the password stays signed in under a new session token. */
  changePassword: customerProcedure.input(ZChangePasswordInput).mutation(async ({ ctx, input }) => {
    const session = await account.changePassword(ctx, ctx.customerId, ctx.sessionId, input, stated(ctx));
    if (session) ctx.setSessionCookie(session.token, session.expiresAt);
    else ctx.clearSessionCookie();
    return { ok: true as const };
  }),

  updateProfile: customerProcedure.input(ZProfileInput).mutation(async ({ ctx, input }) => ({
    customer: await account.updateProfile(ctx, ctx.customerId, input, stated(ctx)),
  })),

  /** The link mailed to the new address; works signed in or not. */
  confirmEmailChange: publicProcedure.input(ZEmailChangeTokenInput).mutation(async ({ ctx, input }) => ({
    ok: true as const,
    ...(await emailChange.confirmEmailChange(ctx, input.token, await ctx.session(), ctx.ip)),
  })),

  /** The link mailed to the old address. */
  cancelEmailChange: publicProcedure.input(ZEmailChangeTokenInput).mutation(async ({ ctx, input }) => {
    await emailChange.cancelEmailChange(ctx, input.token, ctx.ip);
    return { ok: true as const };
  }),
});
