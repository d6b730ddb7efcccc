import type { FastifyInstance } from "fastify";
import { queryOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";
import { registerCompatibilityImages } from "./images.ts";

export function compatibilityRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/compatibility",
    restHandler(ctx, (c, req) => c.compatibility.get(queryOf(req))),
  );
  registerCompatibilityImages(app);
}
