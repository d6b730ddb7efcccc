// Uploaded product pictures: what the server accepts and the addresses it serves them at. The
// original is kept as uploaded (never served); the shop gets sizes made from it, each in WebP and
// in the original's format, at content-addressed names (the original's SHA-256), so a name never
// changes what it shows and browsers may keep it for a year.

/** The formats accepted, by their content (never by the file's name). */
export const PICTURE_FORMATS = ["jpeg", "png", "webp"] as const;
export type PictureFormat = (typeof PICTURE_FORMATS)[number];

/** The extension the shop's sizes of a format are served under. */
export const PICTURE_EXTENSIONS: Record<PictureFormat, "jpg" | "png" | "webp"> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
};

/** The widths served (never wider than the original). */
export const PICTURE_WIDTHS = [320, 640, 1024, 1600] as const;
export type PictureWidth = (typeof PICTURE_WIDTHS)[number];

/** What the server takes: at most 10 MiB and 40 megapixels, at least 200 × 200 pixels. */
export const PICTURE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  minSide: 200,
} as const;

/** Where the sizes are served: `/images/pictures/<sha256>-<width>.<webp|jpg|png>`. */
export const PICTURE_PATH_PREFIX = "/images/pictures/";

/** A picture's name in the served paths: the hex SHA-256 of the original's bytes. */
export const PICTURE_HASH = /^[0-9a-f]{64}$/;

export const pictureUrl = (hash: string, width: PictureWidth, ext: "jpg" | "png" | "webp"): string =>
  `${PICTURE_PATH_PREFIX}${hash}-${width}.${ext}`;

/** The 1200×630 PNG for link previews (og:image) and the Product JSON-LD. */
export const picturePreviewUrl = (hash: string): string => `${PICTURE_PATH_PREFIX}${hash}-og.png`;

/** The widths a picture is served in: those below its own width, and its own width's step. */
export function pictureWidthsFor(originalWidth: number): PictureWidth[] {
  const below = PICTURE_WIDTHS.filter((w) => w < originalWidth);
  const next = PICTURE_WIDTHS.find((w) => w >= originalWidth);
  return next ? [...below, next] : below;
}

/** A `srcset` of a picture's sizes in one format. */
export function pictureSrcSet(hash: string, originalWidth: number, ext: "jpg" | "png" | "webp"): string {
  return pictureWidthsFor(originalWidth)
    .map((w) => `${pictureUrl(hash, w, ext)} ${Math.min(w, originalWidth)}w`)
    .join(", ");
}

/** The hash of a served size's path, or null for a path that is not one. */
export function pictureHashOf(url: string): string | null {
  const m = /^\/images\/pictures\/([0-9a-f]{64})-\d+\.(?:webp|jpg|png)$/.exec(url);
  return m?.[1] ?? null;
}
