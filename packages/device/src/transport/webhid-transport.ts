import { type AbortSignalLike, abortError, type Clock, systemClock } from "../clock.ts";
import { DeviceDisconnectedError, DeviceError } from "../errors.ts";
import { VELA_HID_USAGE_PAGE, VELA_USB_VENDOR_ID } from "../models.ts";
import { REPORT_SIZE } from "../protocol/frame.ts";
import {
  type ReconnectOptions,
  type Transport,
  type TransportListener,
  TransportListeners,
} from "./transport.ts";
import {
  deviceMatchesFilters,
  getNavigatorHid,
  type HidConnectionEventLike,
  type HidDeviceFilter,
  type HidDeviceLike,
  type HidInputReportEventLike,
  type HidLike,
} from "./webhid-types.ts";

/** The glasses' control interface is the vendor-defined usage page; the display's own HID interfaces are not. */
export const VELA_HID_FILTERS: readonly HidDeviceFilter[] = Object.freeze([
  { vendorId: VELA_USB_VENDOR_ID, usagePage: VELA_HID_USAGE_PAGE },
]);

/** Frames travel in reports without a report id. */
const REPORT_ID = 0;

export interface WebHidTransportOptions {
  /** Defaults to `navigator.hid`. */
  hid?: HidLike;
  filters?: readonly HidDeviceFilter[];
  clock?: Clock;
  /** How often `reconnect` looks at `getDevices()` in case a connect event was missed. */
  pollIntervalMs?: number;
}

function requireHid(options: WebHidTransportOptions): HidLike {
  const hid = options.hid ?? getNavigatorHid();
  if (!hid)
    throw new DeviceDisconnectedError(
      "WebHID is not available in this browser (Chrome 98 or later is needed)",
    );
  return hid;
}

/** Talks to real glasses through WebHID. */
export class WebHidTransport implements Transport {
  readonly #hid: HidLike;
  readonly #filters: readonly HidDeviceFilter[];
  readonly #clock: Clock;
  readonly #pollIntervalMs: number;
  readonly #listeners = new TransportListeners();
  #device: HidDeviceLike;
  #open = false;

  /** Shows the browser's device chooser; must run inside a user gesture (a click on Connect). */
  static async request(options: WebHidTransportOptions = {}): Promise<WebHidTransport> {
    const hid = requireHid(options);
    const filters = options.filters ?? VELA_HID_FILTERS;
    const devices = await hid.requestDevice({ filters: [...filters] });
    const device = devices.find((candidate) => deviceMatchesFilters(candidate, filters));
    if (!device) throw new DeviceDisconnectedError("no glasses were selected");
    return new WebHidTransport(device, { ...options, hid });
  }

  /** Glasses the page was already given access to, without a chooser (e.g. after a reload); null when none. */
  static async fromGrantedDevices(options: WebHidTransportOptions = {}): Promise<WebHidTransport | null> {
    const hid = requireHid(options);
    const filters = options.filters ?? VELA_HID_FILTERS;
    const device = (await hid.getDevices()).find((candidate) => deviceMatchesFilters(candidate, filters));
    return device ? new WebHidTransport(device, { ...options, hid }) : null;
  }

  constructor(device: HidDeviceLike, options: WebHidTransportOptions = {}) {
    this.#hid = requireHid(options);
    this.#filters = options.filters ?? VELA_HID_FILTERS;
    this.#clock = options.clock ?? systemClock;
    this.#pollIntervalMs = options.pollIntervalMs ?? 250;
    this.#device = device;
  }

  get device(): HidDeviceLike {
    return this.#device;
  }

  get connected(): boolean {
    return this.#open && this.#device.opened;
  }

  readonly #onInputReport = (event: HidInputReportEventLike): void => {
    if (event.reportId !== REPORT_ID) return;
    const { data } = event;
    this.#listeners.report(
      new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)),
    );
  };

  readonly #onHidDisconnect = (event: HidConnectionEventLike): void => {
    if (event.device !== this.#device || !this.#open) return;
    this.#detach();
    this.#listeners.disconnect();
  };

  #detach(): void {
    this.#open = false;
    this.#device.removeEventListener("inputreport", this.#onInputReport);
    this.#hid.removeEventListener("disconnect", this.#onHidDisconnect);
  }

  async open(): Promise<void> {
    if (this.connected) return;
    if (!this.#device.opened) {
      try {
        await this.#device.open();
      } catch (error) {
        throw new DeviceError(
          `could not open the glasses; close other apps that use them and try again (${String(error)})`,
          { cause: error },
        );
      }
    }
    this.#device.addEventListener("inputreport", this.#onInputReport);
    this.#hid.addEventListener("disconnect", this.#onHidDisconnect);
    this.#open = true;
    this.#listeners.connect();
  }

  async close(): Promise<void> {
    if (!this.#open) return;
    this.#detach();
    this.#listeners.disconnect();
    if (this.#device.opened) await this.#device.close();
  }

  async send(report: Uint8Array): Promise<void> {
    if (!this.connected) throw new DeviceDisconnectedError();
    if (report.length !== REPORT_SIZE) throw new RangeError(`reports are ${REPORT_SIZE} bytes`);
    try {
      await this.#device.sendReport(REPORT_ID, report);
    } catch (error) {
      throw new DeviceDisconnectedError(`sending to the glasses failed: ${String(error)}`);
    }
  }

  subscribe(listener: TransportListener): () => void {
    return this.#listeners.add(listener);
  }

  /**
   * After a reboot the glasses enumerate as a new HIDDevice. Chrome lists it in `getDevices()` once
   * it is back (the permission survives for the same vendor and product), so wait for a connect
   * event and poll as a fallback, then open whatever matching device appears.
   */
  async reconnect(options: ReconnectOptions = {}): Promise<void> {
    if (this.connected) return;
    const timeoutMs = options.timeoutMs ?? 30_000;
    const deadline = this.#clock.now() + timeoutMs;
    const previous = this.#device;
    for (;;) {
      if (options.signal?.aborted) throw abortError(options.signal);
      const candidates = (await this.#hid.getDevices()).filter(
        (device) => deviceMatchesFilters(device, this.#filters) && device.productId === previous.productId,
      );
      // Prefer the new enumeration; the old object may linger in the list for a moment after a replug.
      const device = candidates.find((candidate) => candidate !== previous) ?? candidates[0];
      if (device) {
        try {
          this.#device = device;
          this.#open = false;
          await this.open();
          return;
        } catch {
          // Still enumerating; try again on the next round.
        }
      }
      const remaining = deadline - this.#clock.now();
      if (remaining <= 0)
        throw new DeviceDisconnectedError(`the glasses did not come back within ${timeoutMs} ms`);
      await this.#waitForConnect(Math.min(this.#pollIntervalMs, remaining), options.signal);
    }
  }

  #waitForConnect(ms: number, signal: AbortSignalLike | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const cleanup = () => {
        this.#hid.removeEventListener("connect", done);
        signal?.removeEventListener("abort", onAbort);
        this.#clock.clearTimeout(timer);
      };
      const done = () => {
        cleanup();
        resolve();
      };
      const onAbort = () => {
        cleanup();
        if (signal) reject(abortError(signal));
      };
      const timer = this.#clock.setTimeout(done, ms);
      this.#hid.addEventListener("connect", done);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }
}
