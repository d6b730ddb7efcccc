import { pictureHashOf, picturePreviewUrl } from "../storefront/pictures.ts";

/**
 * Link-preview pictures (Open Graph, Twitter cards, the Product JSON-LD image). The store's
 * pictures are SVG drawings, which Facebook, X, LinkedIn, Slack and Google Merchant Center do not
 * show, so each drawing a page shares has a PNG twin of 1200×630 (the size those sites ask for),
 * rasterised by the server on first request: `/images/products/x-1.svg` is previewed at
 * `/images/previews/products/x-1.png`, `/media/blog/x-xl.svg` at `/images/previews/media/blog/x-xl.png`.
 */

export const PREVIEW_IMAGE = { width: 1200, height: 630, type: "image/png" } as const;

/** Where the previews are served. */
export const PREVIEW_PATH_PREFIX = "/images/previews/";

/** The drawings that have a preview: a product's pictures, and the home, blog and mobile media. */
const DRAWING = /^\/(images\/products|media\/(?:home|blog|mobile))\/([a-z0-9-]{1,100})\.svg$/;

/** The preview of a drawing (a path on the store's origin), or null for a picture that has none. */
export function previewImagePath(drawing: string): string | null {
  // An uploaded picture's preview is made from its original (storefront/pictures.ts).
  const uploaded = pictureHashOf(drawing);
  if (uploaded) return picturePreviewUrl(uploaded);
  const m = DRAWING.exec(drawing);
  if (!m) return null;
  const folder = m[1] === "images/products" ? "products" : m[1];
  return `${PREVIEW_PATH_PREFIX}${folder}/${m[2]}.png`;
}

/** The home page's preview: its first hero picture. */
export const HOME_PREVIEW_DRAWING = "/media/home/hero-glasses-xl.svg";
/** The blog index's preview: the home page's newsroom slide. */
export const BLOG_PREVIEW_DRAWING = "/media/home/slider-4.svg";
