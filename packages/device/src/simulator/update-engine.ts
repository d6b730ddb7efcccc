import { bytesEqual, fromHex, toHex } from "../bytes.ts";
import {
  FIRMWARE_HEADER_SIZE,
  FirmwareImageError,
  isValidVersionLabel,
  MAX_FIRMWARE_IMAGE_SIZE,
  parseFirmwareImage,
} from "../firmware-image.ts";
import { Status } from "../protocol/ids.ts";
import {
  decodeUpdateChunk,
  decodeUpdatePrepare,
  encodeOffset,
  encodeUpdatePrepareReply,
  MAX_CHUNK_SIZE,
  type SlotIndex,
  VerifyFailure,
  type VerifyFailureCode,
} from "../protocol/payloads.ts";
import { sha256 } from "../sha256.ts";
import type { CommandOutcome } from "./command-outcome.ts";
import type { FaultPlan, UnplugFault } from "./fault-plan.ts";
import type { GlassesStore } from "./glasses-store.ts";

const SECTOR_SIZE = 4096;

export interface UpdateTimings {
  eraseMsPerSector: number;
  flashBytesPerSecond: number;
  verifyBytesPerSecond: number;
}

interface UpdateSession {
  slot: SlotIndex;
  size: number;
  sha256: string;
  version: string;
  verified: boolean;
}

/**
 * The update commands of the simulated firmware: erase, write and verify the spare slot, and mark
 * it for a trial boot. The session lives in RAM (`reset` at every power cycle); the slot contents
 * live in the store, like flash.
 */
export class UpdateEngine {
  readonly #store: GlassesStore;
  readonly #timings: UpdateTimings;
  readonly #faults: FaultPlan;
  readonly #onChunkWritten: () => void;
  #session: UpdateSession | null = null;

  constructor(options: {
    store: GlassesStore;
    timings: UpdateTimings;
    faults: FaultPlan;
    onChunkWritten: () => void;
  }) {
    this.#store = options.store;
    this.#timings = options.timings;
    this.#faults = options.faults;
    this.#onChunkWritten = options.onChunkWritten;
  }

  reset(): void {
    this.#session = null;
  }

  prepare(payload: Uint8Array, device: { spareSlot: SlotIndex; confirmed: boolean }): CommandOutcome {
    const request = decodeUpdatePrepare(payload);
    // Overwriting the other slot during a trial run would destroy the image to fall back to.
    if (!device.confirmed) return { status: Status.badState };
    if (request.size < FIRMWARE_HEADER_SIZE || request.size > MAX_FIRMWARE_IMAGE_SIZE) {
      return { status: Status.imageRejected };
    }
    if (!isValidVersionLabel(request.version)) return { status: Status.imageRejected };
    const index = device.spareSlot;
    const slot = this.#store.slots[index];
    const sha = toHex(request.sha256);
    this.#session = {
      slot: index,
      size: request.size,
      sha256: sha,
      version: request.version,
      verified: false,
    };
    if (
      slot.data &&
      slot.sha256 === sha &&
      slot.size === request.size &&
      (slot.state === "partial" || slot.state === "valid")
    ) {
      // Same image as the interrupted transfer: keep what is in flash and continue from there.
      slot.state = "partial";
      return {
        status: Status.ok,
        payload: encodeUpdatePrepareReply({ nextOffset: slot.written, maxChunkSize: MAX_CHUNK_SIZE }),
      };
    }
    this.#store.slots[index] = {
      state: "partial",
      version: request.version,
      size: request.size,
      sha256: sha,
      data: new Uint8Array(request.size).fill(0xff),
      written: 0,
    };
    const eraseMs = Math.ceil(request.size / SECTOR_SIZE) * this.#timings.eraseMsPerSector;
    return {
      status: Status.ok,
      payload: encodeUpdatePrepareReply({ nextOffset: 0, maxChunkSize: MAX_CHUNK_SIZE }),
      durationMs: eraseMs,
      progress: { phase: "erasing", total: request.size },
      ...this.#unplugAt("prepare", 0, eraseMs / 2),
    };
  }

  chunk(payload: Uint8Array): CommandOutcome {
    const session = this.#session;
    if (!session || session.verified) return { status: Status.badState };
    const chunk = decodeUpdateChunk(payload);
    const slot = this.#store.slots[session.slot];
    const data = slot.data;
    if (!data || slot.state !== "partial") return { status: Status.badState };
    const end = chunk.offset + chunk.data.length;
    if (end > session.size) return { status: Status.outOfRange, payload: encodeOffset(slot.written) };
    // A retry of a chunk that is already in flash: acknowledge again, do not write again.
    if (chunk.offset < slot.written && end <= slot.written) {
      return { status: Status.ok, payload: encodeOffset(slot.written) };
    }
    if (chunk.offset !== slot.written)
      return { status: Status.badOffset, payload: encodeOffset(slot.written) };
    const refuse = this.#faults.take(
      (fault) => fault.kind === "refuse-chunk" && (fault.atOffset ?? 0) <= chunk.offset,
    );
    if (refuse) return { status: Status.flashError, payload: encodeOffset(slot.written) };
    data.set(chunk.data, chunk.offset);
    const flip = this.#faults.take(
      (fault) => fault.kind === "corrupt-flash" && (fault.atOffset ?? chunk.offset) < end,
    );
    if (flip?.kind === "corrupt-flash") {
      const at = Math.max(chunk.offset, flip.atOffset ?? chunk.offset);
      data[at] = (data[at] ?? 0) ^ 0x01;
    }
    slot.written = end;
    this.#onChunkWritten();
    const writeMs = (chunk.data.length / this.#timings.flashBytesPerSecond) * 1000;
    return {
      status: Status.ok,
      payload: encodeOffset(end),
      durationMs: writeMs,
      ...this.#unplugAt("write", end, writeMs),
    };
  }

  finish(): CommandOutcome {
    const session = this.#session;
    if (!session) return { status: Status.badState };
    const slot = this.#store.slots[session.slot];
    if (!slot.data || slot.written < session.size) {
      return { status: Status.badState, payload: encodeOffset(slot.written) };
    }
    const verifyMs = (session.size / this.#timings.verifyBytesPerSecond) * 1000;
    const failure = this.#verify(slot.data, session);
    if (failure === null) {
      slot.state = "valid";
      slot.version = session.version;
      session.verified = true;
    } else {
      slot.state = "invalid";
      slot.data = null;
      this.#session = null;
    }
    const unplug = this.#unplugAt("finish", 0, verifyMs / 2);
    // Power lost before the verdict was recorded: the slot is still an unverified transfer.
    if (unplug.unplug && failure === null) slot.state = "partial";
    return {
      status: failure === null ? Status.ok : Status.verifyFailed,
      ...(failure === null ? {} : { payload: Uint8Array.of(failure) }),
      durationMs: verifyMs,
      progress: { phase: "verifying", total: session.size },
      ...unplug,
    };
  }

  /** Marks the verified spare slot for a trial boot; the caller reboots (or cuts the power) after replying. */
  activate(): { outcome: CommandOutcome; powerCut?: UnplugFault } {
    const session = this.#session;
    if (!session?.verified) return { outcome: { status: Status.badState } };
    this.#store.trialSlot = session.slot;
    this.#session = null;
    const powerCut = this.#faults.takeUnplug("activate", 0);
    const outcome: CommandOutcome = { status: Status.ok, payload: Uint8Array.of(session.slot) };
    return powerCut ? { outcome, powerCut } : { outcome };
  }

  #unplugAt(
    at: "prepare" | "write" | "finish",
    written: number,
    afterMs: number,
  ): Pick<CommandOutcome, "unplug"> {
    const fault = this.#faults.takeUnplug(at, written);
    return fault ? { unplug: { fault, afterMs } } : {};
  }

  #verify(data: Uint8Array, session: UpdateSession): VerifyFailureCode | null {
    if (!bytesEqual(sha256(data), fromHex(session.sha256))) return VerifyFailure.checksum;
    try {
      const image = parseFirmwareImage(data);
      if (image.model !== this.#store.model) return VerifyFailure.wrongModel;
      if (image.version !== session.version) return VerifyFailure.versionMismatch;
      return null;
    } catch (error) {
      if (error instanceof FirmwareImageError) {
        return error.problem === "checksum-mismatch" ? VerifyFailure.checksum : VerifyFailure.header;
      }
      throw error;
    }
  }
}
