// The admin's release notes and firmware through /admin/trpc, as the admin client calls them:
// a system release note created in English and Japanese is in the cloud API's spec 001 §3 shape at
// once, with its sanitised HTML; an app release with a download link that is not an absolute
// http(s) URL is refused (spec 001 §5); a version a model or app already has is refused; saves and
// deletes happen only at the row version opened; every write is in the audit trail with before and
// after. Firmware: a good image (built with the device package's own builder) is accepted as a
// draft, and offered by the firmware API once published, its bytes served as stored; a damaged
// payload, a wrong model, a truncated file, a damaged header and a file that is no image are each
// refused with their reason, and nothing is stored; only owner and manager may touch firmware.
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { buildFirmwareImage, demoFirmwarePayload, FIRMWARE_HEADER_SIZE } from "@vela/device";
import { RELEASES_ADMIN_MESSAGES as M } from "@vela/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEnUS } from "../../packages/i18n/src/messages/admin/en-US.ts";
import { adminJaJP } from "../../packages/i18n/src/messages/admin/ja-JP.ts";
import { writesPublicData } from "../src/http/page-renderer.ts";
import type { FirmwareVersionForStaff } from "../src/modules/firmware/admin.ts";
import type {
  AppReleaseForStaff,
  ReleaseLists,
  SystemReleaseForStaff,
} from "../src/modules/release-notes/admin.ts";
import { createTestApp, json, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { admin, createStaff, signInStaff } from "./support-staff.ts";

let t: TestApp;
const staff = { content: "", manager: "", owner: "", support: "" };

beforeAll(async () => {
  t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
  for (const role of ["content", "manager", "owner", "support"] as const) {
    staff[role] = await signInStaff(t, await createStaff(t, `releases-${role}@vela.test`, role));
  }
});
afterAll(() => t.close());

const call = <T>(kind: "query" | "mutation", path: string, input: unknown, cookie = staff.content) =>
  admin<T>(t, kind, path, input, { cookie });

const auditOf = (entityType: string, entityId: number) =>
  t.db.auditEvent.findMany({ where: { entityType, entityId: String(entityId) }, orderBy: { id: "asc" } });

interface SystemItem {
  name: string;
  version: string;
  list: {
    display_version: string;
    update_time: string;
    release_note: Record<string, string>;
    release_note_html: Record<string, string>;
  }[];
}
interface AppItem {
  version: string;
  release_date: string;
  download_link: string | null;
  release_note_detail: { language: string; note_detail: string; note_html: string }[];
}
const systemNotes = async (product = "xr-glasses") =>
  json<{ data: SystemItem[] }>(await t.api("GET", `/api/cloud/system/releasenote?product=${product}`)).data;
const appNotes = async (product_name: string, platform: string) =>
  json<{ data: AppItem[] }>(
    await t.api("POST", "/api/cloud/academy/releasenote", { body: { product_name, platform } }),
  ).data;

describe("system release notes", () => {
  const input = {
    model: "N6P",
    version: "9.1.0.270101",
    displayVersion: "9.1.0",
    date: "2099-01-02",
    notes: {
      "en-US": "## Fixes\n\n- Steadier *image* <script>alert(1)</script>\n- [More](https://example.com/more)",
      "ja-JP": "- 画面が安定しました",
    },
  };
  let created: SystemReleaseForStaff;

  it("a release created by the content role is answered at once by the cloud API, newest first, with its sanitised HTML", async () => {
    const res = await call<SystemReleaseForStaff>("mutation", "releaseNotes.createSystem", input);
    expect(res.status).toBe(200);
    created = res.data;
    expect(created).toMatchObject({ kind: "system", product: "xr-glasses", model: "N6P", rowVersion: 0 });
    expect(created.notes["zh-CN"]).toBe("");

    const item = (await systemNotes()).find((i) => i.name === "N6P");
    expect(item?.version).toBe("9.1.0.270101");
    const entry = item?.list[0];
    expect(entry).toMatchObject({ display_version: "9.1.0", update_time: "2099-01-02" });
    expect(entry?.release_note).toEqual({ "en-US": input.notes["en-US"], "ja-JP": input.notes["ja-JP"] });
    const html = entry?.release_note_html["en-US"] ?? "";
    expect(html).toContain("<h3>Fixes</h3>");
    expect(html).toContain("<em>image</em>");
    expect(html).not.toContain("<script");
    expect(html).toContain('href="https://example.com/more" target="_blank" rel="noopener noreferrer"');
    expect(entry?.release_note_html["ja-JP"]).toContain("<li>画面が安定しました</li>");

    const rows = await auditOf("SystemRelease", created.id);
    expect(rows.map((r) => r.kind)).toEqual(["release-note.created"]);
    expect(rows[0]?.before).toBeNull();
    expect(JSON.parse(rows[0]?.after ?? "{}")).toMatchObject({ model: "N6P", version: "9.1.0.270101" });
  });

  it("refuses a version the model already has (409 on the field), and writes nothing", async () => {
    const count = await t.db.systemRelease.count();
    const res = await call("mutation", "releaseNotes.createSystem", { ...input, displayVersion: "again" });
    expect(res.status).toBe(409);
    expect(res.error?.message).toBe(M.systemVersionTaken);
    expect(await t.db.systemRelease.count()).toBe(count);
  });

  it("saves at the version opened; a second save from the same version is refused and writes nothing", async () => {
    const save = {
      ...input,
      id: created.id,
      rowVersion: created.rowVersion,
      notes: { ...input.notes, "en-US": "- Changed" },
    };
    const first = await call<SystemReleaseForStaff>("mutation", "releaseNotes.updateSystem", save);
    expect(first.status).toBe(200);
    expect(first.data.rowVersion).toBe(1);
    expect(first.data.html["en-US"]).toBe("<ul>\n<li>Changed</li>\n</ul>\n");
    const second = await call("mutation", "releaseNotes.updateSystem", {
      ...save,
      notes: { ...input.notes, "en-US": "- Overwritten" },
    });
    expect(second.status).toBe(409);
    expect(second.error?.message).toBe(M.staleVersion);
    const entry = (await systemNotes()).find((i) => i.name === "N6P")?.list[0];
    expect(entry?.release_note["en-US"]).toBe("- Changed");
    const rows = await auditOf("SystemRelease", created.id);
    expect(rows.map((r) => r.kind)).toEqual(["release-note.created", "release-note.updated"]);
    expect(JSON.parse(rows[1]?.before ?? "{}").notes["en-US"]).toBe(input.notes["en-US"]);
    expect(JSON.parse(rows[1]?.after ?? "{}").notes["en-US"]).toBe("- Changed");
    created = first.data;
  });

  it("refuses a release without English notes, an unknown model and a bad date with their messages", async () => {
    for (const [change, message] of [
      [{ notes: { "en-US": "  ", "ja-JP": "x" } }, M.englishNoteRequired],
      [{ model: "X1" }, M.unknownModel],
      [{ date: "2099-02-30" }, M.dateText],
    ] as const) {
      const res = await call("mutation", "releaseNotes.createSystem", {
        ...input,
        version: "9.9.9",
        ...change,
      });
      expect(res.status, message).toBe(400);
      expect(res.error?.message).toBe(message);
    }
  });

  it("lists releases per model, newest first, and deletes at the version opened", async () => {
    const lists = await call<ReleaseLists>("query", "releaseNotes.list", undefined);
    const n6p = lists.data.system.find((g) => g.model === "N6P");
    expect(n6p?.releases[0]).toMatchObject({ id: created.id, languages: ["en-US", "ja-JP"] });
    const dates = n6p?.releases.map((r) => r.date) ?? [];
    expect(dates).toEqual([...dates].sort().reverse());
    const dock = await call<ReleaseLists>("query", "releaseNotes.list", { product: "mobile-dock" });
    expect(dock.data.system.map((g) => g.model)).toEqual(["P9"]);

    const stale = await call("mutation", "releaseNotes.delete", {
      kind: "system",
      id: created.id,
      rowVersion: 0,
    });
    expect(stale.status).toBe(409);
    const gone = await call("mutation", "releaseNotes.delete", {
      kind: "system",
      id: created.id,
      rowVersion: created.rowVersion,
    });
    expect(gone.status).toBe(200);
    expect(await t.db.systemReleaseNote.count({ where: { releaseId: created.id } })).toBe(0);
    expect((await systemNotes()).find((i) => i.name === "N6P")?.version).not.toBe("9.1.0.270101");
    const rows = await auditOf("SystemRelease", created.id);
    expect(rows.at(-1)?.kind).toBe("release-note.deleted");
    expect(rows.at(-1)?.after).toBeNull();
  });
});

describe("app release notes", () => {
  const input = {
    app: "spacewalker",
    platform: "Windows",
    version: "9.0.1",
    date: "2099-03-04",
    downloadLink: "https://downloads.example.com/spacewalker-9.0.1.exe",
    notes: { "en-US": "- New", "zh-CN": "- 新" },
  };

  it("refuses a download link that is not an absolute http(s) URL (spec 001 §5), and writes nothing", async () => {
    const count = await t.db.appRelease.count();
    for (const link of [
      "/downloads/x.exe",
      "javascript:alert(1)",
      "ftp://example.com/x",
      "https://",
      "http:// x",
    ]) {
      const res = await call("mutation", "releaseNotes.createApp", { ...input, downloadLink: link });
      expect(res.status, link).toBe(400);
      expect(res.error?.message, link).toBe(M.downloadLinkText);
    }
    const platform = await call("mutation", "releaseNotes.createApp", {
      ...input,
      platform: "iOS",
      app: "immersive-3d",
    });
    expect(platform.error?.message).toBe(M.platformNotOfApp);
    expect(await t.db.appRelease.count()).toBe(count);
  });

  it("is answered by POST /academy/releasenote with its link and notes; a duplicate version is refused", async () => {
    const res = await call<AppReleaseForStaff>("mutation", "releaseNotes.createApp", input);
    expect(res.status).toBe(200);
    const first = (await appNotes("spacewalker", "Windows"))[0];
    expect(first).toMatchObject({
      version: "9.0.1",
      release_date: "2099-03-04",
      download_link: input.downloadLink,
    });
    expect(first?.release_note_detail.map((d) => d.language)).toEqual(["en-US", "zh-CN"]);
    expect(first?.release_note_detail[1]?.note_html).toBe("<ul>\n<li>新</li>\n</ul>\n");

    const again = await call("mutation", "releaseNotes.createApp", { ...input, downloadLink: "" });
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(M.appVersionTaken);
    // The same version on another platform is another release.
    const mac = await call<AppReleaseForStaff>("mutation", "releaseNotes.createApp", {
      ...input,
      platform: "macOS",
      downloadLink: "",
    });
    expect(mac.status).toBe(200);
    expect((await appNotes("spacewalker", "macOS"))[0]?.download_link).toBeNull();

    const saved = await call<AppReleaseForStaff>("mutation", "releaseNotes.updateApp", {
      ...input,
      id: res.data.id,
      rowVersion: res.data.rowVersion,
      downloadLink: "",
    });
    expect(saved.status).toBe(200);
    expect((await appNotes("spacewalker", "Windows"))[0]?.download_link).toBeNull();
    const rows = await auditOf("AppRelease", res.data.id);
    expect(JSON.parse(rows.at(-1)?.before ?? "{}").downloadLink).toBe(input.downloadLink);
    expect(JSON.parse(rows.at(-1)?.after ?? "{}").downloadLink).toBe("");
  });
});

describe("two members at once", () => {
  it("saving the same release from the same version end in one save and one refusal", async () => {
    const made = await call<SystemReleaseForStaff>("mutation", "releaseNotes.createSystem", {
      model: "P6",
      version: "9.7.0",
      displayVersion: "9.7.0",
      date: "2099-04-01",
      notes: { "en-US": "- First" },
    });
    const save = (text: string, cookie: string) =>
      call(
        "mutation",
        "releaseNotes.updateSystem",
        {
          id: made.data.id,
          rowVersion: made.data.rowVersion,
          model: "P6",
          version: "9.7.0",
          displayVersion: "9.7.0",
          date: "2099-04-01",
          notes: { "en-US": text },
        },
        cookie,
      );
    const answers = await Promise.all([
      save("- Content's", staff.content),
      save("- Manager's", staff.manager),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const kept = await t.db.systemReleaseNote.findMany({ where: { releaseId: made.data.id } });
    expect(kept).toHaveLength(1);
    const winner = answers[0]?.status === 200 ? "- Content's" : "- Manager's";
    expect(kept[0]?.markdown).toBe(winner);
    const rows = await auditOf("SystemRelease", made.data.id);
    expect(rows.map((r) => r.kind)).toEqual(["release-note.created", "release-note.updated"]);
  });
});

describe("the page cache", () => {
  it("is emptied after every release-note write and after publishing or withdrawing firmware", () => {
    for (const p of [
      "releaseNotes.createSystem",
      "releaseNotes.updateSystem",
      "releaseNotes.createApp",
      "releaseNotes.updateApp",
      "releaseNotes.delete",
      "firmware.update",
      "firmware.setStatus",
    ])
      expect(writesPublicData("POST", `/admin/trpc/${p}`), p).toBe(true);
    // A draft is offered nowhere.
    expect(writesPublicData("POST", "/admin/trpc/firmware.add")).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------

const image = (model: "N6" | "N6P" | "P6", version: string, size = 4096) =>
  buildFirmwareImage({ model, version, payload: demoFirmwarePayload({ model, version, size }) });
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
const addInput = (label: string, bytes: Uint8Array, model = "N6P") => ({
  model,
  label,
  releaseDate: "2099-05-06",
  notes: { "en-US": "- Better tracking", "ja-JP": "- トラッキングの改善" },
  image: b64(bytes),
});
const publicVersions = async (model: string) =>
  json<{ versions: { id: number; version: string; sha256: string; size: number; imageUrl: string }[] }>(
    await t.api("GET", `/api/firmware?model=${model}`),
  ).versions;

describe("firmware", () => {
  it("accepts a good image as a draft the update tool does not offer, and offers it once published", async () => {
    const bytes = image("N6P", "9.0.0");
    const res = await call<FirmwareVersionForStaff>(
      "mutation",
      "firmware.add",
      addInput("9.0.0", bytes),
      staff.manager,
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ model: "N6P", label: "9.0.0", status: "DRAFT", size: bytes.length });
    expect(res.data.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect((await publicVersions("N6P")).map((v) => v.version)).not.toContain("9.0.0");
    expect((await t.api("GET", `/api/firmware/${res.data.id}/image`)).statusCode).toBe(404);

    const published = await call<FirmwareVersionForStaff>(
      "mutation",
      "firmware.setStatus",
      { id: res.data.id, rowVersion: 0, status: "PUBLISHED" },
      staff.manager,
    );
    expect(published.data).toMatchObject({ status: "PUBLISHED", rowVersion: 1 });
    const offered = (await publicVersions("N6P")).find((v) => v.version === "9.0.0");
    expect(offered).toMatchObject({ id: res.data.id, size: bytes.length, sha256: res.data.sha256 });
    const download = await t.api("GET", offered?.imageUrl ?? "");
    expect(download.statusCode).toBe(200);
    expect(new Uint8Array(gunzipSync(download.rawPayload))).toEqual(bytes);

    const again = await call(
      "mutation",
      "firmware.setStatus",
      { id: res.data.id, rowVersion: 0, status: "WITHDRAWN" },
      staff.manager,
    );
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(M.firmwareStale);
    const withdrawn = await call(
      "mutation",
      "firmware.setStatus",
      { id: res.data.id, rowVersion: 1, status: "WITHDRAWN" },
      staff.owner,
    );
    expect(withdrawn.status).toBe(200);
    expect((await publicVersions("N6P")).map((v) => v.version)).not.toContain("9.0.0");

    const rows = await auditOf("FirmwareVersion", res.data.id);
    expect(rows.map((r) => r.kind)).toEqual(["firmware.added", "firmware.published", "firmware.withdrawn"]);
    expect(JSON.parse(rows[1]?.before ?? "{}").status).toBe("DRAFT");
    expect(JSON.parse(rows[1]?.after ?? "{}").status).toBe("PUBLISHED");
    expect(rows[0]?.after).not.toContain(b64(bytes).slice(0, 40));
  });

  it("changes a version's date and notes at the version opened; the firmware API shows them", async () => {
    const bytes = image("N6P", "9.0.2");
    const added = await call<FirmwareVersionForStaff>(
      "mutation",
      "firmware.add",
      addInput("9.0.2", bytes),
      staff.manager,
    );
    await call(
      "mutation",
      "firmware.setStatus",
      { id: added.data.id, rowVersion: 0, status: "PUBLISHED" },
      staff.manager,
    );
    const edit = {
      id: added.data.id,
      rowVersion: 1,
      releaseDate: "2099-05-07",
      notes: { "en-US": "- Fixed typo" },
    };
    const saved = await call<FirmwareVersionForStaff>("mutation", "firmware.update", edit, staff.manager);
    expect(saved.data).toMatchObject({ rowVersion: 2, releaseDate: "2099-05-07", sha256: added.data.sha256 });
    expect(saved.data.notes).toEqual({ "en-US": "- Fixed typo", "ja-JP": "", "zh-CN": "" });
    const again = await call(
      "mutation",
      "firmware.update",
      { ...edit, notes: { "en-US": "- Lost" } },
      staff.owner,
    );
    expect(again.status).toBe(409);
    const listed = json<{
      versions: { version: string; releaseDate: string; releaseNotes: Record<string, string> }[];
    }>(await t.api("GET", "/api/firmware?model=N6P")).versions.find((v) => v.version === "9.0.2");
    expect(listed).toMatchObject({ releaseDate: "2099-05-07", releaseNotes: { "en-US": "- Fixed typo" } });
    const rows = await auditOf("FirmwareVersion", added.data.id);
    expect(rows.at(-1)?.kind).toBe("firmware.updated");
    expect(JSON.parse(rows.at(-1)?.before ?? "{}").notes["en-US"]).toBe("- Better tracking");
  });

  it("accepts the image gzip-compressed, as the store serves it", async () => {
    const bytes = image("P6", "9.0.1");
    const res = await call<FirmwareVersionForStaff>(
      "mutation",
      "firmware.add",
      addInput("9.0.1", new Uint8Array(gzipSync(bytes)), "P6"),
      staff.manager,
    );
    expect(res.status).toBe(200);
    expect(res.data.size).toBe(bytes.length);
  });

  it("refuses a damaged payload, a wrong model, a truncated file, a damaged header, a non-image and a label unlike the image's, storing nothing", async () => {
    const good = image("N6P", "9.2.0");
    const corrupted = good.slice();
    corrupted[FIRMWARE_HEADER_SIZE + 10] = (corrupted[FIRMWARE_HEADER_SIZE + 10] ?? 0) ^ 0xff;
    const header = good.slice();
    header[20] = (header[20] ?? 0) ^ 0x01;
    const cases: [string, Record<string, unknown>, string, string][] = [
      ["a corrupted hash", addInput("9.2.0", corrupted), "checksum-mismatch", M.firmwareImageChecksum],
      ["a wrong model", addInput("9.2.0", image("N6", "9.2.0")), "wrong-model", M.firmwareImageWrongModel],
      [
        "a truncated file",
        addInput("9.2.0", good.slice(0, good.length - 100)),
        "length-mismatch",
        M.firmwareImageTruncated,
      ],
      [
        "a file shorter than a header",
        addInput("9.2.0", good.slice(0, 40)),
        "too-short",
        M.firmwareImageTooShort,
      ],
      ["a damaged header", addInput("9.2.0", header), "bad-header-crc", M.firmwareImageHeaderDamaged],
      [
        "a non-image",
        addInput(
          "9.2.0",
          new TextEncoder().encode("%PDF-1.7 not firmware at all, just some text ".repeat(4)),
        ),
        "bad-magic",
        M.firmwareImageBadMagic,
      ],
      [
        "a damaged gzip file",
        addInput("9.2.0", new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2, 3])),
        "gzip",
        M.firmwareImageGzip,
      ],
      [
        "bad base64",
        { ...addInput("9.2.0", good), image: "%%%not base64" },
        "encoding",
        M.firmwareImageEncoding,
      ],
      [
        "another label than the image's",
        addInput("9.3.0", good),
        "wrong-version",
        M.firmwareImageWrongVersion,
      ],
      ["too large", addInput("9.2.0", new Uint8Array(1024 * 1024 + 1)), "too-large", M.firmwareImageTooLarge],
    ];
    const count = await t.db.firmwareVersion.count();
    const audits = await t.db.auditEvent.count();
    for (const [name, input, reason, message] of cases) {
      const res = await call<unknown>("mutation", "firmware.add", input, staff.manager);
      expect(res.status, name).toBe(400);
      expect(res.error?.message, name).toBe(message);
      expect((res.error?.data as { reason?: string } | undefined)?.reason, name).toBe(reason);
    }
    expect(await t.db.firmwareVersion.count()).toBe(count);
    expect(await t.db.auditEvent.count()).toBe(audits);
  });

  it("refuses a label the model already has", async () => {
    const res = await call(
      "mutation",
      "firmware.add",
      addInput("9.0.0", image("N6P", "9.0.0")),
      staff.manager,
    );
    expect(res.status).toBe(409);
    expect(res.error?.message).toBe(M.firmwareVersionTaken);
  });

  it("is for owner and manager only: the content and support roles are refused, and nothing is stored", async () => {
    const count = await t.db.firmwareVersion.count();
    for (const cookie of [staff.content, staff.support]) {
      const res = await call("mutation", "firmware.add", addInput("9.4.0", image("N6P", "9.4.0")), cookie);
      expect(res.status).toBe(403);
      expect((await call("query", "firmware.list", undefined, cookie)).status).toBe(403);
    }
    expect(await t.db.firmwareVersion.count()).toBe(count);
    const list = await call<{ versions: FirmwareVersionForStaff[] }>(
      "query",
      "firmware.list",
      { model: "N6P" },
      staff.owner,
    );
    expect(list.data.versions.map((v) => v.status)).toContain("WITHDRAWN");
  });

  it("takes an image larger than the app's usual body limit, and refuses a body over its own", async () => {
    const big = image("N6P", "9.5.0", 600 * 1024);
    const res = await call<FirmwareVersionForStaff>(
      "mutation",
      "firmware.add",
      addInput("9.5.0", big),
      staff.manager,
    );
    expect(res.status).toBe(200);
    const huge = await t.api("POST", "/admin/trpc/firmware.add", {
      body: { ...addInput("9.6.0", image("N6P", "9.6.0")), image: "A".repeat(5 * 1024 * 1024) },
      cookie: staff.manager,
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe("texts", () => {
  it("every server answer of the area is in the admin's catalogue in English and Japanese", () => {
    for (const key of Object.keys(M)) {
      const k = `admin.server.releases.${key}` as keyof typeof adminEnUS;
      expect(adminEnUS[k], key).toBe(M[key as keyof typeof M]);
      expect(adminJaJP[k as keyof typeof adminJaJP], key).toBeTruthy();
    }
  });
});
