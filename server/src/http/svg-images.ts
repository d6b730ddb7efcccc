// The pictures the project draws itself (products, banners, game covers, compatibility logos):
// one route per folder, `/images/<folder>/<name>.svg`, a name pattern, and a drawing function.
import type { FastifyInstance } from "fastify";
import { AppError, REQUEST_ERRORS } from "../errors.ts";

/**
 * Serves `<prefix>:name`: the name must match `pattern` and `draw` must return a picture for
 * its match, or the answer is the store's 404.
 */
export function registerSvgImages(
  app: FastifyInstance,
  prefix: `/images/${string}/`,
  pattern: RegExp,
  draw: (match: RegExpExecArray) => string | undefined,
): void {
  app.get<{ Params: { name: string } }>(`${prefix}:name`, async (req, reply) => {
    const match = pattern.exec(req.params.name);
    const svg = match ? draw(match) : undefined;
    if (svg === undefined) throw new AppError("NOT_FOUND", REQUEST_ERRORS.notFound);
    reply.type("image/svg+xml").header("cache-control", "public, max-age=86400");
    return svg;
  });
}
