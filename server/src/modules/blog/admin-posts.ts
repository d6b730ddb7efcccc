// The admin's blog posts: the list (every post, drafts and scheduled ones too), one post with its
// English and Japanese texts, and its writes: create (a draft), save, publish now or at a time
// (a later time schedules it), back to draft, delete. Each write happens only at the version the
// member opened (`BlogPost.version`, moved by every write), writes its audit row with before and
// after in its transaction, and stores each text through blogTranslationForStorage (store.ts), so
// the body's sanitised HTML is stored with it (ADR 017). The search index follows every write once
// it has committed. The preview renders markdown exactly as a save would store it.
import {
  type BlogCreateInput,
  type BlogListAdminInput,
  type BlogPostStatus,
  type BlogPublishInput,
  type BlogSaveInput,
  type BlogTexts,
  type BlogVersionedRef,
  BLOG_ADMIN_MESSAGES as M,
  ZBlogListAdminInput,
} from "@vela/shared/admin";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";
import { reindexSearch } from "../search/reindex.ts";
import { assertCoverKept } from "./covers.ts";
import { blogBodyHtml, blogTranslationForStorage } from "./store.ts";

type Tx = Prisma.TransactionClient;

/** What the list and the page say of a post's state at a moment: drafts, scheduled, published. */
export type BlogShownState = "DRAFT" | "SCHEDULED" | "PUBLISHED";

const EMPTY_TEXT = { title: "", excerpt: "", imageAlt: "", body: "" };

const detailSelect = {
  id: true,
  slug: true,
  status: true,
  publishedAt: true,
  image: true,
  version: true,
  createdAt: true,
  updatedAt: true,
  translations: {
    select: { language: true, title: true, excerpt: true, imageAlt: true, body: true, bodyHtml: true },
  },
} as const satisfies Prisma.BlogPostSelect;

type DetailRow = Prisma.BlogPostGetPayload<{ select: typeof detailSelect }>;

export interface BlogPostText {
  title: string;
  excerpt: string;
  imageAlt: string;
  body: string;
  bodyHtml: string;
}

export interface BlogPostForStaff {
  id: number;
  slug: string;
  status: BlogPostStatus;
  /** DRAFT, SCHEDULED (published with a later time) or PUBLISHED, as of the answer. */
  state: BlogShownState;
  /** ISO instant: when a published post is shown from (for a draft, when it was last dated). */
  publishedAt: string;
  cover: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  texts: { en: BlogPostText; ja: BlogPostText };
}

export interface BlogListRow {
  id: number;
  slug: string;
  status: BlogPostStatus;
  state: BlogShownState;
  publishedAt: string;
  cover: string;
  title: string;
  titleJa: string;
  /** The languages the post is written in. */
  languages: string[];
  updatedAt: string;
}

const stateOf = (status: string, publishedAt: Date, now: Date): BlogShownState =>
  status !== "PUBLISHED" ? "DRAFT" : publishedAt > now ? "SCHEDULED" : "PUBLISHED";

function textOf(row: DetailRow, language: string): BlogPostText {
  const t = row.translations.find((x) => x.language === language);
  return t
    ? { title: t.title, excerpt: t.excerpt, imageAlt: t.imageAlt, body: t.body, bodyHtml: t.bodyHtml }
    : { ...EMPTY_TEXT, bodyHtml: "" };
}

function detailOf(row: DetailRow, now: Date): BlogPostForStaff {
  return {
    id: row.id,
    slug: row.slug,
    status: row.status as BlogPostStatus,
    state: stateOf(row.status, row.publishedAt, now),
    publishedAt: row.publishedAt.toISOString(),
    cover: row.image,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    texts: { en: textOf(row, "en-US"), ja: textOf(row, "ja-JP") },
  };
}

const notFound = () => new AppError("NOT_FOUND", M.postNotFound);
const stale = () => new AppError("CONFLICT", M.staleVersion, { reason: "staleVersion" });
const slugTaken = () =>
  new AppError("CONFLICT", M.slugTaken, { issues: [{ path: "slug", message: M.slugTaken }] });
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === "P2002";

/** Every post, newest publish time first; filtered by what a shopper would see of it now. */
export async function listPostsForStaff(
  deps: Pick<Deps, "db" | "clock">,
  raw: BlogListAdminInput,
): Promise<{ posts: BlogListRow[] }> {
  const input = ZBlogListAdminInput.parse(raw);
  const now = deps.clock.now();
  const where: Prisma.BlogPostWhereInput =
    input.status === "DRAFT"
      ? { status: { not: "PUBLISHED" } }
      : input.status === "SCHEDULED"
        ? { status: "PUBLISHED", publishedAt: { gt: now } }
        : input.status === "PUBLISHED"
          ? { status: "PUBLISHED", publishedAt: { lte: now } }
          : {};
  const rows = await deps.db.blogPost.findMany({
    where,
    orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
    take: 500,
    select: {
      id: true,
      slug: true,
      status: true,
      publishedAt: true,
      image: true,
      updatedAt: true,
      translations: { select: { language: true, title: true }, orderBy: { language: "asc" } },
    },
  });
  return {
    posts: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      status: r.status as BlogPostStatus,
      state: stateOf(r.status, r.publishedAt, now),
      publishedAt: r.publishedAt.toISOString(),
      cover: r.image,
      title: r.translations.find((t) => t.language === "en-US")?.title ?? "",
      titleJa: r.translations.find((t) => t.language === "ja-JP")?.title ?? "",
      languages: r.translations.map((t) => t.language),
      updatedAt: r.updatedAt.toISOString(),
    })),
  };
}

export async function postForStaff(
  deps: Pick<Deps, "db" | "clock">,
  postId: number,
): Promise<BlogPostForStaff> {
  const row = await deps.db.blogPost.findUnique({ where: { id: postId }, select: detailSelect });
  if (!row) throw notFound();
  return detailOf(row, deps.clock.now());
}

/** The HTML a save would store for this markdown: what the editor's preview shows. */
export function previewBody(body: string): { html: string } {
  return { html: blogBodyHtml(body) };
}

/**
 * Writes both languages' texts through blogTranslationForStorage. The Japanese row exists while a
 * Japanese title is written; without one the post is not translated and Japanese pages show English.
 */
async function writeTexts(tx: Tx, postId: number, texts: BlogTexts): Promise<void> {
  const en = blogTranslationForStorage(texts.en);
  await tx.blogPostTranslation.upsert({
    where: { postId_language: { postId, language: "en-US" } },
    create: { postId, language: "en-US", ...en },
    update: en,
  });
  if (!texts.ja.title) {
    await tx.blogPostTranslation.deleteMany({ where: { postId, language: "ja-JP" } });
    return;
  }
  const ja = blogTranslationForStorage(texts.ja);
  await tx.blogPostTranslation.upsert({
    where: { postId_language: { postId, language: "ja-JP" } },
    create: { postId, language: "ja-JP", ...ja },
    update: ja,
  });
}

/** What the audit row compares: the fields a member writes, flat (bodies as markdown). */
function snapshotOf(row: DetailRow): Record<string, unknown> {
  const en = textOf(row, "en-US");
  const ja = textOf(row, "ja-JP");
  return {
    slug: row.slug,
    status: row.status,
    publishedAt: row.publishedAt.toISOString(),
    cover: row.image,
    "en.title": en.title,
    "en.excerpt": en.excerpt,
    "en.imageAlt": en.imageAlt,
    "en.body": en.body,
    "ja.title": ja.title,
    "ja.excerpt": ja.excerpt,
    "ja.imageAlt": ja.imageAlt,
    "ja.body": ja.body,
  };
}

function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (before[k] !== after[k]) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a };
}

/** The write at the version opened: moves the version, or refuses (nothing written) when it moved. */
async function claimVersion(
  tx: Tx,
  postId: number,
  version: number,
  data: Prisma.BlogPostUpdateManyMutationInput,
): Promise<DetailRow> {
  const before = await tx.blogPost.findUnique({ where: { id: postId }, select: detailSelect });
  if (!before) throw notFound();
  const moved = await tx.blogPost.updateMany({
    where: { id: postId, version },
    data: { ...data, version: { increment: 1 } },
  });
  if (moved.count === 0) throw stale();
  return before;
}

/** A new post, as a draft dated now; the member publishes or schedules it from its page. */
export async function createPost(
  deps: Pick<Deps, "db" | "clock" | "config">,
  actor: Actor,
  input: BlogCreateInput,
): Promise<BlogPostForStaff> {
  await assertCoverKept(deps, input.cover);
  const now = deps.clock.now();
  let id: number;
  try {
    id = await deps.db.$transaction(async (tx) => {
      const post = await tx.blogPost.create({
        data: {
          slug: input.slug,
          status: "DRAFT",
          publishedAt: now,
          image: input.cover,
          createdAt: now,
          updatedAt: now,
        },
        select: { id: true },
      });
      await writeTexts(tx, post.id, input.texts);
      const after = await tx.blogPost.findUniqueOrThrow({ where: { id: post.id }, select: detailSelect });
      await record(tx, deps, actor, {
        kind: "blog.created",
        entityType: "BlogPost",
        entityId: post.id,
        after: { version: after.version, ...snapshotOf(after) },
      });
      return post.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
  // A draft is not in the index; rebuilt all the same so the index never lags a write.
  await reindexSearch(deps.db);
  return postForStaff(deps, id);
}

/** Saves a post's address, cover and texts at the version opened; its status and time stay. */
export async function savePost(
  deps: Pick<Deps, "db" | "clock" | "config">,
  actor: Actor,
  input: BlogSaveInput,
): Promise<BlogPostForStaff> {
  await assertCoverKept(deps, input.cover);
  const now = deps.clock.now();
  try {
    await deps.db.$transaction(async (tx) => {
      const before = await claimVersion(tx, input.postId, input.version, {
        slug: input.slug,
        image: input.cover,
        updatedAt: now,
      });
      await writeTexts(tx, input.postId, input.texts);
      const after = await tx.blogPost.findUniqueOrThrow({
        where: { id: input.postId },
        select: detailSelect,
      });
      const diff = changes(snapshotOf(before), snapshotOf(after));
      await record(tx, deps, actor, {
        kind: "blog.updated",
        entityType: "BlogPost",
        entityId: input.postId,
        before: { version: before.version, ...diff.before },
        after: { version: after.version, ...diff.after },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw slugTaken();
    throw err;
  }
  await reindexSearch(deps.db);
  return postForStaff(deps, input.postId);
}

/**
 * Publishes a post now, or at `publishAt` (a later time schedules it: shoppers see it from then
 * on, with nothing more to do). Publishing a published post again moves its time.
 */
export async function publishPost(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: BlogPublishInput,
): Promise<BlogPostForStaff> {
  const now = deps.clock.now();
  const at = input.publishAt ? new Date(input.publishAt) : now;
  await deps.db.$transaction(async (tx) => {
    const before = await claimVersion(tx, input.postId, input.version, {
      status: "PUBLISHED",
      publishedAt: at,
      updatedAt: now,
    });
    await record(tx, deps, actor, {
      kind: at > now ? "blog.scheduled" : "blog.published",
      entityType: "BlogPost",
      entityId: input.postId,
      before: {
        status: before.status,
        publishedAt: before.publishedAt.toISOString(),
        version: before.version,
      },
      after: { status: "PUBLISHED", publishedAt: at.toISOString(), version: before.version + 1 },
    });
  });
  await reindexSearch(deps.db);
  return postForStaff(deps, input.postId);
}

/** Takes a post out of the shop (or a scheduled one off the schedule): back to draft. */
export async function unpublishPost(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: BlogVersionedRef,
): Promise<BlogPostForStaff> {
  const now = deps.clock.now();
  await deps.db.$transaction(async (tx) => {
    const current = await tx.blogPost.findUnique({ where: { id: input.postId }, select: { status: true } });
    if (!current) throw notFound();
    if (current.status === "DRAFT") throw new AppError("CONFLICT", M.alreadyDraft);
    const before = await claimVersion(tx, input.postId, input.version, { status: "DRAFT", updatedAt: now });
    await record(tx, deps, actor, {
      kind: "blog.unpublished",
      entityType: "BlogPost",
      entityId: input.postId,
      before: {
        status: before.status,
        publishedAt: before.publishedAt.toISOString(),
        version: before.version,
      },
      after: { status: "DRAFT", version: before.version + 1 },
    });
  });
  await reindexSearch(deps.db);
  return postForStaff(deps, input.postId);
}

/** Deletes a post and its texts, at the version opened; the audit row keeps what it said. */
export async function deletePost(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: BlogVersionedRef,
): Promise<{ deleted: true }> {
  await deps.db.$transaction(async (tx) => {
    const before = await tx.blogPost.findUnique({ where: { id: input.postId }, select: detailSelect });
    if (!before) throw notFound();
    const gone = await tx.blogPost.deleteMany({ where: { id: input.postId, version: input.version } });
    if (gone.count === 0) throw stale();
    await record(tx, deps, actor, {
      kind: "blog.deleted",
      entityType: "BlogPost",
      entityId: input.postId,
      before: { version: before.version, ...snapshotOf(before) },
    });
  });
  await reindexSearch(deps.db);
  return { deleted: true };
}
