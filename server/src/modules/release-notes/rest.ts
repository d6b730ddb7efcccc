// The cloud API paths of spec 001 §7, served by the store itself: {cloud api base} is /api/cloud.
import type { FastifyInstance } from "fastify";
import { bodyOf, queryOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

export const CLOUD_API_BASE = "/api/cloud";

export function releaseNotesRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    `${CLOUD_API_BASE}/system/releasenote`,
    restHandler(ctx, (c, req) => c.releaseNotes.system(queryOf(req))),
  );
  app.post(
    `${CLOUD_API_BASE}/academy/releasenote`,
    restHandler(ctx, (c, req) => c.releaseNotes.app(bodyOf(req))),
  );
}
