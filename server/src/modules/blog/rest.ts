import type { FastifyInstance, FastifyRequest } from "fastify";
import { paramOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";

/** The query as given (last value of a repeated key), `limit` as a number when it is one. */
function query(req: FastifyRequest): Record<string, unknown> {
  const q = (req.query ?? {}) as Record<string, string | string[]>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(q)) {
    const value = Array.isArray(v) ? v[v.length - 1] : v;
    out[k] = k === "limit" && value !== undefined && /^[0-9]+$/.test(value) ? Number(value) : value;
  }
  return out;
}

export function blogRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/blog",
    restHandler(ctx, (c, req) => c.blog.list({ language: "en-US", ...query(req) } as never)),
  );
  app.get(
    "/api/blog/:slug",
    restHandler(ctx, (c, req) =>
      c.blog.post({ language: "en-US", ...query(req), slug: paramOf(req, "slug") } as never),
    ),
  );
}
