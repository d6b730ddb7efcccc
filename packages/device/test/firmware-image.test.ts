/// <reference types="node" />
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildFirmwareImage,
  crc32,
  demoFirmwarePayload,
  FIRMWARE_HEADER_SIZE,
  FirmwareImageError,
  GLASSES_MODEL_SLUGS,
  parseFirmwareImage,
  toHex,
} from "../src/index.ts";

function problemOf(bytes: Uint8Array): string | undefined {
  try {
    parseFirmwareImage(bytes);
    return undefined;
  } catch (error) {
    if (error instanceof FirmwareImageError) return error.problem;
    throw error;
  }
}

/** Rewrites the header CRC after tampering with the header, to reach the checks behind it. */
function resealHeader(bytes: Uint8Array): Uint8Array {
  new DataView(bytes.buffer).setUint32(
    FIRMWARE_HEADER_SIZE - 4,
    crc32(bytes.subarray(0, FIRMWARE_HEADER_SIZE - 4)),
    true,
  );
  return bytes;
}

describe("firmware image", () => {
  it("is deterministic: same inputs, same bytes", () => {
    const make = () =>
      buildFirmwareImage({
        model: "P6",
        version: "2.1.0",
        payload: demoFirmwarePayload({ model: "P6", version: "2.1.0", size: 1000 }),
      });
    expect(toHex(make())).toBe(toHex(make()));
    expect(toHex(demoFirmwarePayload({ model: "P6", version: "2.1.0", size: 64 }))).not.toBe(
      toHex(demoFirmwarePayload({ model: "P6", version: "2.1.1", size: 64 })),
    );
  });

  it("has the documented header", () => {
    const payload = Uint8Array.of(1, 2, 3);
    const image = buildFirmwareImage({ model: "N6C", version: "1.0.7", payload });
    expect(image.length).toBe(FIRMWARE_HEADER_SIZE + 3);
    expect(String.fromCharCode(...image.subarray(0, 4))).toBe("VELA");
    const view = new DataView(image.buffer);
    expect(view.getUint16(4, true)).toBe(1);
    expect(view.getUint16(6, true)).toBe(72);
    expect(String.fromCharCode(...image.subarray(8, 11))).toBe("N6C");
    expect(image[11]).toBe(0);
    expect(String.fromCharCode(...image.subarray(16, 21))).toBe("1.0.7");
    expect(view.getUint32(32, true)).toBe(3);
    expect(toHex(image.subarray(36, 68))).toBe(createHash("sha256").update(payload).digest("hex"));
    expect(view.getUint32(68, true)).toBe(crc32(image.subarray(0, 68)));
    expect([...image.subarray(72)]).toEqual([1, 2, 3]);
  });

  it("parses what it builds", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GLASSES_MODEL_SLUGS),
        fc.stringMatching(/^[0-9][0-9A-Za-z.-]{0,15}$/),
        fc.uint8Array({ maxLength: 2000 }),
        (model, version, payload) => {
          const parsed = parseFirmwareImage(buildFirmwareImage({ model, version, payload }));
          expect(parsed).toMatchObject({ model, version, formatVersion: 1, payload });
        },
      ),
      { numRuns: 50 },
    );
  });

  it("reports what is wrong with a damaged or foreign file", () => {
    const good = buildFirmwareImage({ model: "N6", version: "1.2.3", payload: new Uint8Array(100).fill(7) });
    expect(problemOf(good)).toBeUndefined();
    expect(problemOf(good.subarray(0, 50))).toBe("too-short");
    const foreign = good.slice();
    foreign[0] = 0x50;
    expect(problemOf(foreign)).toBe("bad-magic");
    const future = good.slice();
    future[4] = 2;
    expect(problemOf(future)).toBe("unsupported-format");
    const damagedHeader = good.slice();
    damagedHeader[20] = 0x39;
    expect(problemOf(damagedHeader)).toBe("bad-header-crc");
    const unknownModel = good.slice();
    unknownModel[8] = 0x58;
    expect(problemOf(resealHeader(unknownModel))).toBe("unknown-model");
    expect(problemOf(good.subarray(0, good.length - 1))).toBe("length-mismatch");
    const flipped = good.slice();
    flipped[FIRMWARE_HEADER_SIZE + 10] = 8;
    expect(problemOf(flipped)).toBe("checksum-mismatch");
  });

  it("refuses to build images it could not parse", () => {
    expect(() => buildFirmwareImage({ model: "N6", version: "", payload: new Uint8Array(1) })).toThrow(
      /version/,
    );
    expect(() =>
      buildFirmwareImage({ model: "N6", version: "1.0.0 beta", payload: new Uint8Array(1) }),
    ).toThrow(FirmwareImageError);
    expect(() =>
      buildFirmwareImage({ model: "N6", version: "1", payload: new Uint8Array(1024 * 1024) }),
    ).toThrow(/too large/);
  });
});
