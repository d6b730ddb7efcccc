/// <reference types="node" />
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256, toHex } from "../src/index.ts";

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe("sha256", () => {
  it("matches the FIPS 180-4 examples", () => {
    expect(toHex(sha256(new Uint8Array(0)))).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
    expect(toHex(sha256(ascii("abc")))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(toHex(sha256(ascii("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")))).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("handles lengths around the padding boundary", () => {
    for (const length of [55, 56, 63, 64, 65, 119, 120, 1000]) {
      const data = new Uint8Array(length).map((_, i) => (i * 7) & 0xff);
      expect(toHex(sha256(data)), `length ${length}`).toBe(createHash("sha256").update(data).digest("hex"));
    }
  });

  it("agrees with node:crypto on arbitrary data", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (data) => {
        expect(toHex(sha256(data))).toBe(createHash("sha256").update(data).digest("hex"));
      }),
      { numRuns: 200 },
    );
  });

  it("agrees with Web Crypto", async () => {
    const data = ascii("Vela glasses firmware");
    const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", data));
    expect(toHex(sha256(data))).toBe(toHex(digest));
  });
});
