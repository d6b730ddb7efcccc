import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeCalibration,
  decodeColorSettings,
  decodeDeviceIdentity,
  decodeFirmwareSlots,
  decodeImuSample,
  decodeLightStrip,
  decodeStoredCalibration,
  decodeUpdateChunk,
  decodeUpdatePrepare,
  decodeUpdateProgress,
  decodeWearerDetectionState,
  encodeCalibration,
  encodeColorSettings,
  encodeDeviceIdentity,
  encodeFirmwareSlots,
  encodeImuSample,
  encodeLightStrip,
  encodeStoredCalibration,
  encodeUpdateChunk,
  encodeUpdatePrepare,
  encodeUpdateProgress,
  encodeWearerDetectionState,
  GLASSES_MODEL_SLUGS,
  LIGHT_STRIP_SECONDS,
  LIGHT_STRIP_SECTIONS,
  MAX_CHUNK_SIZE,
  MAX_PAYLOAD_SIZE,
  PayloadError,
  SLOT_STATES,
  toHex,
  type Vec3,
} from "../src/index.ts";

const asciiText = (maxLength: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });
const f32 = fc.float({ noNaN: true, noDefaultInfinity: true });
const vec3 = fc.tuple(f32, f32, f32).map((v) => v as Vec3);

describe("payload codecs round-trip", () => {
  it("device identity", () => {
    fc.assert(
      fc.property(
        fc.record({
          model: fc.constantFrom(...GLASSES_MODEL_SLUGS),
          hardwareRevision: fc.integer({ min: 0, max: 255 }),
          protocolVersion: fc.integer({ min: 0, max: 255 }),
          productName: asciiText(16),
          serialNumber: asciiText(16),
          firmwareVersion: asciiText(16),
        }),
        (info) => {
          const payload = encodeDeviceIdentity(info);
          expect(payload.length).toBeLessThanOrEqual(MAX_PAYLOAD_SIZE);
          expect(decodeDeviceIdentity(payload)).toEqual(info);
        },
      ),
    );
  });

  it("firmware slots", () => {
    const slot = (index: 0 | 1) =>
      fc.record({
        index: fc.constant(index),
        state: fc.constantFrom(...SLOT_STATES),
        version: asciiText(16),
      });
    fc.assert(
      fc.property(
        fc.record({
          runningSlot: fc.constantFrom(0 as const, 1 as const),
          confirmed: fc.boolean(),
          slots: fc.tuple(slot(0), slot(1)),
        }),
        (info) => {
          expect(decodeFirmwareSlots(encodeFirmwareSlots(info))).toEqual(info);
        },
      ),
    );
  });

  it("IMU samples and calibration (float32 values)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), vec3, vec3, (timestampUs, accel, gyro) => {
        expect(decodeImuSample(encodeImuSample({ timestampUs, accel, gyro }))).toEqual({
          timestampUs,
          accel,
          gyro,
        });
        expect(decodeCalibration(encodeCalibration({ gyroBias: gyro, gravity: accel }))).toEqual({
          gyroBias: gyro,
          gravity: accel,
        });
        expect(decodeStoredCalibration(encodeStoredCalibration({ gyroBias: gyro, gravity: accel }))).toEqual({
          gyroBias: gyro,
          gravity: accel,
        });
      }),
    );
    expect(decodeStoredCalibration(encodeStoredCalibration(null))).toBeNull();
  });

  it("colour settings and light strip", () => {
    const byte = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(
        fc.record({
          mode: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const, 4 as const),
          red: byte,
          green: byte,
          blue: byte,
          contrast: byte,
          gamma: byte,
          temperature: byte,
        }),
        fc.array(fc.array(byte, { minLength: LIGHT_STRIP_SECTIONS, maxLength: LIGHT_STRIP_SECTIONS }), {
          minLength: LIGHT_STRIP_SECONDS,
          maxLength: LIGHT_STRIP_SECONDS,
        }),
        (color, strip) => {
          expect(decodeColorSettings(encodeColorSettings(color))).toEqual(color);
          expect(decodeLightStrip(encodeLightStrip(strip))).toEqual(strip);
        },
      ),
    );
  });

  it("update prepare, chunk and progress", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        asciiText(16),
        fc.uint8Array({ minLength: 1, maxLength: MAX_CHUNK_SIZE }),
        (size, sha256, version, data) => {
          expect(decodeUpdatePrepare(encodeUpdatePrepare({ size, sha256, version }))).toEqual({
            size,
            sha256,
            version,
          });
          expect(decodeUpdateChunk(encodeUpdateChunk({ offset: size, data }))).toEqual({
            offset: size,
            data,
          });
          const progress = { phase: "verifying" as const, done: size, total: size };
          expect(decodeUpdateProgress(encodeUpdateProgress(progress))).toEqual(progress);
        },
      ),
    );
  });

  it("wearer detection state", () => {
    fc.assert(
      fc.property(
        fc.record({ enabled: fc.boolean(), worn: fc.boolean(), displayOn: fc.boolean() }),
        (state) => {
          expect(decodeWearerDetectionState(encodeWearerDetectionState(state))).toEqual(state);
        },
      ),
    );
  });
});

describe("payload layouts", () => {
  it("lays out the device identity as documented", () => {
    const payload = encodeDeviceIdentity({
      model: "P6",
      hardwareRevision: 2,
      protocolVersion: 1,
      productName: "Vela Luma Pro",
      serialNumber: "P6-1",
      firmwareVersion: "1.2.0",
    });
    expect(toHex(payload)).toBe(
      `040201 0d ${toHex(Uint8Array.from("Vela Luma Pro", (c) => c.charCodeAt(0)))} 04 50362d31 05 312e322e30`.replace(
        / /g,
        "",
      ),
    );
  });

  it("rejects truncated, oversized and malformed payloads", () => {
    expect(() => decodeColorSettings(new Uint8Array(6))).toThrow(PayloadError);
    expect(() => decodeColorSettings(new Uint8Array(8))).toThrow(/trailing/);
    expect(() => decodeWearerDetectionState(Uint8Array.of(2, 0, 0))).toThrow(/0 or 1/);
    expect(() => decodeDeviceIdentity(Uint8Array.of(99, 0, 0, 0, 0, 0))).toThrow(/unknown model/);
    expect(() => decodeStoredCalibration(Uint8Array.of(7))).toThrow(PayloadError);
    expect(() => encodeUpdateChunk({ offset: 0, data: new Uint8Array(MAX_CHUNK_SIZE + 1) })).toThrow(
      PayloadError,
    );
    expect(() => encodeLightStrip([[1, 2, 3]])).toThrow(PayloadError);
  });
});
