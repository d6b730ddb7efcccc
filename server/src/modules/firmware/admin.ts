// The admin's firmware versions: the list per glasses model, adding a version with its image, and
// publishing or withdrawing one. The image is checked here with the device package's own
// parseFirmwareImage, the function the update tool runs before it sends an image to the glasses
// (format, header and its CRC, model, version label, length, payload SHA-256), plus the two things
// the tool checks against the connected glasses and the list: the model chosen and the label
// entered. A bad image is refused with its reason and nothing is stored. A version added here is a
// DRAFT: the update tool offers only PUBLISHED ones (service.ts).
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import {
  FirmwareImageError,
  type FirmwareImageProblem,
  isGlassesModelSlug,
  MAX_FIRMWARE_IMAGE_SIZE,
  parseFirmwareImage,
} from "@vela/device";
import {
  type FirmwareStatus,
  RELEASES_ADMIN_MESSAGES as M,
  type ZFirmwareAddInput,
  type ZFirmwareUpdateInput,
} from "@vela/shared/admin";
import type { z } from "zod";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";
import { type Actor, record } from "../audit/service.ts";

const PROBLEM_TEXT: Record<FirmwareImageProblem, string> = {
  "too-short": M.firmwareImageTooShort,
  "too-large": M.firmwareImageTooLarge,
  "bad-magic": M.firmwareImageBadMagic,
  "unsupported-format": M.firmwareImageUnsupported,
  "bad-header-crc": M.firmwareImageHeaderDamaged,
  "unknown-model": M.firmwareImageUnknownModel,
  "bad-version": M.firmwareImageBadVersion,
  "length-mismatch": M.firmwareImageTruncated,
  "checksum-mismatch": M.firmwareImageChecksum,
};

/** Why an image was refused: the device package's problem, or one of the upload's own. */
export type ImageRefusal = FirmwareImageProblem | "encoding" | "gzip" | "wrong-model" | "wrong-version";

const refuse = (reason: ImageRefusal, message: string, path = "image") =>
  new AppError("BAD_REQUEST", message, { reason, issues: [{ path, message }] });

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The uploaded file's bytes: base64 read strictly, a gzip file unpacked (at most one slot and a byte). */
function fileBytes(base64: string): Uint8Array {
  const text = base64.replace(/\s+/g, "");
  if (!BASE64.test(text) || text.length % 4 !== 0) throw refuse("encoding", M.firmwareImageEncoding);
  const raw = new Uint8Array(Buffer.from(text, "base64"));
  if (raw.length >= 2 && raw[0] === 0x1f && raw[1] === 0x8b) {
    try {
      return new Uint8Array(gunzipSync(raw, { maxOutputLength: MAX_FIRMWARE_IMAGE_SIZE + 1 }));
    } catch (err) {
      if ((err as { code?: string }).code === "ERR_BUFFER_TOO_LARGE")
        throw refuse("too-large", M.firmwareImageTooLarge);
      throw refuse("gzip", M.firmwareImageGzip);
    }
  }
  return raw;
}

/**
 * The checks an image passes before the store stores or offers it: exactly the update tool's
 * (parseFirmwareImage), then the model chosen and the label entered against the image's header.
 */
export function checkFirmwareUpload(input: { model: string; label: string; image: string }) {
  const bytes = fileBytes(input.image);
  let parsed: ReturnType<typeof parseFirmwareImage>;
  try {
    parsed = parseFirmwareImage(bytes);
  } catch (err) {
    if (err instanceof FirmwareImageError) throw refuse(err.problem, PROBLEM_TEXT[err.problem]);
    throw err;
  }
  if (parsed.model !== input.model) throw refuse("wrong-model", M.firmwareImageWrongModel);
  if (parsed.version !== input.label) throw refuse("wrong-version", M.firmwareImageWrongVersion);
  return parsed;
}

const adminSelect = {
  id: true,
  model: true,
  version: true,
  releaseDate: true,
  notesEnUs: true,
  notesJaJp: true,
  notesZhCn: true,
  imageSha256: true,
  imageSize: true,
  status: true,
  rowVersion: true,
  createdAt: true,
} satisfies Prisma.FirmwareVersionSelect;
type AdminRow = Prisma.FirmwareVersionGetPayload<{ select: typeof adminSelect }>;

export interface FirmwareVersionForStaff {
  id: number;
  model: string;
  label: string;
  releaseDate: string;
  notes: { "en-US": string; "ja-JP": string; "zh-CN": string };
  sha256: string;
  size: number;
  status: FirmwareStatus;
  rowVersion: number;
  createdAt: string;
}

function toStaffDto(r: AdminRow): FirmwareVersionForStaff {
  return {
    id: r.id,
    model: r.model,
    label: r.version,
    releaseDate: r.releaseDate.toISOString().slice(0, 10),
    notes: { "en-US": r.notesEnUs, "ja-JP": r.notesJaJp, "zh-CN": r.notesZhCn },
    sha256: r.imageSha256,
    size: r.imageSize,
    status: r.status as FirmwareStatus,
    rowVersion: r.rowVersion,
    createdAt: r.createdAt.toISOString(),
  };
}

/** What the audit trail keeps of a version: everything but the image's bytes. */
const auditOf = (v: FirmwareVersionForStaff) => ({
  model: v.model,
  label: v.label,
  releaseDate: v.releaseDate,
  notes: v.notes,
  sha256: v.sha256,
  size: v.size,
  status: v.status,
  rowVersion: v.rowVersion,
});

/** Every version (any status), per model as the list is read, newest first. */
export async function listFirmwareForStaff(
  deps: Pick<Deps, "db">,
  model?: string,
): Promise<{ versions: FirmwareVersionForStaff[] }> {
  const rows = await deps.db.firmwareVersion.findMany({
    ...(model ? { where: { model } } : {}),
    orderBy: [{ model: "asc" }, { releaseDate: "desc" }, { id: "desc" }],
    select: adminSelect,
  });
  return { versions: rows.map(toStaffDto) };
}

const notFound = () => new AppError("NOT_FOUND", M.firmwareNotFound);
const stale = () => new AppError("CONFLICT", M.firmwareStale, { reason: "staleVersion" });

/** Adds a version as a DRAFT once its image has passed every check; nothing is stored otherwise. */
export async function addFirmwareVersion(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: z.output<typeof ZFirmwareAddInput>,
): Promise<FirmwareVersionForStaff> {
  if (!isGlassesModelSlug(input.model))
    throw new AppError("BAD_REQUEST", M.unknownModel, {
      issues: [{ path: "model", message: M.unknownModel }],
    });
  const image = checkFirmwareUpload(input);
  const taken = () =>
    new AppError("CONFLICT", M.firmwareVersionTaken, {
      issues: [{ path: "label", message: M.firmwareVersionTaken }],
    });
  const existing = await deps.db.firmwareVersion.findUnique({
    where: { model_version: { model: input.model, version: input.label } },
    select: { id: true },
  });
  if (existing) throw taken();
  try {
    return await deps.db.$transaction(async (tx) => {
      const row = await tx.firmwareVersion.create({
        data: {
          model: input.model,
          version: input.label,
          releaseDate: new Date(`${input.releaseDate}T00:00:00Z`),
          notesEnUs: input.notes["en-US"],
          notesJaJp: input.notes["ja-JP"],
          notesZhCn: input.notes["zh-CN"],
          imageGzip: new Uint8Array(gzipSync(image.bytes, { level: 9 })),
          imageSha256: createHash("sha256").update(image.bytes).digest("hex"),
          imageSize: image.bytes.length,
          status: "DRAFT",
          createdAt: deps.clock.now(),
        },
        select: adminSelect,
      });
      const after = toStaffDto(row);
      await record(tx, deps, actor, {
        kind: "firmware.added",
        entityType: "FirmwareVersion",
        entityId: row.id,
        before: null,
        after: auditOf(after),
      });
      return after;
    });
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code === "P2002") throw taken();
    throw err;
  }
}

/** Changes a version's release date and notes, at the version opened; its image and label stay. */
export async function updateFirmwareVersion(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: z.output<typeof ZFirmwareUpdateInput>,
): Promise<FirmwareVersionForStaff> {
  return deps.db.$transaction(async (tx) => {
    const found = await tx.firmwareVersion.findUnique({ where: { id: input.id }, select: adminSelect });
    if (!found) throw notFound();
    const moved = await tx.firmwareVersion.updateMany({
      where: { id: input.id, rowVersion: input.rowVersion },
      data: {
        rowVersion: { increment: 1 },
        releaseDate: new Date(`${input.releaseDate}T00:00:00Z`),
        notesEnUs: input.notes["en-US"],
        notesJaJp: input.notes["ja-JP"],
        notesZhCn: input.notes["zh-CN"],
      },
    });
    if (moved.count === 0) throw stale();
    const after = toStaffDto(
      await tx.firmwareVersion.findUniqueOrThrow({ where: { id: input.id }, select: adminSelect }),
    );
    await record(tx, deps, actor, {
      kind: "firmware.updated",
      entityType: "FirmwareVersion",
      entityId: input.id,
      before: auditOf(toStaffDto(found)),
      after: auditOf(after),
    });
    return after;
  });
}

/** Publishes (the update tool offers it) or withdraws (it no longer does) a version, at the version opened. */
export async function setFirmwareStatus(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  input: { id: number; rowVersion: number; status: "PUBLISHED" | "WITHDRAWN" },
): Promise<FirmwareVersionForStaff> {
  return deps.db.$transaction(async (tx) => {
    const found = await tx.firmwareVersion.findUnique({ where: { id: input.id }, select: adminSelect });
    if (!found) throw notFound();
    if (found.rowVersion !== input.rowVersion) throw stale();
    if (found.status === input.status)
      throw new AppError("CONFLICT", M.firmwareStatusUnchanged, { reason: "statusUnchanged" });
    const moved = await tx.firmwareVersion.updateMany({
      where: { id: input.id, rowVersion: input.rowVersion },
      data: { status: input.status, rowVersion: { increment: 1 } },
    });
    if (moved.count === 0) throw stale();
    const after = toStaffDto(
      await tx.firmwareVersion.findUniqueOrThrow({ where: { id: input.id }, select: adminSelect }),
    );
    await record(tx, deps, actor, {
      kind: input.status === "PUBLISHED" ? "firmware.published" : "firmware.withdrawn",
      entityType: "FirmwareVersion",
      entityId: input.id,
      before: auditOf(toStaffDto(found)),
      after: auditOf(after),
    });
    return after;
  });
}
