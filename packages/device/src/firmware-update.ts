import type { GlassesClient } from "./client.ts";
import { type AbortSignalLike, sleep, throwIfAborted } from "./clock.ts";
import {
  DeviceDisconnectedError,
  DeviceError,
  DeviceStatusError,
  DeviceTimeoutError,
  OperationAbortedError,
} from "./errors.ts";
import { type FirmwareImage, FirmwareImageError, parseFirmwareImage } from "./firmware-image.ts";
import { Status } from "./protocol/ids.ts";
import { decodeOffset, MAX_CHUNK_SIZE, VerifyFailure } from "./protocol/payloads.ts";
import { sha256 } from "./sha256.ts";

export type UpdatePhase =
  | "checking"
  | "preparing"
  | "writing"
  | "verifying"
  | "activating"
  | "restarting"
  | "confirming"
  | "done";

export interface UpdateProgress {
  phase: UpdatePhase;
  bytesWritten: number;
  totalBytes: number;
  /** Whole update, 0..1, for a single progress bar. */
  fraction: number;
}

export interface UpdateFirmwareOptions {
  onProgress?: (progress: UpdateProgress) => void;
  /** Honoured up to activation; after that the glasses switch slots whatever the page does. */
  signal?: AbortSignalLike;
  /** Defaults to what the glasses ask for in the prepare reply. */
  chunkSize?: number;
  /** How often one chunk may be refused by the flash before giving up. */
  chunkAttempts?: number;
  /** Reboot plus USB enumeration. */
  restartTimeoutMs?: number;
  /** How long the new firmware may take to confirm its slot. */
  confirmTimeoutMs?: number;
  pollIntervalMs?: number;
}

export interface UpdateResult {
  version: string;
  slot: 0 | 1;
  /** Offset the transfer started from: above 0 when an interrupted transfer of the same image was resumed. */
  resumedFrom: number;
}

export type FirmwareUpdateErrorCode =
  | "invalid-image"
  | "wrong-model"
  | "rejected"
  | "chunk-refused"
  | "verify-failed"
  | "rolled-back"
  | "disconnected"
  | "timeout"
  | "aborted"
  | "device-error";

/** The one error `updateFirmware` throws; `phase` says how far it got, `cause` holds the low-level error. */
export class FirmwareUpdateError extends DeviceError {
  override name = "FirmwareUpdateError";
  constructor(
    readonly code: FirmwareUpdateErrorCode,
    readonly phase: UpdatePhase,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const WEIGHTS = { preparing: 0.04, writing: 0.84, verifying: 0.04, restarting: 0.08 } as const;

const verifyReasons: Record<number, string> = {
  [VerifyFailure.checksum]: "the image arrived damaged",
  [VerifyFailure.header]: "the image header is invalid",
  [VerifyFailure.wrongModel]: "the image is for another model",
  [VerifyFailure.versionMismatch]: "the image version does not match",
};

/**
 * Full update: check → prepare (erase, or resume) → chunks → finish (verify) → activate → wait for
 * the reboot and reconnect → wait for the new firmware to confirm its slot → check the version.
 * The running firmware is never touched before activation, so any failure leaves bootable glasses.
 */
export async function updateFirmware(
  client: GlassesClient,
  image: Uint8Array | FirmwareImage,
  options: UpdateFirmwareOptions = {},
): Promise<UpdateResult> {
  let phase: UpdatePhase = "checking";
  const { signal } = options;
  const signalOption = signal ? { signal } : {};
  let parsed: FirmwareImage;
  try {
    parsed = image instanceof Uint8Array ? parseFirmwareImage(image) : image;
  } catch (error) {
    if (error instanceof FirmwareImageError) {
      throw new FirmwareUpdateError("invalid-image", phase, `not a valid firmware image: ${error.message}`, {
        cause: error,
      });
    }
    throw error;
  }
  const bytes = parsed.bytes;
  const total = bytes.length;
  let written = 0;
  const report = (fraction: number) =>
    options.onProgress?.({
      phase,
      bytesWritten: written,
      totalBytes: total,
      fraction: Math.min(1, fraction),
    });

  const stopForwarding = client.on("updateProgress", (event) => {
    const share = event.total > 0 ? event.done / event.total : 0;
    if (event.phase === "erasing" && phase === "preparing") report(WEIGHTS.preparing * share);
    if (event.phase === "verifying" && phase === "verifying") {
      report(WEIGHTS.preparing + WEIGHTS.writing + WEIGHTS.verifying * share);
    }
  });

  try {
    report(0);
    throwIfAborted(signal);
    let info = await client.getInfo(signalOption);
    if (info.model !== parsed.model) {
      throw new FirmwareUpdateError(
        "wrong-model",
        phase,
        `this image is for ${parsed.model}, the connected glasses are ${info.model}`,
      );
    }
    if (!info.confirmed) {
      // A previous update is still on trial; the glasses refuse to overwrite its fallback until it confirms.
      info = await client.pollInfo((current) => current.confirmed, {
        timeoutMs: options.confirmTimeoutMs ?? 30_000,
        ...signalOption,
      });
    }

    phase = "preparing";
    report(0);
    const prepared = await client.prepareUpdate(
      { size: total, sha256: sha256(bytes), version: parsed.version },
      signalOption,
    );
    const chunkSize = Math.max(1, Math.min(options.chunkSize ?? prepared.maxChunkSize, MAX_CHUNK_SIZE));
    const resumedFrom = Math.min(prepared.nextOffset, total);
    written = resumedFrom;

    phase = "writing";
    const progressOfWriting = () => report(WEIGHTS.preparing + (WEIGHTS.writing * written) / total);
    progressOfWriting();
    const chunkAttempts = Math.max(1, options.chunkAttempts ?? 3);
    let refusals = 0;
    while (written < total) {
      throwIfAborted(signal);
      const chunk = bytes.subarray(written, Math.min(total, written + chunkSize));
      try {
        const next = await client.writeUpdateChunk(written, chunk, signalOption);
        if (next <= written || next > total) {
          throw new FirmwareUpdateError("device-error", phase, `the glasses acknowledged offset ${next}`);
        }
        written = next;
        refusals = 0;
      } catch (error) {
        if (!(error instanceof DeviceStatusError)) throw error;
        if (error.status === Status.badOffset) {
          // The glasses say where they are; continue from there instead of failing.
          written = decodeOffset(error.payload);
          continue;
        }
        if (error.status === Status.flashError && ++refusals < chunkAttempts) continue;
        if (error.status === Status.flashError) {
          throw new FirmwareUpdateError(
            "chunk-refused",
            phase,
            `the glasses refused the data at offset ${written} ${refusals} times`,
            { cause: error },
          );
        }
        throw error;
      }
      progressOfWriting();
    }

    phase = "verifying";
    report(WEIGHTS.preparing + WEIGHTS.writing);
    try {
      await client.finishUpdate(signalOption);
    } catch (error) {
      if (error instanceof DeviceStatusError && error.status === Status.verifyFailed) {
        const reason = verifyReasons[error.payload[0] ?? 0] ?? "verification failed";
        throw new FirmwareUpdateError("verify-failed", phase, `the glasses rejected the image: ${reason}`, {
          cause: error,
        });
      }
      throw error;
    }

    phase = "activating";
    report(WEIGHTS.preparing + WEIGHTS.writing + WEIGHTS.verifying);
    throwIfAborted(signal);
    const since = client.disconnectCount;
    try {
      await client.activateUpdate();
    } catch (error) {
      // The reply can be lost to the reboot it announces; the version check below tells the truth.
      if (!(error instanceof DeviceDisconnectedError || error instanceof DeviceTimeoutError)) throw error;
    }

    phase = "restarting";
    report(WEIGHTS.preparing + WEIGHTS.writing + WEIGHTS.verifying);
    const restartOptions: { since: number; timeoutMs?: number; signal?: AbortSignalLike } = {
      since,
      ...signalOption,
    };
    if (options.restartTimeoutMs !== undefined) restartOptions.timeoutMs = options.restartTimeoutMs;
    await client.waitForRestart(restartOptions);

    phase = "confirming";
    report(WEIGHTS.preparing + WEIGHTS.writing + WEIGHTS.verifying + WEIGHTS.restarting / 2);
    const confirmed = await waitForConfirmation(client, options);
    if (confirmed.firmwareVersion !== parsed.version) {
      throw new FirmwareUpdateError(
        "rolled-back",
        phase,
        `the new firmware did not start; the glasses went back to ${confirmed.firmwareVersion}`,
      );
    }
    phase = "done";
    report(1);
    return { version: confirmed.firmwareVersion, slot: confirmed.activeSlot.index, resumedFrom };
  } catch (error) {
    throw toUpdateError(error, phase, signal);
  } finally {
    stopForwarding();
  }
}

/**
 * Polls until the glasses report a confirmed slot. A trial boot that crashes reboots the glasses
 * again, so a lost link here means "reconnect and look again", until the deadline.
 */
async function waitForConfirmation(client: GlassesClient, options: UpdateFirmwareOptions) {
  const timeoutMs = options.confirmTimeoutMs ?? 30_000;
  const deadline = client.clock.now() + timeoutMs;
  const signalOption = options.signal ? { signal: options.signal } : {};
  for (;;) {
    const remaining = deadline - client.clock.now();
    if (!client.connected) await client.reconnect({ timeoutMs: Math.max(0, remaining), ...signalOption });
    try {
      const info = await client.getInfo(signalOption);
      if (info.confirmed) return info;
    } catch (error) {
      if (!(error instanceof DeviceDisconnectedError) || client.clock.now() >= deadline) throw error;
      continue;
    }
    if (client.clock.now() >= deadline) {
      throw new FirmwareUpdateError(
        "timeout",
        "confirming",
        `the new firmware did not confirm within ${timeoutMs} ms`,
      );
    }
    await sleep(client.clock, options.pollIntervalMs ?? 500, options.signal);
  }
}

function toUpdateError(error: unknown, phase: UpdatePhase, signal: AbortSignalLike | undefined): unknown {
  if (error instanceof FirmwareUpdateError) return error;
  const options = { cause: error };
  if (error instanceof OperationAbortedError || (signal?.aborted && error === signal.reason)) {
    return new FirmwareUpdateError("aborted", phase, "the update was cancelled", options);
  }
  if (error instanceof DeviceDisconnectedError) {
    return new FirmwareUpdateError("disconnected", phase, `the glasses disconnected while ${phase}`, options);
  }
  if (error instanceof DeviceTimeoutError) {
    return new FirmwareUpdateError("timeout", phase, `the glasses stopped answering while ${phase}`, options);
  }
  if (error instanceof DeviceStatusError && error.status === Status.imageRejected) {
    return new FirmwareUpdateError("rejected", phase, "the glasses do not accept this image", options);
  }
  if (error instanceof DeviceError) {
    return new FirmwareUpdateError("device-error", phase, `${phase} failed: ${error.message}`, options);
  }
  return error;
}
