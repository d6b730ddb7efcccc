// The cloud API paths of spec 001 §7, served by the store itself: {cloud api base} is /api/cloud.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { bodyOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

export const CLOUD_API_BASE = "/api/cloud";

/** The query as given (last value of a repeated key); the schema refuses anything else. */
function query(req: FastifyRequest): unknown {
  const q = (req.query ?? {}) as Record<string, string | string[]>;
  return Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1] : v]));
}

export function releaseNotesRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    `${CLOUD_API_BASE}/system/releasenote`,
    restHandler(ctx, (c, req) => c.releaseNotes.system(query(req) as never)),
  );
  app.post(
    `${CLOUD_API_BASE}/academy/releasenote`,
    restHandler(ctx, (c, req) => c.releaseNotes.app(bodyOf(req) as never)),
  );
}
