// The REST paths of spec 000 §7 are thin adapters: each builds the same context as tRPC
// and calls the same procedure through a caller, so validation, auth and errors match.
import type { FastifyReply, FastifyRequest } from "fastify";
import { HTTP_STATUS, toAppError } from "../errors.ts";
import type { Context } from "../trpc/context.ts";
import { createCaller } from "../trpc/router.ts";

export type Caller = ReturnType<typeof createCaller>;

export function restHandler(
  makeContext: (req: FastifyRequest, reply: FastifyReply) => Context,
  call: (caller: Caller, req: FastifyRequest) => Promise<unknown>,
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const ctx = makeContext(req, reply);
    try {
      return await call(createCaller(ctx), req);
    } catch (err) {
      const app = toAppError(err);
      if (app.code === "INTERNAL_SERVER_ERROR") req.log.error({ err }, "REST call failed");
      if (app.retryAfterSeconds) reply.header("retry-after", String(app.retryAfterSeconds));
      reply.code(HTTP_STATUS[app.code]);
      return { message: app.message, error: app.message, ...(app.issues ? { issues: app.issues } : {}) };
    }
  };
}

/** The JSON body as sent; a missing body is undefined so that the schema decides. */
export const bodyOf = (req: FastifyRequest): unknown => req.body ?? undefined;

export const paramOf = (req: FastifyRequest, name: string): string =>
  String((req.params as Record<string, string | undefined>)[name] ?? "");
