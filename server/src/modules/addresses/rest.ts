import type { FastifyInstance } from "fastify";
import { bodyOf, paramOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

export function addressesRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/account/addresses",
    restHandler(ctx, (c) => c.addresses.list()),
  );
  app.post(
    "/api/account/addresses",
    restHandler(ctx, (c, req) => c.addresses.create(bodyOf(req))),
  );
  app.put(
    "/api/account/addresses/:id",
    restHandler(ctx, (c, req) => c.addresses.update({ id: paramOf(req, "id"), address: bodyOf(req) })),
  );
  app.delete(
    "/api/account/addresses/:id",
    restHandler(ctx, (c, req) => c.addresses.delete({ id: paramOf(req, "id") })),
  );
  app.post(
    "/api/account/addresses/:id/default",
    restHandler(ctx, (c, req) => c.addresses.setDefault({ id: paramOf(req, "id") })),
  );
}
