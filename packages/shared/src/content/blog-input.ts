// The blog's inputs the server validates. Apart from blog.ts, whose constants and helpers the home
// page's newsroom needs without zod.
import { z } from "zod";
import { HANDLE_PATTERN } from "../storefront/constants.ts";
import { BLOG_LANGUAGES, BLOG_LIST_MAX } from "./blog.ts";

export const ZBlogSlug = z.string().max(120).regex(HANDLE_PATTERN, "Invalid post");

export const ZBlogListInput = z.strictObject({
  language: z.enum(BLOG_LANGUAGES, { error: `language must be one of ${BLOG_LANGUAGES.join(", ")}` }),
  limit: z.number().int().min(1).max(BLOG_LIST_MAX).optional(),
});
export type BlogListInput = z.infer<typeof ZBlogListInput>;

export const ZBlogPostInput = z.strictObject({
  language: z.enum(BLOG_LANGUAGES, { error: `language must be one of ${BLOG_LANGUAGES.join(", ")}` }),
  slug: ZBlogSlug,
});
