// The pictures the project draws itself (products, banners, game covers, compatibility logos):
// one route per folder, `/images/<folder>/<name>.svg`, a name pattern, and a drawing function.
// Link previews of them (Open Graph, Twitter cards, Product JSON-LD) are the same drawings as PNG:
// the sites that show previews, and Google Merchant Center, take no SVG.
import { createHash } from "node:crypto";
import { PREVIEW_IMAGE } from "@vela/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
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

/**
 * How long a browser or a preview service may keep a preview picture without asking again
 * (30 days). The URL names the drawing, not its version, so it is not `immutable`: after that the
 * ETag answers a 304 unless the drawing changed.
 */
export const PREVIEW_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** Rasterised previews kept in memory, the least recently used dropped first (about 50 KB each). */
export const PREVIEW_CACHE_ENTRIES = 256;

/**
 * The PNG bytes of drawn SVGs, by a hash of the drawing: each drawing is rasterised once (two
 * requests at once share the one rasterisation), and at most `limit` are kept.
 */
export class PreviewCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  /** How many rasterisations have started: what a test counts. */
  rendered = 0;

  constructor(private readonly limit = PREVIEW_CACHE_ENTRIES) {}

  get size(): number {
    return this.entries.size;
  }

  bytesOf(key: string, svg: string): Promise<Buffer> {
    const known = this.entries.get(key);
    if (known) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, known);
      return known;
    }
    this.rendered += 1;
    const made = rasterisePreview(svg);
    this.entries.set(key, made);
    // A failure is not kept: the next request tries again.
    made.catch(() => {
      if (this.entries.get(key) === made) this.entries.delete(key);
    });
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return made;
  }
}

/**
 * An SVG drawing as a PNG of the preview size: rendered at the density that makes it cover the
 * frame (sharp rasterises SVG with librsvg), then cut to the frame around its middle. The drawings
 * carry no text: a machine without the fonts of a language would draw empty boxes.
 */
export async function rasterisePreview(svg: string): Promise<Buffer> {
  // Loaded with the first preview: a server that is never asked for one never loads libvips.
  const { default: sharp } = await import("sharp");
  const input = Buffer.from(svg);
  const { width = PREVIEW_IMAGE.width, height = PREVIEW_IMAGE.height } = await sharp(input).metadata();
  const scale = Math.max(PREVIEW_IMAGE.width / width, PREVIEW_IMAGE.height / height);
  return sharp(input, { density: 72 * scale })
    .resize(PREVIEW_IMAGE.width, PREVIEW_IMAGE.height, { fit: "cover" })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A strong validator of a preview: the drawing and the frame it is rasterised into. */
export function previewEtag(svg: string): string {
  const hash = createHash("sha256")
    .update(`${PREVIEW_IMAGE.width}x${PREVIEW_IMAGE.height}:${PREVIEW_IMAGE.type}\n`)
    .update(svg)
    .digest("base64url")
    .slice(0, 27);
  return `"${hash}"`;
}

/**
 * Serves `<prefix><rest>` as the PNG preview of a drawing: `rest` must match `pattern` and `draw`
 * must return the SVG for its match, or the answer is the store's 404. A request whose
 * If-None-Match names the drawing's ETag is answered 304 without rasterising anything.
 */
export function registerPreviewImages(
  app: FastifyInstance,
  prefix: `/images/previews/${string}/`,
  pattern: RegExp,
  draw: (match: RegExpExecArray) => Promise<string | undefined> | string | undefined,
  cache: PreviewCache,
): void {
  app.get<{ Params: { "*": string } }>(`${prefix}*`, async (req, reply) => {
    const match = pattern.exec(req.params["*"]);
    const svg = match ? await draw(match) : undefined;
    if (svg === undefined) throw new AppError("NOT_FOUND", REQUEST_ERRORS.notFound);
    const etag = previewEtag(svg);
    setPreviewHeaders(reply, etag);
    if (namesEtag(req.headers["if-none-match"], etag)) return reply.code(304).send();
    const bytes = await cache.bytesOf(etag, svg);
    return reply.type(PREVIEW_IMAGE.type).send(bytes);
  });
}

function setPreviewHeaders(reply: FastifyReply, etag: string): void {
  reply.header("cache-control", `public, max-age=${PREVIEW_MAX_AGE_SECONDS}`).header("etag", etag);
}

/** If-None-Match holds `etag` (a list of them, weak or strong, or `*`). */
function namesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}
