// Blog posts and release notes saved before their HTML was stored beside the markdown (a database
// migrated from an older version) get it once, right after migrating: `npm run db:migrate` and
// `npm start` call this (cli/main.ts). One cheap look first; the markdown renderer is loaded only
// when a row lacks its HTML. The server itself never renders markdown (ADR 017).
import type { Db } from "../db/client.ts";

/** Fills the HTML of every text that has markdown and none; returns how many rows it filled. */
export async function fillMissingStoredHtml(db: Db): Promise<number> {
  const missing = await Promise.all([
    db.blogPostTranslation.findFirst({ where: { bodyHtml: "", NOT: { body: "" } }, select: { id: true } }),
    db.systemReleaseNote.findFirst({ where: { html: "", NOT: { markdown: "" } }, select: { id: true } }),
    db.appReleaseNote.findFirst({ where: { html: "", NOT: { markdown: "" } }, select: { id: true } }),
  ]);
  if (missing.every((row) => row === null)) return 0;
  const [{ fillMissingBlogHtml }, { fillMissingReleaseNoteHtml }] = await Promise.all([
    import("../modules/blog/store.ts"),
    import("../modules/release-notes/store.ts"),
  ]);
  return (await fillMissingBlogHtml(db)) + (await fillMissingReleaseNoteHtml(db));
}
