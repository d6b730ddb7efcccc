import type { FastifyInstance, FastifyRequest } from "fastify";
import { paramOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";
import { registerBannerImages } from "./banner-images.ts";

const NUMERIC = /^-?[0-9]+(\.[0-9]+)?$/;

/**
 * Query strings to the list input: numbers where the value is numeric, `handles` split on
 * commas, every other value as given (so that the schema refuses what it does not know).
 */
export function listQuery(req: FastifyRequest): unknown {
  const query = (req.query ?? {}) as Record<string, string | string[]>;
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(query)) {
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (value === undefined || value === "") continue;
    if (key === "handles") out[key] = value.split(",").filter(Boolean);
    else if (["minPrice", "maxPrice", "minRating"].includes(key) && NUMERIC.test(value))
      out[key] = Number(value);
    else out[key] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

/** `?language=` for the product's texts; the schema refuses a language it does not know. */
function languageQuery(req: FastifyRequest): { language?: unknown } {
  const raw = (req.query as Record<string, unknown> | undefined)?.language;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  return value === undefined || value === "" ? {} : { language: value };
}

export function catalogRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/products",
    restHandler(ctx, (c, req) => c.catalog.list(listQuery(req) as never)),
  );
  app.get(
    "/api/products/:handle",
    restHandler(ctx, (c, req) =>
      c.catalog.product({ handle: paramOf(req, "handle"), ...languageQuery(req) } as never),
    ),
  );
  registerBannerImages(app);
}
