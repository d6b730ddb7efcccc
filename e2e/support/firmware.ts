import { expect, type Page } from "@playwright/test";

/** What a test may pass to the simulated glasses (`window.__VELA_SIMULATED_HID__`, docs/device-protocol.md). */
export interface SimulatedGlassesOptions {
  model?: "N6" | "N6C" | "N6P" | "P6" | "P6S";
  firmwareVersion?: string;
  serialNumber?: string;
  /** false: the device chooser is closed without a choice. */
  grant?: boolean;
  timings?: Record<string, number>;
}

/**
 * Puts simulated glasses in place of `navigator.hid` before any page script runs (headless
 * Chromium never returns from the real chooser). Bench timings are shortened where waiting
 * teaches nothing: USB round trips and flash writes run at once, restarts take a third of a second.
 */
export async function withSimulatedGlasses(page: Page, options: SimulatedGlassesOptions = {}): Promise<void> {
  await page.addInitScript((opts) => {
    (window as unknown as Record<string, unknown>).__VELA_SIMULATED_HID__ = {
      model: "N6P",
      firmwareVersion: "1.0.0",
      serialNumber: "N6P-E2E-0042",
      ...opts,
      timings: {
        reportLatencyMs: 0,
        commandMs: 0,
        settingsWriteMs: 0,
        eraseMsPerSector: 0,
        // Written in the page: JSON would turn Infinity into null.
        flashBytesPerSecond: Number.POSITIVE_INFINITY,
        verifyBytesPerSecond: Number.POSITIVE_INFINITY,
        bootMs: 300,
        rebootDelayMs: 20,
        confirmAfterMs: 300,
        ...opts.timings,
      },
    };
  }, options);
}

/** A browser without WebHID (Firefox, Safari, or Chrome on plain http). */
export async function withoutWebHid(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, "hid");
    Reflect.deleteProperty(navigator, "hid");
  });
}

/** The parts of the page's VirtualGlasses (`window.__VELA_SIMULATOR__.glasses`) the specs read and drive. */
export interface PageGlasses {
  readonly state: "unplugged" | "booting" | "running";
  readonly runningVersion: string;
  readonly worn: boolean;
  readonly displayOn: boolean;
  readonly linkOpen: boolean;
  readonly displayedColor: Record<
    "mode" | "red" | "green" | "blue" | "contrast" | "gamma" | "temperature",
    number
  >;
  readonly displayedLightStrip: number[][];
  readonly store: {
    color: PageGlasses["displayedColor"];
    lightStrip: number[][];
    highColorAccuracy: boolean;
    wearerDetection: boolean;
    blueLightProtection: boolean;
    calibration: { gyroBias: number[]; gravity: number[] } | null;
    slots: { state: "empty" | "valid" | "partial" | "invalid"; version: string }[];
  };
  readonly stats: { boots: number; chunksWritten: number; commandsExecuted: number };
  plug(): void;
  unplug(): void;
  setWorn(worn: boolean): void;
  injectFault(fault: Record<string, unknown>): void;
  openLink(receiver: { onReport(report: Uint8Array): void; onDisconnect(): void }): { close(): void };
}

declare global {
  interface Window {
    __VELA_SIMULATOR__: { glasses: PageGlasses };
  }
}

/** Clicks Connect and waits for the connected panel. */
export async function connect(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page.getByTestId("device-panel")).toBeVisible();
}

/** The page fits the viewport: nothing wider than the screen. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
