// The admin's blog area: its procedures' inputs, shared with the admin client's forms, and the
// server's answers (English; the admin's catalogue holds every language, keyed
// `admin.server.blog.*`).
import { z } from "zod";
import { HANDLE_PATTERN } from "../storefront/constants.ts";
import { isMultiLineText, isSingleLineText } from "../text-rules.ts";

export const BLOG_ADMIN_MESSAGES = {
  postNotFound: "No post has this id",
  staleVersion: "This post changed since you opened it: open it again before you save",
  slugTaken: "Another post has this address",
  slugText: "Lower-case letters, digits and dashes, at most 120 characters",
  titleRequired: "Enter the English title",
  titleText: "One line of at most 200 characters",
  excerptText: "At most 500 characters",
  altText: "One line of at most 300 characters",
  bodyText: "At most 50,000 characters",
  coverUnknown: "Choose one of the store's cover pictures",
  publishAtText: "Enter a date and time",
  alreadyDraft: "The post is already a draft",
} as const;

const M = BLOG_ADMIN_MESSAGES;

/** A draft is never shown; a published post is shown from its publish time on (later: scheduled). */
export const BLOG_POST_STATUSES = ["DRAFT", "PUBLISHED"] as const;
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

/**
 * The store's drawings a post can have as its cover, under /media/blog/ (each with its -sm, -md and
 * -xl files); or an uploaded picture (`BLOG_COVER_UPLOAD`, see blogImages).
 */
export const BLOG_COVERS = [
  "academy-opens",
  "firmware-in-the-browser",
  "games-on-the-big-screen",
  "luma-ultra-arrives",
  "mobile-kit-for-commuters",
  "spacewalker-three-screens",
] as const;
export type BlogCover = (typeof BLOG_COVERS)[number] | `upload-${string}`;

/** An uploaded cover: `upload-<sha256 of the file>-<jpg|png|webp>` (blog.uploadCover answers it). */
export const BLOG_COVER_UPLOAD = /^upload-[0-9a-f]{64}-(?:jpg|png|webp)$/;

/** The largest cover file, and its base64 within JSON (blog.uploadCover's route takes that much). */
export const BLOG_COVER_MAX_BYTES = 10 * 1024 * 1024;
export const BLOG_COVER_BODY_LIMIT = 14 * 1024 * 1024;

/**
 * The body limit of the calls that carry a post's texts (create, update, preview): two bodies of
 * 50,000 characters each, up to 3 bytes each in UTF-8 and escaped in JSON, and the rest.
 */
export const BLOG_TEXT_BODY_LIMIT = 2 * 1024 * 1024;
/** The blog's procedures sent alone, each to a route that takes their size. */
export const BLOG_LARGE_BODY_PROCEDURES = ["blog.create", "blog.update", "blog.preview"] as const;

export const BLOG_TITLE_MAX = 200;
export const BLOG_EXCERPT_MAX = 500;
export const BLOG_ALT_MAX = 300;
export const BLOG_BODY_MAX = 50_000;
export const BLOG_SLUG_MAX = 120;

const MAX_ID = 2_147_483_647;
export const ZBlogPostId = z.number().int().positive().max(MAX_ID);
/** The post's version the member opened: a write made from an older one is refused. */
export const ZBlogPostVersion = z.number().int().min(0).max(MAX_ID);

const oneLine = (max: number, message: string) =>
  z.string().trim().max(max, message).refine(isSingleLineText, message);

/** A post's address (`/blog/<slug>`): lower-case letters, digits and single dashes between them. */
export const ZBlogAdminSlug = z
  .string()
  .trim()
  .max(BLOG_SLUG_MAX, M.slugText)
  .regex(HANDLE_PATTERN, M.slugText);

const text = {
  title: oneLine(BLOG_TITLE_MAX, M.titleText),
  excerpt: z.string().trim().max(BLOG_EXCERPT_MAX, M.excerptText).refine(isMultiLineText, M.excerptText),
  imageAlt: oneLine(BLOG_ALT_MAX, M.altText),
  /** Markdown. */
  body: z.string().max(BLOG_BODY_MAX, M.bodyText).refine(isMultiLineText, M.bodyText),
};

/**
 * The English texts (a title required) and the Japanese ones: a Japanese title left empty means
 * the post is not translated, and the Japanese pages show it in English.
 */
export const ZBlogTexts = z.strictObject({
  en: z.strictObject({ ...text, title: text.title.pipe(z.string().min(1, M.titleRequired)) }),
  ja: z.strictObject(text),
});
export type BlogTexts = z.infer<typeof ZBlogTexts>;

export const ZBlogListAdminInput = z
  .strictObject({ status: z.enum(["DRAFT", "SCHEDULED", "PUBLISHED"]).optional() })
  .default({});
export type BlogListAdminInput = z.input<typeof ZBlogListAdminInput>;

export const ZBlogRefInput = z.strictObject({ postId: ZBlogPostId });

export const ZBlogCreateInput = z.strictObject({
  slug: ZBlogAdminSlug,
  cover: z.union([z.enum(BLOG_COVERS), z.string().regex(BLOG_COVER_UPLOAD)], {
    error: M.coverUnknown,
  }) as z.ZodType<BlogCover>,
  texts: ZBlogTexts,
});
export type BlogCreateInput = z.infer<typeof ZBlogCreateInput>;

export const ZBlogSaveInput = ZBlogCreateInput.extend({ postId: ZBlogPostId, version: ZBlogPostVersion });
export type BlogSaveInput = z.infer<typeof ZBlogSaveInput>;

export const ZBlogPublishInput = z.strictObject({
  postId: ZBlogPostId,
  version: ZBlogPostVersion,
  /** An ISO instant: later than now schedules the post; absent publishes it now. */
  publishAt: z.iso.datetime({ offset: true, error: M.publishAtText }).optional(),
});
export type BlogPublishInput = z.infer<typeof ZBlogPublishInput>;

export const ZBlogVersionedRef = z.strictObject({ postId: ZBlogPostId, version: ZBlogPostVersion });
export type BlogVersionedRef = z.infer<typeof ZBlogVersionedRef>;

export const ZBlogPreviewInput = z.strictObject({
  body: z.string().max(BLOG_BODY_MAX, M.bodyText),
});

/** A cover picture's file in base64 (what the browser's FileReader gives, with or without its data: prefix). */
export const ZBlogCoverUploadInput = z.strictObject({
  data: z
    .string()
    .min(1)
    .max(Math.ceil(BLOG_COVER_MAX_BYTES / 3) * 4 + 100),
});
