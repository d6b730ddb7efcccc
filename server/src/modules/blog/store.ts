// Writing a post's text: the one way a blog translation reaches the database. Its markdown body is
// rendered and sanitised here, once, and stored beside it (bodyHtml); pages and the API serve that
// HTML as it is and never render markdown when asked (ADR 017). An editor of posts calls
// saveBlogTranslation too.
import type { BlogLanguage } from "@vela/shared";
import { renderForStorage } from "../../content/markdown.ts";
import type { Db } from "../../db/client.ts";

export interface BlogTranslationText {
  title: string;
  excerpt: string;
  imageAlt: string;
  /** Markdown. */
  body: string;
}

/** The HTML stored for a post's markdown body. */
export const blogBodyHtml = (body: string): string => renderForStorage(body);

/** The columns of a post's text in one language, as every writer stores them: the body and its HTML. */
export function blogTranslationForStorage(
  text: BlogTranslationText,
): BlogTranslationText & { bodyHtml: string } {
  return {
    title: text.title,
    excerpt: text.excerpt,
    imageAlt: text.imageAlt,
    body: text.body,
    bodyHtml: blogBodyHtml(text.body),
  };
}

/** Creates or replaces a post's text in one language, its body's HTML with it. */
export async function saveBlogTranslation(
  db: Pick<Db, "blogPostTranslation">,
  postId: number,
  language: BlogLanguage,
  text: BlogTranslationText,
): Promise<void> {
  const row = blogTranslationForStorage(text);
  await db.blogPostTranslation.upsert({
    where: { postId_language: { postId, language } },
    create: { postId, language, ...row },
    update: row,
  });
}

/**
 * Stores the HTML of every translation that has markdown and no HTML yet (saved before the HTML
 * was stored). A row whose body changed meanwhile is left to the writer that changed it, which
 * stored that body's HTML. Returns how many rows it filled.
 */
export async function fillMissingBlogHtml(db: Db): Promise<number> {
  const rows = await db.blogPostTranslation.findMany({
    where: { bodyHtml: "", NOT: { body: "" } },
    select: { id: true, body: true },
  });
  let filled = 0;
  for (const row of rows) {
    const { count } = await db.blogPostTranslation.updateMany({
      where: { id: row.id, body: row.body, bodyHtml: "" },
      data: { bodyHtml: blogBodyHtml(row.body) },
    });
    filled += count;
  }
  return filled;
}
