// The admin's blog through /admin/trpc, as the admin client calls it: a post made as a draft (not in
// the shop: list, page, sitemap, search), scheduled (still hidden until its time, then shown with
// nothing more done, by the test's clock), unpublished and deleted; its markdown stored sanitised;
// the address validated and unique; saves at the version opened (the older one refused, nothing
// written); the audit rows with before and after; the preview equal to what is stored.

import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { BLOG_ADMIN_MESSAGES as M } from "@vela/shared/admin";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEnUS } from "../../packages/i18n/src/messages/admin/en-US.ts";
import { adminJaJP } from "../../packages/i18n/src/messages/admin/ja-JP.ts";
import { ManualClock } from "../src/clock.ts";
import { renderForStorage } from "../src/content/markdown.ts";
import { writesPublicData } from "../src/http/page-renderer.ts";
import type { BlogListRow, BlogPostForStaff } from "../src/modules/blog/admin-posts.ts";
import { nextScheduledAt, watchScheduledPosts } from "../src/modules/blog/schedule.ts";
import { createTestApp, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { type AdminAnswer, admin, createStaff, signInStaff } from "./support-staff.ts";

let t: TestApp;
const clock = new ManualClock(Date.now());
const staff = { content: "", content2: "", support: "" };
let mediaDir: string;

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(tmpdir(), "vela-blog-media-"));
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS, clock, env: { MEDIA_DIR: mediaDir } });
  for (const [name, role] of [
    ["content", "content"],
    ["content2", "content"],
    ["support", "support"],
  ] as const) {
    staff[name] = await signInStaff(t, await createStaff(t, `blog-${name}@vela.test`, role));
  }
});
afterAll(async () => {
  await t.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const act = <T = BlogPostForStaff>(
  path: string,
  input: unknown,
  cookie = staff.content,
): Promise<AdminAnswer<T>> => admin<T>(t, "mutation", `blog.${path}`, input, { cookie });
const get = (postId: number, cookie = staff.content) =>
  admin<BlogPostForStaff>(t, "query", "blog.get", { postId }, { cookie });

const texts = (title: string, body = "Hello **world**") => ({
  en: { title, excerpt: `${title} excerpt`, imageAlt: "A drawing", body },
  ja: { title: `${title}（日本語）`, excerpt: "抜粋", imageAlt: "絵", body: "こんにちは **世界**" },
});

async function create(slug: string, title = "A post"): Promise<BlogPostForStaff> {
  const res = await act("create", { slug, cover: "academy-opens", texts: texts(title) });
  expect(res.status, res.res.body).toBe(200);
  return res.data;
}

const shopList = async (language = "en-US") =>
  (
    t.api("GET", `/api/blog?language=${language}`).then((r) => r.json()) as Promise<{
      posts: { slug: string }[];
    }>
  ).then((a) => a.posts.map((p) => p.slug));
const shopPost = (slug: string, language = "en-US") => t.api("GET", `/api/blog/${slug}?language=${language}`);
const sitemap = async () => (await t.api("GET", "/sitemap.xml")).body;
const searched = async (q: string) =>
  (
    (await t.api("GET", `/api/search?q=${encodeURIComponent(q)}`)).json() as { posts: { slug: string }[] }
  ).posts.map((p) => p.slug);

describe("a scheduled post", () => {
  it("is hidden from shoppers as a draft and before its time, and shown once its time passes", async () => {
    const post = await create("zebra-lenses-arrive", "Zebra lenses arrive");
    expect(post).toMatchObject({ status: "DRAFT", state: "DRAFT", version: 0 });
    // A draft: nowhere in the shop.
    expect(await shopList()).not.toContain(post.slug);
    expect((await shopPost(post.slug)).statusCode).toBe(404);
    expect(await sitemap()).not.toContain("/blog/zebra-lenses-arrive");
    expect(await searched("zebra")).not.toContain(post.slug);

    const at = new Date(clock.now().getTime() + 5 * 60_000);
    const scheduled = await act("publish", {
      postId: post.id,
      version: post.version,
      publishAt: at.toISOString(),
    });
    expect(scheduled.status, scheduled.res.body).toBe(200);
    expect(scheduled.data).toMatchObject({
      status: "PUBLISHED",
      state: "SCHEDULED",
      publishedAt: at.toISOString(),
    });
    // Scheduled: still nowhere, in either language.
    expect(await shopList()).not.toContain(post.slug);
    expect(await shopList("ja-JP")).not.toContain(post.slug);
    expect((await shopPost(post.slug)).statusCode).toBe(404);
    expect((await shopPost(post.slug, "ja-JP")).statusCode).toBe(404);
    expect(await sitemap()).not.toContain("/blog/zebra-lenses-arrive");
    expect(await searched("zebra")).not.toContain(post.slug);

    // Its time passes: shown, with nothing more done.
    clock.advance(5 * 60_000 + 1000);
    expect(await shopList()).toContain(post.slug);
    const page = await shopPost(post.slug, "ja-JP");
    expect(page.statusCode).toBe(200);
    expect(page.json().post).toMatchObject({ title: "Zebra lenses arrive（日本語）", language: "ja-JP" });
    expect(page.json().post.bodyHtml).toContain("<strong>世界</strong>");
    expect(await sitemap()).toContain("/blog/zebra-lenses-arrive");
    expect(await searched("zebra")).toContain(post.slug);
    expect((await get(post.id)).data.state).toBe("PUBLISHED");

    // Back to draft: gone again.
    const draft = await act("unpublish", { postId: post.id, version: scheduled.data.version });
    expect(draft.status).toBe(200);
    expect(draft.data.state).toBe("DRAFT");
    expect((await shopPost(post.slug)).statusCode).toBe(404);
    expect(await searched("zebra")).not.toContain(post.slug);
    expect((await act("unpublish", { postId: post.id, version: draft.data.version })).error?.message).toBe(
      M.alreadyDraft,
    );
  });

  it("publish without a time shows it now", async () => {
    const post = await create("published-at-once");
    const res = await act("publish", { postId: post.id, version: post.version });
    expect(res.data.state).toBe("PUBLISHED");
    expect(await shopList()).toContain(post.slug);
  });

  it("the admin's list shows every post with its state and languages, and filters by state", async () => {
    const post = await create("listed-draft", "Listed draft");
    const all = await admin<{ posts: BlogListRow[] }>(t, "query", "blog.list", {}, { cookie: staff.content });
    const row = all.data.posts.find((p) => p.id === post.id);
    expect(row).toMatchObject({ state: "DRAFT", title: "Listed draft", languages: ["en-US", "ja-JP"] });
    // The seeded posts are published.
    expect(all.data.posts.filter((p) => p.state === "PUBLISHED").length).toBeGreaterThan(0);
    const drafts = await admin<{ posts: BlogListRow[] }>(
      t,
      "query",
      "blog.list",
      { status: "DRAFT" },
      { cookie: staff.content },
    );
    expect(drafts.data.posts.every((p) => p.state === "DRAFT")).toBe(true);
    expect(drafts.data.posts.map((p) => p.id)).toContain(post.id);
  });
});

describe("markdown", () => {
  const evil = [
    "# Title",
    "<script>alert(1)</script>",
    '<img src="x" onerror="alert(2)">',
    "[click](javascript:alert(3))",
    '<a href="jav&#x09;ascript:alert(4)">tab</a>',
    "<iframe src='https://evil.example'></iframe>",
    "<svg><script>alert(5)</script></svg>",
  ].join("\n\n");

  it("is stored sanitised beside its source, and served as stored", async () => {
    const post = await create("safe-markdown");
    const saved = await act("update", {
      postId: post.id,
      version: post.version,
      slug: post.slug,
      cover: "academy-opens",
      texts: { ...texts("Safe"), en: { ...texts("Safe").en, body: evil } },
    });
    expect(saved.status, saved.res.body).toBe(200);
    const row = await t.db.blogPostTranslation.findFirstOrThrow({
      where: { postId: post.id, language: "en-US" },
    });
    expect(row.body).toBe(evil);
    expect(row.bodyHtml).toBe(renderForStorage(evil));
    for (const bad of ["<script", "onerror", "javascript:", "<iframe", "<svg", "alert(2)"])
      expect(row.bodyHtml).not.toContain(bad);
    expect(row.bodyHtml).toContain("<h1>Title</h1>");
    await act("publish", { postId: post.id, version: saved.data.version });
    expect((await shopPost(post.slug)).json().post.bodyHtml).toBe(row.bodyHtml);
  });

  it("the preview is exactly what a save stores", async () => {
    const res = await admin<{ html: string }>(
      t,
      "mutation",
      "blog.preview",
      { body: evil },
      { cookie: staff.content },
    );
    expect(res.status).toBe(200);
    expect(res.data.html).toBe(renderForStorage(evil));
    expect(res.data.html).not.toContain("<script");
  });
});

describe("long texts", () => {
  it("a post with two bodies of 50,000 characters of Japanese is previewed and saved, one more is refused", async () => {
    const long = "あ".repeat(50_000);
    const preview = await admin<{ html: string }>(
      t,
      "mutation",
      "blog.preview",
      { body: long },
      { cookie: staff.content },
    );
    expect(preview.status, preview.res.body.slice(0, 200)).toBe(200);
    expect(preview.data.html).toContain(long);
    const post = await create("long-post");
    const both = texts("Long");
    const saved = await act("update", {
      postId: post.id,
      version: post.version,
      slug: post.slug,
      cover: "academy-opens",
      texts: { en: { ...both.en, body: long }, ja: { ...both.ja, body: long } },
    });
    expect(saved.status, saved.res.body.slice(0, 200)).toBe(200);
    expect(saved.data.texts.ja.body).toHaveLength(50_000);
    const tooLong = await act("update", {
      postId: post.id,
      version: saved.data.version,
      slug: post.slug,
      cover: "academy-opens",
      texts: { en: { ...both.en, body: `${long}あ` }, ja: both.ja },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error?.message).toBe(M.bodyText);
  });
});

describe("the address", () => {
  it("must be lower-case words with dashes, and unique; refused on its field, nothing written", async () => {
    const before = await t.db.blogPost.count();
    for (const slug of ["Upper-Case", "two--dashes", "-lead", "space here", "a/b", "x".repeat(121), ""]) {
      const res = await act("create", { slug, cover: "academy-opens", texts: texts("Bad") });
      expect(res.status, slug).toBe(400);
    }
    const taken = await act("create", {
      slug: "firmware-in-the-browser",
      cover: "academy-opens",
      texts: texts("Dup"),
    });
    expect(taken.status).toBe(409);
    expect(taken.error?.message).toBe(M.slugTaken);
    const noTitle = await act("create", {
      slug: "no-title",
      cover: "academy-opens",
      texts: { ...texts("x"), en: { ...texts("x").en, title: " " } },
    });
    expect(noTitle.status).toBe(400);
    const badCover = await act("create", { slug: "bad-cover", cover: "../etc/passwd", texts: texts("x") });
    expect(badCover.status).toBe(400);
    expect(await t.db.blogPost.count()).toBe(before);
  });
});

describe("two members at once", () => {
  it("of two saves from the same version one is written; the other is refused and writes nothing", async () => {
    const post = await create("two-editors");
    const save = (title: string, cookie: string) =>
      act(
        "update",
        {
          postId: post.id,
          version: post.version,
          slug: post.slug,
          cover: "luma-ultra-arrives",
          texts: texts(title),
        },
        cookie,
      );
    const [a, b] = await Promise.all([save("First", staff.content), save("Second", staff.content2)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.error?.message).toBe(M.staleVersion);
    const now = (await get(post.id)).data;
    expect(now.version).toBe(1);
    expect(["First", "Second"]).toContain(now.texts.en.title);
    // A publish or delete from the older version is refused too.
    expect((await act("publish", { postId: post.id, version: 0 })).status).toBe(409);
    expect((await act("delete", { postId: post.id, version: 0 })).status).toBe(409);
    expect(await t.db.blogPost.count({ where: { id: post.id } })).toBe(1);
  });
});

describe("the audit trail", () => {
  it("records each write with before and after; a delete keeps what the post said", async () => {
    const post = await create("audited-post", "Audited");
    const saved = await act("update", {
      postId: post.id,
      version: post.version,
      slug: "audited-post-renamed",
      cover: "academy-opens",
      texts: texts("Audited again"),
    });
    const deleted = await act<{ deleted: true }>("delete", { postId: post.id, version: saved.data.version });
    expect(deleted.status).toBe(200);
    expect(await t.db.blogPost.count({ where: { id: post.id } })).toBe(0);
    expect(await t.db.blogPostTranslation.count({ where: { postId: post.id } })).toBe(0);
    const rows = await t.db.auditEvent.findMany({
      where: { entityType: "BlogPost", entityId: String(post.id) },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => r.kind)).toEqual(["blog.created", "blog.updated", "blog.deleted"]);
    const updated = rows[1];
    expect(JSON.parse(updated?.before ?? "{}")).toMatchObject({
      version: 0,
      slug: "audited-post",
      "en.title": "Audited",
    });
    expect(JSON.parse(updated?.after ?? "{}")).toMatchObject({
      version: 1,
      slug: "audited-post-renamed",
      "en.title": "Audited again",
    });
    expect(JSON.parse(rows[2]?.before ?? "{}")).toMatchObject({ slug: "audited-post-renamed" });
    expect(rows.every((r) => r.actorLabel === "blog-content@vela.test")).toBe(true);
  });
});

describe("who may", () => {
  it("support may not read or write posts (403, nothing written)", async () => {
    const before = await t.db.blogPost.count();
    const res = await act(
      "create",
      { slug: "by-support", cover: "academy-opens", texts: texts("x") },
      staff.support,
    );
    expect(res.status).toBe(403);
    expect((await admin(t, "query", "blog.list", {}, { cookie: staff.support })).status).toBe(403);
    expect(await t.db.blogPost.count()).toBe(before);
  });

  it("the writes shoppers see empty the page cache; creating a draft does not", () => {
    for (const p of ["update", "publish", "unpublish", "delete"])
      expect(writesPublicData("POST", `/admin/trpc/blog.${p}`), p).toBe(true);
    expect(writesPublicData("POST", "/admin/trpc/blog.create")).toBe(false);
  });

  it("every answer of the blog has its English and Japanese text in the admin's catalogue", () => {
    for (const [key, text] of Object.entries(M)) {
      const id = `admin.server.blog.${key}` as keyof typeof adminEnUS;
      expect(adminEnUS[id], id).toBe(text);
      expect(adminJaJP[id], id).toMatch(/\S/);
      expect(adminJaJP[id]).not.toBe(text);
    }
  });
});

describe("the page cache at a scheduled time", () => {
  it("is emptied when the next scheduled post's time comes, and the watch reads the next one after", async () => {
    const post = await create("due-soon");
    const soon = new Date(clock.now().getTime() + 300);
    const later = new Date(clock.now().getTime() + 10 * 60_000);
    const other = await create("due-later");
    await act("publish", { postId: post.id, version: post.version, publishAt: soon.toISOString() });
    await act("publish", { postId: other.id, version: other.version, publishAt: later.toISOString() });
    expect(await nextScheduledAt(t.db, clock.now())).toEqual(soon);
    let due = 0;
    const watch = watchScheduledPosts({
      db: t.db,
      clock,
      onDue: () => due++,
      onError: (err) => {
        throw err;
      },
    });
    try {
      await new Promise((r) => setTimeout(r, 150));
      expect(due).toBe(0);
      // The watch's timer waits on real time, measured from the store's clock.
      await expect.poll(() => due, { timeout: 3000 }).toBe(1);
      clock.advance(400);
      expect(await nextScheduledAt(t.db, clock.now())).toEqual(later);
    } finally {
      watch.stop();
      clock.advance(10 * 60_000);
    }
  });
});

describe("an uploaded cover", () => {
  it("is checked, kept, named on the post, and served to the shop as WebP without its metadata", async () => {
    const png = await sharp({ create: { width: 900, height: 500, channels: 3, background: "#3366aa" } })
      .withMetadata({ exif: { IFD0: { Artist: "secret-artist" } } })
      .png()
      .toBuffer();
    const up = await act<{ cover: string; image: string; imageXL: string }>("uploadCover", {
      data: png.toString("base64"),
    });
    expect(up.status, up.res.body).toBe(200);
    expect(up.data.cover).toMatch(/^upload-[0-9a-f]{64}-png$/);
    expect(await readdir(path.join(mediaDir, "blog"))).toHaveLength(1);
    const post = await create("with-a-photo");
    const saved = await act("update", {
      postId: post.id,
      version: post.version,
      slug: post.slug,
      cover: up.data.cover,
      texts: texts("With a photo"),
    });
    expect(saved.status, saved.res.body).toBe(200);
    expect(saved.data.cover).toBe(up.data.cover);
    await act("publish", { postId: post.id, version: saved.data.version });
    const shown = (await shopPost(post.slug)).json().post;
    expect(shown.image).toBe(up.data.image);
    expect(shown.image).toMatch(/^\/images\/blog\/[0-9a-f]{64}-640\.webp$/);
    const res = await t.api("GET", shown.imageXL);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 900 });
    expect(meta.exif).toBeUndefined();
    expect(res.rawPayload.includes(Buffer.from("secret-artist"))).toBe(false);
    expect((await t.api("GET", `/images/blog/${"0".repeat(64)}-640.webp`)).statusCode).toBe(404);
  });

  it("refuses a file that is not a picture, and a cover naming an upload the store does not hold", async () => {
    const bad = await act("uploadCover", { data: Buffer.from("<svg onload=alert(1)>").toString("base64") });
    expect(bad.status).toBe(400);
    const post = await create("unkept-cover");
    const res = await act("update", {
      postId: post.id,
      version: post.version,
      slug: post.slug,
      cover: `upload-${"a".repeat(64)}-png`,
      texts: texts("x"),
    });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(M.coverUnknown);
    expect((await get(post.id)).data).toMatchObject({ cover: "academy-opens", version: 0 });
  });
});
