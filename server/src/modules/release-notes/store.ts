// Writing release notes: the one way a note's markdown reaches the database. Its HTML is rendered
// and sanitised here, once, and stored beside it; pages and the API serve that HTML as it is and
// never render markdown when asked (ADR 017). Every writer of SystemReleaseNote or AppReleaseNote
// stores what releaseNoteForStorage answers.
import { renderForStorage } from "../../content/markdown.ts";
import type { Db } from "../../db/client.ts";

/** A note is shown under its version's own h2, so its ## headings become h3. */
export const RELEASE_NOTE_HEADING_OFFSET = 1;

/** The HTML stored for a note's markdown. */
export const releaseNoteHtml = (markdown: string): string =>
  renderForStorage(markdown, { headingOffset: RELEASE_NOTE_HEADING_OFFSET });

/** The columns of a note in one language, as every writer stores them: the markdown and its HTML. */
export function releaseNoteForStorage(
  language: string,
  markdown: string,
): { language: string; markdown: string; html: string } {
  return { language, markdown, html: releaseNoteHtml(markdown) };
}

/**
 * Stores the HTML of every system and app note that has markdown and no HTML yet (saved before the
 * HTML was stored). A note whose markdown changed meanwhile is left to the writer that changed it.
 * Returns how many notes it filled.
 */
export async function fillMissingReleaseNoteHtml(db: Db): Promise<number> {
  const missing = { html: "", NOT: { markdown: "" } };
  const select = { id: true, markdown: true };
  let filled = 0;
  for (const row of await db.systemReleaseNote.findMany({ where: missing, select })) {
    const { count } = await db.systemReleaseNote.updateMany({
      where: { id: row.id, markdown: row.markdown, html: "" },
      data: { html: releaseNoteHtml(row.markdown) },
    });
    filled += count;
  }
  for (const row of await db.appReleaseNote.findMany({ where: missing, select })) {
    const { count } = await db.appReleaseNote.updateMany({
      where: { id: row.id, markdown: row.markdown, html: "" },
      data: { html: releaseNoteHtml(row.markdown) },
    });
    filled += count;
  }
  return filled;
}
