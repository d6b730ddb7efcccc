import { ByteReader, ByteWriter } from "../bytes.ts";
import {
  type ColorMode,
  type ColorSettings,
  LIGHT_STRIP_SECONDS,
  LIGHT_STRIP_SECTIONS,
  type LightStripFrames,
} from "../constants.ts";
import { PayloadError } from "../errors.ts";
import { findGlassesModelByCode, type GlassesModelSlug, getGlassesModel } from "../models.ts";
import { MAX_PAYLOAD_SIZE } from "./frame.ts";

/** Payload layouts, one encoder/decoder pair per message. All integers are little-endian. */

export const PROTOCOL_VERSION = 1;
export const MAX_SHORT_STRING = 16;
/** Offset (u32) + data must fit one frame. */
export const MAX_CHUNK_SIZE = MAX_PAYLOAD_SIZE - 4;

export type Vec3 = [number, number, number];

const writer = () => new ByteWriter(MAX_PAYLOAD_SIZE);

function readVec3(reader: ByteReader): Vec3 {
  return [reader.f32(), reader.f32(), reader.f32()];
}

function writeVec3(out: ByteWriter, v: Vec3): void {
  out.f32(v[0]).f32(v[1]).f32(v[2]);
}

function readFlag(reader: ByteReader, what: string): boolean {
  const value = reader.u8();
  if (value > 1) throw new PayloadError(`${what} flag must be 0 or 1, got ${value}`);
  return value === 1;
}

/** Decodes a whole payload: `read` takes every field, and nothing may be left over. */
function decodeWhole<T>(payload: Uint8Array, read: (reader: ByteReader) => T): T {
  const reader = new ByteReader(payload);
  const value = read(reader);
  reader.end();
  return value;
}

/** A record of flags as one 0/1 byte each, in the order `names` gives. */
function encodeFlags<K extends string>(names: readonly K[], flags: Record<K, boolean>): Uint8Array {
  return Uint8Array.from(names, (name) => (flags[name] ? 1 : 0));
}

function decodeFlags<K extends string>(payload: Uint8Array, names: readonly K[]): Record<K, boolean> {
  return decodeWhole(
    payload,
    (reader) => Object.fromEntries(names.map((name) => [name, readFlag(reader, name)])) as Record<K, boolean>,
  );
}

// GET_INFO ------------------------------------------------------------------------------------------

export interface DeviceIdentity {
  model: GlassesModelSlug;
  hardwareRevision: number;
  protocolVersion: number;
  productName: string;
  serialNumber: string;
  firmwareVersion: string;
}

export function encodeDeviceIdentity(info: DeviceIdentity): Uint8Array {
  return writer()
    .u8(getGlassesModel(info.model).code)
    .u8(info.hardwareRevision)
    .u8(info.protocolVersion)
    .shortString(info.productName, MAX_SHORT_STRING)
    .shortString(info.serialNumber, MAX_SHORT_STRING)
    .shortString(info.firmwareVersion, MAX_SHORT_STRING)
    .finish();
}

export function decodeDeviceIdentity(payload: Uint8Array): DeviceIdentity {
  return decodeWhole(payload, (reader) => {
    const code = reader.u8();
    const model = findGlassesModelByCode(code);
    if (!model) throw new PayloadError(`unknown model code ${code}`);
    return {
      model: model.slug,
      hardwareRevision: reader.u8(),
      protocolVersion: reader.u8(),
      productName: reader.shortString(MAX_SHORT_STRING),
      serialNumber: reader.shortString(MAX_SHORT_STRING),
      firmwareVersion: reader.shortString(MAX_SHORT_STRING),
    };
  });
}

// GET_FIRMWARE_SLOTS --------------------------------------------------------------------------------

export const SLOT_STATES = ["empty", "valid", "partial", "invalid"] as const;
export type SlotState = (typeof SLOT_STATES)[number];
export type SlotIndex = 0 | 1;

export interface SlotInfo {
  index: SlotIndex;
  state: SlotState;
  /** Version label of the image in the slot; empty when the slot holds no complete image. */
  version: string;
}

export interface FirmwareSlots {
  /** The slot the glasses booted from. */
  runningSlot: SlotIndex;
  /** False while a freshly activated image runs on trial; the device confirms it after a good boot. */
  confirmed: boolean;
  slots: [SlotInfo, SlotInfo];
}

function readSlotIndex(reader: ByteReader): SlotIndex {
  const value = reader.u8();
  if (value !== 0 && value !== 1) throw new PayloadError(`slot index ${value}`);
  return value;
}

export function encodeFirmwareSlots(info: FirmwareSlots): Uint8Array {
  const out = writer()
    .u8(info.runningSlot)
    .u8(info.confirmed ? 1 : 0);
  for (const slot of info.slots) {
    out.u8(SLOT_STATES.indexOf(slot.state)).shortString(slot.version, MAX_SHORT_STRING);
  }
  return out.finish();
}

export function decodeFirmwareSlots(payload: Uint8Array): FirmwareSlots {
  return decodeWhole(payload, (reader) => {
    const runningSlot = readSlotIndex(reader);
    const confirmed = readFlag(reader, "confirmed");
    const readSlot = (index: SlotIndex): SlotInfo => {
      const state = SLOT_STATES[reader.u8()];
      if (!state) throw new PayloadError("unknown slot state");
      return { index, state, version: reader.shortString(MAX_SHORT_STRING) };
    };
    const slots: [SlotInfo, SlotInfo] = [readSlot(0), readSlot(1)];
    return { runningSlot, confirmed, slots };
  });
}

// IMU -------------------------------------------------------------------------------------------------

export const IMU_RATE_MIN_HZ = 10;
export const IMU_RATE_MAX_HZ = 1000;

export interface ImuStreamRequest {
  enabled: boolean;
  rateHz: number;
}

export function encodeImuStreamRequest(request: ImuStreamRequest): Uint8Array {
  return writer()
    .u8(request.enabled ? 1 : 0)
    .u16(request.rateHz)
    .finish();
}

export function decodeImuStreamRequest(payload: Uint8Array): ImuStreamRequest {
  return decodeWhole(payload, (reader) => ({ enabled: readFlag(reader, "enabled"), rateHz: reader.u16() }));
}

/** Raw sensor values: acceleration in m/s² (gravity included), angular rate in rad/s. */
export interface ImuSample {
  /** Microseconds since the glasses booted; wraps after about 71 minutes. */
  timestampUs: number;
  accel: Vec3;
  gyro: Vec3;
}

export function encodeImuSample(sample: ImuSample): Uint8Array {
  const out = writer().u32(sample.timestampUs >>> 0);
  writeVec3(out, sample.accel);
  writeVec3(out, sample.gyro);
  return out.finish();
}

export function decodeImuSample(payload: Uint8Array): ImuSample {
  return decodeWhole(payload, (reader) => ({
    timestampUs: reader.u32(),
    accel: readVec3(reader),
    gyro: readVec3(reader),
  }));
}

// Calibration ---------------------------------------------------------------------------------------

export interface Calibration {
  /** Gyro reading at rest, subtracted from every sample by the head-tracking code. */
  gyroBias: Vec3;
  /** Mean accelerometer vector at rest: the level reference. */
  gravity: Vec3;
}

export function encodeCalibration(calibration: Calibration): Uint8Array {
  const out = writer();
  writeVec3(out, calibration.gyroBias);
  writeVec3(out, calibration.gravity);
  return out.finish();
}

export function decodeCalibration(payload: Uint8Array): Calibration {
  return decodeWhole(payload, (reader) => ({ gyroBias: readVec3(reader), gravity: readVec3(reader) }));
}

/** READ_CALIBRATION reply: a presence flag, then the calibration when present. */
export function encodeStoredCalibration(calibration: Calibration | null): Uint8Array {
  if (!calibration) return Uint8Array.of(0);
  const body = encodeCalibration(calibration);
  const out = new Uint8Array(body.length + 1);
  out[0] = 1;
  out.set(body, 1);
  return out;
}

export function decodeStoredCalibration(payload: Uint8Array): Calibration | null {
  const present = payload[0];
  if (present === 0 && payload.length === 1) return null;
  if (present !== 1) throw new PayloadError("malformed calibration reply");
  return decodeCalibration(payload.subarray(1));
}

// Colour and light strip -------------------------------------------------------------------------

export function encodeColorSettings(settings: ColorSettings): Uint8Array {
  return writer()
    .u8(settings.mode)
    .u8(settings.red)
    .u8(settings.green)
    .u8(settings.blue)
    .u8(settings.contrast)
    .u8(settings.gamma)
    .u8(settings.temperature)
    .finish();
}

/** Decodes without range checks: the device is the one that rejects out-of-range values. */
export function decodeColorSettings(payload: Uint8Array): ColorSettings {
  return decodeWhole(payload, (reader) => ({
    mode: reader.u8() as ColorMode,
    red: reader.u8(),
    green: reader.u8(),
    blue: reader.u8(),
    contrast: reader.u8(),
    gamma: reader.u8(),
    temperature: reader.u8(),
  }));
}

export function encodeLightStrip(frames: LightStripFrames): Uint8Array {
  if (
    frames.length !== LIGHT_STRIP_SECONDS ||
    frames.some((second) => second.length !== LIGHT_STRIP_SECTIONS)
  ) {
    throw new PayloadError(`light strip must be ${LIGHT_STRIP_SECONDS} × ${LIGHT_STRIP_SECTIONS} values`);
  }
  const out = writer();
  for (const second of frames) for (const value of second) out.u8(value);
  return out.finish();
}

export function decodeLightStrip(payload: Uint8Array): LightStripFrames {
  if (payload.length !== LIGHT_STRIP_SECONDS * LIGHT_STRIP_SECTIONS) {
    throw new PayloadError(`light strip payload is ${payload.length} bytes`);
  }
  return Array.from({ length: LIGHT_STRIP_SECONDS }, (_, s) =>
    Array.from(payload.subarray(s * LIGHT_STRIP_SECTIONS, (s + 1) * LIGHT_STRIP_SECTIONS)),
  );
}

// Wearer detection and high colour accuracy --------------------------------------------------------

export interface WearerDetectionState {
  enabled: boolean;
  worn: boolean;
  displayOn: boolean;
}

const WEARER_DETECTION_FLAGS = ["enabled", "worn", "displayOn"] as const;

export function encodeWearerDetectionState(state: WearerDetectionState): Uint8Array {
  return encodeFlags(WEARER_DETECTION_FLAGS, state);
}

export function decodeWearerDetectionState(payload: Uint8Array): WearerDetectionState {
  return decodeFlags(payload, WEARER_DETECTION_FLAGS);
}

export function encodeFlag(value: boolean): Uint8Array {
  return Uint8Array.of(value ? 1 : 0);
}

export function decodeFlag(payload: Uint8Array, what = "flag"): boolean {
  return decodeWhole(payload, (reader) => readFlag(reader, what));
}

export interface HighColorAccuracyReply {
  enabled: boolean;
  /** The glasses restart after replying when the mode actually changed. */
  restarting: boolean;
}

const HIGH_COLOR_ACCURACY_FLAGS = ["enabled", "restarting"] as const;

export function encodeHighColorAccuracyReply(reply: HighColorAccuracyReply): Uint8Array {
  return encodeFlags(HIGH_COLOR_ACCURACY_FLAGS, reply);
}

export function decodeHighColorAccuracyReply(payload: Uint8Array): HighColorAccuracyReply {
  return decodeFlags(payload, HIGH_COLOR_ACCURACY_FLAGS);
}

// Firmware update ------------------------------------------------------------------------------------

export interface UpdatePrepareRequest {
  /** Size of the whole image file (header and payload) in bytes. */
  size: number;
  /** SHA-256 of the whole image file. */
  sha256: Uint8Array;
  version: string;
}

export function encodeUpdatePrepare(request: UpdatePrepareRequest): Uint8Array {
  if (request.sha256.length !== 32) throw new PayloadError("SHA-256 must be 32 bytes");
  return writer()
    .u32(request.size)
    .bytes(request.sha256)
    .shortString(request.version, MAX_SHORT_STRING)
    .finish();
}

export function decodeUpdatePrepare(payload: Uint8Array): UpdatePrepareRequest {
  return decodeWhole(payload, (reader) => ({
    size: reader.u32(),
    sha256: reader.bytes(32),
    version: reader.shortString(MAX_SHORT_STRING),
  }));
}

export interface UpdatePrepareReply {
  /** Where the host should continue: 0 for a fresh transfer, more when resuming the same image. */
  nextOffset: number;
  maxChunkSize: number;
}

export function encodeUpdatePrepareReply(reply: UpdatePrepareReply): Uint8Array {
  return writer().u32(reply.nextOffset).u8(reply.maxChunkSize).finish();
}

export function decodeUpdatePrepareReply(payload: Uint8Array): UpdatePrepareReply {
  return decodeWhole(payload, (reader) => ({ nextOffset: reader.u32(), maxChunkSize: reader.u8() }));
}

export interface UpdateChunk {
  offset: number;
  data: Uint8Array;
}

export function encodeUpdateChunk(chunk: UpdateChunk): Uint8Array {
  if (chunk.data.length === 0 || chunk.data.length > MAX_CHUNK_SIZE) {
    throw new PayloadError(`chunk must hold 1..${MAX_CHUNK_SIZE} bytes`);
  }
  return writer().u32(chunk.offset).bytes(chunk.data).finish();
}

export function decodeUpdateChunk(payload: Uint8Array): UpdateChunk {
  const reader = new ByteReader(payload);
  const offset = reader.u32();
  const data = reader.bytes(reader.remaining);
  if (data.length === 0) throw new PayloadError("empty chunk");
  return { offset, data };
}

/** Chunk acks, and the payload of a badOffset or badState status, name the next offset the device expects. */
export function encodeOffset(offset: number): Uint8Array {
  return writer().u32(offset).finish();
}

export function decodeOffset(payload: Uint8Array): number {
  return decodeWhole(payload, (reader) => reader.u32());
}

/** Payload of a verifyFailed status. */
export const VerifyFailure = {
  checksum: 1,
  header: 2,
  wrongModel: 3,
  versionMismatch: 4,
} as const;
export type VerifyFailureCode = (typeof VerifyFailure)[keyof typeof VerifyFailure];

// Events ---------------------------------------------------------------------------------------------

export interface Heartbeat {
  uptimeMs: number;
}

export function encodeHeartbeat(heartbeat: Heartbeat): Uint8Array {
  return writer()
    .u32(heartbeat.uptimeMs >>> 0)
    .finish();
}

export function decodeHeartbeat(payload: Uint8Array): Heartbeat {
  return decodeWhole(payload, (reader) => ({ uptimeMs: reader.u32() }));
}

export interface WearState {
  worn: boolean;
  displayOn: boolean;
}

const WEAR_STATE_FLAGS = ["worn", "displayOn"] as const;

export function encodeWearState(state: WearState): Uint8Array {
  return encodeFlags(WEAR_STATE_FLAGS, state);
}

export function decodeWearState(payload: Uint8Array): WearState {
  return decodeFlags(payload, WEAR_STATE_FLAGS);
}

export const UpdateProgressPhase = { erasing: 1, verifying: 2 } as const;
export type UpdateProgressPhaseId = (typeof UpdateProgressPhase)[keyof typeof UpdateProgressPhase];

export interface DeviceUpdateProgress {
  phase: "erasing" | "verifying";
  done: number;
  total: number;
}

export function encodeUpdateProgress(progress: DeviceUpdateProgress): Uint8Array {
  return writer().u8(UpdateProgressPhase[progress.phase]).u32(progress.done).u32(progress.total).finish();
}

export function decodeUpdateProgress(payload: Uint8Array): DeviceUpdateProgress {
  return decodeWhole(payload, (reader) => {
    const phaseId = reader.u8();
    const phase = phaseId === 1 ? "erasing" : phaseId === 2 ? "verifying" : undefined;
    if (!phase) throw new PayloadError(`unknown update phase ${phaseId}`);
    return { phase, done: reader.u32(), total: reader.u32() };
  });
}
