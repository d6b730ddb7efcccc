import { calibrationProblems } from "../calibration-math.ts";
import type { ColorSettings, LightStripFrames } from "../constants.ts";
import { colorSettingsProblems, lightStripProblems } from "../constants.ts";
import { PayloadError } from "../errors.ts";
import { type GlassesModelSlug, getGlassesModel } from "../models.ts";
import type { Frame } from "../protocol/frame.ts";
import { Command, type CommandId, Status } from "../protocol/ids.ts";
import {
  decodeCalibration,
  decodeColorSettings,
  decodeFlag,
  decodeLightStrip,
  encodeColorSettings,
  encodeDeviceIdentity,
  encodeFirmwareSlots,
  encodeFlag,
  encodeHighColorAccuracyReply,
  encodeLightStrip,
  encodeStoredCalibration,
  PROTOCOL_VERSION,
  type SlotIndex,
  type SlotInfo,
} from "../protocol/payloads.ts";
import type { CommandOutcome } from "./command-outcome.ts";
import type { GlassesStore } from "./glasses-store.ts";
import type { UpdateEngine } from "./update-engine.ts";

/**
 * What the command handlers may see and touch of a pair of virtual glasses: the stored settings,
 * the volatile state of this power cycle, and the few actions with timers (restart, the wear
 * timer, the IMU stream, activation) that stay in VirtualGlasses.
 */
export interface GlassesInternals {
  readonly model: GlassesModelSlug;
  readonly store: GlassesStore;
  readonly settingsWriteMs: number;
  readonly rebootDelayMs: number;
  readonly runningVersion: string;
  readonly runningSlot: SlotIndex;
  readonly confirmed: boolean;
  readonly updates: UpdateEngine;
  setPreviewColor(settings: ColorSettings | null): void;
  setPreviewLightStrip(frames: LightStripFrames | null): void;
  /** The wearer-detection reply: enabled, worn, display on. */
  wearerState(): Uint8Array;
  /** Wearer detection was switched: arm the wear timer, or turn the display back on. */
  wearerDetectionChanged(): void;
  /** Restart after `ms` (within this power cycle). */
  restartAfter(ms: number): void;
  imuStream(payload: Uint8Array): CommandOutcome;
  activate(): CommandOutcome;
}

type Handler = (glasses: GlassesInternals, payload: Uint8Array) => CommandOutcome;

const ok = (payload: Uint8Array): CommandOutcome => ({ status: Status.ok, payload });

function expectEmpty(payload: Uint8Array): void {
  if (payload.length !== 0) throw new PayloadError("this command takes no payload");
}

function slotInfo(store: GlassesStore, index: SlotIndex): SlotInfo {
  const slot = store.slots[index];
  return { index, state: slot.state, version: slot.state === "empty" ? "" : slot.version };
}

const calibrates = (g: GlassesInternals) => getGlassesModel(g.model).supportsCalibration;

/** Who the glasses are and which firmware they run. */
const identity: Partial<Record<CommandId, Handler>> = {
  [Command.getInfo]: (g) =>
    ok(
      encodeDeviceIdentity({
        model: g.model,
        hardwareRevision: g.store.hardwareRevision,
        protocolVersion: PROTOCOL_VERSION,
        productName: getGlassesModel(g.model).productName,
        serialNumber: g.store.serialNumber,
        firmwareVersion: g.runningVersion,
      }),
    ),
  [Command.getFirmwareSlots]: (g) =>
    ok(
      encodeFirmwareSlots({
        runningSlot: g.runningSlot,
        confirmed: g.confirmed,
        slots: [slotInfo(g.store, 0), slotInfo(g.store, 1)],
      }),
    ),
};

/** The IMU stream and the stored calibration (models that calibrate only). */
const motion: Partial<Record<CommandId, Handler>> = {
  [Command.imuStream]: (g, payload) => g.imuStream(payload),
  [Command.readCalibration]: (g, payload) => {
    if (!calibrates(g)) return { status: Status.notSupported };
    expectEmpty(payload);
    return ok(encodeStoredCalibration(g.store.calibration));
  },
  [Command.writeCalibration]: (g, payload) => {
    if (!calibrates(g)) return { status: Status.notSupported };
    const calibration = decodeCalibration(payload);
    if (calibrationProblems(calibration).length > 0) return { status: Status.outOfRange };
    g.store.calibration = calibration;
    return { status: Status.ok, durationMs: g.settingsWriteMs };
  },
};

/** Colour and light strip: a preview shows at once and is lost; apply stores it. */
const display: Partial<Record<CommandId, Handler>> = {
  [Command.getColor]: (g, payload) => {
    expectEmpty(payload);
    return ok(encodeColorSettings(g.store.color));
  },
  [Command.previewColor]: (g, payload) => {
    const settings = decodeColorSettings(payload);
    if (colorSettingsProblems(settings).length > 0) return { status: Status.outOfRange };
    g.setPreviewColor(settings);
    return { status: Status.ok };
  },
  [Command.applyColor]: (g, payload) => {
    const settings = decodeColorSettings(payload);
    if (colorSettingsProblems(settings).length > 0) return { status: Status.outOfRange };
    g.store.color = settings;
    g.setPreviewColor(null);
    return { status: Status.ok, durationMs: g.settingsWriteMs };
  },
  [Command.getLightStrip]: (g, payload) => {
    expectEmpty(payload);
    return ok(encodeLightStrip(g.store.lightStrip));
  },
  [Command.previewLightStrip]: (g, payload) => {
    const frames = decodeLightStrip(payload);
    if (lightStripProblems(frames).length > 0) return { status: Status.outOfRange };
    g.setPreviewLightStrip(frames);
    return { status: Status.ok };
  },
  [Command.applyLightStrip]: (g, payload) => {
    const frames = decodeLightStrip(payload);
    if (lightStripProblems(frames).length > 0) return { status: Status.outOfRange };
    g.store.lightStrip = frames;
    g.setPreviewLightStrip(null);
    return { status: Status.ok, durationMs: g.settingsWriteMs };
  },
};

/** The device switches: wearer detection, high colour accuracy, blue-light protection. */
const switches: Partial<Record<CommandId, Handler>> = {
  [Command.getWearerDetection]: (g, payload) => {
    expectEmpty(payload);
    return ok(g.wearerState());
  },
  [Command.setWearerDetection]: (g, payload) => {
    g.store.wearerDetection = decodeFlag(payload);
    g.wearerDetectionChanged();
    return { status: Status.ok, payload: g.wearerState(), durationMs: g.settingsWriteMs };
  },
  [Command.getHighColorAccuracy]: (g, payload) => {
    expectEmpty(payload);
    return ok(Uint8Array.of(g.store.highColorAccuracy ? 1 : 0));
  },
  [Command.setHighColorAccuracy]: (g, payload) => {
    const enabled = decodeFlag(payload);
    const restarting = enabled !== g.store.highColorAccuracy;
    g.store.highColorAccuracy = enabled;
    const outcome: CommandOutcome = {
      status: Status.ok,
      payload: encodeHighColorAccuracyReply({ enabled, restarting }),
      durationMs: g.settingsWriteMs,
    };
    // The display pipeline is configured at boot, so a mode change needs a restart.
    if (restarting) outcome.afterReply = () => g.restartAfter(g.rebootDelayMs);
    return outcome;
  },
  [Command.getBlueLightProtection]: (g, payload) => {
    expectEmpty(payload);
    return ok(encodeFlag(g.store.blueLightProtection));
  },
  // A filter on the display's output: no restart, saved at once.
  [Command.setBlueLightProtection]: (g, payload) => {
    g.store.blueLightProtection = decodeFlag(payload);
    return {
      status: Status.ok,
      payload: encodeFlag(g.store.blueLightProtection),
      durationMs: g.settingsWriteMs,
    };
  },
};

/** The firmware update: prepare the spare slot, chunks, finish, activate. */
const update: Partial<Record<CommandId, Handler>> = {
  [Command.updatePrepare]: (g, payload) =>
    g.updates.prepare(payload, { spareSlot: g.runningSlot === 0 ? 1 : 0, confirmed: g.confirmed }),
  [Command.updateChunk]: (g, payload) => g.updates.chunk(payload),
  [Command.updateFinish]: (g, payload) => {
    expectEmpty(payload);
    return g.updates.finish();
  },
  [Command.updateActivate]: (g, payload) => {
    expectEmpty(payload);
    return g.activate();
  },
};

const HANDLERS: ReadonlyMap<number, Handler> = new Map(
  Object.entries({ ...identity, ...motion, ...display, ...switches, ...update }).map(([id, handler]) => [
    Number(id),
    handler as Handler,
  ]),
);

/** The simulated firmware's answer to one command; a payload it cannot read is a bad length. */
export function dispatchCommand(glasses: GlassesInternals, frame: Frame): CommandOutcome {
  const handler = HANDLERS.get(frame.command);
  if (!handler) return { status: Status.unknownCommand };
  try {
    return handler(glasses, frame.payload);
  } catch (error) {
    if (error instanceof PayloadError) return { status: Status.badLength };
    throw error;
  }
}
