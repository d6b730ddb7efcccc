// The firmware catalogue: releases per glasses model, and the gzip-compressed image of one.
import type { GlassesModelSlug } from "@vela/device";
import type { FirmwareRelease } from "@vela/shared/api";
import type { Prisma } from "../../db/client.ts";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../errors.ts";

/** The header carrying the hex SHA-256 of the uncompressed image. */
export const FIRMWARE_SHA256_HEADER = "x-firmware-sha256";
/** The header carrying the size of the uncompressed image. */
export const FIRMWARE_SIZE_HEADER = "x-firmware-size";

export const firmwareImagePath = (id: number): string => `/api/firmware/${id}/image`;

const releaseSelect = {
  id: true,
  model: true,
  version: true,
  releaseDate: true,
  notesEnUs: true,
  notesJaJp: true,
  notesZhCn: true,
  imageSha256: true,
  imageSize: true,
} satisfies Prisma.FirmwareVersionSelect;

/** The shared answer's shape, its model narrowed to the glasses the device package knows. */
export type FirmwareReleaseDto = Omit<FirmwareRelease, "model"> & { model: GlassesModelSlug };
export type FirmwareListDto = { model: GlassesModelSlug; versions: FirmwareReleaseDto[] };

type ReleaseRow = Prisma.FirmwareVersionGetPayload<{ select: typeof releaseSelect }>;

function toDto(row: ReleaseRow): FirmwareReleaseDto {
  return {
    id: row.id,
    model: row.model as GlassesModelSlug,
    version: row.version,
    releaseDate: row.releaseDate.toISOString().slice(0, 10),
    releaseNotes: { "en-US": row.notesEnUs, "ja-JP": row.notesJaJp, "zh-CN": row.notesZhCn },
    size: row.imageSize,
    sha256: row.imageSha256,
    imageUrl: firmwareImagePath(row.id),
  };
}

export async function listFirmware(
  deps: Pick<Deps, "db">,
  model: GlassesModelSlug,
): Promise<FirmwareListDto> {
  // Only published versions: a draft added in the admin, or a withdrawn one, is never offered.
  const rows = await deps.db.firmwareVersion.findMany({
    where: { model, status: "PUBLISHED" },
    orderBy: [{ releaseDate: "desc" }, { id: "desc" }],
    select: releaseSelect,
  });
  return { model, versions: rows.map(toDto) };
}

export interface FirmwareImageDownload {
  model: GlassesModelSlug;
  version: string;
  sha256: string;
  size: number;
  gzip: Uint8Array;
}

export const FIRMWARE_NOT_FOUND = "Firmware not found";

export async function getFirmwareImage(deps: Pick<Deps, "db">, id: number): Promise<FirmwareImageDownload> {
  const row = await deps.db.firmwareVersion.findUnique({
    where: { id },
    select: { model: true, version: true, imageSha256: true, imageSize: true, imageGzip: true, status: true },
  });
  if (row?.status !== "PUBLISHED") throw new AppError("NOT_FOUND", FIRMWARE_NOT_FOUND);
  return {
    model: row.model as GlassesModelSlug,
    version: row.version,
    sha256: row.imageSha256,
    size: row.imageSize,
    gzip: row.imageGzip,
  };
}
