import { type DeviceInfo, installSimulatedHid, type SimulatedHid, supportsCalibration } from "@vela/device";
import { afterEach, describe, expect, it } from "vitest";
import { type ConnectProblem, GlassesSession } from "./glasses-session.ts";

const FAST = { reportLatencyMs: 0, commandMs: 0, settingsWriteMs: 0, bootMs: 20, rebootDelayMs: 5 };

let simulated: SimulatedHid | null = null;
function plugIn(options: Parameters<typeof installSimulatedHid>[1] = {}): SimulatedHid {
  simulated = installSimulatedHid(navigator, { model: "N6P", timings: FAST, ...options });
  return simulated;
}

afterEach(() => {
  simulated?.glasses.unplug();
  simulated?.uninstall();
  simulated = null;
});

const until = async (check: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe("GlassesSession", () => {
  it("says there is no WebHID instead of trying", async () => {
    const session = new GlassesSession();
    expect(session.hasWebHid).toBe(false);
    expect(await session.connectWebHid()).toBe(false);
    expect(session.getState().problem).toBe("no-webhid");
  });

  it("connects through the device chooser and reads the glasses", async () => {
    plugIn({ serialNumber: "N6P-T-1", firmwareVersion: "1.2.0" });
    const session = new GlassesSession();
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getState().status));
    expect(await session.connectWebHid()).toBe(true);
    const state = session.getState();
    expect(state).toMatchObject({ status: "connected", source: "webhid", problem: null, lost: false });
    expect(state.info).toMatchObject({ model: "N6P", serialNumber: "N6P-T-1", firmwareVersion: "1.2.0" });
    expect(seen).toContain("connecting");
    await session.disconnect();
    expect(session.getState()).toMatchObject({ status: "disconnected", client: null, lost: false });
    expect(simulated?.glasses.linkOpen).toBe(false);
  });

  it("treats a chooser closed without a choice as nothing happened", async () => {
    plugIn({ grant: false });
    const session = new GlassesSession();
    expect(await session.connectWebHid()).toBe(false);
    expect(session.getState()).toMatchObject({ status: "disconnected", problem: null, client: null });
  });

  it("refuses glasses the tool cannot use and lets them go", async () => {
    plugIn({ model: "P6S" });
    const session = new GlassesSession();
    const accept = (info: DeviceInfo): ConnectProblem | null =>
      supportsCalibration(info.model) ? null : "calibration-not-supported";
    expect(await session.connectWebHid({ accept })).toBe(false);
    expect(session.getState()).toMatchObject({
      status: "disconnected",
      problem: "calibration-not-supported",
    });
    expect(simulated?.glasses.linkOpen).toBe(false);
  });

  it("shows an unplug as a lost connection and reconnects to the glasses when they are back", async () => {
    const { glasses } = plugIn();
    const session = new GlassesSession();
    await session.connectWebHid();
    glasses.unplug();
    await until(() => session.getState().lost);
    expect(session.getState().status).toBe("disconnected");
    expect(session.getState().client).not.toBeNull();
    glasses.plug();
    expect(await session.reconnect()).toBe(true);
    expect(session.getState()).toMatchObject({ status: "connected", lost: false });
    expect(session.getState().info?.serialNumber).toBe(glasses.store.serialNumber);
  });

  it("shows a restart during an operation as a restart, and is connected again afterwards", async () => {
    const { glasses } = plugIn();
    const session = new GlassesSession();
    await session.connectWebHid();
    const seen: string[] = [];
    session.subscribe(() => seen.push(session.getState().status));
    await session.run((client) => client.setHighColorAccuracy(true), { restarts: true });
    expect(seen).toContain("restarting");
    expect(session.getState()).toMatchObject({ status: "connected", lost: false });
    expect(glasses.store.highColorAccuracy).toBe(true);
  });

  it("connects the in-page simulated glasses of the chosen model, without WebHID", async () => {
    const session = new GlassesSession();
    expect(await session.connectSimulated("P6")).toBe(true);
    const state = session.getState();
    expect(state).toMatchObject({ status: "connected", source: "simulator" });
    expect(state.info?.model).toBe("P6");
    expect(state.simulator?.model).toBe("P6");
    await session.disconnect();
    // The same pair is used next time, with what it keeps in flash.
    expect(await session.connectSimulated("P6")).toBe(true);
    expect(session.getState().simulator).toBe(state.simulator);
    await session.disconnect();
    state.simulator?.unplug();
  });
});
