/**
 * Faults a VirtualGlasses can be told to suffer. They are plain JSON so that a Playwright test can
 * pass them through `page.addInitScript` or `page.evaluate`. Each fault is consumed when it fires.
 */
export type FrameDirection = "to-device" | "to-host";

/** Points of a firmware update at which the "unplug" fault cuts the power. */
export type UpdatePoint = "prepare" | "write" | "finish" | "activate" | "trial-boot";

export type SimulatedFault =
  /**
   * Lose frames. Without `command` only replies (to-host) or requests (to-device) match, never
   * pushed events, so heartbeats do not use up the fault; give an event id to drop events.
   */
  | { kind: "drop-frame"; direction: FrameDirection; command?: number; count?: number; skip?: number }
  /** Flip one bit of frames on the wire, so the receiver's CRC check rejects them. */
  | { kind: "corrupt-frame"; direction: FrameDirection; command?: number; count?: number; skip?: number }
  /** Answer UPDATE_CHUNK with flashError instead of writing (first chunk at or after `atOffset`). */
  | { kind: "refuse-chunk"; atOffset?: number; count?: number }
  /** Flip a bit in flash while writing (the byte at `atOffset`, default the first chunk): a bad image. */
  | { kind: "corrupt-flash"; atOffset?: number }
  /** The next trial boot of freshly activated firmware crashes; the bootloader falls back. */
  | { kind: "boot-failure" }
  /** Cut the power at a point of an update; `afterBytes` picks the chunk for "write". */
  | { kind: "unplug"; at: UpdatePoint; afterBytes?: number; replugAfterMs?: number }
  /** Shake the glasses, starting `afterMs` after the next IMU stream starts. */
  | { kind: "motion"; afterMs?: number; durationMs: number };

export type SimulatedFaultKind = SimulatedFault["kind"];
