// The content site's answers (spec 001): firmware, release notes, games, blog.
import { z } from "zod";
import { BLOG_LANGUAGES } from "../content/blog.ts";
import { GAME_FILTER_GROUPS, GAME_GENRES, GAME_PLATFORMS, GAME_SORTS } from "../content/games.ts";
import { RELEASE_LANGUAGES } from "../content/release-notes.ts";

const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ZFirmwareRelease = z.object({
  id: z.number().int(),
  /** The glasses model's slug. */
  model: z.string(),
  version: z.string(),
  releaseDate: ZDay,
  /** One "- " line per change, in each language. */
  releaseNotes: z.object({ "en-US": z.string(), "ja-JP": z.string(), "zh-CN": z.string() }),
  /** Size in bytes of the image the glasses receive (uncompressed). */
  size: z.number().int(),
  /** Hex SHA-256 of the uncompressed image. */
  sha256: z.string(),
  /** Where the gzip-compressed image is downloaded from. */
  imageUrl: z.string(),
});
export type FirmwareRelease = z.infer<typeof ZFirmwareRelease>;
export const ZFirmwareList = z.object({
  model: z.string(),
  /** Newest first. */
  versions: z.array(ZFirmwareRelease),
});

const ZReleaseLanguage = z.enum(RELEASE_LANGUAGES);
export const ZSystemReleaseEntry = z.object({
  display_version: z.string(),
  update_time: ZDay,
  /** Markdown keyed by language code. */
  release_note: z.partialRecord(ZReleaseLanguage, z.string()),
  /**
   * The same notes as HTML, keyed by language code: rendered and sanitised by the server when they
   * were saved (headings from h3, under the version's own h2), safe to insert as they are.
   */
  release_note_html: z.partialRecord(ZReleaseLanguage, z.string()),
});
export const ZSystemReleaseItem = z.object({
  /** The model slug. */
  name: z.string(),
  /** The newest build version of the model. */
  version: z.string(),
  /** Newest first. */
  list: z.array(ZSystemReleaseEntry),
});
export const ZAppReleaseItem = z.object({
  version: z.string(),
  release_date: ZDay,
  /** As stored; use it only when it is a valid absolute http(s) URL. */
  download_link: z.string().nullable(),
  release_note_detail: z.array(
    z.object({
      language: ZReleaseLanguage,
      /** Markdown. */
      note_detail: z.string(),
      /** The note as HTML, rendered and sanitised by the server when it was saved (headings from h3). */
      note_html: z.string(),
    }),
  ),
});
export const ZSystemReleaseNotes = z.object({ data: z.array(ZSystemReleaseItem) });
export const ZAppReleaseNotes = z.object({ data: z.array(ZAppReleaseItem) });

export const ZGameItem = z.object({
  slug: z.string(),
  name: z.string(),
  /** The cover picture, made by the project. */
  img: z.string(),
  platform: z.array(z.enum(GAME_PLATFORMS)),
  genres: z.array(z.enum(GAME_GENRES)),
  releaseDate: ZDay,
});
export const ZGameFilterGroup = z.object({
  id: z.enum(GAME_FILTER_GROUPS),
  title: z.string(),
  /** Every option of the group with the number of games it would show, given the other groups' filters. */
  list: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export const ZGamesSearchResult = z.object({
  items: z.array(ZGameItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  sort: z.union(GAME_SORTS.map((s) => z.literal(s.value))),
  filters: z.array(ZGameFilterGroup),
});
export const ZTrendingGames = z.object({ names: z.array(z.string()) });

export const ZBlogPostSummary = z.object({
  slug: z.string(),
  publishedAt: ZDay,
  language: z.enum(BLOG_LANGUAGES),
  title: z.string(),
  excerpt: z.string(),
  image: z.string(),
  imageMD: z.string(),
  imageXL: z.string(),
  alt: z.string(),
});
export const ZBlogPostDetail = ZBlogPostSummary.extend({
  /** Markdown. */
  body: z.string(),
  /** The body as HTML, rendered and sanitised by the server when the post was saved, safe to insert as it is. */
  bodyHtml: z.string(),
});
export const ZBlogList = z.object({ posts: z.array(ZBlogPostSummary) });
export const ZBlogPostAnswer = z.object({ post: ZBlogPostDetail });
