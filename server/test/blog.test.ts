import { existsSync } from "node:fs";
import path from "node:path";
import type { BlogPostDetail, BlogPostSummary } from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT_DIR } from "../src/config.ts";
import { loadBlogPosts } from "../src/modules/blog/seed.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (query = "") => {
  const res = await t.api("GET", `/api/blog${query}`);
  return { res, posts: res.statusCode === 200 ? json<{ posts: BlogPostSummary[] }>(res).posts : [] };
};

describe("GET /api/blog", () => {
  it("lists the seeded posts newest first, in English by default, with the newsroom fields", async () => {
    const { res, posts } = await list();
    expect(res.statusCode).toBe(200);
    const seeded = loadBlogPosts();
    expect(posts.map((p) => p.slug)).toEqual(
      [...seeded].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt)).map((p) => p.slug),
    );
    for (const p of posts) {
      expect(Object.keys(p).sort()).toEqual(
        ["alt", "excerpt", "image", "imageMD", "imageXL", "language", "publishedAt", "slug", "title"].sort(),
      );
      expect(p.language).toBe("en-US");
      expect(p.title).not.toContain("{brand}");
      // The pictures are files made by the project, served by the client build.
      for (const src of [p.image, p.imageMD, p.imageXL]) {
        expect(existsSync(path.join(ROOT_DIR, "client/public", src)), src).toBe(true);
      }
    }
  });

  it("answers in Japanese and honours limit", async () => {
    const { posts } = await list("?language=ja-JP&limit=3");
    expect(posts).toHaveLength(3);
    expect(posts[0]?.language).toBe("ja-JP");
    expect(posts[0]?.title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it("refuses a language it has no posts in, or a bad limit, with 400", async () => {
    for (const query of [
      "?language=zh-CN",
      "?language=fr",
      "?limit=0",
      "?limit=51",
      "?limit=x",
      "?extra=1",
    ]) {
      expect((await list(query)).res.statusCode, query).toBe(400);
    }
  });

  it("answers the same through tRPC", async () => {
    const viaTrpc = await callerFor(t).blog.list({ language: "ja-JP" });
    expect(viaTrpc.posts).toEqual((await list("?language=ja-JP")).posts);
  });
});

describe("GET /api/blog/{slug}", () => {
  it("answers one post with its markdown body, in the language asked", async () => {
    const en = await t.api("GET", "/api/blog/luma-ultra-arrives");
    expect(en.statusCode).toBe(200);
    const post = json<{ post: BlogPostDetail }>(en).post;
    expect(post.title).toBe("Vela Luma Ultra arrives with a brighter, sharper view");
    expect(post.body).toMatch(/^## /);
    // Beside the markdown, the HTML stored with it when it was saved (ADR 017).
    expect(post.bodyHtml).toMatch(/^<h2>/);
    expect(post.bodyHtml).not.toContain("##");
    const ja = json<{ post: BlogPostDetail }>(
      await t.api("GET", "/api/blog/luma-ultra-arrives?language=ja-JP"),
    );
    expect(ja.post.language).toBe("ja-JP");
    expect(ja.post.body).toContain("本日発売");
  });

  it("answers 404 for an unknown post and 400 for a malformed one", async () => {
    const missing = await t.api("GET", "/api/blog/no-such-post");
    expect(missing.statusCode).toBe(404);
    expect(json(missing).message).toBe("Post not found");
    expect((await t.api("GET", "/api/blog/Bad_Slug")).statusCode).toBe(400);
  });
});
