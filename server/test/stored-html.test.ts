// Blog posts and release notes keep their HTML beside the markdown, rendered and sanitised when they
// are saved (ADR 017): the seeders store it, the one writer of a post's text stores it, a database
// from before gets it once after migrating, and the API answers it as stored.
import type { BlogPostDetail } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderForStorage } from "../src/content/markdown.ts";
import { blogBodyHtml, saveBlogTranslation } from "../src/modules/blog/store.ts";
import { releaseNoteHtml } from "../src/modules/release-notes/store.ts";
import { fillMissingStoredHtml } from "../src/seed/stored-html.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every stored text beside the HTML it must have. */
async function storedTexts() {
  const [posts, system, app] = await Promise.all([
    t.db.blogPostTranslation.findMany({ select: { id: true, body: true, bodyHtml: true } }),
    t.db.systemReleaseNote.findMany({ select: { id: true, markdown: true, html: true } }),
    t.db.appReleaseNote.findMany({ select: { id: true, markdown: true, html: true } }),
  ]);
  return [
    ...posts.map((p) => ({ label: `post ${p.id}`, html: p.bodyHtml, expected: blogBodyHtml(p.body) })),
    ...system.map((n) => ({ label: `system ${n.id}`, html: n.html, expected: releaseNoteHtml(n.markdown) })),
    ...app.map((n) => ({ label: `app ${n.id}`, html: n.html, expected: releaseNoteHtml(n.markdown) })),
  ];
}

const post = async (slug: string, query = "") =>
  json<{ post: BlogPostDetail }>(await t.api("GET", `/api/blog/${slug}${query}`)).post;

describe("stored HTML", () => {
  it("is written by the seeders for every post and note, release notes' headings from h3", async () => {
    const texts = await storedTexts();
    expect(texts.length).toBeGreaterThan(100);
    for (const text of texts) expect(text.html, text.label).toBe(text.expected);
    const note = await t.db.systemReleaseNote.findFirstOrThrow({ select: { html: true } });
    expect(note.html).toMatch(/^<h3>/);
    expect(note.html).not.toContain("<h2>");
    expect(note.html).toMatch(/<a href="https:\/\/[^"]+" target="_blank" rel="noopener noreferrer">/);
  });

  it("is what the blog post answer carries beside the markdown", async () => {
    const en = await post("luma-ultra-arrives");
    expect(en.body).toMatch(/^## /);
    expect(en.bodyHtml).toBe(renderForStorage(en.body));
    expect(en.bodyHtml).toMatch(/^<h2>/);
    const ja = await post("luma-ultra-arrives", "?language=ja-JP");
    expect(ja.bodyHtml).toContain("本日発売");
    expect(ja.bodyHtml).toBe(renderForStorage(ja.body));
  });

  it("is written with the text by saveBlogTranslation, sanitised, and served as stored", async () => {
    const { id } = await t.db.blogPost.findUniqueOrThrow({ where: { slug: "luma-ultra-arrives" } });
    const before = await post("luma-ultra-arrives");
    await saveBlogTranslation(t.db, id, "en-US", {
      title: before.title,
      excerpt: before.excerpt,
      imageAlt: before.alt,
      body: '## Edited\n\n<img src=x onerror="alert(1)"> [guide](javascript:alert(1)) <script>alert(1)</script>',
    });
    const after = await post("luma-ultra-arrives");
    expect(after.body).toContain("## Edited");
    expect(after.bodyHtml).toBe('<h2>Edited</h2>\n<p><img src="x" /> <a>guide</a> </p>\n');
  });

  it("is filled once for texts saved before it was stored, and a second fill finds nothing", async () => {
    // A database from before: rows with markdown and no HTML.
    const emptied =
      (await t.db.blogPostTranslation.updateMany({ where: {}, data: { bodyHtml: "" } })).count +
      (await t.db.systemReleaseNote.updateMany({ where: {}, data: { html: "" } })).count +
      (await t.db.appReleaseNote.updateMany({ where: {}, data: { html: "" } })).count;
    expect((await post("luma-ultra-arrives")).bodyHtml).toBe("");
    // Two instances filling at once: each row is filled once, with the same HTML.
    const [a, b] = await Promise.all([fillMissingStoredHtml(t.db), fillMissingStoredHtml(t.db)]);
    expect(a + b).toBe(emptied);
    for (const text of await storedTexts()) expect(text.html, text.label).toBe(text.expected);
    expect(await fillMissingStoredHtml(t.db)).toBe(0);
  });

  it("leaves a text with no markdown alone", async () => {
    const note = await t.db.appReleaseNote.findFirstOrThrow({ select: { id: true } });
    await t.db.appReleaseNote.update({ where: { id: note.id }, data: { markdown: "", html: "" } });
    expect(await fillMissingStoredHtml(t.db)).toBe(0);
  });
});
