import { type Clock, systemClock } from "../clock.ts";
import { type ColorSettings, type LightStripFrames, WEARER_DETECTION_DELAY_MS } from "../constants.ts";
import { DeviceDisconnectedError, DeviceError } from "../errors.ts";
import type { GlassesModelSlug } from "../models.ts";
import { decodeFrame, encodeFrame, type Frame } from "../protocol/frame.ts";
import { DeviceEvent, isEventId, Status } from "../protocol/ids.ts";
import {
  decodeImuStreamRequest,
  encodeHeartbeat,
  encodeImuSample,
  encodeUpdateProgress,
  encodeWearerDetectionState,
  encodeWearState,
  IMU_RATE_MAX_HZ,
  IMU_RATE_MIN_HZ,
  type SlotIndex,
} from "../protocol/payloads.ts";
import { hashSeed } from "../random.ts";
import type { CommandOutcome } from "./command-outcome.ts";
import { dispatchCommand, type GlassesInternals } from "./commands.ts";
import { FaultPlan, type UnplugFault } from "./fault-plan.ts";
import type { SimulatedFault } from "./faults.ts";
import { GlassesStore } from "./glasses-store.ts";
import { ImuModel } from "./imu-model.ts";
import { UpdateEngine } from "./update-engine.ts";

/** Timings of a real pair, as measured on the bench; e2e tests may shrink them. */
export interface SimulatorTimings {
  /** One HID report per USB frame in each direction. 0 delivers on the next microtask. */
  reportLatencyMs: number;
  /** Firmware time to handle a simple command. */
  commandMs: number;
  /** Extra time for commands that persist settings to flash. */
  settingsWriteMs: number;
  /** From power-on (or reboot) to USB enumeration. */
  bootMs: number;
  /** From sending the reply to ACTIVATE or a mode change to dropping off the bus. */
  rebootDelayMs: number;
  eraseMsPerSector: number;
  flashBytesPerSecond: number;
  verifyBytesPerSecond: number;
  /** Fresh firmware must run this long before it confirms its slot. */
  confirmAfterMs: number;
  /** A crashing image resets after this long, then the bootloader falls back. */
  crashAfterMs: number;
  heartbeatMs: number;
}

export const DEFAULT_SIMULATOR_TIMINGS: Readonly<SimulatorTimings> = Object.freeze({
  reportLatencyMs: 1,
  commandMs: 2,
  settingsWriteMs: 12,
  bootMs: 2_500,
  rebootDelayMs: 50,
  eraseMsPerSector: 12,
  flashBytesPerSecond: 32 * 1024,
  verifyBytesPerSecond: 1024 * 1024,
  confirmAfterMs: 2_000,
  crashAfterMs: 800,
  heartbeatMs: 1_000,
});

export type GlassesPowerState = "unplugged" | "booting" | "running";

export interface VirtualGlassesOptions {
  /** Required unless `store` is given. */
  model?: GlassesModelSlug;
  /** Flash contents to start from; pass the same store again to "replug" the same glasses. */
  store?: GlassesStore;
  serialNumber?: string;
  firmwareVersion?: string;
  clock?: Clock;
  timings?: Partial<SimulatorTimings>;
  faults?: SimulatedFault[];
  /** Seeds the IMU noise; defaults to a hash of the serial number. */
  seed?: number;
  /** Start plugged in and booted (the default) or unplugged. */
  initialState?: "running" | "unplugged";
  /** Called whenever the flash contents may have changed, e.g. to save the store for the next page load. */
  onPersist?: (store: GlassesStore) => void;
}

export interface SimulatedLinkReceiver {
  onReport(report: Uint8Array): void;
  onDisconnect(): void;
}

/** The host end of the virtual USB cable. */
export interface SimulatedLink {
  readonly open: boolean;
  send(report: Uint8Array): void;
  close(): void;
}

interface LinkState extends SimulatedLink {
  open: boolean;
  receiver: SimulatedLinkReceiver;
}

export interface VirtualGlassesStats {
  framesReceived: number;
  commandsExecuted: number;
  badFrames: number;
  duplicateRequests: number;
  replies: number;
  events: number;
  boots: number;
  chunksWritten: number;
}

/**
 * A simulated pair of Vela glasses that speaks the HID protocol byte for byte, with realistic
 * timings taken from an injectable clock, two firmware slots with trial boot and rollback, and
 * fault injection.
 */
export class VirtualGlasses {
  readonly store: GlassesStore;
  readonly clock: Clock;
  readonly timings: SimulatorTimings;
  readonly imu: ImuModel;
  readonly stats: VirtualGlassesStats = {
    framesReceived: 0,
    commandsExecuted: 0,
    badFrames: 0,
    duplicateRequests: 0,
    replies: 0,
    events: 0,
    boots: 0,
    chunksWritten: 0,
  };

  #state: GlassesPowerState = "unplugged";
  /** Bumped at every power loss or reboot; callbacks from an earlier power cycle do nothing. */
  #generation = 0;
  readonly #powerTimers = new Set<unknown>();
  readonly #stateListeners = new Set<(state: GlassesPowerState) => void>();
  readonly #faults = new FaultPlan();
  readonly #updates: UpdateEngine;
  #link: LinkState | null = null;
  readonly #onPersist: ((store: GlassesStore) => void) | undefined;

  // Volatile state, lost at every power cycle.
  #bootedAt = 0;
  #runningSlot: SlotIndex = 0;
  #confirmed = true;
  #previewColor: ColorSettings | null = null;
  #previewLightStrip: LightStripFrames | null = null;
  #worn = true;
  #displayOn = true;
  #cancelWearTimer: (() => void) | null = null;
  #cancelImu: (() => void) | null = null;
  #imuRateHz = 0;
  #manualMotion = false;
  #motionWindows: { from: number; to: number }[] = [];
  #queue: Frame[] = [];
  #busy: Frame | null = null;
  #lastReply: { sequence: number; command: number; report: Uint8Array } | null = null;
  #eventSequence = 0;

  constructor(options: VirtualGlassesOptions) {
    const model = options.store?.model ?? options.model;
    if (!model) throw new RangeError("VirtualGlasses needs a model or a store");
    this.store =
      options.store ??
      new GlassesStore({
        model,
        ...(options.serialNumber ? { serialNumber: options.serialNumber } : {}),
        ...(options.firmwareVersion ? { firmwareVersion: options.firmwareVersion } : {}),
      });
    this.clock = options.clock ?? systemClock;
    this.timings = { ...DEFAULT_SIMULATOR_TIMINGS, ...options.timings };
    this.imu = new ImuModel({ seed: options.seed ?? hashSeed(this.store.serialNumber) });
    this.#onPersist = options.onPersist;
    this.#updates = new UpdateEngine({
      store: this.store,
      timings: this.timings,
      faults: this.#faults,
      onChunkWritten: () => {
        this.stats.chunksWritten++;
      },
    });
    for (const fault of options.faults ?? []) this.injectFault(fault);
    if (options.initialState !== "unplugged") this.#boot();
  }

  // Observation ------------------------------------------------------------------------------------

  get model(): GlassesModelSlug {
    return this.store.model;
  }

  get state(): GlassesPowerState {
    return this.#state;
  }

  get linkOpen(): boolean {
    return this.#link !== null;
  }

  get runningSlot(): SlotIndex {
    return this.#runningSlot;
  }

  get runningVersion(): string {
    return this.store.slots[this.#runningSlot].version;
  }

  get confirmed(): boolean {
    return this.#confirmed;
  }

  get worn(): boolean {
    return this.#worn;
  }

  get displayOn(): boolean {
    return this.#displayOn;
  }

  /** What the display shows: the preview while there is one, otherwise the applied settings. */
  get displayedColor(): ColorSettings {
    return { ...(this.#previewColor ?? this.store.color) };
  }

  get displayedLightStrip(): LightStripFrames {
    return (this.#previewLightStrip ?? this.store.lightStrip).map((second) => [...second]);
  }

  get imuStreaming(): boolean {
    return this.#cancelImu !== null;
  }

  get imuRateHz(): number {
    return this.#imuRateHz;
  }

  get pendingFaults(): SimulatedFault[] {
    return this.#faults.pending;
  }

  onStateChange(listener: (state: GlassesPowerState) => void): () => void {
    this.#stateListeners.add(listener);
    return () => this.#stateListeners.delete(listener);
  }

  // Physical actions -------------------------------------------------------------------------------

  plug(): void {
    if (this.#state !== "unplugged") return;
    this.#setState("booting");
    this.#after(this.timings.bootMs, () => this.#boot());
  }

  /** Power loss: the link drops, RAM is lost, flash (the store) keeps what was written so far. */
  unplug(): void {
    if (this.#state === "unplugged") return;
    this.#powerDown();
    this.#setState("unplugged");
  }

  setWorn(worn: boolean): void {
    if (worn === this.#worn) return;
    this.#worn = worn;
    if (this.#state !== "running") return;
    if (worn) {
      this.#cancelWearTimer?.();
      this.#cancelWearTimer = null;
      this.#displayOn = true;
    } else {
      this.#armWearTimer();
    }
    this.#emitWearState();
  }

  /** Shake the glasses (true) or put them back on the desk (false). */
  setMoving(moving: boolean): void {
    this.#manualMotion = moving;
  }

  injectFault(fault: SimulatedFault): void {
    this.#faults.inject(fault);
  }

  clearFaults(): void {
    this.#faults.clear();
  }

  /** Opens the control interface, as WebHID's `device.open()` would. One host at a time. */
  openLink(receiver: SimulatedLinkReceiver): SimulatedLink {
    if (this.#state !== "running") throw new DeviceDisconnectedError("the glasses are not connected");
    if (this.#link) throw new DeviceError("the glasses are in use by another application");
    const link: LinkState = {
      open: true,
      receiver,
      send: (report) => this.#fromHost(link, report),
      close: () => this.#closeLink(link),
    };
    this.#link = link;
    // A new host session: an old reply cache could answer a new request that reuses a sequence number.
    this.#lastReply = null;
    if (!this.#displayOn) {
      this.#displayOn = true;
      this.#emitWearState();
    }
    this.#armWearTimer();
    return link;
  }

  // Power and timers -------------------------------------------------------------------------------

  #setState(state: GlassesPowerState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of [...this.#stateListeners]) listener(state);
  }

  /** Schedules work that belongs to the current power cycle. */
  #after(ms: number, callback: () => void): () => void {
    const generation = this.#generation;
    if (ms <= 0) {
      let cancelled = false;
      void Promise.resolve().then(() => {
        if (!cancelled && generation === this.#generation) callback();
      });
      return () => {
        cancelled = true;
      };
    }
    const handle = this.clock.setTimeout(() => {
      this.#powerTimers.delete(handle);
      if (generation === this.#generation) callback();
    }, ms);
    this.#powerTimers.add(handle);
    return () => {
      this.clock.clearTimeout(handle);
      this.#powerTimers.delete(handle);
    };
  }

  #powerDown(): void {
    this.#generation++;
    for (const handle of this.#powerTimers) this.clock.clearTimeout(handle);
    this.#powerTimers.clear();
    const link = this.#link;
    this.#link = null;
    this.#previewColor = null;
    this.#previewLightStrip = null;
    this.#cancelWearTimer = null;
    this.#cancelImu = null;
    this.#imuRateHz = 0;
    this.#motionWindows = [];
    this.#updates.reset();
    this.#queue = [];
    this.#busy = null;
    this.#lastReply = null;
    if (link) {
      link.open = false;
      link.receiver.onDisconnect();
    }
  }

  #restart(): void {
    this.#powerDown();
    this.#setState("booting");
    this.#after(this.timings.bootMs, () => this.#boot());
  }

  #boot(): void {
    const trial = this.store.trialSlot;
    // A trial gets exactly one boot: if it does not confirm, the next boot is the old slot again.
    this.store.trialSlot = null;
    if (trial !== null && this.store.slots[trial].state === "valid") {
      const crash = this.#faults.take((fault) => fault.kind === "boot-failure");
      if (crash) {
        this.store.slots[trial].state = "invalid";
        this.#setState("booting");
        this.#after(this.timings.crashAfterMs + this.timings.bootMs, () => this.#boot());
        return;
      }
      this.#runningSlot = trial;
      this.#confirmed = false;
    } else {
      this.#runningSlot = this.store.activeSlot;
      this.#confirmed = true;
    }
    this.stats.boots++;
    this.#bootedAt = this.clock.now();
    this.#displayOn = true;
    this.#setState("running");
    if (!this.#confirmed) {
      const slot = this.#runningSlot;
      const cut = this.#faults.takeUnplug("trial-boot", 0);
      if (cut) this.#after(this.timings.confirmAfterMs / 2, () => this.#powerCut(cut));
      this.#after(this.timings.confirmAfterMs, () => {
        this.store.activeSlot = slot;
        this.#confirmed = true;
        this.#onPersist?.(this.store);
      });
    }
    this.#onPersist?.(this.store);
    this.#heartbeat();
    this.#armWearTimer();
  }

  #powerCut(fault: UnplugFault): void {
    this.unplug();
    if (fault.replugAfterMs !== undefined) this.clock.setTimeout(() => this.plug(), fault.replugAfterMs);
  }

  #heartbeat(): void {
    this.#after(this.timings.heartbeatMs, () => {
      this.#emitEvent(
        DeviceEvent.heartbeat,
        encodeHeartbeat({ uptimeMs: this.clock.now() - this.#bootedAt }),
      );
      this.#heartbeat();
    });
  }

  // Link ---------------------------------------------------------------------------------------------

  #closeLink(link: LinkState): void {
    if (!link.open) return;
    link.open = false;
    if (this.#link !== link) return;
    this.#link = null;
    // Previews are for the page that made them; closing the tool reverts to the applied settings.
    this.#previewColor = null;
    this.#previewLightStrip = null;
    this.#stopImu();
  }

  #fromHost(link: LinkState, report: Uint8Array): void {
    if (!link.open || this.#link !== link) throw new DeviceDisconnectedError("the link is closed");
    const delivered = this.#faults.wire(report.slice(), "to-device");
    if (!delivered) return;
    this.#after(this.timings.reportLatencyMs, () => {
      if (this.#link === link) this.#receive(delivered);
    });
  }

  #toHost(report: Uint8Array): void {
    const link = this.#link;
    if (!link) return;
    const delivered = this.#faults.wire(report, "to-host");
    if (!delivered) return;
    this.#after(this.timings.reportLatencyMs, () => {
      if (link.open && this.#link === link) link.receiver.onReport(delivered);
    });
  }

  #emitEvent(id: number, payload: Uint8Array): void {
    if (!this.#link) return;
    this.stats.events++;
    this.#eventSequence = (this.#eventSequence + 1) & 0xff;
    this.#toHost(encodeFrame({ sequence: this.#eventSequence, command: id, status: Status.ok, payload }));
  }

  #receive(report: Uint8Array): void {
    this.stats.framesReceived++;
    let frame: Frame;
    try {
      frame = decodeFrame(report);
    } catch {
      // Real firmware cannot trust the sequence number of a damaged frame, so it stays silent and lets the host retry.
      this.stats.badFrames++;
      return;
    }
    if (isEventId(frame.command)) return;
    const same = (other: { sequence: number; command: number } | null) =>
      other !== null && other.sequence === frame.sequence && other.command === frame.command;
    if (same(this.#busy)) {
      this.stats.duplicateRequests++;
      return;
    }
    this.#queue.push(frame);
    this.#pump();
  }

  #pump(): void {
    while (!this.#busy) {
      const frame = this.#queue.shift();
      if (!frame) return;
      const cached = this.#lastReply;
      if (cached && cached.sequence === frame.sequence && cached.command === frame.command) {
        // A retry of a command that was already executed: answer again, do not execute twice.
        this.stats.duplicateRequests++;
        this.#toHost(cached.report);
        continue;
      }
      this.#busy = frame;
      const generation = this.#generation;
      const outcome = this.#execute(frame);
      if (generation !== this.#generation) return;
      this.#finish(frame, outcome);
    }
  }

  #finish(frame: Frame, outcome: CommandOutcome): void {
    const duration = this.timings.commandMs + (outcome.durationMs ?? 0);
    const progress = outcome.progress;
    if (progress) {
      const steps = Math.max(1, Math.min(10, Math.floor(duration / 100)));
      for (let i = 1; i <= steps; i++) {
        this.#after((duration * i) / (steps + 1), () =>
          this.#emitEvent(
            DeviceEvent.updateProgress,
            encodeUpdateProgress({
              phase: progress.phase,
              done: Math.floor((progress.total * i) / steps),
              total: progress.total,
            }),
          ),
        );
      }
    }
    const { unplug } = outcome;
    if (unplug) {
      this.#after(unplug.afterMs, () => this.#powerCut(unplug.fault));
      return;
    }
    this.#after(duration, () => {
      const report = encodeFrame({
        sequence: frame.sequence,
        command: frame.command,
        status: outcome.status,
        payload: outcome.payload ?? new Uint8Array(0),
      });
      this.#lastReply = { sequence: frame.sequence, command: frame.command, report };
      this.#busy = null;
      this.stats.replies++;
      this.#toHost(report);
      this.#onPersist?.(this.store);
      outcome.afterReply?.();
      this.#pump();
    });
  }

  // Commands -----------------------------------------------------------------------------------------

  #execute(frame: Frame): CommandOutcome {
    this.stats.commandsExecuted++;
    return dispatchCommand(this.#internals, frame);
  }

  /** The view of this pair that the command handlers (commands.ts) work on. */
  readonly #internals: GlassesInternals = (() => {
    const glasses = this;
    return {
      get model() {
        return glasses.model;
      },
      get store() {
        return glasses.store;
      },
      get settingsWriteMs() {
        return glasses.timings.settingsWriteMs;
      },
      get rebootDelayMs() {
        return glasses.timings.rebootDelayMs;
      },
      get runningVersion() {
        return glasses.runningVersion;
      },
      get runningSlot() {
        return glasses.#runningSlot;
      },
      get confirmed() {
        return glasses.#confirmed;
      },
      get updates() {
        return glasses.#updates;
      },
      setPreviewColor: (settings) => {
        glasses.#previewColor = settings;
      },
      setPreviewLightStrip: (frames) => {
        glasses.#previewLightStrip = frames;
      },
      wearerState: () => glasses.#wearerState(),
      wearerDetectionChanged: () => glasses.#wearerDetectionChanged(),
      restartAfter: (ms) => {
        glasses.#after(ms, () => glasses.#restart());
      },
      imuStream: (payload) => glasses.#imuStream(payload),
      activate: () => glasses.#activate(),
    };
  })();

  #wearerDetectionChanged(): void {
    if (this.store.wearerDetection) {
      this.#armWearTimer();
      return;
    }
    this.#cancelWearTimer?.();
    this.#cancelWearTimer = null;
    if (!this.#displayOn) {
      this.#displayOn = true;
      this.#emitWearState();
    }
  }

  // IMU ----------------------------------------------------------------------------------------------

  #imuStream(payload: Uint8Array): CommandOutcome {
    const request = decodeImuStreamRequest(payload);
    this.#stopImu();
    if (!request.enabled) return { status: Status.ok };
    if (request.rateHz < IMU_RATE_MIN_HZ || request.rateHz > IMU_RATE_MAX_HZ)
      return { status: Status.outOfRange };
    const start = this.clock.now();
    const motion = this.#faults.take((fault) => fault.kind === "motion");
    if (motion?.kind === "motion") {
      const from = start + (motion.afterMs ?? 0);
      this.#motionWindows.push({ from, to: from + motion.durationMs });
    }
    const period = 1000 / request.rateHz;
    let tick = 0;
    let active = true;
    let cancelTimer: () => void = () => {};
    const schedule = () => {
      tick++;
      cancelTimer = this.#after(Math.max(0, start + tick * period - this.clock.now()), () => {
        if (!active) return;
        const now = this.clock.now();
        const moving = this.#manualMotion || this.#motionWindows.some((w) => now >= w.from && now < w.to);
        this.#emitEvent(
          DeviceEvent.imuSample,
          encodeImuSample(this.imu.sample(now - this.#bootedAt, moving)),
        );
        schedule();
      });
    };
    this.#imuRateHz = request.rateHz;
    this.#cancelImu = () => {
      active = false;
      cancelTimer();
    };
    schedule();
    return { status: Status.ok };
  }

  #stopImu(): void {
    this.#cancelImu?.();
    this.#cancelImu = null;
    this.#imuRateHz = 0;
  }

  // Wearer detection ---------------------------------------------------------------------------------

  #wearerState(): Uint8Array {
    return encodeWearerDetectionState({
      enabled: this.store.wearerDetection,
      worn: this.#worn,
      displayOn: this.#displayOn,
    });
  }

  #emitWearState(): void {
    this.#emitEvent(DeviceEvent.wearState, encodeWearState({ worn: this.#worn, displayOn: this.#displayOn }));
  }

  #armWearTimer(): void {
    this.#cancelWearTimer?.();
    this.#cancelWearTimer = null;
    if (!this.store.wearerDetection || this.#worn || !this.#displayOn) return;
    this.#cancelWearTimer = this.#after(WEARER_DETECTION_DELAY_MS, () => {
      this.#cancelWearTimer = null;
      this.#displayOn = false;
      this.#emitWearState();
    });
  }

  #activate(): CommandOutcome {
    const { outcome, powerCut } = this.#updates.activate();
    if (outcome.status !== Status.ok) return outcome;
    // The reply goes out first; a power cut at this point hits between the reply and the reboot.
    outcome.afterReply = () =>
      this.#after(this.timings.rebootDelayMs, () => (powerCut ? this.#powerCut(powerCut) : this.#restart()));
    return outcome;
  }
}
