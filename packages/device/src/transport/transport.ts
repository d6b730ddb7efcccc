import type { AbortSignalLike } from "../clock.ts";

export interface TransportListener {
  /** One 64-byte input report, exactly as received. */
  onReport?(report: Uint8Array): void;
  /** The link went away: unplugged, rebooting, or closed by the page. */
  onDisconnect?(): void;
  /** A link is open again after `reconnect`. */
  onConnect?(): void;
}

export interface ReconnectOptions {
  timeoutMs?: number;
  signal?: AbortSignalLike;
}

/**
 * A byte pipe to one pair of glasses. The client never learns whether it talks to WebHID or to the
 * simulator; a Transport survives reboots, `reconnect` swaps in the device's new link underneath.
 */
export interface Transport {
  readonly connected: boolean;
  open(): Promise<void>;
  close(): Promise<void>;
  send(report: Uint8Array): Promise<void>;
  subscribe(listener: TransportListener): () => void;
  /** Waits for the glasses to come back (after a reboot or a replug) and opens the new link. */
  reconnect(options?: ReconnectOptions): Promise<void>;
}

/** Fan-out helper shared by the transports. */
export class TransportListeners {
  readonly #listeners = new Set<TransportListener>();

  add(listener: TransportListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  report(report: Uint8Array): void {
    for (const listener of [...this.#listeners]) listener.onReport?.(report);
  }

  disconnect(): void {
    for (const listener of [...this.#listeners]) listener.onDisconnect?.();
  }

  connect(): void {
    for (const listener of [...this.#listeners]) listener.onConnect?.();
  }
}
