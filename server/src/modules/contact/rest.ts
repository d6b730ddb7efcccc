import type { FastifyInstance } from "fastify";
import { bodyOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

export function contactRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.post(
    "/api/contact",
    restHandler(ctx, (c, req) => c.contact.send(bodyOf(req))),
  );
}
