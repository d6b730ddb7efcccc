import type { Clock } from "../clock.ts";
import { DeviceDisconnectedError } from "../errors.ts";
import type { SimulatedLink, VirtualGlasses } from "../simulator/virtual-glasses.ts";
import {
  type ReconnectOptions,
  type Transport,
  type TransportListener,
  TransportListeners,
} from "./transport.ts";
import { waitUntil } from "./wait.ts";

/** Talks to a VirtualGlasses in the same JavaScript realm: the transport of tests and of the simulator page. */
export class MemoryTransport implements Transport {
  readonly glasses: VirtualGlasses;
  readonly #clock: Clock;
  readonly #listeners = new TransportListeners();
  #link: SimulatedLink | null = null;

  constructor(glasses: VirtualGlasses, options: { clock?: Clock } = {}) {
    this.glasses = glasses;
    this.#clock = options.clock ?? glasses.clock;
  }

  get connected(): boolean {
    return this.#link?.open ?? false;
  }

  async open(): Promise<void> {
    if (this.connected) return;
    const link = this.glasses.openLink({
      onReport: (report) => this.#listeners.report(report),
      onDisconnect: () => {
        if (this.#link !== link) return;
        this.#link = null;
        this.#listeners.disconnect();
      },
    });
    this.#link = link;
    this.#listeners.connect();
  }

  async close(): Promise<void> {
    const link = this.#link;
    if (!link) return;
    this.#link = null;
    link.close();
    this.#listeners.disconnect();
  }

  async send(report: Uint8Array): Promise<void> {
    const link = this.#link;
    if (!link?.open) throw new DeviceDisconnectedError();
    link.send(report);
  }

  subscribe(listener: TransportListener): () => void {
    return this.#listeners.add(listener);
  }

  async reconnect(options: ReconnectOptions = {}): Promise<void> {
    if (this.connected) return;
    await waitUntil({
      clock: this.#clock,
      timeoutMs: options.timeoutMs ?? 30_000,
      signal: options.signal,
      ready: () => this.glasses.state === "running",
      subscribe: (check) => this.glasses.onStateChange(check),
      what: "reconnecting to the glasses",
    });
    await this.open();
  }
}
