// Newsroom posts in a language: the list (newest first) and one post with its markdown body and
// the HTML stored with it when it was saved (store.ts). Shoppers see only published posts whose
// time has come (`shownPostWhere`): a draft or a scheduled post is not listed and its page answers
// 404, and a scheduled post appears by itself once its time passes (no write makes it appear: a
// cached page shows it once its copy is older than the page cache's freshness bound, 60 s).
import {
  BLOG_POST_NOT_FOUND,
  type BlogLanguage,
  type BlogPostDetail,
  type BlogPostSummary,
  blogImages,
} from "@vela/shared";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

/** The posts a shopper sees at `now`: published, and published at or before it. */
export const shownPostWhere = (now: Date) =>
  ({ status: "PUBLISHED", publishedAt: { lte: now } }) satisfies Prisma.BlogPostWhereInput;

const translationSelect = {
  language: true,
  title: true,
  excerpt: true,
  imageAlt: true,
} satisfies Prisma.BlogPostTranslationSelect;

const postSelect = (language: BlogLanguage, body: boolean) =>
  ({
    slug: true,
    publishedAt: true,
    image: true,
    // The post's text in the language, and English beneath it for a post not yet translated.
    translations: {
      where: { language: { in: [language, "en-US"] } },
      select: { ...translationSelect, body, bodyHtml: body },
    },
  }) satisfies Prisma.BlogPostSelect;

type Row = Prisma.BlogPostGetPayload<{ select: ReturnType<typeof postSelect> }>;

function toSummary(row: Row, language: BlogLanguage) {
  const t = row.translations.find((x) => x.language === language) ?? row.translations[0];
  if (!t) return null;
  const summary: BlogPostSummary = {
    slug: row.slug,
    publishedAt: row.publishedAt.toISOString().slice(0, 10),
    language: t.language as BlogLanguage,
    title: t.title,
    excerpt: t.excerpt,
    alt: t.imageAlt,
    ...blogImages(row.image),
  };
  const text = t as { body?: string; bodyHtml?: string };
  return { summary, body: text.body ?? "", bodyHtml: text.bodyHtml ?? "" };
}

export async function listPosts(
  deps: Pick<Deps, "db" | "clock">,
  language: BlogLanguage,
  limit?: number,
): Promise<{ posts: BlogPostSummary[] }> {
  const rows = await deps.db.blogPost.findMany({
    where: shownPostWhere(deps.clock.now()),
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    ...(limit ? { take: limit } : {}),
    select: postSelect(language, false),
  });
  return {
    posts: rows.map((r) => toSummary(r, language)?.summary).filter((p): p is BlogPostSummary => Boolean(p)),
  };
}

export async function getPost(
  deps: Pick<Deps, "db" | "clock">,
  language: BlogLanguage,
  slug: string,
): Promise<{ post: BlogPostDetail }> {
  const row = await deps.db.blogPost.findFirst({
    where: { slug, ...shownPostWhere(deps.clock.now()) },
    select: postSelect(language, true),
  });
  const found = row ? toSummary(row, language) : null;
  if (!found) throw new AppError("NOT_FOUND", BLOG_POST_NOT_FOUND);
  return { post: { ...found.summary, body: found.body, bodyHtml: found.bodyHtml } };
}
