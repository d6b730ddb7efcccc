import type { FastifyInstance } from "fastify";
import { paramOf, queryOf, restHandler } from "../../http/rest.ts";
import type { ContextFactory } from "../../trpc/context.ts";
import { registerBannerImages } from "./banner-images.ts";

export function catalogRest(app: FastifyInstance, ctx: ContextFactory): void {
  app.get(
    "/api/products",
    // A page of the catalogue (`?page=`, 1 when absent), or the products of `?handles=` whole.
    restHandler(ctx, (c, req) =>
      c.catalog.list(
        queryOf(req, {
          numbers: ["minPrice", "maxPrice", "minRating", "page"],
          lists: { handles: "handles" },
          dropEmpty: true,
        }),
      ),
    ),
  );
  app.get(
    "/api/products/:handle",
    restHandler(ctx, (c, req) =>
      // `?language=` for the product's texts; other keys are ignored.
      c.catalog.product({
        handle: paramOf(req, "handle"),
        ...queryOf<object>(req, { only: ["language"], dropEmpty: true }),
      }),
    ),
  );
  registerBannerImages(app);
}
