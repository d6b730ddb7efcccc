import { type AbortSignalLike, abortError, type Clock, sleep, systemClock, throwIfAborted } from "./clock.ts";
import {
  type ColorSettings,
  colorSettingsProblems,
  type LightStripFrames,
  lightStripProblems,
} from "./constants.ts";
import {
  DeviceDisconnectedError,
  DeviceError,
  DeviceStatusError,
  DeviceTimeoutError,
  FrameError,
  PayloadError,
} from "./errors.ts";
import { decodeFrame, encodeFrame } from "./protocol/frame.ts";
import { Command, DeviceEvent, isEventId, Status } from "./protocol/ids.ts";
import {
  type Calibration,
  type DeviceIdentity,
  type DeviceUpdateProgress,
  decodeColorSettings,
  decodeDeviceIdentity,
  decodeFirmwareSlots,
  decodeFlag,
  decodeHeartbeat,
  decodeHighColorAccuracyReply,
  decodeImuSample,
  decodeLightStrip,
  decodeOffset,
  decodeStoredCalibration,
  decodeUpdatePrepareReply,
  decodeUpdateProgress,
  decodeWearerDetectionState,
  decodeWearState,
  encodeCalibration,
  encodeColorSettings,
  encodeFlag,
  encodeImuStreamRequest,
  encodeLightStrip,
  encodeUpdateChunk,
  encodeUpdatePrepare,
  type FirmwareSlots,
  type Heartbeat,
  type HighColorAccuracyReply,
  IMU_RATE_MAX_HZ,
  IMU_RATE_MIN_HZ,
  type ImuSample,
  type SlotInfo,
  type UpdatePrepareReply,
  type UpdatePrepareRequest,
  type WearerDetectionState,
  type WearState,
} from "./protocol/payloads.ts";
import type { ReconnectOptions, Transport } from "./transport/transport.ts";

export const DEFAULT_TIMEOUT_MS = 500;
export const DEFAULT_ATTEMPTS = 3;
/** Erasing a slot and hashing a whole image take seconds on the glasses, not milliseconds. */
export const DEFAULT_COMMAND_TIMEOUTS: Readonly<Partial<Record<number, number>>> = Object.freeze({
  [Command.updatePrepare]: 5_000,
  [Command.updateFinish]: 5_000,
});
/** Covers the disconnect, the boot and the USB enumeration of a restart. */
export const DEFAULT_RESTART_TIMEOUT_MS = 30_000;

export interface GlassesClientOptions {
  clock?: Clock;
  /** How long to wait for each reply before sending the request again. */
  timeoutMs?: number;
  /** Total tries per request, the first one included. */
  attempts?: number;
  commandTimeouts?: Partial<Record<number, number>>;
  restartTimeoutMs?: number;
}

export interface RequestOptions {
  timeoutMs?: number;
  attempts?: number;
  signal?: AbortSignalLike;
}

export interface DeviceInfo extends DeviceIdentity {
  /** The slot the running firmware was booted from. */
  activeSlot: SlotInfo;
  /** The other slot: the previous firmware, or where an update is written. */
  spareSlot: SlotInfo;
  /** False during the trial run of freshly activated firmware, before the glasses confirm it. */
  confirmed: boolean;
}

export interface GlassesClientEvents {
  imuSample: ImuSample;
  heartbeat: Heartbeat;
  wearState: WearState;
  updateProgress: DeviceUpdateProgress;
  disconnect: undefined;
  connect: undefined;
}

export interface ClientStats {
  sent: number;
  retries: number;
  badFrames: number;
  strayReplies: number;
}

interface PendingRequest {
  command: number;
  settle(error: unknown, payload?: Uint8Array): void;
}

type Listener<T> = (event: T) => void;

/** Typed access to one pair of glasses over any Transport. */
export class GlassesClient {
  readonly transport: Transport;
  readonly clock: Clock;
  readonly stats: ClientStats = { sent: 0, retries: 0, badFrames: 0, strayReplies: 0 };
  readonly #timeoutMs: number;
  readonly #attempts: number;
  readonly #commandTimeouts: Partial<Record<number, number>>;
  readonly #restartTimeoutMs: number;
  readonly #pending = new Map<number, PendingRequest>();
  readonly #listeners = new Map<keyof GlassesClientEvents, Set<Listener<never>>>();
  #sequence = 0;
  #disconnects = 0;

  constructor(transport: Transport, options: GlassesClientOptions = {}) {
    this.transport = transport;
    this.clock = options.clock ?? systemClock;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#attempts = Math.max(1, options.attempts ?? DEFAULT_ATTEMPTS);
    this.#commandTimeouts = { ...DEFAULT_COMMAND_TIMEOUTS, ...options.commandTimeouts };
    this.#restartTimeoutMs = options.restartTimeoutMs ?? DEFAULT_RESTART_TIMEOUT_MS;
    transport.subscribe({
      onReport: (report) => this.#onReport(report),
      onDisconnect: () => this.#onDisconnect(),
      onConnect: () => this.#emit("connect", undefined),
    });
  }

  get connected(): boolean {
    return this.transport.connected;
  }

  /** Grows by one at every lost link; lets a caller wait for "the restart after this command". */
  get disconnectCount(): number {
    return this.#disconnects;
  }

  async connect(): Promise<void> {
    if (!this.transport.connected) await this.transport.open();
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  async reconnect(options: ReconnectOptions = {}): Promise<void> {
    await this.transport.reconnect({ timeoutMs: this.#restartTimeoutMs, ...options });
  }

  /**
   * Waits until the link has dropped at least once since `since` (a `disconnectCount` value read
   * before the command that restarts the glasses), then reconnects.
   */
  async waitForRestart(options: {
    since: number;
    timeoutMs?: number;
    signal?: AbortSignalLike;
  }): Promise<void> {
    const timeoutMs = options.timeoutMs ?? this.#restartTimeoutMs;
    const deadline = this.clock.now() + timeoutMs;
    if (this.#disconnects <= options.since) {
      await new Promise<void>((resolve, reject) => {
        const stop = () => {
          unsubscribe();
          this.clock.clearTimeout(timer);
          options.signal?.removeEventListener("abort", onAbort);
        };
        const unsubscribe = this.on("disconnect", () => {
          stop();
          resolve();
        });
        const timer = this.clock.setTimeout(() => {
          stop();
          reject(new DeviceError(`the glasses did not restart within ${timeoutMs} ms`));
        }, timeoutMs);
        const onAbort = () => {
          stop();
          if (options.signal) reject(abortError(options.signal));
        };
        if (options.signal?.aborted) onAbort();
        else options.signal?.addEventListener("abort", onAbort, { once: true });
      });
    }
    const reconnectOptions: ReconnectOptions = { timeoutMs: Math.max(0, deadline - this.clock.now()) };
    if (options.signal) reconnectOptions.signal = options.signal;
    await this.transport.reconnect(reconnectOptions);
  }

  on<K extends keyof GlassesClientEvents>(type: K, listener: Listener<GlassesClientEvents[K]>): () => void {
    let set = this.#listeners.get(type);
    if (!set) {
      set = new Set();
      this.#listeners.set(type, set);
    }
    set.add(listener as Listener<never>);
    return () => {
      set.delete(listener as Listener<never>);
    };
  }

  onImuSample(listener: Listener<ImuSample>): () => void {
    return this.on("imuSample", listener);
  }

  #emit<K extends keyof GlassesClientEvents>(type: K, event: GlassesClientEvents[K]): void {
    for (const listener of [...(this.#listeners.get(type) ?? [])])
      (listener as Listener<GlassesClientEvents[K]>)(event);
  }

  #nextSequence(): number {
    // Sequence 0 is never used by the host, so a zeroed report can never match a request.
    for (;;) {
      this.#sequence = (this.#sequence % 255) + 1;
      if (!this.#pending.has(this.#sequence)) return this.#sequence;
    }
  }

  /**
   * Sends one command and resolves with the reply payload. A retry repeats the very same report
   * (same sequence number), so the glasses can answer a duplicate from their reply cache instead of
   * executing a non-idempotent command twice.
   */
  request(
    command: number,
    payload: Uint8Array = new Uint8Array(0),
    options: RequestOptions = {},
  ): Promise<Uint8Array> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortError(signal));
    if (!this.transport.connected) return Promise.reject(new DeviceDisconnectedError());
    const timeoutMs = options.timeoutMs ?? this.#commandTimeouts[command] ?? this.#timeoutMs;
    const attempts = Math.max(1, options.attempts ?? this.#attempts);
    const sequence = this.#nextSequence();
    const report = encodeFrame({ sequence, command, status: Status.ok, payload });

    return new Promise<Uint8Array>((resolve, reject) => {
      let attempt = 0;
      let timer: unknown;
      const onAbort = () => {
        if (signal) settle(abortError(signal));
      };
      const settle = (error: unknown, reply?: Uint8Array) => {
        if (this.#pending.get(sequence) !== pending) return;
        this.#pending.delete(sequence);
        this.clock.clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        if (error) reject(error);
        else resolve(reply ?? new Uint8Array(0));
      };
      const pending: PendingRequest = { command, settle };
      const send = () => {
        attempt++;
        this.stats.sent++;
        if (attempt > 1) this.stats.retries++;
        this.transport.send(report).catch((error: unknown) => {
          settle(
            error instanceof DeviceError
              ? error
              : new DeviceDisconnectedError(`send failed: ${String(error)}`),
          );
        });
        timer = this.clock.setTimeout(() => {
          if (attempt < attempts) send();
          else settle(new DeviceTimeoutError(command, attempts, timeoutMs));
        }, timeoutMs);
      };
      this.#pending.set(sequence, pending);
      signal?.addEventListener("abort", onAbort, { once: true });
      send();
    });
  }

  #onReport(report: Uint8Array): void {
    let frame: ReturnType<typeof decodeFrame>;
    try {
      frame = decodeFrame(report);
    } catch (error) {
      // A damaged reply is as good as a lost one: the request's timeout resends it.
      if (error instanceof FrameError) {
        this.stats.badFrames++;
        return;
      }
      throw error;
    }
    if (isEventId(frame.command)) {
      this.#onEvent(frame.command, frame.payload);
      return;
    }
    const pending = this.#pending.get(frame.sequence);
    if (!pending || pending.command !== frame.command) {
      // Typically the late reply to an attempt that has already been retried and answered.
      this.stats.strayReplies++;
      return;
    }
    if (frame.status === Status.ok) pending.settle(undefined, frame.payload);
    else pending.settle(new DeviceStatusError(frame.command, frame.status, frame.payload));
  }

  #onEvent(id: number, payload: Uint8Array): void {
    try {
      switch (id) {
        case DeviceEvent.imuSample:
          this.#emit("imuSample", decodeImuSample(payload));
          break;
        case DeviceEvent.heartbeat:
          this.#emit("heartbeat", decodeHeartbeat(payload));
          break;
        case DeviceEvent.wearState:
          this.#emit("wearState", decodeWearState(payload));
          break;
        case DeviceEvent.updateProgress:
          this.#emit("updateProgress", decodeUpdateProgress(payload));
          break;
        default:
          // Newer firmware may push events this client does not know; ignoring them is forward compatible.
          break;
      }
    } catch (error) {
      if (error instanceof PayloadError) this.stats.badFrames++;
      else throw error;
    }
  }

  #onDisconnect(): void {
    this.#disconnects++;
    const error = new DeviceDisconnectedError("the glasses disconnected");
    for (const pending of [...this.#pending.values()]) pending.settle(error);
    this.#emit("disconnect", undefined);
  }

  // Typed commands -----------------------------------------------------------------------------------

  async getIdentity(options?: RequestOptions): Promise<DeviceIdentity> {
    return decodeDeviceIdentity(await this.request(Command.getInfo, undefined, options));
  }

  async getFirmwareSlots(options?: RequestOptions): Promise<FirmwareSlots> {
    return decodeFirmwareSlots(await this.request(Command.getFirmwareSlots, undefined, options));
  }

  async getInfo(options?: RequestOptions): Promise<DeviceInfo> {
    const identity = await this.getIdentity(options);
    const firmware = await this.getFirmwareSlots(options);
    const active = firmware.slots[firmware.runningSlot];
    const spare = firmware.slots[firmware.runningSlot === 0 ? 1 : 0];
    return { ...identity, activeSlot: active, spareSlot: spare, confirmed: firmware.confirmed };
  }

  async startImu(rateHz = 100, options?: RequestOptions): Promise<void> {
    if (!Number.isInteger(rateHz) || rateHz < IMU_RATE_MIN_HZ || rateHz > IMU_RATE_MAX_HZ) {
      throw new RangeError(`IMU rate must be ${IMU_RATE_MIN_HZ}..${IMU_RATE_MAX_HZ} Hz`);
    }
    await this.request(Command.imuStream, encodeImuStreamRequest({ enabled: true, rateHz }), options);
  }

  async stopImu(options?: RequestOptions): Promise<void> {
    await this.request(Command.imuStream, encodeImuStreamRequest({ enabled: false, rateHz: 0 }), options);
  }

  async readCalibration(options?: RequestOptions): Promise<Calibration | null> {
    return decodeStoredCalibration(await this.request(Command.readCalibration, undefined, options));
  }

  async writeCalibration(calibration: Calibration, options?: RequestOptions): Promise<void> {
    await this.request(Command.writeCalibration, encodeCalibration(calibration), options);
  }

  async getColor(options?: RequestOptions): Promise<ColorSettings> {
    return decodeColorSettings(await this.request(Command.getColor, undefined, options));
  }

  /** Shows the settings on the display without saving them; they are lost on disconnect unless applied. */
  async previewColor(settings: ColorSettings, options?: RequestOptions): Promise<void> {
    await this.request(Command.previewColor, checkedColor(settings), options);
  }

  async applyColor(settings: ColorSettings, options?: RequestOptions): Promise<void> {
    await this.request(Command.applyColor, checkedColor(settings), options);
  }

  async getLightStrip(options?: RequestOptions): Promise<LightStripFrames> {
    return decodeLightStrip(await this.request(Command.getLightStrip, undefined, options));
  }

  async previewLightStrip(frames: LightStripFrames, options?: RequestOptions): Promise<void> {
    await this.request(Command.previewLightStrip, checkedLightStrip(frames), options);
  }

  async applyLightStrip(frames: LightStripFrames, options?: RequestOptions): Promise<void> {
    await this.request(Command.applyLightStrip, checkedLightStrip(frames), options);
  }

  async getWearerDetection(options?: RequestOptions): Promise<WearerDetectionState> {
    return decodeWearerDetectionState(await this.request(Command.getWearerDetection, undefined, options));
  }

  async setWearerDetection(enabled: boolean, options?: RequestOptions): Promise<WearerDetectionState> {
    return decodeWearerDetectionState(
      await this.request(Command.setWearerDetection, encodeFlag(enabled), options),
    );
  }

  async getHighColorAccuracy(options?: RequestOptions): Promise<boolean> {
    return decodeFlag(await this.request(Command.getHighColorAccuracy, undefined, options), "enabled");
  }

  /**
   * Changing the mode restarts the glasses. By default this waits for the restart and reconnects,
   * so the client is usable again when the promise resolves.
   */
  async setHighColorAccuracy(
    enabled: boolean,
    options: RequestOptions & { waitForRestart?: boolean } = {},
  ): Promise<HighColorAccuracyReply> {
    const since = this.#disconnects;
    const wait = options.waitForRestart !== false;
    const waitOptions: { since: number; signal?: AbortSignalLike } = { since };
    if (options.signal) waitOptions.signal = options.signal;
    let reply: HighColorAccuracyReply;
    try {
      reply = decodeHighColorAccuracyReply(
        await this.request(Command.setHighColorAccuracy, encodeFlag(enabled), options),
      );
    } catch (error) {
      // A lost reply and the restart it announced look alike from here; the mode after the restart tells.
      if (!wait || !(error instanceof DeviceDisconnectedError)) throw error;
      await this.waitForRestart(waitOptions);
      if ((await this.getHighColorAccuracy(options)) !== enabled) throw error;
      return { enabled, restarting: true };
    }
    if (reply.restarting && wait) await this.waitForRestart(waitOptions);
    return reply;
  }

  async getBlueLightProtection(options?: RequestOptions): Promise<boolean> {
    return decodeFlag(await this.request(Command.getBlueLightProtection, undefined, options), "enabled");
  }

  /** Saved on the glasses at once; no restart. Answers the setting the glasses now have. */
  async setBlueLightProtection(enabled: boolean, options?: RequestOptions): Promise<boolean> {
    return decodeFlag(
      await this.request(Command.setBlueLightProtection, encodeFlag(enabled), options),
      "enabled",
    );
  }

  // Firmware update primitives (see updateFirmware for the whole flow) ----------------------------

  async prepareUpdate(request: UpdatePrepareRequest, options?: RequestOptions): Promise<UpdatePrepareReply> {
    return decodeUpdatePrepareReply(
      await this.request(Command.updatePrepare, encodeUpdatePrepare(request), options),
    );
  }

  /** Resolves with the next offset the glasses expect. */
  async writeUpdateChunk(offset: number, data: Uint8Array, options?: RequestOptions): Promise<number> {
    return decodeOffset(
      await this.request(Command.updateChunk, encodeUpdateChunk({ offset, data }), options),
    );
  }

  async finishUpdate(options?: RequestOptions): Promise<void> {
    await this.request(Command.updateFinish, undefined, options);
  }

  /** The glasses reply, then reboot into the new slot. */
  async activateUpdate(options?: RequestOptions): Promise<void> {
    await this.request(Command.updateActivate, undefined, options);
  }

  /** Polls until `predicate` holds for the device info; used after restarts. */
  async pollInfo(
    predicate: (info: DeviceInfo) => boolean,
    options: { intervalMs?: number; timeoutMs: number; signal?: AbortSignalLike },
  ): Promise<DeviceInfo> {
    const deadline = this.clock.now() + options.timeoutMs;
    for (;;) {
      throwIfAborted(options.signal);
      const info = await this.getInfo(options.signal ? { signal: options.signal } : undefined);
      if (predicate(info) || this.clock.now() >= deadline) return info;
      await sleep(this.clock, options.intervalMs ?? 250, options.signal);
    }
  }
}

function checkedColor(settings: ColorSettings): Uint8Array {
  const problems = colorSettingsProblems(settings);
  if (problems.length > 0) throw new RangeError(`colour settings out of range: ${problems.join(", ")}`);
  return encodeColorSettings(settings);
}

function checkedLightStrip(frames: LightStripFrames): Uint8Array {
  const problems = lightStripProblems(frames);
  if (problems.length > 0) throw new RangeError(`light strip out of range: ${problems.join(", ")}`);
  return encodeLightStrip(frames);
}
