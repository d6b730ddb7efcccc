import type { FastifyInstance, FastifyRequest } from "fastify";
import { restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";
import { registerCompatibilityImages } from "./images.ts";

/** The query as given (last value of a repeated key); the schema refuses anything else. */
function query(req: FastifyRequest): unknown {
  const q = (req.query ?? {}) as Record<string, string | string[]>;
  return Object.fromEntries(Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? v[v.length - 1] : v]));
}

export function compatibilityRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/compatibility",
    restHandler(ctx, (c, req) => c.compatibility.get(query(req) as never)),
  );
  registerCompatibilityImages(app);
}
