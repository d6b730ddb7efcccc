// Uploaded cover pictures of posts, kept in the media storage (media-storage/storage.ts) under
// `blog/<sha256>.<ext>` and checked as product pictures are (modules/media/pictures.ts: a JPEG,
// PNG or WebP by its content, decoded in full, within the size and pixel limits). The shop is
// served three WebP widths, made from the original on first request and kept under `sizes/`;
// re-encoded, so none of the file's metadata leaves the server. A post names its cover
// `upload-<sha256>-<ext>` (blogImages).
import { BLOG_COVER_PATH_PREFIX, BLOG_COVER_WIDTHS, blogImages, PICTURE_EXTENSIONS } from "@vela/shared";
import { BLOG_ADMIN_MESSAGES as M } from "@vela/shared/admin";
import type { FastifyInstance } from "fastify";
import type { Deps } from "../../deps.ts";
import { AppError, REQUEST_ERRORS } from "../../errors.ts";
import { localMediaStorage, type MediaStorage } from "../../media-storage/storage.ts";
import { checkPicture, decodeUpload, PICTURE_CACHE_CONTROL } from "../media/pictures.ts";

export const coverStorageOf = (deps: Pick<Deps, "config">): MediaStorage =>
  localMediaStorage(deps.config.mediaDir);

const UPLOAD = /^upload-([0-9a-f]{64})-(jpg|png|webp)$/;
const originalKeyOf = (cover: string): string | null => {
  const m = UPLOAD.exec(cover);
  return m ? `blog/${m[1]}.${m[2]}` : null;
};

/** Keeps an uploaded cover's original; answers the name a post is saved with, and its pictures. */
export async function uploadCover(
  deps: Pick<Deps, "config">,
  data: string,
): Promise<{ cover: string; image: string; imageMD: string; imageXL: string }> {
  const picture = await checkPicture(decodeUpload(data));
  const cover = `upload-${picture.hash}-${PICTURE_EXTENSIONS[picture.format]}`;
  await coverStorageOf(deps).put(originalKeyOf(cover) as string, picture.bytes);
  return { cover, ...blogImages(cover) };
}

/** Refuses a post's cover that names an upload the storage does not hold. */
export async function assertCoverKept(deps: Pick<Deps, "config">, cover: string): Promise<void> {
  const key = originalKeyOf(cover);
  if (key && !(await coverStorageOf(deps).get(key)))
    throw new AppError("BAD_REQUEST", M.coverUnknown, {
      issues: [{ path: "cover", message: M.coverUnknown }],
    });
}

/** `/images/blog/<sha256>-<640|1024|1600>.webp`, for a cover the storage holds. */
export function registerBlogCoverRoutes(app: FastifyInstance, opts: { storage: MediaStorage }): void {
  const making = new Map<string, Promise<Buffer | null>>();
  const widths = new Set<string>(BLOG_COVER_WIDTHS.map(String));

  async function sizeOf(hash: string, width: number): Promise<Buffer | null> {
    const key = `sizes/blog-${hash}-${width}.webp`;
    const kept = await opts.storage.get(key);
    if (kept) return kept;
    let original: Buffer | null = null;
    for (const ext of ["jpg", "png", "webp"]) {
      original = await opts.storage.get(`blog/${hash}.${ext}`);
      if (original) break;
    }
    if (!original) return null;
    const sharp = (await import("sharp")).default;
    const bytes = await sharp(original)
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    await opts.storage.put(key, bytes);
    return bytes;
  }

  app.get<{ Params: { name: string } }>(`${BLOG_COVER_PATH_PREFIX}:name`, async (req, reply) => {
    const m = /^([0-9a-f]{64})-(\d{3,4})\.webp$/.exec(req.params.name);
    if (!m?.[1] || !m[2] || !widths.has(m[2])) throw new AppError("NOT_FOUND", REQUEST_ERRORS.notFound);
    const id = req.params.name;
    let pending = making.get(id);
    if (!pending) {
      pending = sizeOf(m[1], Number(m[2])).finally(() => making.delete(id));
      making.set(id, pending);
    }
    const bytes = await pending;
    if (!bytes) throw new AppError("NOT_FOUND", REQUEST_ERRORS.notFound);
    return reply
      .type("image/webp")
      .header("cache-control", PICTURE_CACHE_CONTROL)
      .header("x-content-type-options", "nosniff")
      .send(bytes);
  });
}
