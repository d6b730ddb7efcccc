import type { FastifyInstance } from "fastify";
import { bodyOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

export function accountRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/account/customer",
    restHandler(ctx, (c) => c.account.me()),
  );
  app.post(
    "/api/account/login",
    restHandler(ctx, (c, req) => c.account.login(bodyOf(req))),
  );
  app.post(
    "/api/account/logout",
    restHandler(ctx, (c) => c.account.logout()),
  );
  app.post(
    "/api/account/register",
    restHandler(ctx, (c, req) => c.account.register(bodyOf(req))),
  );
  app.post(
    "/api/account/recover",
    restHandler(ctx, (c, req) => c.account.recover(bodyOf(req))),
  );
  app.post(
    "/api/account/reset",
    restHandler(ctx, (c, req) => c.account.reset(bodyOf(req))),
  );
  app.post(
    "/api/account/activate",
    restHandler(ctx, (c, req) => c.account.activate(bodyOf(req))),
  );
  app.post(
    "/api/account/password",
    restHandler(ctx, (c, req) => c.account.changePassword(bodyOf(req))),
  );
  app.put(
    "/api/account/profile",
    restHandler(ctx, (c, req) => c.account.updateProfile(bodyOf(req))),
  );
  app.post(
    "/api/account/email-change/confirm",
    restHandler(ctx, (c, req) => c.account.confirmEmailChange(bodyOf(req))),
  );
  app.post(
    "/api/account/email-change/cancel",
    restHandler(ctx, (c, req) => c.account.cancelEmailChange(bodyOf(req))),
  );
}
