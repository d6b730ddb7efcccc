// The firmware catalogue of the demo store: every release of prisma/seed-data/firmware.json with
// an image built by @vela/device (deterministic, so a re-seed produces byte-identical files).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  buildFirmwareImage,
  demoFirmwarePayload,
  type GlassesModelSlug,
  isGlassesModelSlug,
} from "@vela/device";
import { ROOT_DIR } from "../../config.ts";
import type { Db } from "../../db/client.ts";

export interface FirmwareReleaseSpec {
  model: GlassesModelSlug;
  version: string;
  /** YYYY-MM-DD */
  releaseDate: string;
  /** Payload size; the image adds its 72-byte header. */
  imageKiB: number;
  notes: { "en-US": string; "ja-JP": string; "zh-CN": string };
}

export function loadFirmwareReleases(): FirmwareReleaseSpec[] {
  const file = path.join(ROOT_DIR, "prisma/seed-data/firmware.json");
  const releases = (JSON.parse(readFileSync(file, "utf8")) as { releases: FirmwareReleaseSpec[] }).releases;
  for (const release of releases) {
    if (!isGlassesModelSlug(release.model)) throw new Error(`seed: unknown glasses model ${release.model}`);
  }
  return releases;
}

export interface BuiltFirmwareImage {
  image: Uint8Array;
  gzip: Uint8Array;
  sha256: string;
}

export function buildReleaseImage(spec: Pick<FirmwareReleaseSpec, "model" | "version" | "imageKiB">) {
  const image = buildFirmwareImage({
    model: spec.model,
    version: spec.version,
    payload: demoFirmwarePayload({ model: spec.model, version: spec.version, size: spec.imageKiB * 1024 }),
  });
  return {
    image,
    gzip: new Uint8Array(gzipSync(image, { level: 9 })),
    sha256: createHash("sha256").update(image).digest("hex"),
  } satisfies BuiltFirmwareImage;
}

/** Idempotent: a release that is already there (same model and version) is left alone. */
export async function seedFirmware(db: Db, releases = loadFirmwareReleases()): Promise<void> {
  for (const release of releases) {
    const existing = await db.firmwareVersion.findUnique({
      where: { model_version: { model: release.model, version: release.version } },
      select: { id: true },
    });
    if (existing) continue;
    const built = buildReleaseImage(release);
    await db.firmwareVersion.create({
      data: {
        model: release.model,
        version: release.version,
        releaseDate: new Date(`${release.releaseDate}T00:00:00Z`),
        notesEnUs: release.notes["en-US"],
        notesJaJp: release.notes["ja-JP"],
        notesZhCn: release.notes["zh-CN"],
        imageGzip: built.gzip,
        imageSha256: built.sha256,
        imageSize: built.image.length,
      },
    });
  }
}
