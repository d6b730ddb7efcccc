/// <reference types="node" />
import { crc32 as zlibCrc32 } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc32 } from "../src/index.ts";

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe("crc32", () => {
  it("matches the standard check value of 123456789", () => {
    expect(crc32(ascii("123456789"))).toBe(0xcbf43926);
  });

  it("matches published vectors", () => {
    expect(crc32(new Uint8Array(0))).toBe(0);
    expect(crc32(ascii("a"))).toBe(0xe8b7be43);
    expect(crc32(ascii("The quick brown fox jumps over the lazy dog"))).toBe(0x414fa339);
    expect(crc32(new Uint8Array(32))).toBe(0x190a55ad);
    expect(crc32(new Uint8Array(32).fill(0xff))).toBe(0xff6cab0b);
  });

  it("agrees with zlib on arbitrary data", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (data) => {
        expect(crc32(data)).toBe(zlibCrc32(data));
      }),
    );
  });

  it("can be computed in pieces, like zlib's running CRC", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.uint8Array({ maxLength: 100 }), (a, b) => {
        const joined = new Uint8Array([...a, ...b]);
        expect(crc32(b, crc32(a))).toBe(crc32(joined));
      }),
    );
  });
});
