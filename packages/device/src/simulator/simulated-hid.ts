import { DeviceDisconnectedError } from "../errors.ts";
import {
  type GlassesModelSlug,
  getGlassesModel,
  VELA_HID_USAGE,
  VELA_HID_USAGE_PAGE,
  VELA_USB_VENDOR_ID,
} from "../models.ts";
import {
  deviceMatchesFilters,
  type HidConnectionEventLike,
  type HidDeviceFilter,
  type HidDeviceLike,
  type HidInputReportEventLike,
  type HidLike,
  type HidReportData,
} from "../transport/webhid-types.ts";
import { GlassesStore, type GlassesStoreSnapshot } from "./glasses-store.ts";
import { type SimulatedLink, VirtualGlasses, type VirtualGlassesOptions } from "./virtual-glasses.ts";

/** Just enough of the Web Storage API to keep the glasses' flash across page loads. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface SimulatedHidOptions extends Omit<VirtualGlassesOptions, "model" | "onPersist"> {
  /** Defaults to N6P (Vela Pro). */
  model?: GlassesModelSlug;
  /** Keep the flash (settings, calibration, slots) in this storage, e.g. `localStorage`. */
  storage?: StorageLike;
  storageKey?: string;
  /** What the device chooser does: pick the glasses (true, default) or get cancelled (false). */
  grant?: boolean;
  /** The page already holds permission, as after an earlier visit: `getDevices()` lists the glasses at once. */
  granted?: boolean;
}

export interface SimulatedHid {
  readonly hid: HidLike;
  readonly glasses: VirtualGlasses;
  /** Removes `hid` from the target again. */
  uninstall(): void;
}

export const DEFAULT_SIMULATOR_STORAGE_KEY = "vela.simulated-glasses";

type Listener<E> = (event: E) => void;

function invalidState(message: string): Error {
  // Shaped like the DOMException Chrome throws, without depending on DOMException being defined.
  return Object.assign(new Error(message), { name: "InvalidStateError" });
}

function toBytes(data: HidReportData): Uint8Array {
  return ArrayBuffer.isView(data)
    ? new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength))
    : new Uint8Array(data.slice(0));
}

/** One USB enumeration of the simulated glasses; a reboot produces a new object, as in Chrome. */
class SimulatedHidDevice implements HidDeviceLike {
  readonly vendorId = VELA_USB_VENDOR_ID;
  readonly productId: number;
  readonly productName: string;
  readonly collections = [{ usagePage: VELA_HID_USAGE_PAGE, usage: VELA_HID_USAGE }];
  oninputreport: ((event: HidInputReportEventLike) => void) | null = null;
  readonly #glasses: VirtualGlasses;
  readonly #listeners = new Set<Listener<HidInputReportEventLike>>();
  #link: SimulatedLink | null = null;
  #gone = false;

  constructor(glasses: VirtualGlasses) {
    this.#glasses = glasses;
    const model = getGlassesModel(glasses.model);
    this.productId = model.usbProductId;
    this.productName = model.productName;
  }

  get opened(): boolean {
    return this.#link?.open ?? false;
  }

  markGone(): void {
    this.#gone = true;
    this.#link = null;
  }

  async open(): Promise<void> {
    if (this.#gone)
      throw Object.assign(new Error("the device is no longer connected"), { name: "NotFoundError" });
    if (this.opened) return;
    try {
      this.#link = this.#glasses.openLink({
        onReport: (report) => this.#dispatch(report),
        onDisconnect: () => {
          this.#link = null;
        },
      });
    } catch (error) {
      throw Object.assign(new Error(`Failed to open the device: ${String(error)}`), {
        name: "NotAllowedError",
      });
    }
  }

  async close(): Promise<void> {
    this.#link?.close();
    this.#link = null;
  }

  async sendReport(reportId: number, data: HidReportData): Promise<void> {
    const link = this.#link;
    if (!link?.open) throw invalidState("The device must be opened first.");
    if (reportId !== 0)
      throw Object.assign(new Error(`no output report ${reportId}`), { name: "NotAllowedError" });
    try {
      link.send(toBytes(data));
    } catch (error) {
      if (error instanceof DeviceDisconnectedError)
        throw Object.assign(new Error(error.message), { name: "NetworkError" });
      throw error;
    }
  }

  addEventListener(type: "inputreport", listener: Listener<HidInputReportEventLike>): void {
    if (type === "inputreport") this.#listeners.add(listener);
  }

  removeEventListener(type: "inputreport", listener: Listener<HidInputReportEventLike>): void {
    if (type === "inputreport") this.#listeners.delete(listener);
  }

  #dispatch(report: Uint8Array): void {
    const event: HidInputReportEventLike = {
      device: this,
      reportId: 0,
      data: new DataView(report.slice().buffer),
    };
    this.oninputreport?.(event);
    for (const listener of [...this.#listeners]) listener(event);
  }
}

class SimulatedHidApi implements HidLike {
  readonly #glasses: VirtualGlasses;
  readonly #grant: boolean;
  readonly #listeners = {
    connect: new Set<Listener<HidConnectionEventLike>>(),
    disconnect: new Set<Listener<HidConnectionEventLike>>(),
  };
  #granted: boolean;
  #current: SimulatedHidDevice | null = null;

  constructor(glasses: VirtualGlasses, options: { grant: boolean; granted: boolean }) {
    this.#glasses = glasses;
    this.#grant = options.grant;
    this.#granted = options.granted;
    if (glasses.state === "running") this.#current = new SimulatedHidDevice(glasses);
    glasses.onStateChange((state) => {
      if (state === "running") {
        this.#current = new SimulatedHidDevice(glasses);
        if (this.#granted) this.#emit("connect", this.#current);
      } else if (this.#current) {
        const gone = this.#current;
        this.#current = null;
        gone.markGone();
        // Chrome only tells a page about devices it has permission for.
        if (this.#granted) this.#emit("disconnect", gone);
      }
    });
  }

  #emit(type: "connect" | "disconnect", device: HidDeviceLike): void {
    for (const listener of [...this.#listeners[type]]) listener({ device });
  }

  async requestDevice(options: { filters: HidDeviceFilter[] }): Promise<HidDeviceLike[]> {
    const device = this.#current;
    if (!this.#grant || !device || !deviceMatchesFilters(device, options.filters)) return [];
    this.#granted = true;
    return [device];
  }

  async getDevices(): Promise<HidDeviceLike[]> {
    return this.#granted && this.#current ? [this.#current] : [];
  }

  addEventListener(type: "connect" | "disconnect", listener: Listener<HidConnectionEventLike>): void {
    this.#listeners[type]?.add(listener);
  }

  removeEventListener(type: "connect" | "disconnect", listener: Listener<HidConnectionEventLike>): void {
    this.#listeners[type]?.delete(listener);
  }

  /** For debugging and tests: the glasses behind this fake. */
  get glasses(): VirtualGlasses {
    return this.#glasses;
  }
}

function loadStore(options: SimulatedHidOptions, key: string): GlassesStore | undefined {
  if (options.store) return options.store;
  const saved = options.storage?.getItem(key);
  if (!saved) return undefined;
  try {
    const store = GlassesStore.fromJSON(JSON.parse(saved) as GlassesStoreSnapshot);
    // A different model asked for: start over rather than mixing one model's flash into another.
    return options.model && store.model !== options.model ? undefined : store;
  } catch {
    return undefined;
  }
}

/** A `navigator.hid` look-alike backed by a VirtualGlasses, without installing it anywhere. */
export function createSimulatedHid(options: SimulatedHidOptions = {}): SimulatedHid {
  const key = options.storageKey ?? DEFAULT_SIMULATOR_STORAGE_KEY;
  const { storage, grant, granted, storageKey: _storageKey, ...glassesOptions } = options;
  const store = loadStore(options, key);
  const glasses = new VirtualGlasses({
    ...glassesOptions,
    model: options.model ?? store?.model ?? "N6P",
    ...(store ? { store } : {}),
    ...(storage
      ? { onPersist: (current: GlassesStore) => storage.setItem(key, JSON.stringify(current)) }
      : {}),
  });
  const hid = new SimulatedHidApi(glasses, { grant: grant ?? true, granted: granted ?? false });
  return { hid, glasses, uninstall: () => {} };
}

/**
 * Defines `target.hid` as simulated WebHID, typically `installSimulatedHid(navigator, {...})`
 * before any page script runs. The page then finds the glasses through the usual
 * requestDevice / getDevices calls.
 */
export function installSimulatedHid(target: object, options: SimulatedHidOptions = {}): SimulatedHid {
  const simulated = createSimulatedHid(options);
  const previous = Object.getOwnPropertyDescriptor(target, "hid");
  Object.defineProperty(target, "hid", { configurable: true, enumerable: true, get: () => simulated.hid });
  return {
    hid: simulated.hid,
    glasses: simulated.glasses,
    uninstall: () => {
      if (previous) Object.defineProperty(target, "hid", previous);
      else Reflect.deleteProperty(target, "hid");
    },
  };
}

/** Global the page reads simulator options from (set by Playwright's `addInitScript`). */
export const SIMULATED_HID_OPTIONS_GLOBAL = "__VELA_SIMULATED_HID__";
/** Global the installed simulator is exposed on, for `page.evaluate` to inject faults or remove the glasses. */
export const SIMULATOR_HANDLE_GLOBAL = "__VELA_SIMULATOR__";

/**
 * Installs the simulator on `scope.navigator` when `scope.__VELA_SIMULATED_HID__` holds options
 * (`true` for the defaults; `persist: true` keeps the flash in localStorage). Returns null otherwise,
 * so an app can call this unconditionally in its test build.
 */
export function installSimulatedHidFromGlobal(scope: object = globalThis): SimulatedHid | null {
  const globals = scope as Record<string, unknown> & { navigator?: object; localStorage?: StorageLike };
  const raw = globals[SIMULATED_HID_OPTIONS_GLOBAL];
  if (!raw || !globals.navigator) return null;
  const { persist, ...options } = (raw === true ? {} : raw) as SimulatedHidOptions & { persist?: boolean };
  if (persist && globals.localStorage) options.storage = globals.localStorage;
  const handle = installSimulatedHid(globals.navigator, options);
  globals[SIMULATOR_HANDLE_GLOBAL] = handle;
  return handle;
}
