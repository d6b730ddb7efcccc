/** What the firmware list says about an image: where it is, and what it must hash to. */
export interface ImageReference {
  imageUrl: string;
  /** Hex SHA-256 of the uncompressed image. */
  sha256: string;
  /** Uncompressed size in bytes. */
  size: number;
}

export type DownloadProblem = "network" | "corrupt" | "checksum";

export class FirmwareDownloadError extends Error {
  override name = "FirmwareDownloadError";
  constructor(
    readonly problem: DownloadProblem,
    message: string,
  ) {
    super(message);
  }
}

/** The header the server names the SHA-256 in; it must agree with the list. */
export const SHA256_HEADER = "x-firmware-sha256";

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
}

/**
 * Downloads a gzip-compressed firmware image, decompresses it with the browser's own
 * DecompressionStream, and checks its size and SHA-256 (Web Crypto) against the firmware list
 * and the response header. Nothing reaches the glasses unless this resolves.
 */
export async function downloadFirmwareImage(
  image: ImageReference,
  options: { signal?: AbortSignal; fetch?: typeof fetch } = {},
): Promise<Uint8Array> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  let response: Response;
  try {
    response = await doFetch(image.imageUrl, {
      credentials: "same-origin",
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new FirmwareDownloadError("network", `the download failed: ${String(error)}`);
  }
  if (!response.ok || !response.body) {
    throw new FirmwareDownloadError("network", `the server answered ${response.status}`);
  }
  const announced = response.headers.get(SHA256_HEADER)?.toLowerCase() ?? null;
  if (announced !== null && announced !== image.sha256.toLowerCase()) {
    throw new FirmwareDownloadError("checksum", "the server's checksum differs from the firmware list");
  }
  let bytes: Uint8Array;
  try {
    const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
    bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new FirmwareDownloadError("corrupt", "the download is not a valid gzip file");
  }
  if (bytes.length !== image.size) {
    throw new FirmwareDownloadError("checksum", `expected ${image.size} bytes, got ${bytes.length}`);
  }
  const digest = toHex(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  if (digest !== image.sha256.toLowerCase()) {
    throw new FirmwareDownloadError("checksum", "the image does not match its SHA-256");
  }
  return bytes;
}
