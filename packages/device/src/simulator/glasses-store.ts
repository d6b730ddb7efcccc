import {
  type ColorSettings,
  DEFAULT_COLOR_SETTINGS,
  defaultLightStrip,
  type LightStripFrames,
} from "../constants.ts";
import { blueLightProtectionByDefault, type GlassesModelSlug, isGlassesModelSlug } from "../models.ts";
import type { Calibration, SlotIndex, SlotState } from "../protocol/payloads.ts";

export interface StoredSlot {
  state: SlotState;
  version: string;
  /** Image being written or written: size and SHA-256 (hex) announced by UPDATE_PREPARE. */
  size: number;
  sha256: string;
  /** Flash contents; only kept while a transfer is under way or being verified. */
  data: Uint8Array | null;
  written: number;
}

/**
 * What a pair of glasses keeps in flash: settings, calibration and the two firmware slots. It is a
 * separate object so that it outlives any one connection (and any one VirtualGlasses instance),
 * the way real glasses keep their settings across replugs.
 */
export class GlassesStore {
  readonly model: GlassesModelSlug;
  readonly serialNumber: string;
  readonly hardwareRevision: number;
  color: ColorSettings = { ...DEFAULT_COLOR_SETTINGS };
  lightStrip: LightStripFrames = defaultLightStrip();
  wearerDetection = false;
  highColorAccuracy = false;
  /** On from the factory on one model only (models.ts). */
  blueLightProtection: boolean;
  calibration: Calibration | null = null;
  slots: [StoredSlot, StoredSlot];
  /** The confirmed slot: what the bootloader starts when no trial is pending. */
  activeSlot: SlotIndex = 0;
  /** Set by UPDATE_ACTIVATE; consumed by the very next boot, whether or not that boot succeeds. */
  trialSlot: SlotIndex | null = null;

  constructor(options: {
    model: GlassesModelSlug;
    serialNumber?: string;
    firmwareVersion?: string;
    hardwareRevision?: number;
  }) {
    this.model = options.model;
    this.blueLightProtection = blueLightProtectionByDefault(options.model);
    this.serialNumber = options.serialNumber ?? `${options.model}-SIM-0001`;
    this.hardwareRevision = options.hardwareRevision ?? 2;
    this.slots = [
      {
        state: "valid",
        version: options.firmwareVersion ?? "1.0.0",
        size: 0,
        sha256: "",
        data: null,
        written: 0,
      },
      emptySlot(),
    ];
  }

  get activeVersion(): string {
    return this.slots[this.activeSlot].version;
  }

  /** JSON for page-reload persistence; flash contents of an unfinished transfer are not kept. */
  toJSON(): GlassesStoreSnapshot {
    return {
      model: this.model,
      serialNumber: this.serialNumber,
      hardwareRevision: this.hardwareRevision,
      color: { ...this.color },
      lightStrip: this.lightStrip.map((second) => [...second]),
      wearerDetection: this.wearerDetection,
      highColorAccuracy: this.highColorAccuracy,
      blueLightProtection: this.blueLightProtection,
      calibration: this.calibration,
      slots: this.slots.map((slot) => ({
        state: slot.state === "partial" ? "invalid" : slot.state,
        version: slot.version,
      })) as GlassesStoreSnapshot["slots"],
      activeSlot: this.activeSlot,
      trialSlot: this.trialSlot,
    };
  }

  static fromJSON(snapshot: GlassesStoreSnapshot): GlassesStore {
    if (!isGlassesModelSlug(snapshot.model)) throw new RangeError(`unknown model ${snapshot.model}`);
    const store = new GlassesStore({
      model: snapshot.model,
      serialNumber: snapshot.serialNumber,
      hardwareRevision: snapshot.hardwareRevision,
    });
    store.color = { ...snapshot.color };
    store.lightStrip = snapshot.lightStrip.map((second) => [...second]);
    store.wearerDetection = snapshot.wearerDetection;
    store.highColorAccuracy = snapshot.highColorAccuracy;
    // A snapshot saved before the switch existed keeps the model's factory setting.
    store.blueLightProtection = snapshot.blueLightProtection ?? blueLightProtectionByDefault(snapshot.model);
    store.calibration = snapshot.calibration;
    store.slots = [restoreSlot(snapshot.slots[0]), restoreSlot(snapshot.slots[1])];
    store.activeSlot = snapshot.activeSlot;
    store.trialSlot = snapshot.trialSlot;
    return store;
  }
}

export interface GlassesStoreSnapshot {
  model: GlassesModelSlug;
  serialNumber: string;
  hardwareRevision: number;
  color: ColorSettings;
  lightStrip: LightStripFrames;
  wearerDetection: boolean;
  highColorAccuracy: boolean;
  /** Absent in snapshots saved before the switch existed. */
  blueLightProtection?: boolean;
  calibration: Calibration | null;
  slots: [{ state: SlotState; version: string }, { state: SlotState; version: string }];
  activeSlot: SlotIndex;
  trialSlot: SlotIndex | null;
}

export function emptySlot(): StoredSlot {
  return { state: "empty", version: "", size: 0, sha256: "", data: null, written: 0 };
}

function restoreSlot(slot: { state: SlotState; version: string }): StoredSlot {
  return { ...emptySlot(), state: slot.state, version: slot.version };
}
