// Uploaded product pictures: what an upload must be (a JPEG, PNG or WebP by its content, within
// the size and pixel limits), and the sizes the shop is served, made from the kept original on
// first request and kept in the media storage beside it. What is served is always re-encoded by
// sharp, so none of the original's metadata (EXIF, GPS, camera, comments) leaves the server; the
// EXIF orientation is applied first, so a turned phone photo shows upright.
import { createHash } from "node:crypto";
import {
  PICTURE_EXTENSIONS,
  PICTURE_FORMATS,
  PICTURE_HASH,
  PICTURE_LIMITS,
  PICTURE_PATH_PREFIX,
  PICTURE_WIDTHS,
  type PictureFormat,
  type PictureWidth,
  PREVIEW_IMAGE,
  pictureSrcSet,
  pictureUrl,
} from "@vela/shared";
import { PICTURE_ADMIN_MESSAGES as M } from "@vela/shared/admin";
import type { FastifyInstance } from "fastify";
import type { Sharp } from "sharp";
import type { Db } from "../../db/client.ts";
import { AppError, REQUEST_ERRORS } from "../../errors.ts";
import type { MediaStorage } from "../../media-storage/storage.ts";

const loadSharp = async () => (await import("sharp")).default;

export interface CheckedPicture {
  bytes: Buffer;
  /** Hex SHA-256 of the bytes: the picture's name in its storage key and its served paths. */
  hash: string;
  format: PictureFormat;
  /** As shown (after the EXIF orientation). */
  width: number;
  height: number;
}

const isPictureFormat = (f: string | undefined): f is PictureFormat =>
  (PICTURE_FORMATS as readonly string[]).includes(f ?? "");

const refuse = (message: string) =>
  new AppError("BAD_REQUEST", message, { issues: [{ path: "data", message }] });

/** The bytes of a base64 upload (a `data:...;base64,` prefix is allowed). */
export function decodeUpload(data: string): Buffer {
  const text = data.replace(/^data:[^,]{0,100};base64,/, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw refuse(M.notAPicture);
  return Buffer.from(text, "base64");
}

/**
 * The upload when it is a JPEG, PNG or WebP within the limits, decoded in full (a truncated or
 * damaged file is refused too); otherwise a 400 with the reason and nothing kept.
 */
export async function checkPicture(bytes: Buffer): Promise<CheckedPicture> {
  if (bytes.length > PICTURE_LIMITS.maxBytes) throw refuse(M.tooLarge);
  if (bytes.length === 0) throw refuse(M.notAPicture);
  const sharp = await loadSharp();
  let meta: Awaited<ReturnType<Sharp["metadata"]>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(M.notAPicture);
  }
  if (!isPictureFormat(meta.format)) throw refuse(M.notAPicture);
  const rawWidth = meta.width ?? 0;
  const rawHeight = meta.height ?? 0;
  if (rawWidth * rawHeight > PICTURE_LIMITS.maxPixels) throw refuse(M.tooManyPixels);
  if (Math.min(rawWidth, rawHeight) < PICTURE_LIMITS.minSide) throw refuse(M.tooSmall);
  try {
    // Every pixel read once: what the shop's sizes will be made from must decode.
    await sharp(bytes, { failOn: "error", limitInputPixels: PICTURE_LIMITS.maxPixels })
      .resize(32)
      .raw()
      .toBuffer();
  } catch {
    throw refuse(M.notAPicture);
  }
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    bytes,
    hash: createHash("sha256").update(bytes).digest("hex"),
    format: meta.format,
    width: turned ? rawHeight : rawWidth,
    height: turned ? rawWidth : rawHeight,
  };
}

/** The original's key in the media storage. */
export const originalKey = (hash: string, format: PictureFormat): string =>
  `products/${hash}.${PICTURE_EXTENSIONS[format]}`;

/** What the shop's answers carry for an uploaded picture: a middle size, and the srcsets. */
export function shownPicture(row: { storageKey: string; format: string; width: number; height: number }): {
  url: string;
  sources: { webp: string; original: string; width: number; height: number };
} {
  const hash = hashOfKey(row.storageKey);
  const ext = PICTURE_EXTENSIONS[isPictureFormat(row.format) ? row.format : "jpeg"];
  return {
    url: pictureUrl(hash, 640, ext),
    sources: {
      webp: pictureSrcSet(hash, row.width, "webp"),
      original: pictureSrcSet(hash, row.width, ext),
      width: row.width,
      height: row.height,
    },
  };
}

const hashOfKey = (key: string): string => /^products\/([0-9a-f]{64})\./.exec(key)?.[1] ?? "";

/** A year, and never asked again: a name is the original's hash, so its bytes never change. */
export const PICTURE_CACHE_CONTROL = "public, max-age=31536000, immutable";

const CONTENT_TYPES = { webp: "image/webp", jpg: "image/jpeg", png: "image/png" } as const;

/** Encodes a size in a format, without metadata (sharp keeps none unless told). */
function encode(image: Sharp, ext: "webp" | "jpg" | "png"): Sharp {
  if (ext === "webp") return image.webp({ quality: 80 });
  if (ext === "jpg") return image.jpeg({ quality: 82, mozjpeg: true });
  return image.png({ compressionLevel: 9 });
}

/** One size of a picture (a width, or the 1200×630 preview on a white ground), from the original. */
export async function renderSize(
  original: Buffer,
  size: PictureWidth | "og",
  ext: "webp" | "jpg" | "png",
): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(original, { limitInputPixels: PICTURE_LIMITS.maxPixels }).rotate();
  if (size === "og") {
    // Padded, not cut: a product photo shows whole in a link preview.
    image
      .flatten({ background: "#ffffff" })
      .resize(PREVIEW_IMAGE.width, PREVIEW_IMAGE.height, { fit: "contain", background: "#ffffff" });
  } else {
    image.resize({ width: size, withoutEnlargement: true });
  }
  return encode(image, ext).toBuffer();
}

export interface PictureRoutesOptions {
  db: Db;
  storage: MediaStorage;
}

/**
 * `/images/pictures/<sha256>-<width>.<webp|jpg|png>` (the original's own format or WebP) and
 * `/images/pictures/<sha256>-og.png`, for pictures a product has. Made once, then kept in the
 * storage under `sizes/`; two requests at once for a size not made yet share one rendering.
 */
export function registerPictureRoutes(app: FastifyInstance, opts: PictureRoutesOptions): void {
  const making = new Map<string, Promise<Buffer | null>>();
  const widths = new Set<string>(PICTURE_WIDTHS.map(String));

  async function sizeOf(hash: string, size: string, ext: "webp" | "jpg" | "png"): Promise<Buffer | null> {
    const row = await opts.db.productImage.findFirst({
      where: { storageKey: { startsWith: `products/${hash}.` } },
      select: { storageKey: true, format: true },
    });
    if (!row?.storageKey || !isPictureFormat(row.format ?? undefined)) return null;
    const format = row.format as PictureFormat;
    if (size === "og" ? ext !== "png" : ext !== "webp" && ext !== PICTURE_EXTENSIONS[format]) return null;
    const key = `sizes/${hash}-${size}.${ext}`;
    const kept = await opts.storage.get(key);
    if (kept) return kept;
    const original = await opts.storage.get(row.storageKey);
    if (!original) return null;
    const bytes = await renderSize(original, size === "og" ? "og" : (Number(size) as PictureWidth), ext);
    await opts.storage.put(key, bytes);
    return bytes;
  }

  app.get<{ Params: { name: string } }>(`${PICTURE_PATH_PREFIX}:name`, async (req, reply) => {
    const m = /^([0-9a-f]{64})-(\d{3,4}|og)\.(webp|jpg|png)$/.exec(req.params.name);
    const [, hash = "", size = "", ext = "webp"] = m ?? [];
    if (!m || !PICTURE_HASH.test(hash) || (size !== "og" && !widths.has(size)))
      throw new AppError("NOT_FOUND", REQUEST_ERRORS.notFound);
    const id = req.params.name;
    let pending = making.get(id);
    if (!pending) {
      pending = sizeOf(hash, size, ext as "webp" | "jpg" | "png").finally(() => making.delete(id));
      making.set(id, pending);
    }
    const bytes = await pending;
    if (!bytes) throw new AppError("NOT_FOUND", REQUEST_ERRORS.notFound);
    return reply
      .type(CONTENT_TYPES[ext as keyof typeof CONTENT_TYPES])
      .header("cache-control", PICTURE_CACHE_CONTROL)
      .header("x-content-type-options", "nosniff")
      .send(bytes);
  });
}
