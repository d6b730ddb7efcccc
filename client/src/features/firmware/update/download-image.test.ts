// Runs on Node's own DecompressionStream, Response and Web Crypto, as the browser would.
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { buildFirmwareImage, demoFirmwarePayload } from "@vela/device";
import { describe, expect, it } from "vitest";
import { downloadFirmwareImage, FirmwareDownloadError } from "./download-image.ts";

const image = buildFirmwareImage({
  model: "N6P",
  version: "1.2.0",
  payload: demoFirmwarePayload({ model: "N6P", version: "1.2.0", size: 4096 }),
});
const sha256 = createHash("sha256").update(image).digest("hex");
const ref = { imageUrl: "/api/firmware/7/image", sha256, size: image.length };

function serve(body: Uint8Array | null, init: { status?: number; sha?: string | null } = {}): typeof fetch {
  return async (url) => {
    expect(url).toBe(ref.imageUrl);
    const headers = new Headers({ "content-type": "application/octet-stream" });
    if (init.sha !== null) headers.set("x-firmware-sha256", init.sha ?? sha256);
    return new Response(body as BodyInit | null, { status: init.status ?? 200, headers });
  };
}

async function problemOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FirmwareDownloadError) return error.problem;
    throw error;
  }
  return "none";
}

describe("downloadFirmwareImage", () => {
  it("decompresses the gzip download and returns the image when the SHA-256 matches", async () => {
    const bytes = await downloadFirmwareImage(ref, { fetch: serve(gzipSync(image)) });
    expect(Buffer.from(bytes).equals(Buffer.from(image))).toBe(true);
  });

  it("works without the checksum header (the list is the reference)", async () => {
    const bytes = await downloadFirmwareImage(ref, { fetch: serve(gzipSync(image), { sha: null }) });
    expect(bytes.length).toBe(image.length);
  });

  it("refuses an image whose bytes differ from the listed SHA-256", async () => {
    const damaged = image.slice();
    damaged[100] = (damaged[100] ?? 0) ^ 1;
    expect(await problemOf(downloadFirmwareImage(ref, { fetch: serve(gzipSync(damaged)) }))).toBe("checksum");
  });

  it("refuses a header checksum that disagrees with the list, before decompressing", async () => {
    const fetch = serve(gzipSync(image), { sha: "0".repeat(64) });
    expect(await problemOf(downloadFirmwareImage(ref, { fetch }))).toBe("checksum");
  });

  it("refuses a truncated or non-gzip download", async () => {
    const gz = gzipSync(image);
    expect(
      await problemOf(downloadFirmwareImage(ref, { fetch: serve(gz.subarray(0, gz.length - 9)) })),
    ).toMatch(/corrupt|checksum/);
    expect(await problemOf(downloadFirmwareImage(ref, { fetch: serve(image) }))).toBe("corrupt");
  });

  it("reports a failed request as a network problem", async () => {
    expect(await problemOf(downloadFirmwareImage(ref, { fetch: serve(null, { status: 404 }) }))).toBe(
      "network",
    );
    const offline: typeof fetch = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await problemOf(downloadFirmwareImage(ref, { fetch: offline }))).toBe("network");
  });
});
