import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { GLASSES_MODEL_SLUGS, parseFirmwareImage } from "@vela/device";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReleaseImage, loadFirmwareReleases, seedFirmware } from "../src/modules/firmware/seed.ts";
import { FIRMWARE_SHA256_HEADER, FIRMWARE_SIZE_HEADER } from "../src/modules/firmware/service.ts";
import { callerFor, createTestApp, json, type TestApp } from "./helpers.ts";

interface Release {
  id: number;
  model: string;
  version: string;
  releaseDate: string;
  releaseNotes: Record<string, string>;
  size: number;
  sha256: string;
  imageUrl: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (model: string) => {
  const res = await t.api("GET", `/api/firmware?model=${encodeURIComponent(model)}`);
  return { res, versions: res.statusCode === 200 ? json<{ versions: Release[] }>(res).versions : [] };
};

describe("GET /api/firmware?model=", () => {
  it("lists every seeded release of each model, newest first, in the documented shape", async () => {
    const releases = loadFirmwareReleases();
    for (const model of GLASSES_MODEL_SLUGS) {
      const { res, versions } = await list(model);
      expect(res.statusCode).toBe(200);
      expect(json(res).model).toBe(model);
      const expected = releases
        .filter((r) => r.model === model)
        .sort((a, b) => b.releaseDate.localeCompare(a.releaseDate));
      expect(expected.length).toBeGreaterThanOrEqual(3);
      expect(versions.map((v) => v.version)).toEqual(expected.map((r) => r.version));
      expect(versions.map((v) => v.releaseDate)).toEqual(expected.map((r) => r.releaseDate));
      for (const v of versions) {
        expect(Object.keys(v).sort()).toEqual(
          ["id", "imageUrl", "model", "releaseDate", "releaseNotes", "sha256", "size", "version"].sort(),
        );
        expect(v.model).toBe(model);
        expect(v.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(v.imageUrl).toBe(`/api/firmware/${v.id}/image`);
        expect(Object.keys(v.releaseNotes).sort()).toEqual(["en-US", "ja-JP", "zh-CN"]);
        for (const text of Object.values(v.releaseNotes)) expect(text).toMatch(/^- \S/);
        // Small enough for a quick seed and a quick end-to-end update, big enough to show progress.
        expect(v.size).toBeGreaterThanOrEqual(64 * 1024);
        expect(v.size).toBeLessThanOrEqual(256 * 1024 + 72);
      }
    }
  });

  it("answers the same list through tRPC", async () => {
    const viaTrpc = await callerFor(t).firmware.list({ model: "N6P" });
    const { versions } = await list("N6P");
    expect(viaTrpc.versions).toEqual(versions);
  });

  it("refuses an unknown, missing or lower-case model with 400", async () => {
    for (const query of ["?model=X1", "?model=n6p", "", "?model=", "?model=N6P%00"]) {
      const res = await t.api("GET", `/api/firmware${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = json(res);
      expect(body.message).toEqual(body.error);
      expect(String(body.message)).toMatch(/model/);
    }
  });
});

describe("GET /api/firmware/{id}/image", () => {
  it("sends gzip bytes that decompress to a valid image whose SHA-256 is the listed one", async () => {
    const { versions } = await list("N6P");
    for (const v of versions) {
      const res = await t.api("GET", v.imageUrl);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/octet-stream");
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.headers[FIRMWARE_SHA256_HEADER]).toBe(v.sha256);
      expect(res.headers[FIRMWARE_SIZE_HEADER]).toBe(String(v.size));
      expect(res.headers["content-disposition"]).toBe(`attachment; filename="N6P-${v.version}.img.gz"`);
      const gz = res.rawPayload;
      expect([gz[0], gz[1]]).toEqual([0x1f, 0x8b]);
      const image = gunzipSync(gz);
      expect(image.length).toBe(v.size);
      expect(createHash("sha256").update(image).digest("hex")).toBe(v.sha256);
      const parsed = parseFirmwareImage(new Uint8Array(image));
      expect(parsed.model).toBe("N6P");
      expect(parsed.version).toBe(v.version);
    }
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["999999", "0", "-1", "abc", "1.5", "12345678901"]) {
      const res = await t.api("GET", `/api/firmware/${id}/image`);
      expect(res.statusCode, id).toBe(404);
      expect(json(res)).toEqual({ message: "Firmware not found", error: "Firmware not found" });
    }
  });
});

describe("firmware seed", () => {
  it("builds byte-identical images on every run", () => {
    const spec = { model: "N6" as const, version: "9.9.9", imageKiB: 64 };
    const a = buildReleaseImage(spec);
    const b = buildReleaseImage(spec);
    expect(Buffer.compare(Buffer.from(a.image), Buffer.from(b.image))).toBe(0);
    expect(a.sha256).toBe(b.sha256);
  });

  it("is idempotent: a second run adds nothing and changes nothing", async () => {
    const before = await t.db.firmwareVersion.findMany({ select: { id: true, imageSha256: true } });
    await seedFirmware(t.db);
    const after = await t.db.firmwareVersion.findMany({ select: { id: true, imageSha256: true } });
    expect(after).toEqual(before);
    expect(after.length).toBe(loadFirmwareReleases().length);
  });
});
