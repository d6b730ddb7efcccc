// The admin's release notes: system releases per glasses model (and the dock), app releases per
// app and platform, each with its notes per language. Every note reaches the database through
// releaseNoteForStorage (store.ts: its sanitised HTML beside the markdown, ADR 017). Each write
// happens at the row version the member opened (`rowVersion`, moved by every write): a save or a
// delete from a page opened before someone else's save is refused, never written over it. Each
// writes its audit row, with before and after, in its own transaction.
import { RELEASE_LANGUAGES, RELEASE_MODELS, type SystemProduct } from "@vela/shared";
import {
  RELEASES_ADMIN_MESSAGES as M,
  type ReleaseKind,
  type ZAppReleaseCreateInput,
  type ZAppReleaseUpdateInput,
  type ZSystemReleaseCreateInput,
  type ZSystemReleaseUpdateInput,
} from "@vela/shared/admin";
import type { z } from "zod";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";
import { releaseNoteForStorage } from "./store.ts";

type NotesText = Record<(typeof RELEASE_LANGUAGES)[number], string>;
type SystemCreate = z.output<typeof ZSystemReleaseCreateInput>;
type SystemUpdate = z.output<typeof ZSystemReleaseUpdateInput>;
type AppCreate = z.output<typeof ZAppReleaseCreateInput>;
type AppUpdate = z.output<typeof ZAppReleaseUpdateInput>;

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
const dayOf = (v: string): Date => new Date(`${v}T00:00:00Z`);
const notFound = () => new AppError("NOT_FOUND", M.releaseNotFound);
const stale = () => new AppError("CONFLICT", M.staleVersion, { reason: "staleVersion" });
const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === "P2002";
const taken = (kind: ReleaseKind) => {
  const message = kind === "system" ? M.systemVersionTaken : M.appVersionTaken;
  return new AppError("CONFLICT", message, { issues: [{ path: "version", message }] });
};

/** The notes as stored: one row per language written (an empty one is not stored), each with its HTML. */
function noteRows(notes: NotesText) {
  return RELEASE_LANGUAGES.filter((l) => notes[l].trim() !== "").map((l) =>
    releaseNoteForStorage(l, notes[l]),
  );
}

const notesOf = (rows: { language: string; markdown: string }[]): NotesText =>
  Object.fromEntries(
    RELEASE_LANGUAGES.map((l) => [l, rows.find((r) => r.language === l)?.markdown ?? ""]),
  ) as NotesText;

const productOfModel = (slug: string): SystemProduct =>
  RELEASE_MODELS.find((m) => m.slug === slug)?.product ?? "xr-glasses";

// ---------------------------------------------------------------------------------------------
// Reading

const systemSelect = {
  id: true,
  product: true,
  model: true,
  version: true,
  displayVersion: true,
  updateTime: true,
  rowVersion: true,
  notes: { select: { language: true, markdown: true, html: true } },
} satisfies Prisma.SystemReleaseSelect;
const appSelect = {
  id: true,
  productName: true,
  platform: true,
  version: true,
  releaseDate: true,
  downloadLink: true,
  rowVersion: true,
  notes: { select: { language: true, markdown: true, html: true } },
} satisfies Prisma.AppReleaseSelect;

type SystemRow = Prisma.SystemReleaseGetPayload<{ select: typeof systemSelect }>;
type AppRow = Prisma.AppReleaseGetPayload<{ select: typeof appSelect }>;

export interface SystemReleaseForStaff {
  kind: "system";
  id: number;
  product: string;
  model: string;
  version: string;
  displayVersion: string;
  date: string;
  notes: NotesText;
  /** The HTML stored for each written note, as the shop shows it. */
  html: NotesText;
  rowVersion: number;
}
export interface AppReleaseForStaff {
  kind: "app";
  id: number;
  app: string;
  platform: string;
  version: string;
  date: string;
  downloadLink: string;
  notes: NotesText;
  html: NotesText;
  rowVersion: number;
}

const htmlOf = (rows: { language: string; html: string }[]): NotesText =>
  Object.fromEntries(
    RELEASE_LANGUAGES.map((l) => [l, rows.find((r) => r.language === l)?.html ?? ""]),
  ) as NotesText;

function systemDto(r: SystemRow): SystemReleaseForStaff {
  return {
    kind: "system",
    id: r.id,
    product: r.product,
    model: r.model,
    version: r.version,
    displayVersion: r.displayVersion,
    date: isoDay(r.updateTime),
    notes: notesOf(r.notes),
    html: htmlOf(r.notes),
    rowVersion: r.rowVersion,
  };
}
function appDto(r: AppRow): AppReleaseForStaff {
  return {
    kind: "app",
    id: r.id,
    app: r.productName,
    platform: r.platform,
    version: r.version,
    date: isoDay(r.releaseDate),
    downloadLink: r.downloadLink ?? "",
    notes: notesOf(r.notes),
    html: htmlOf(r.notes),
    rowVersion: r.rowVersion,
  };
}

export interface ReleaseSummary {
  id: number;
  version: string;
  displayVersion: string;
  date: string;
  /** The languages its notes are written in. */
  languages: string[];
  downloadLink: string;
  rowVersion: number;
}
export interface ReleaseLists {
  /** One group per model, in the order of spec 001 §3; releases newest first. */
  system: { product: string; model: string; releases: ReleaseSummary[] }[];
  /** One group per app and platform that has releases; releases newest first. */
  app: { app: string; platform: string; releases: ReleaseSummary[] }[];
}

const languagesOf = (rows: { language: string; markdown: string }[]) =>
  RELEASE_LANGUAGES.filter((l) => rows.some((r) => r.language === l && r.markdown.trim() !== ""));

/** Every release, system ones per model and app ones per app and platform, newest first. */
export async function listReleasesForStaff(
  deps: Pick<Deps, "db">,
  product?: SystemProduct,
): Promise<ReleaseLists> {
  const noteLanguages = { select: { language: true, markdown: true } };
  const [systems, apps] = await Promise.all([
    deps.db.systemRelease.findMany({
      orderBy: [{ updateTime: "desc" }, { id: "desc" }],
      select: {
        id: true,
        model: true,
        version: true,
        displayVersion: true,
        updateTime: true,
        rowVersion: true,
        notes: noteLanguages,
      },
    }),
    deps.db.appRelease.findMany({
      orderBy: [{ releaseDate: "desc" }, { id: "desc" }],
      select: {
        id: true,
        productName: true,
        platform: true,
        version: true,
        releaseDate: true,
        downloadLink: true,
        rowVersion: true,
        notes: noteLanguages,
      },
    }),
  ]);
  const system = RELEASE_MODELS.filter((m) => !product || m.product === product).map((m) => ({
    product: m.product,
    model: m.slug,
    releases: systems
      .filter((r) => r.model === m.slug)
      .map((r) => ({
        id: r.id,
        version: r.version,
        displayVersion: r.displayVersion,
        date: isoDay(r.updateTime),
        languages: languagesOf(r.notes),
        downloadLink: "",
        rowVersion: r.rowVersion,
      })),
  }));
  const groups = new Map<string, ReleaseLists["app"][number]>();
  for (const r of apps) {
    const key = `${r.productName}\u0000${r.platform}`;
    let group = groups.get(key);
    if (!group) {
      group = { app: r.productName, platform: r.platform, releases: [] };
      groups.set(key, group);
    }
    group.releases.push({
      id: r.id,
      version: r.version,
      displayVersion: r.version,
      date: isoDay(r.releaseDate),
      languages: languagesOf(r.notes),
      downloadLink: r.downloadLink ?? "",
      rowVersion: r.rowVersion,
    });
  }
  const app = [...groups.values()].sort((a, b) =>
    a.app === b.app ? a.platform.localeCompare(b.platform) : a.app.localeCompare(b.app),
  );
  return { system, app };
}

export async function releaseForStaff(
  deps: Pick<Deps, "db">,
  kind: ReleaseKind,
  id: number,
): Promise<SystemReleaseForStaff | AppReleaseForStaff> {
  if (kind === "system") {
    const row = await deps.db.systemRelease.findUnique({ where: { id }, select: systemSelect });
    if (!row) throw notFound();
    return systemDto(row);
  }
  const row = await deps.db.appRelease.findUnique({ where: { id }, select: appSelect });
  if (!row) throw notFound();
  return appDto(row);
}

// ---------------------------------------------------------------------------------------------
// Writing

type Writer = Pick<Deps, "db" | "clock">;

/** What the audit trail keeps of a release: its fields and the markdown of each note (no HTML). */
const systemAudit = (r: SystemReleaseForStaff) => ({
  model: r.model,
  version: r.version,
  displayVersion: r.displayVersion,
  date: r.date,
  notes: r.notes,
  rowVersion: r.rowVersion,
});
const appAudit = (r: AppReleaseForStaff) => ({
  app: r.app,
  platform: r.platform,
  version: r.version,
  date: r.date,
  downloadLink: r.downloadLink,
  notes: r.notes,
  rowVersion: r.rowVersion,
});

export async function createSystemRelease(
  deps: Writer,
  actor: Actor,
  input: SystemCreate,
): Promise<SystemReleaseForStaff> {
  try {
    return await deps.db.$transaction(async (tx) => {
      const row = await tx.systemRelease.create({
        data: {
          product: productOfModel(input.model),
          model: input.model,
          version: input.version,
          displayVersion: input.displayVersion,
          updateTime: dayOf(input.date),
          notes: { create: noteRows(input.notes) },
        },
        select: systemSelect,
      });
      const after = systemDto(row);
      await record(tx, deps, actor, {
        kind: "release-note.created",
        entityType: "SystemRelease",
        entityId: row.id,
        before: null,
        after: systemAudit(after),
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken("system");
    throw err;
  }
}

export async function updateSystemRelease(
  deps: Writer,
  actor: Actor,
  input: SystemUpdate,
): Promise<SystemReleaseForStaff> {
  try {
    return await deps.db.$transaction(async (tx) => {
      const found = await tx.systemRelease.findUnique({ where: { id: input.id }, select: systemSelect });
      if (!found) throw notFound();
      const before = systemDto(found);
      // The row version first: a save from an older page changes nothing, whatever else it says.
      const moved = await tx.systemRelease.updateMany({
        where: { id: input.id, rowVersion: input.rowVersion },
        data: {
          rowVersion: { increment: 1 },
          product: productOfModel(input.model),
          model: input.model,
          version: input.version,
          displayVersion: input.displayVersion,
          updateTime: dayOf(input.date),
        },
      });
      if (moved.count === 0) throw stale();
      await tx.systemReleaseNote.deleteMany({ where: { releaseId: input.id } });
      await tx.systemReleaseNote.createMany({
        data: noteRows(input.notes).map((n) => ({ ...n, releaseId: input.id })),
      });
      const after = systemDto(
        await tx.systemRelease.findUniqueOrThrow({ where: { id: input.id }, select: systemSelect }),
      );
      await record(tx, deps, actor, {
        kind: "release-note.updated",
        entityType: "SystemRelease",
        entityId: input.id,
        before: systemAudit(before),
        after: systemAudit(after),
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken("system");
    throw err;
  }
}

export async function createAppRelease(
  deps: Writer,
  actor: Actor,
  input: AppCreate,
): Promise<AppReleaseForStaff> {
  try {
    return await deps.db.$transaction(async (tx) => {
      const row = await tx.appRelease.create({
        data: {
          productName: input.app,
          platform: input.platform,
          version: input.version,
          releaseDate: dayOf(input.date),
          downloadLink: input.downloadLink === "" ? null : input.downloadLink,
          notes: { create: noteRows(input.notes) },
        },
        select: appSelect,
      });
      const after = appDto(row);
      await record(tx, deps, actor, {
        kind: "release-note.created",
        entityType: "AppRelease",
        entityId: row.id,
        before: null,
        after: appAudit(after),
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken("app");
    throw err;
  }
}

export async function updateAppRelease(
  deps: Writer,
  actor: Actor,
  input: AppUpdate,
): Promise<AppReleaseForStaff> {
  try {
    return await deps.db.$transaction(async (tx) => {
      const found = await tx.appRelease.findUnique({ where: { id: input.id }, select: appSelect });
      if (!found) throw notFound();
      const before = appDto(found);
      const moved = await tx.appRelease.updateMany({
        where: { id: input.id, rowVersion: input.rowVersion },
        data: {
          rowVersion: { increment: 1 },
          productName: input.app,
          platform: input.platform,
          version: input.version,
          releaseDate: dayOf(input.date),
          downloadLink: input.downloadLink === "" ? null : input.downloadLink,
        },
      });
      if (moved.count === 0) throw stale();
      await tx.appReleaseNote.deleteMany({ where: { releaseId: input.id } });
      await tx.appReleaseNote.createMany({
        data: noteRows(input.notes).map((n) => ({ ...n, releaseId: input.id })),
      });
      const after = appDto(
        await tx.appRelease.findUniqueOrThrow({ where: { id: input.id }, select: appSelect }),
      );
      await record(tx, deps, actor, {
        kind: "release-note.updated",
        entityType: "AppRelease",
        entityId: input.id,
        before: appAudit(before),
        after: appAudit(after),
      });
      return after;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken("app");
    throw err;
  }
}

/** Deletes a release and its notes, at the row version the member opened. */
export async function deleteRelease(
  deps: Writer,
  actor: Actor,
  input: { kind: ReleaseKind; id: number; rowVersion: number },
): Promise<{ deleted: true }> {
  await deps.db.$transaction(async (tx) => {
    if (input.kind === "system") {
      const found = await tx.systemRelease.findUnique({ where: { id: input.id }, select: systemSelect });
      if (!found) throw notFound();
      // Its notes first (the transaction undoes it when the version has moved).
      await tx.systemReleaseNote.deleteMany({ where: { releaseId: input.id } });
      const gone = await tx.systemRelease.deleteMany({
        where: { id: input.id, rowVersion: input.rowVersion },
      });
      if (gone.count === 0) throw stale();
      await record(tx, deps, actor, {
        kind: "release-note.deleted",
        entityType: "SystemRelease",
        entityId: input.id,
        before: systemAudit(systemDto(found)),
        after: null,
      });
      return;
    }
    const found = await tx.appRelease.findUnique({ where: { id: input.id }, select: appSelect });
    if (!found) throw notFound();
    await tx.appReleaseNote.deleteMany({ where: { releaseId: input.id } });
    const gone = await tx.appRelease.deleteMany({ where: { id: input.id, rowVersion: input.rowVersion } });
    if (gone.count === 0) throw stale();
    await record(tx, deps, actor, {
      kind: "release-note.deleted",
      entityType: "AppRelease",
      entityId: input.id,
      before: appAudit(appDto(found)),
      after: null,
    });
  });
  return { deleted: true };
}
