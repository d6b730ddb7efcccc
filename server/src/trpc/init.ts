import { initTRPC, type TRPCDefaultErrorShape, type TRPCError } from "@trpc/server";
import { MESSAGES } from "@vela/shared";
import { AppError, answerFailure, errorAnswer, toAppError } from "../errors.ts";
import type { Context } from "./context.ts";

/** The error shape of every tRPC answer: the shop's router and the admin's (admin-init.ts). */
export function formatError({
  shape,
  error,
  type,
}: {
  shape: TRPCDefaultErrorShape;
  error: TRPCError;
  type: string;
}) {
  const answer = errorAnswer(error);
  return {
    message: answer.message,
    code: shape.code,
    data: {
      code: answer.code,
      httpStatus: answer.status,
      // The path of a procedure that does not exist is the caller's text, not ours.
      path: type === "unknown" ? null : (shape.data.path ?? null),
      retryAfter: answer.retryAfterSeconds ?? null,
      issues: answer.issues ?? null,
      // A domain refusal's code and values, which the admin translates; absent otherwise.
      ...(answer.reason ? { reason: answer.reason, params: answer.params ?? {} } : {}),
    },
  };
}

const t = initTRPC.context<Context>().create({
  // Never attach stack traces, in any mode.
  isDev: false,
  errorFormatter: formatError,
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure: errors that are not already domain errors (validation, a busy or full
 * database, an unexpected bug) become AppErrors here, so the status is right and no
 * internal text leaves. An unexpected one is logged here, once (errors.ts answerFailure); the
 * answer's headers (Retry-After) are set where the answer is written: the REST adapter's error
 * handler, or tRPC's responseMeta (app.ts).
 */
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

export const publicProcedure = t.procedure.use(errorMapping);

/** Signed-in customers only; afterwards ctx.customerId and ctx.sessionId are set. */
export const customerProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await ctx.session();
  if (!session) throw new AppError("UNAUTHORIZED", MESSAGES.notSignedIn);
  // Cache-Control: no-store is set on every /trpc and /api answer by http/security.ts.
  return next({ ctx: { ...ctx, customerId: session.customerId, sessionId: session.id } });
});
