import { crc32 } from "../crc32.ts";
import { FrameError } from "../errors.ts";

/**
 * One frame per 64-byte HID report (report id 0):
 *
 *   0      magic 0x56 ("V")
 *   1..4   CRC-32, little-endian, over bytes 5..63 (padding included, so stray bytes are caught too)
 *   5      payload length (0..55)
 *   6      sequence number
 *   7      command id (0x01..0x7F) or event id (0x80..0xFF)
 *   8      status (0 in requests and events)
 *   9..    payload, then zero padding to 64 bytes
 */
export const REPORT_SIZE = 64;
export const FRAME_MAGIC = 0x56;
export const FRAME_HEADER_SIZE = 9;
export const MAX_PAYLOAD_SIZE = REPORT_SIZE - FRAME_HEADER_SIZE;
const CRC_START = 5;

export interface Frame {
  sequence: number;
  command: number;
  status: number;
  payload: Uint8Array;
}

function checkByte(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > 0xff)
    throw new FrameError(`${name} must be a byte: ${value}`);
}

export function encodeFrame(frame: Frame): Uint8Array {
  checkByte("sequence", frame.sequence);
  checkByte("command", frame.command);
  checkByte("status", frame.status);
  if (frame.payload.length > MAX_PAYLOAD_SIZE) {
    throw new FrameError(`payload of ${frame.payload.length} bytes exceeds ${MAX_PAYLOAD_SIZE}`);
  }
  const report = new Uint8Array(REPORT_SIZE);
  report[0] = FRAME_MAGIC;
  report[5] = frame.payload.length;
  report[6] = frame.sequence;
  report[7] = frame.command;
  report[8] = frame.status;
  report.set(frame.payload, FRAME_HEADER_SIZE);
  new DataView(report.buffer).setUint32(1, crc32(report.subarray(CRC_START)), true);
  return report;
}

export function decodeFrame(report: Uint8Array): Frame {
  if (report.length !== REPORT_SIZE)
    throw new FrameError(`report is ${report.length} bytes, expected ${REPORT_SIZE}`);
  if (report[0] !== FRAME_MAGIC) throw new FrameError(`bad magic 0x${(report[0] ?? 0).toString(16)}`);
  const view = new DataView(report.buffer, report.byteOffset, report.byteLength);
  const expected = view.getUint32(1, true);
  const actual = crc32(report.subarray(CRC_START));
  if (expected !== actual) throw new FrameError("CRC mismatch");
  const length = view.getUint8(5);
  if (length > MAX_PAYLOAD_SIZE) throw new FrameError(`payload length ${length} exceeds ${MAX_PAYLOAD_SIZE}`);
  return {
    sequence: view.getUint8(6),
    command: view.getUint8(7),
    status: view.getUint8(8),
    payload: report.slice(FRAME_HEADER_SIZE, FRAME_HEADER_SIZE + length),
  };
}
