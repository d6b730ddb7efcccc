// Newsroom posts from prisma/seed-data/blog.json ({brand} becomes the brand's name), each body stored
// with its HTML (store.ts). Idempotent.
import { readFileSync } from "node:fs";
import path from "node:path";
import { BLOG_LANGUAGES, type BlogLanguage, BRAND } from "@vela/shared";
import { ROOT_DIR } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { blogTranslationForStorage, fillMissingBlogHtml } from "./store.ts";

export interface BlogPostSpec {
  slug: string;
  /** YYYY-MM-DD */
  publishedAt: string;
  image: string;
  translations: Record<BlogLanguage, { title: string; excerpt: string; imageAlt: string; body: string }>;
}

export function loadBlogPosts(): BlogPostSpec[] {
  const file = path.join(ROOT_DIR, "prisma/seed-data/blog.json");
  const text = readFileSync(file, "utf8").replaceAll("{brand}", BRAND.name);
  const posts = (JSON.parse(text) as { posts: BlogPostSpec[] }).posts;
  for (const p of posts) {
    for (const language of BLOG_LANGUAGES) {
      if (!p.translations[language]) throw new Error(`seed: post ${p.slug} has no ${language} text`);
    }
  }
  return posts;
}

export async function seedBlog(db: Db, posts: BlogPostSpec[] = loadBlogPosts()): Promise<void> {
  for (const p of posts) {
    if (await db.blogPost.findUnique({ where: { slug: p.slug }, select: { id: true } })) continue;
    await db.blogPost.create({
      data: {
        slug: p.slug,
        publishedAt: new Date(`${p.publishedAt}T00:00:00Z`),
        image: p.image,
        translations: {
          create: Object.entries(p.translations).map(([language, t]) => ({
            language,
            ...blogTranslationForStorage(t),
          })),
        },
      },
    });
  }
  // Posts seeded before their HTML was stored get it now.
  await fillMissingBlogHtml(db);
}
