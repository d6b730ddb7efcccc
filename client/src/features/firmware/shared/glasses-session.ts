import {
  DeviceDisconnectedError,
  DeviceError,
  type DeviceInfo,
  DeviceTimeoutError,
  deviceMatchesFilters,
  GlassesClient,
  type GlassesModelSlug,
  MemoryTransport,
  PayloadError,
  type Transport,
  VELA_HID_FILTERS,
  type VirtualGlasses,
  WebHidTransport,
} from "@vela/device";
import { demoGlasses } from "./demo-glasses.ts";
import { currentPlatform, webHid } from "./platform.ts";

export type ConnectionSource = "webhid" | "simulator";
export type ConnectionStatus = "disconnected" | "connecting" | "connected" | "restarting";

/** Why connecting did not work, as the page explains it. A closed picker is not one of them. */
export type ConnectProblem =
  | "no-webhid"
  | "linux-permission"
  | "open-failed"
  | "no-answer"
  | "not-found"
  | "unsupported-device"
  | "calibration-not-supported"
  | "failed";

export interface SessionState {
  status: ConnectionStatus;
  source: ConnectionSource | null;
  client: GlassesClient | null;
  /** What the glasses said about themselves, as of the last read. */
  info: DeviceInfo | null;
  /** The in-page simulated pair, when `source` is "simulator". */
  simulator: VirtualGlasses | null;
  problem: ConnectProblem | null;
  /** The link dropped without the page asking for it (unplugged, or a restart that did not come back). */
  lost: boolean;
}

export interface ConnectOptions {
  /** Refuses glasses the tool cannot work with; they are disconnected again at once. */
  accept?: (info: DeviceInfo) => ConnectProblem | null;
}

const INITIAL: SessionState = {
  status: "disconnected",
  source: null,
  client: null,
  info: null,
  simulator: null,
  problem: null,
  lost: false,
};

/** How long Reconnect waits for the glasses to show up again (a restart takes about 2.5 s). */
const RECONNECT_TIMEOUT_MS = 15_000;

function isPickerDismissal(error: unknown): boolean {
  // Chrome resolves with no device when the chooser is closed; some builds reject with these.
  const name = (error as { name?: string } | null)?.name;
  return name === "NotFoundError" || name === "AbortError";
}

/**
 * The glasses of the tool pages: one connection shared by the three tools, so moving from
 * calibration to colour tuning keeps the glasses connected. React reads it through
 * `useGlassesSession`; operations that restart the glasses run through `run(..., {restarts})`
 * so that the restart is shown as such and not as a lost connection.
 */
export class GlassesSession {
  #state: SessionState = INITIAL;
  readonly #listeners = new Set<() => void>();
  #unsubscribe: (() => void) | null = null;
  #closing = false;
  #restartingOperations = 0;
  #accept: ConnectOptions["accept"];

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getState = (): SessionState => this.#state;

  #set(patch: Partial<SessionState>): void {
    this.#state = { ...this.#state, ...patch };
    for (const listener of [...this.#listeners]) listener();
  }

  get hasWebHid(): boolean {
    return webHid() !== undefined;
  }

  /** Shows the browser's device chooser; call it from a click. Resolves true when connected. */
  async connectWebHid(options: ConnectOptions = {}): Promise<boolean> {
    const hid = webHid();
    if (!hid) {
      this.#set({ problem: "no-webhid" });
      return false;
    }
    await this.disconnect();
    this.#set({ status: "connecting", problem: null, lost: false });
    let device: Awaited<ReturnType<typeof hid.requestDevice>>[number] | undefined;
    try {
      const devices = await hid.requestDevice({ filters: [...VELA_HID_FILTERS] });
      device = devices.find((candidate) => deviceMatchesFilters(candidate, VELA_HID_FILTERS));
    } catch (error) {
      this.#set({ status: "disconnected", problem: isPickerDismissal(error) ? null : "failed" });
      return false;
    }
    if (!device) {
      // The chooser was closed without a choice: the visitor changed their mind, nothing failed.
      this.#set({ status: "disconnected" });
      return false;
    }
    return this.#attach(new WebHidTransport(device, { hid }), "webhid", null, options);
  }

  /** Connects the in-page simulated glasses of `model`, plugging them in if they were unplugged. */
  async connectSimulated(model: GlassesModelSlug, options: ConnectOptions = {}): Promise<boolean> {
    await this.disconnect();
    this.#set({ status: "connecting", problem: null, lost: false });
    const glasses = demoGlasses(model);
    if (glasses.state === "unplugged") glasses.plug();
    return this.#attach(new MemoryTransport(glasses), "simulator", glasses, options);
  }

  async #attach(
    transport: Transport,
    source: ConnectionSource,
    simulator: VirtualGlasses | null,
    options: ConnectOptions,
  ): Promise<boolean> {
    const client = new GlassesClient(transport);
    try {
      // A simulated pair that is still booting is waited for, as replugged glasses would be.
      if (source === "simulator") await client.reconnect({ timeoutMs: RECONNECT_TIMEOUT_MS });
      else await client.connect();
    } catch (error) {
      this.#set({ status: "disconnected", problem: openProblem(error) });
      return false;
    }
    let info: DeviceInfo;
    try {
      info = await client.getInfo();
    } catch (error) {
      await client.close().catch(() => {});
      this.#set({ status: "disconnected", problem: infoProblem(error) });
      return false;
    }
    const refusal = options.accept?.(info) ?? null;
    if (refusal) {
      await client.close().catch(() => {});
      this.#set({ status: "disconnected", info: null, problem: refusal });
      return false;
    }
    this.#accept = options.accept;
    this.#watch(client);
    this.#set({ status: "connected", source, client, info, simulator, problem: null, lost: false });
    return true;
  }

  #watch(client: GlassesClient): void {
    this.#unsubscribe?.();
    const offDisconnect = client.on("disconnect", () => {
      if (this.#state.client !== client) return;
      if (this.#closing) return;
      if (this.#restartingOperations > 0) this.#set({ status: "restarting" });
      else this.#set({ status: "disconnected", lost: true });
    });
    const offConnect = client.on("connect", () => {
      if (this.#state.client !== client) return;
      this.#set({ status: "connected", lost: false, problem: null });
      void this.refreshInfo();
    });
    this.#unsubscribe = () => {
      offDisconnect();
      offConnect();
    };
  }

  /** Reads the device info again (after an update, a restart or a reconnect). */
  async refreshInfo(): Promise<DeviceInfo | null> {
    const client = this.#state.client;
    if (!client?.connected) return null;
    try {
      const info = await client.getInfo();
      if (this.#state.client === client) this.#set({ info });
      return info;
    } catch {
      return null;
    }
  }

  /**
   * After the link dropped: waits for the same glasses to come back (no chooser; Chrome keeps
   * the permission) and reconnects the same client.
   */
  async reconnect(): Promise<boolean> {
    const { client, source, simulator } = this.#state;
    if (!client) return false;
    if (client.connected) {
      await this.refreshInfo();
      return true;
    }
    if (source === "simulator" && simulator?.state === "unplugged") simulator.plug();
    this.#set({ status: "connecting", problem: null });
    try {
      await client.reconnect({ timeoutMs: RECONNECT_TIMEOUT_MS });
    } catch (error) {
      if (this.#state.client === client) this.#set({ status: "disconnected", problem: openProblem(error) });
      return false;
    }
    const info = await this.refreshInfo();
    const refusal = info ? (this.#accept?.(info) ?? null) : null;
    if (refusal) {
      await this.disconnect();
      this.#set({ problem: refusal });
      return false;
    }
    return info !== null;
  }

  /**
   * Runs an operation on the connected glasses. With `restarts`, a dropped link during it is
   * shown as a restart; whatever happens, the state afterwards says whether the glasses are there.
   */
  async run<T>(operation: (client: GlassesClient) => Promise<T>, options: { restarts?: boolean } = {}) {
    const client = this.#state.client;
    if (!client?.connected) throw new DeviceDisconnectedError();
    if (options.restarts) this.#restartingOperations++;
    try {
      return await operation(client);
    } finally {
      if (options.restarts) this.#restartingOperations--;
      if (this.#state.client === client) {
        if (client.connected) {
          if (this.#state.status !== "connected") this.#set({ status: "connected", lost: false });
          // A restart may have changed what the glasses report (firmware version, slots).
          if (options.restarts) await this.refreshInfo();
        } else {
          this.#set({ status: "disconnected", lost: true });
        }
      }
    }
  }

  async disconnect(): Promise<void> {
    const client = this.#state.client;
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (client) {
      this.#closing = true;
      try {
        await client.close();
      } catch {
        // Already gone; nothing to close.
      } finally {
        this.#closing = false;
      }
    }
    this.#accept = undefined;
    this.#set({ ...INITIAL, problem: null });
  }

  /** Forgets the last problem (the visitor read it, or changed the glasses type). */
  clearProblem(): void {
    if (this.#state.problem) this.#set({ problem: null });
  }
}

function openProblem(error: unknown): ConnectProblem {
  if (error instanceof DeviceDisconnectedError) return "not-found";
  if (error instanceof DeviceError) {
    // WebHID's open() fails when another app holds the device, or on Linux when the hidraw
    // node is not readable by the user (no udev rule yet).
    return currentPlatform() === "linux" ? "linux-permission" : "open-failed";
  }
  return "failed";
}

function infoProblem(error: unknown): ConnectProblem {
  if (error instanceof DeviceTimeoutError) return "no-answer";
  if (error instanceof PayloadError) return "unsupported-device";
  if (error instanceof DeviceDisconnectedError) return "not-found";
  return "failed";
}

/** The one session of the tool pages. */
export const glassesSession = new GlassesSession();
