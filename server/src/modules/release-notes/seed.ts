// Release notes from prisma/seed-data/release-notes.json. The file lists the releases and a bank
// of change lines in en-US, zh-CN and ja-JP; each note is composed here into markdown with
// headings, lists, a link, code and a table, the same way for every language. A glasses version
// that the update tool offers takes its change lines from the firmware's own notes
// (prisma/seed-data/firmware.json), so the tool and these pages cannot disagree; the bank fills
// only the releases that have no firmware image. Each note is stored with its HTML (store.ts).
// Idempotent.
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  academySite,
  BRAND,
  RELEASE_LANGUAGES,
  type ReleaseLanguage,
  releaseAppBySlug,
  releaseModelBySlug,
} from "@vela/shared";
import { ROOT_DIR } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { type FirmwareReleaseSpec, loadFirmwareReleases } from "../firmware/seed.ts";
import { fillMissingReleaseNoteHtml, releaseNoteForStorage } from "./store.ts";

type Text = Record<ReleaseLanguage, string>;

interface SystemSeed {
  version: string;
  display: string;
  /** YYYY-MM-DD */
  date: string;
}

interface AppSeed {
  version: string;
  date: string;
  download: string | null;
}

interface Labels {
  whatsNew: string;
  fixes: string;
  versions: string;
  component: string;
  version: string;
  firmware: string;
  app: string;
  requires: string;
  more: string;
  update: string;
}

export interface ReleaseNoteSeeds {
  system: Record<string, SystemSeed[]>;
  apps: Record<string, Record<string, AppSeed[]>>;
  phrases: {
    labels: Record<ReleaseLanguage, Labels>;
    glassesNew: Text[];
    glassesFixes: Text[];
    dockNew: Text[];
    dockFixes: Text[];
    appNew: Text[];
    appFixes: Text[];
    requirements: Record<string, string>;
  };
}

export function loadReleaseNoteSeeds(): ReleaseNoteSeeds {
  const file = path.join(ROOT_DIR, "prisma/seed-data/release-notes.json");
  const seeds = JSON.parse(readFileSync(file, "utf8")) as ReleaseNoteSeeds;
  for (const model of Object.keys(seeds.system)) {
    if (!releaseModelBySlug(model)) throw new Error(`seed: unknown release model ${model}`);
  }
  for (const [slug, platforms] of Object.entries(seeds.apps)) {
    const app = releaseAppBySlug(slug);
    if (!app) throw new Error(`seed: unknown app ${slug}`);
    for (const platform of Object.keys(platforms)) {
      if (!(app.platforms as readonly string[]).includes(platform))
        throw new Error(`seed: ${slug} has no platform ${platform}`);
    }
  }
  return seeds;
}

/** A small stable number per series, so each series picks its own lines from the bank. */
function seriesSeed(key: string): number {
  let h = 17;
  for (const ch of key) h = (h * 31 + ch.charCodeAt(0)) % 9973;
  return h;
}

/**
 * `count` different lines of the bank, starting at `at`: a position already taken moves on to the
 * next line, so a note never lists one line twice however small the bank.
 */
function pickDistinct<T>(bank: T[], at: number[], taken: Set<T> = new Set()): T[] {
  const chosen: T[] = [];
  for (const start of at) {
    for (let step = 0; step < bank.length; step++) {
      const line = bank[(start + step) % bank.length] as T;
      if (!taken.has(line)) {
        taken.add(line);
        chosen.push(line);
        break;
      }
    }
  }
  return chosen;
}

/** The "- " lines of a firmware's notes, without the marker. */
const firmwareLines = (notes: string): string[] =>
  notes
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith("- "))
    .map((line) => line.slice(2).trim());

export interface NoteParts {
  /** Oldest release of the series is 0. */
  index: number;
  series: string;
  kind: "glasses" | "dock" | "app";
  version: string;
  requires: string;
  command: string;
  /** The firmware's own change lines when the update tool offers this version: the whole list. */
  changes?: FirmwareReleaseSpec["notes"];
}

/** The markdown of one release in one language. */
export function composeNote(seeds: ReleaseNoteSeeds, language: ReleaseLanguage, parts: NoteParts): string {
  const p = seeds.phrases;
  const l = p.labels[language];
  const [newBank, fixBank] =
    parts.kind === "glasses"
      ? [p.glassesNew, p.glassesFixes]
      : parts.kind === "dock"
        ? [p.dockNew, p.dockFixes]
        : [p.appNew, p.appFixes];
  const s = seriesSeed(parts.series);
  const url = `${academySite(language)}release-notes`;
  let changes: string[];
  if (parts.changes) {
    changes = [`## ${l.whatsNew}`, "", ...firmwareLines(parts.changes[language]).map((n) => `- ${n}`), ""];
  } else {
    const news = pickDistinct(newBank, [s + 2 * parts.index, s + 2 * parts.index + 1]);
    const fixes = pickDistinct(
      fixBank,
      parts.index % 2 === 1 ? [s + parts.index, s + parts.index + 3] : [s + parts.index],
    );
    changes = [
      `## ${l.whatsNew}`,
      "",
      ...news.map((n) => `- ${n[language]}`),
      "",
      `### ${l.fixes}`,
      "",
      ...fixes.map((f) => `- ${f[language]}`),
      "",
    ];
  }
  return [
    ...changes,
    `### ${l.versions}`,
    "",
    `| ${l.component} | ${l.version} |`,
    "| --- | --- |",
    `| ${parts.kind === "app" ? l.app : l.firmware} | \`${parts.version}\` |`,
    `| ${l.requires} | ${parts.requires} |`,
    "",
    l.update.replace("{command}", parts.command),
    "",
    l.more.replace("{brand}", BRAND.name).replace("{url}", url),
    "",
  ].join("\n");
}

const day = (d: string): Date => new Date(`${d}T00:00:00Z`);

export async function seedReleaseNotes(
  db: Db,
  seeds = loadReleaseNoteSeeds(),
  firmware: FirmwareReleaseSpec[] = loadFirmwareReleases(),
): Promise<void> {
  for (const [slug, releases] of Object.entries(seeds.system)) {
    const model = releaseModelBySlug(slug);
    if (!model) continue;
    const oldestFirst = [...releases].sort((a, b) => a.date.localeCompare(b.date));
    for (const [index, r] of oldestFirst.entries()) {
      const existing = await db.systemRelease.findUnique({
        where: { model_version: { model: slug, version: r.version } },
        select: { id: true },
      });
      if (existing) continue;
      const kind = model.product === "mobile-dock" ? "dock" : "glasses";
      const parts: NoteParts = {
        index,
        series: slug,
        kind,
        version: r.version,
        requires: kind === "dock" ? "USB-C PD 20 W" : "USB-C DisplayPort Alt Mode",
        command: `${BRAND.slug} update --model ${slug}`,
        changes: firmware.find((f) => f.model === slug && f.version === r.display)?.notes,
      };
      await db.systemRelease.create({
        data: {
          product: model.product,
          model: slug,
          version: r.version,
          displayVersion: r.display,
          updateTime: day(r.date),
          notes: {
            create: RELEASE_LANGUAGES.map((language) =>
              releaseNoteForStorage(language, composeNote(seeds, language, parts)),
            ),
          },
        },
      });
    }
  }
  for (const [slug, platforms] of Object.entries(seeds.apps)) {
    for (const [platform, releases] of Object.entries(platforms)) {
      const oldestFirst = [...releases].sort((a, b) => a.date.localeCompare(b.date));
      for (const [index, r] of oldestFirst.entries()) {
        const existing = await db.appRelease.findUnique({
          where: { productName_platform_version: { productName: slug, platform, version: r.version } },
          select: { id: true },
        });
        if (existing) continue;
        const parts: NoteParts = {
          index,
          series: `${slug}/${platform}`,
          kind: "app",
          version: r.version,
          requires: seeds.phrases.requirements[platform] ?? platform,
          command: `${BRAND.slug} install ${slug}@${r.version}`,
        };
        await db.appRelease.create({
          data: {
            productName: slug,
            platform,
            version: r.version,
            releaseDate: day(r.date),
            downloadLink: r.download,
            notes: {
              create: RELEASE_LANGUAGES.map((language) =>
                releaseNoteForStorage(language, composeNote(seeds, language, parts)),
              ),
            },
          },
        });
      }
    }
  }
  // Notes seeded before their HTML was stored get it now.
  await fillMissingReleaseNoteHtml(db);
}
