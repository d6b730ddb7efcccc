import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  Command,
  crc32,
  DeviceEvent,
  decodeFrame,
  encodeColorSettings,
  encodeFrame,
  encodeHeartbeat,
  encodeOffset,
  FRAME_HEADER_SIZE,
  FrameError,
  fromHex,
  MAX_PAYLOAD_SIZE,
  REPORT_SIZE,
  Status,
  toHex,
} from "../src/index.ts";

/** Golden frames, produced independently with Python's zlib.crc32; zero padding is appended here. */
const golden = (significant: string) => significant.padEnd(REPORT_SIZE * 2, "0");

const GOLDEN = [
  {
    name: "GET_INFO request, sequence 1",
    hex: golden("5657b0a894000101"),
    frame: { sequence: 1, command: Command.getInfo, status: Status.ok, payload: new Uint8Array(0) },
  },
  {
    name: "APPLY_COLOR request with the default settings",
    hex: golden("567a214aa6072a3200003232320000"),
    frame: {
      sequence: 0x2a,
      command: Command.applyColor,
      status: Status.ok,
      payload: encodeColorSettings({
        mode: 0,
        red: 50,
        green: 50,
        blue: 50,
        contrast: 0,
        gamma: 0,
        temperature: 0,
      }),
    },
  },
  {
    name: "UPDATE_CHUNK ack naming offset 0x400",
    hex: golden("5665864144040751000004"),
    frame: { sequence: 7, command: Command.updateChunk, status: Status.ok, payload: encodeOffset(0x400) },
  },
  {
    name: "UPDATE_CHUNK badOffset reply naming offset 0x30",
    hex: golden("56ad468c9a040951073"),
    frame: {
      sequence: 9,
      command: Command.updateChunk,
      status: Status.badOffset,
      payload: encodeOffset(0x30),
    },
  },
  {
    name: "heartbeat event, uptime 1000 ms",
    hex: golden("5650486e3b04038000e803"),
    frame: {
      sequence: 3,
      command: DeviceEvent.heartbeat,
      status: Status.ok,
      payload: encodeHeartbeat({ uptimeMs: 1000 }),
    },
  },
];

const arbitraryFrame = fc.record({
  sequence: fc.integer({ min: 0, max: 255 }),
  command: fc.integer({ min: 0, max: 255 }),
  status: fc.integer({ min: 0, max: 255 }),
  payload: fc.uint8Array({ maxLength: MAX_PAYLOAD_SIZE }),
});

describe("frame layout", () => {
  it("has a 9-byte header and room for 55 payload bytes in a 64-byte report", () => {
    expect(REPORT_SIZE).toBe(64);
    expect(FRAME_HEADER_SIZE).toBe(9);
    expect(MAX_PAYLOAD_SIZE).toBe(55);
  });

  for (const vector of GOLDEN) {
    it(`encodes the golden frame: ${vector.name}`, () => {
      expect(toHex(encodeFrame(vector.frame))).toBe(vector.hex);
    });

    it(`decodes the golden frame: ${vector.name}`, () => {
      expect(decodeFrame(fromHex(vector.hex))).toEqual(vector.frame);
    });
  }
});

describe("frame round trip and integrity", () => {
  it("decode(encode(frame)) gives the frame back", () => {
    fc.assert(
      fc.property(arbitraryFrame, (frame) => {
        const report = encodeFrame(frame);
        expect(report.length).toBe(REPORT_SIZE);
        expect(decodeFrame(report)).toEqual(frame);
      }),
    );
  });

  it("rejects any single flipped bit", () => {
    fc.assert(
      fc.property(arbitraryFrame, fc.integer({ min: 0, max: REPORT_SIZE * 8 - 1 }), (frame, bit) => {
        const report = encodeFrame(frame);
        report[bit >> 3] = (report[bit >> 3] ?? 0) ^ (1 << (bit & 7));
        expect(() => decodeFrame(report)).toThrow(FrameError);
      }),
    );
  });

  it("rejects reports of the wrong size and oversized payloads", () => {
    expect(() => decodeFrame(new Uint8Array(63))).toThrow(/63 bytes/);
    expect(() => decodeFrame(new Uint8Array(65))).toThrow(FrameError);
    expect(() =>
      encodeFrame({ sequence: 1, command: 1, status: 0, payload: new Uint8Array(MAX_PAYLOAD_SIZE + 1) }),
    ).toThrow(/exceeds 55/);
    expect(() => encodeFrame({ sequence: 256, command: 1, status: 0, payload: new Uint8Array(0) })).toThrow(
      /sequence/,
    );
  });

  it("rejects a length byte beyond the payload area even with a valid CRC", () => {
    // Build the frame by hand: the encoder cannot produce this.
    const report = encodeFrame({ sequence: 1, command: 1, status: 0, payload: new Uint8Array(0) });
    report[5] = 56;
    new DataView(report.buffer).setUint32(1, crc32(report.subarray(5)), true);
    expect(() => decodeFrame(report)).toThrow(/length 56/);
  });
});
