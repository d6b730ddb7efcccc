// Release notes in the response shapes of spec 001 §3: system notes per model of a product, app
// notes per app and platform. Newest first; notes keyed or listed by language, as markdown (the
// spec's fields) and beside it as the HTML stored when each note was saved (store.ts).
import {
  type AppReleaseItem,
  type AppReleaseNoteInput,
  isReleaseLanguage,
  RELEASE_LANGUAGES,
  RELEASE_MODELS,
  type ReleaseLanguage,
  type SystemProduct,
  type SystemReleaseItem,
} from "@vela/shared";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";

const noteSelect = { language: true, markdown: true, html: true } satisfies Prisma.SystemReleaseNoteSelect;

const systemSelect = {
  model: true,
  version: true,
  displayVersion: true,
  updateTime: true,
  notes: { select: noteSelect },
} satisfies Prisma.SystemReleaseSelect;

const appSelect = {
  version: true,
  releaseDate: true,
  downloadLink: true,
  notes: { select: noteSelect },
} satisfies Prisma.AppReleaseSelect;

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
const byLanguage = (a: { language: string }, b: { language: string }) =>
  RELEASE_LANGUAGES.indexOf(a.language as ReleaseLanguage) -
  RELEASE_LANGUAGES.indexOf(b.language as ReleaseLanguage);

/** A release's notes in the languages of §3, in their order. */
const notesOf = <T extends { language: string }>(notes: T[]): T[] =>
  notes.filter((n) => isReleaseLanguage(n.language)).sort(byLanguage);

/** GET /system/releasenote?product=: one item per model of the product, in the order of §3. */
export async function systemReleaseNotes(
  deps: Pick<Deps, "db">,
  product: SystemProduct,
): Promise<{ data: SystemReleaseItem[] }> {
  const rows = await deps.db.systemRelease.findMany({
    where: { product },
    orderBy: [{ updateTime: "desc" }, { id: "desc" }],
    select: systemSelect,
  });
  const data: SystemReleaseItem[] = [];
  for (const model of RELEASE_MODELS.filter((m) => m.product === product)) {
    const releases = rows.filter((r) => r.model === model.slug);
    const newest = releases[0];
    if (!newest) continue;
    data.push({
      name: model.slug,
      version: newest.version,
      list: releases.map((r) => ({
        display_version: r.displayVersion,
        update_time: isoDay(r.updateTime),
        release_note: Object.fromEntries(notesOf(r.notes).map((n) => [n.language, n.markdown])),
        release_note_html: Object.fromEntries(notesOf(r.notes).map((n) => [n.language, n.html])),
      })),
    });
  }
  return { data };
}

/** POST /academy/releasenote {product_name, platform}: the app's releases on that platform. */
export async function appReleaseNotes(
  deps: Pick<Deps, "db">,
  input: AppReleaseNoteInput,
): Promise<{ data: AppReleaseItem[] }> {
  const rows = await deps.db.appRelease.findMany({
    where: { productName: input.product_name, platform: input.platform },
    orderBy: [{ releaseDate: "desc" }, { id: "desc" }],
    select: appSelect,
  });
  return {
    data: rows.map((r) => ({
      version: r.version,
      release_date: isoDay(r.releaseDate),
      download_link: r.downloadLink,
      release_note_detail: notesOf(r.notes).map((n) => ({
        language: n.language as ReleaseLanguage,
        note_detail: n.markdown,
        note_html: n.html,
      })),
    })),
  };
}
