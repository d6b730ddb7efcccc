import { ByteReader, ByteWriter, bytesEqual } from "./bytes.ts";
import { crc32 } from "./crc32.ts";
import { type GlassesModelSlug, isGlassesModelSlug } from "./models.ts";
import { MAX_SHORT_STRING } from "./protocol/payloads.ts";
import { hashSeed, SeededRandom } from "./random.ts";
import { sha256 } from "./sha256.ts";

/**
 * Firmware image file: a 72-byte little-endian header, then the payload.
 *
 *   0   magic "VELA"
 *   4   u16 format version (1)
 *   6   u16 header size (72)
 *   8   model slug, ASCII, zero-padded to 8 bytes
 *   16  version label, ASCII, zero-padded to 16 bytes
 *   32  u32 payload length
 *   36  payload SHA-256 (32 bytes)
 *   68  u32 CRC-32 of bytes 0..67, so a damaged header is reported as such rather than as a bad payload
 */
export const FIRMWARE_MAGIC = "VELA";
export const FIRMWARE_FORMAT_VERSION = 1;
export const FIRMWARE_HEADER_SIZE = 72;
const MODEL_FIELD = 8;
const VERSION_FIELD = MAX_SHORT_STRING;
/** Slot size of the glasses; also what the simulator accepts. */
export const MAX_FIRMWARE_IMAGE_SIZE = 1024 * 1024;

export type FirmwareImageProblem =
  | "too-short"
  | "bad-magic"
  | "unsupported-format"
  | "bad-header-crc"
  | "unknown-model"
  | "bad-version"
  | "length-mismatch"
  | "checksum-mismatch"
  | "too-large";

export class FirmwareImageError extends Error {
  override name = "FirmwareImageError";
  constructor(
    readonly problem: FirmwareImageProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface FirmwareImageInput {
  model: GlassesModelSlug;
  version: string;
  payload: Uint8Array;
}

export interface FirmwareImage {
  model: GlassesModelSlug;
  version: string;
  formatVersion: number;
  payload: Uint8Array;
  payloadSha256: Uint8Array;
  /** The whole file, header included: this is what is sent to the glasses. */
  bytes: Uint8Array;
}

const VERSION_LABEL = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,15}$/;

export function isValidVersionLabel(version: string): boolean {
  return VERSION_LABEL.test(version);
}

/** Deterministic: the same inputs always give byte-identical files (the server seed relies on it). */
export function buildFirmwareImage(input: FirmwareImageInput): Uint8Array {
  if (!isGlassesModelSlug(input.model))
    throw new FirmwareImageError("unknown-model", `unknown model ${input.model}`);
  if (!isValidVersionLabel(input.version)) {
    throw new FirmwareImageError("bad-version", `invalid version label ${JSON.stringify(input.version)}`);
  }
  const size = FIRMWARE_HEADER_SIZE + input.payload.length;
  if (size > MAX_FIRMWARE_IMAGE_SIZE)
    throw new FirmwareImageError("too-large", `image of ${size} bytes is too large`);
  const header = new ByteWriter(FIRMWARE_HEADER_SIZE)
    .fixedString(FIRMWARE_MAGIC, 4)
    .u16(FIRMWARE_FORMAT_VERSION)
    .u16(FIRMWARE_HEADER_SIZE)
    .fixedString(input.model, MODEL_FIELD)
    .fixedString(input.version, VERSION_FIELD)
    .u32(input.payload.length)
    .bytes(sha256(input.payload));
  const headerBytes = header.u32(crc32(header.finish())).finish();
  const image = new Uint8Array(size);
  image.set(headerBytes, 0);
  image.set(input.payload, FIRMWARE_HEADER_SIZE);
  return image;
}

export function parseFirmwareImage(bytes: Uint8Array): FirmwareImage {
  if (bytes.length < FIRMWARE_HEADER_SIZE)
    throw new FirmwareImageError("too-short", "file is shorter than a header");
  if (bytes.length > MAX_FIRMWARE_IMAGE_SIZE)
    throw new FirmwareImageError("too-large", "file is larger than a slot");
  const reader = new ByteReader(bytes.subarray(0, FIRMWARE_HEADER_SIZE));
  const magic = reader.bytes(4);
  if (String.fromCharCode(...magic) !== FIRMWARE_MAGIC)
    throw new FirmwareImageError("bad-magic", "not a Vela image");
  const formatVersion = reader.u16();
  const headerSize = reader.u16();
  if (formatVersion !== FIRMWARE_FORMAT_VERSION || headerSize !== FIRMWARE_HEADER_SIZE) {
    throw new FirmwareImageError("unsupported-format", `unsupported image format ${formatVersion}`);
  }
  const headerCrc = new DataView(bytes.buffer, bytes.byteOffset).getUint32(FIRMWARE_HEADER_SIZE - 4, true);
  if (crc32(bytes.subarray(0, FIRMWARE_HEADER_SIZE - 4)) !== headerCrc) {
    throw new FirmwareImageError("bad-header-crc", "the image header is damaged");
  }
  let model: string;
  let version: string;
  try {
    model = reader.fixedString(MODEL_FIELD);
    version = reader.fixedString(VERSION_FIELD);
  } catch {
    throw new FirmwareImageError("bad-version", "unreadable model or version field");
  }
  if (!isGlassesModelSlug(model)) throw new FirmwareImageError("unknown-model", `unknown model ${model}`);
  if (!isValidVersionLabel(version))
    throw new FirmwareImageError("bad-version", `invalid version label ${version}`);
  const payloadLength = reader.u32();
  const payloadSha256 = reader.bytes(32);
  const payload = bytes.slice(FIRMWARE_HEADER_SIZE);
  if (payload.length !== payloadLength) {
    throw new FirmwareImageError(
      "length-mismatch",
      `header says ${payloadLength} bytes, file has ${payload.length}`,
    );
  }
  if (!bytesEqual(sha256(payload), payloadSha256)) {
    throw new FirmwareImageError("checksum-mismatch", "the payload does not match its SHA-256");
  }
  return { model, version, formatVersion, payload, payloadSha256, bytes: bytes.slice() };
}

/**
 * Filler payload for demo and test images: pseudo-random (so it does not compress to nothing and a
 * flipped bit changes the digest) yet fully determined by model, version and size.
 */
export function demoFirmwarePayload(input: {
  model: GlassesModelSlug;
  version: string;
  size: number;
}): Uint8Array {
  const random = new SeededRandom(hashSeed(`${input.model}/${input.version}/${input.size}`));
  const payload = new Uint8Array(input.size);
  for (let i = 0; i < payload.length; i++) payload[i] = Math.floor(random.next() * 256);
  return payload;
}
