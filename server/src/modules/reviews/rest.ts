import type { FastifyInstance, FastifyRequest } from "fastify";
import { bodyOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

/** ?handle=&page=&pageSize=: numbers where numeric; anything else goes on for the schema to refuse. */
function listQuery(req: FastifyRequest): unknown {
  const query = (req.query ?? {}) as Record<string, string | string[]>;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined || value === "") continue;
    out[key] = (key === "page" || key === "pageSize") && /^[0-9]{1,6}$/.test(value) ? Number(value) : value;
  }
  return Object.keys(out).length ? out : undefined;
}

export function reviewsRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/reviews",
    restHandler(ctx, (c, req) => c.reviews.list(listQuery(req) as never)),
  );
  app.post(
    "/api/reviews",
    restHandler(ctx, (c, req) => c.reviews.create(bodyOf(req) as never)),
  );
}
