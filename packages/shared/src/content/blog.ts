import type { z } from "zod";
import type { ZBlogPostDetail, ZBlogPostSummary } from "../api/content.ts";
// The newsroom and blog (spec 001 §2, §3): posts in English and Japanese.
export const BLOG_LANGUAGES = ["en-US", "ja-JP"] as const;
export type BlogLanguage = (typeof BLOG_LANGUAGES)[number];
/** Any other language reads the English posts. */
export const blogLanguage = (language: string): BlogLanguage => (language === "ja-JP" ? "ja-JP" : "en-US");

export const BLOG_LIST_MAX = 50;
/** The home page's newsroom grid shows the newest posts. */
export const NEWSROOM_COUNT = 3;

/** Where uploaded covers are served: `<sha256>-<width>.webp`. */
export const BLOG_COVER_PATH_PREFIX = "/images/blog/";
/** The widths an uploaded cover is served in (small, medium, large). */
export const BLOG_COVER_WIDTHS = [640, 1024, 1600] as const;

/**
 * The pictures of a post: small, medium (from 768 px) and large (from 1280 px). `image` is one of
 * the store's drawings under /media/blog/, or an uploaded cover (`upload-<sha256>-<ext>`), served
 * as WebP in three widths.
 */
export const blogImages = (image: string) => {
  const upload = /^upload-([0-9a-f]{64})-/.exec(image);
  if (upload) {
    const [sm, md, xl] = BLOG_COVER_WIDTHS.map((w) => `${BLOG_COVER_PATH_PREFIX}${upload[1]}-${w}.webp`);
    return { image: sm as string, imageMD: md as string, imageXL: xl as string };
  }
  return {
    image: `/media/blog/${image}-sm.svg`,
    imageMD: `/media/blog/${image}-md.svg`,
    imageXL: `/media/blog/${image}-xl.svg`,
  };
};

// The answer's shapes are declared once, as zod schemas (api/content.ts).
export type BlogPostSummary = z.infer<typeof ZBlogPostSummary>;
export type BlogPostDetail = z.infer<typeof ZBlogPostDetail>;

export const BLOG_POST_NOT_FOUND = "Post not found";
