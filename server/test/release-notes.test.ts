import {
  APP_PLATFORMS,
  PRO_NECKBAND_CN,
  RELEASE_APPS,
  RELEASE_LANGUAGES,
  RELEASE_MODELS,
} from "@vela/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadFirmwareReleases } from "../src/modules/firmware/seed.ts";
import { loadReleaseNoteSeeds } from "../src/modules/release-notes/seed.ts";
import { releaseNoteHtml } from "../src/modules/release-notes/store.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";

interface SystemEntry {
  display_version: string;
  update_time: string;
  release_note: Record<string, string>;
  release_note_html: Record<string, string>;
}
interface SystemItem {
  name: string;
  version: string;
  list: SystemEntry[];
}
interface AppItem {
  version: string;
  release_date: string;
  download_link: string | null;
  release_note_detail: { language: string; note_detail: string; note_html: string }[];
}

const SYSTEM = "/api/cloud/system/releasenote";
const APP = "/api/cloud/academy/releasenote";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const system = async (query: string) => {
  const res = await t.api("GET", `${SYSTEM}${query}`);
  return { res, data: res.statusCode === 200 ? json<{ data: SystemItem[] }>(res).data : [] };
};
const app = async (body: unknown) => {
  const res = await t.api("POST", APP, { body });
  return { res, data: res.statusCode === 200 ? json<{ data: AppItem[] }>(res).data : [] };
};

/** Headings, a list, a link, code and a table: what the viewer must be able to render. */
function expectRichMarkdown(md: string, label: string): void {
  expect(md, label).toMatch(/^## \S/m);
  expect(md, label).toMatch(/^### \S/m);
  expect(md, label).toMatch(/^- \S/m);
  expect(md, label).toMatch(/\[[^\]]+\]\(https:\/\/[^)]+\)/);
  expect(md, label).toMatch(/`[^`]+`/);
  expect(md, label).toMatch(/^\| .+ \| .+ \|$/m);
  expect(md, label).toMatch(/^\| --- \| --- \|$/m);
}

const isNewestFirst = (dates: string[]) => dates.every((d, i) => i === 0 || (dates[i - 1] ?? "") >= d);

describe("GET /api/cloud/system/releasenote?product=", () => {
  it("answers xr-glasses with one item per glasses model, N6 N6C N6P P6 P6S, in the spec's shape", async () => {
    const { res, data } = await system("?product=xr-glasses");
    expect(res.statusCode).toBe(200);
    expect(Object.keys(json(res))).toEqual(["data"]);
    expect(data.map((d) => d.name)).toEqual(["N6", "N6C", "N6P", "P6", "P6S"]);
    for (const item of data) {
      expect(Object.keys(item).sort()).toEqual(["list", "name", "version"]);
      expect(item.list.length, item.name).toBeGreaterThanOrEqual(6);
      expect(isNewestFirst(item.list.map((e) => e.update_time)), item.name).toBe(true);
      // The item's version is the build of its newest entry.
      expect(item.version.startsWith(`${item.list[0]?.display_version}.`), item.name).toBe(true);
      for (const entry of item.list) {
        // The spec's fields, and beside the markdown the HTML stored with it (ADR 017).
        expect(Object.keys(entry).sort()).toEqual([
          "display_version",
          "release_note",
          "release_note_html",
          "update_time",
        ]);
        expect(entry.update_time).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Object.keys(entry.release_note)).toEqual([...RELEASE_LANGUAGES]);
        expect(Object.keys(entry.release_note_html)).toEqual([...RELEASE_LANGUAGES]);
        for (const [language, md] of Object.entries(entry.release_note)) {
          expectRichMarkdown(md, `${item.name} ${entry.display_version} ${language}`);
          expect(entry.release_note_html[language], `${item.name} ${entry.display_version} ${language}`).toBe(
            releaseNoteHtml(md),
          );
        }
      }
    }
  });

  it("answers mobile-dock with the dock P9 alone", async () => {
    const { res, data } = await system("?product=mobile-dock");
    expect(res.statusCode).toBe(200);
    expect(data.map((d) => d.name)).toEqual(["P9"]);
    expect(data[0]?.list.length).toBeGreaterThanOrEqual(6);
  });

  it("lists every release of the seed file, and every firmware the update page offers", async () => {
    const seeds = loadReleaseNoteSeeds();
    const firmware = loadFirmwareReleases();
    const { data } = await system("?product=xr-glasses");
    for (const item of data) {
      const seeded = seeds.system[item.name] ?? [];
      expect(item.list.map((e) => e.display_version).sort()).toEqual(seeded.map((s) => s.display).sort());
      for (const f of firmware.filter((r) => r.model === item.name)) {
        const entry = item.list.find((e) => e.display_version === f.version);
        expect(entry?.update_time, `${item.name} ${f.version}`).toBe(f.releaseDate);
      }
    }
  });

  it("pairs each model with its handle in the order of §3", () => {
    expect(RELEASE_MODELS.map((m) => [m.slug, m.handle])).toEqual([
      ["N6", "vela-one-xr-glasses"],
      ["N6C", "vela-one-lite-xr-glasses"],
      ["N6P", "vela-pro-xr-glasses"],
      ["P6", "vela-luma-pro-xr-glasses"],
      ["P6S", "vela-luma-ultra-xr-glasses"],
      ["P9", "vela-pro-mobile-dock"],
    ]);
  });

  it("answers the same through the tRPC twin", async () => {
    for (const product of ["xr-glasses", "mobile-dock"] as const) {
      const viaTrpc = await callerFor(t).releaseNotes.system({ product });
      const { data } = await system(`?product=${product}`);
      expect(viaTrpc.data).toEqual(data);
    }
  });

  it("refuses a missing, unknown or extra parameter with 400 and a message", async () => {
    for (const query of [
      "",
      "?product=",
      "?product=glasses",
      "?product=XR-GLASSES",
      "?product=xr-glasses&x=1",
    ]) {
      const { res } = await system(query);
      expect(res.statusCode, query).toBe(400);
      const body = json(res);
      expect(body.message, query).toEqual(body.error);
      expect(String(body.message), query).not.toBe("");
    }
  });
});

describe("POST /api/cloud/academy/releasenote {product_name, platform}", () => {
  it("answers every app of the catalogue on each of its platforms with at least six versions", async () => {
    const seen: string[] = [];
    for (const entry of RELEASE_APPS) {
      for (const platform of entry.platforms) {
        const { res, data } = await app({ product_name: entry.slug, platform });
        const label = `${entry.slug} ${platform}`;
        expect(res.statusCode, label).toBe(200);
        expect(data.length, label).toBeGreaterThanOrEqual(6);
        expect(isNewestFirst(data.map((d) => d.release_date)), label).toBe(true);
        for (const item of data) {
          expect(Object.keys(item).sort()).toEqual([
            "download_link",
            "release_date",
            "release_note_detail",
            "version",
          ]);
          expect(item.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(item.release_note_detail.map((d) => d.language)).toEqual([...RELEASE_LANGUAGES]);
          for (const d of item.release_note_detail) {
            expectRichMarkdown(d.note_detail, `${label} ${d.language}`);
            expect(Object.keys(d)).toEqual(["language", "note_detail", "note_html"]);
            expect(d.note_html, `${label} ${d.language}`).toBe(releaseNoteHtml(d.note_detail));
          }
        }
        seen.push(label);
      }
    }
    expect(seen).toContain(`${PRO_NECKBAND_CN} Android`);
    expect(seen).toHaveLength(12);
  });

  it("keeps unusable download links as stored, for the viewer to leave out", async () => {
    const { data } = await app({ product_name: "spacewalker", platform: "Windows" });
    const links = data.map((d) => d.download_link);
    expect(links.some((l) => l?.startsWith("https://"))).toBe(true);
    expect(links.some((l) => l === null || !/^https?:\/\//.test(l))).toBe(true);
  });

  it("serves the zh-CN variant of the pro neckband software under a name ending in CN", async () => {
    expect(PRO_NECKBAND_CN.toUpperCase().endsWith("CN")).toBe(true);
    const { data } = await app({ product_name: PRO_NECKBAND_CN, platform: "Android" });
    expect(data.length).toBeGreaterThanOrEqual(6);
  });

  it("answers the same through the tRPC twin", async () => {
    const input = { product_name: "neckband-remote", platform: "iOS" } as const;
    const viaTrpc = await callerFor(t).releaseNotes.app(input);
    const { data } = await app(input);
    expect(viaTrpc.data).toEqual(data);
  });

  it("refuses an unknown app, a platform the app is not on, a missing or extra field with 400", async () => {
    const bad: unknown[] = [
      {},
      { product_name: "spacewalker" },
      { platform: "iOS" },
      { product_name: "no-such-app", platform: "iOS" },
      { product_name: "spacewalker", platform: "Linux" },
      { product_name: "spacewalker", platform: "ios" },
      { product_name: "neckband-remote", platform: "Windows" },
      { product_name: "immersive-3d", platform: "Android" },
      { product_name: "spacewalker", platform: "iOS", extra: 1 },
      { product_name: 42, platform: "iOS" },
      [],
    ];
    for (const body of bad) {
      const { res } = await app(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = json(res);
      expect(answer.message).toEqual(answer.error);
    }
    expect(APP_PLATFORMS).toEqual(["iOS", "Android", "Windows", "macOS"]);
  });

  it("refuses a body that is not JSON (the same-origin JSON rule)", async () => {
    const res = await t.api("POST", APP, {
      body: "product_name=spacewalker&platform=iOS",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe("one source for a firmware version's notes", () => {
  const lines = (text: string) =>
    text
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.startsWith("- "));

  it("the release note of a firmware version lists the update tool's notes of that version, in every language", async () => {
    const { data } = await system("?product=xr-glasses");
    for (const model of data) {
      const res = await t.api("GET", `/api/firmware?model=${model.name}`);
      const versions = json<{ versions: { version: string; releaseNotes: Record<string, string> }[] }>(
        res,
      ).versions;
      expect(versions.length, model.name).toBeGreaterThan(0);
      for (const v of versions) {
        const entry = model.list.find((e) => e.display_version === v.version);
        for (const language of RELEASE_LANGUAGES) {
          const label = `${model.name} ${v.version} ${language}`;
          expect(lines(entry?.release_note[language] ?? ""), label).toEqual(
            lines(v.releaseNotes[language] ?? ""),
          );
        }
      }
    }
  });

  it("no release note lists a line twice", async () => {
    const notes: [string, string][] = [];
    for (const product of ["xr-glasses", "mobile-dock"]) {
      const { data } = await system(`?product=${product}`);
      for (const model of data)
        for (const entry of model.list)
          for (const [language, md] of Object.entries(entry.release_note))
            notes.push([`${model.name} ${entry.display_version} ${language}`, md]);
    }
    for (const entry of RELEASE_APPS) {
      for (const platform of entry.platforms) {
        const { data } = await app({ product_name: entry.slug, platform });
        for (const release of data)
          for (const detail of release.release_note_detail)
            notes.push([
              `${entry.slug} ${platform} ${release.version} ${detail.language}`,
              detail.note_detail,
            ]);
      }
    }
    expect(notes.length).toBeGreaterThan(100);
    for (const [label, md] of notes) {
      const listed = lines(md);
      expect(new Set(listed).size, `${label}: ${listed.join(" | ")}`).toBe(listed.length);
    }
  });
});
