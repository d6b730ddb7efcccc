import type { FastifyInstance } from "fastify";
import { bodyOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

export function newsletterRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.post(
    "/api/newsletter/subscribe",
    restHandler(ctx, (c, req) => c.newsletter.subscribe(bodyOf(req))),
  );
  app.post(
    "/api/newsletter/confirm",
    restHandler(ctx, (c, req) => c.newsletter.confirm(bodyOf(req))),
  );
  app.post(
    "/api/newsletter/unsubscribe",
    restHandler(ctx, (c, req) => c.newsletter.unsubscribe(bodyOf(req))),
  );
}
