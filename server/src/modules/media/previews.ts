// Link previews of the store's drawings (packages/shared/src/seo/previews.ts): a product's pictures
// and the home, blog and mobile media, as 1200×630 PNGs rasterised on first request and kept in
// memory. Only pictures the store shows have one: a product picture named in the catalogue, a media
// file the client ships.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { ROOT_DIR } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { PreviewCache, registerPreviewImages } from "../../http/svg-images.ts";
import { productSvg } from "./product-images.ts";

export interface PreviewOptions {
  db: Db;
  /** The built client (Config.clientDist). */
  clientDist: string;
}

/** The drawing of `media/<folder>/<name>.svg`, or undefined when no folder has it. */
async function mediaDrawing(
  dirs: readonly string[],
  folder: string,
  name: string,
): Promise<string | undefined> {
  for (const dir of dirs) {
    try {
      return await readFile(path.join(dir, folder, `${name}.svg`), "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  return undefined;
}

export function registerPreviews(app: FastifyInstance, opts: PreviewOptions): PreviewCache {
  const cache = new PreviewCache();
  // The built client's media first, then the client's sources (a server running without a client
  // build, as the tests do, still previews its pages).
  const mediaDirs = [path.join(opts.clientDist, "media"), path.join(ROOT_DIR, "client/public/media")];
  registerPreviewImages(
    app,
    "/images/previews/products/",
    /^([a-z0-9-]{1,100})\.png$/,
    async ([, name = ""]) => {
      const shown = await opts.db.productImage.findFirst({
        where: { url: `/images/products/${name}.svg` },
        select: { id: true },
      });
      return shown ? productSvg(name) : undefined;
    },
    cache,
  );
  registerPreviewImages(
    app,
    "/images/previews/media/",
    /^(home|blog|mobile)\/([a-z0-9-]{1,100})\.png$/,
    ([, folder = "", name = ""]) => mediaDrawing(mediaDirs, folder, name),
    cache,
  );
  return cache;
}
