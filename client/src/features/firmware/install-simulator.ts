import { installSimulatedHidFromGlobal } from "@vela/device";

/**
 * Loaded by main.tsx only when a test put `window.__VELA_SIMULATED_HID__` in place before the
 * page's scripts ran: it replaces `navigator.hid` with simulated glasses and exposes them on
 * `window.__VELA_SIMULATOR__` (docs/device-protocol.md, "Simulator and page injection").
 */
export function installSimulatorFromGlobal(): void {
  installSimulatedHidFromGlobal(globalThis);
}
