import { describe, expect, it } from "vitest";
import {
  createSimulatedHid,
  DeviceDisconnectedError,
  GlassesClient,
  type HidDeviceLike,
  type HidInputReportEventLike,
  installSimulatedHid,
  installSimulatedHidFromGlobal,
  ManualClock,
  MemoryTransport,
  SIMULATOR_HANDLE_GLOBAL,
  type SimulatedHid,
  type SimulatedHidOptions,
  type StorageLike,
  updateFirmware,
  VELA_HID_FILTERS,
  VELA_HID_USAGE_PAGE,
  VELA_USB_VENDOR_ID,
  WebHidTransport,
} from "../src/index.ts";
import { START_TIME, testImage } from "./helpers.ts";

function fakeNavigator(options: SimulatedHidOptions = {}) {
  const clock = new ManualClock(START_TIME);
  const navigator: { hid?: unknown } = {};
  const simulator = installSimulatedHid(navigator, { clock, ...options });
  const run = <T>(promise: Promise<T>) => clock.runUntilSettled(promise);
  return { clock, navigator, simulator, hid: simulator.hid, glasses: simulator.glasses, run };
}

async function connectThroughWebHid(options: SimulatedHidOptions = {}) {
  const context = fakeNavigator(options);
  const transport = await WebHidTransport.request({ hid: context.hid, clock: context.clock });
  const client = new GlassesClient(transport, { clock: context.clock });
  await context.run(client.connect());
  return { ...context, transport, client };
}

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe("installSimulatedHid", () => {
  it("defines navigator.hid with the WebHID entry points, and removes it again", () => {
    const { navigator, simulator } = fakeNavigator();
    expect(navigator.hid).toBe(simulator.hid);
    expect(typeof simulator.hid.requestDevice).toBe("function");
    expect(typeof simulator.hid.getDevices).toBe("function");
    expect(typeof simulator.hid.addEventListener).toBe("function");
    simulator.uninstall();
    expect("hid" in navigator).toBe(false);
  });

  it("offers the glasses through requestDevice with the vendor usage-page filter only", async () => {
    const { hid } = fakeNavigator({ model: "P6" });
    expect(await hid.getDevices()).toEqual([]);
    expect(await hid.requestDevice({ filters: [{ vendorId: 0x1234 }] })).toEqual([]);
    const [device] = await hid.requestDevice({ filters: [...VELA_HID_FILTERS] });
    expect(device).toMatchObject({
      vendorId: VELA_USB_VENDOR_ID,
      productId: 0x0604,
      productName: "Vela Luma Pro",
      opened: false,
    });
    expect(device?.collections).toEqual([{ usagePage: VELA_HID_USAGE_PAGE, usage: 1 }]);
    expect(await hid.getDevices()).toEqual([device]);
  });

  it("models a cancelled chooser and an earlier grant", async () => {
    const cancelled = fakeNavigator({ grant: false });
    await expect(WebHidTransport.request({ hid: cancelled.hid })).rejects.toThrow("no glasses were selected");
    const granted = fakeNavigator({ granted: true });
    expect(await WebHidTransport.fromGrantedDevices({ hid: granted.hid })).toBeInstanceOf(WebHidTransport);
    expect(await WebHidTransport.fromGrantedDevices({ hid: cancelled.hid })).toBeNull();
  });

  it("devices speak the protocol through sendReport and inputreport events", async () => {
    const { hid, clock } = fakeNavigator();
    const [device] = (await hid.requestDevice({ filters: [] })) as [HidDeviceLike];
    await expect(device.sendReport(0, new Uint8Array(64))).rejects.toMatchObject({
      name: "InvalidStateError",
    });
    await device.open();
    const received: HidInputReportEventLike[] = [];
    const viaProperty: number[] = [];
    device.addEventListener("inputreport", (event) => received.push(event));
    device.oninputreport = (event) => viaProperty.push(event.reportId);
    const { encodeFrame } = await import("../src/index.ts");
    await device.sendReport(
      0,
      encodeFrame({ sequence: 1, command: 0x01, status: 0, payload: new Uint8Array(0) }),
    );
    await clock.advance(10);
    expect(received).toHaveLength(1);
    expect(viaProperty).toEqual([0]);
    expect(received[0]?.data.byteLength).toBe(64);
    expect(received[0]?.data.getUint8(7)).toBe(0x01);
    expect(received[0]?.device).toBe(device);
  });
});

describe("WebHidTransport over the simulated navigator.hid", () => {
  it("reads the device info", async () => {
    const { client, run } = await connectThroughWebHid({ model: "N6C" });
    expect(await run(client.getInfo())).toMatchObject({ model: "N6C", productName: "Vela One Lite" });
  });

  it("reports a disconnect event and reconnects through getDevices after a replug", async () => {
    const { client, glasses, hid, transport, run } = await connectThroughWebHid();
    const before = transport.device;
    const events: string[] = [];
    hid.addEventListener("disconnect", () => events.push("hid:disconnect"));
    hid.addEventListener("connect", () => events.push("hid:connect"));
    client.on("disconnect", () => events.push("client:disconnect"));
    glasses.unplug();
    expect(client.connected).toBe(false);
    await expect(run(client.getInfo())).rejects.toBeInstanceOf(DeviceDisconnectedError);
    glasses.plug();
    await run(client.reconnect());
    expect(transport.device).not.toBe(before);
    expect(before.opened).toBe(false);
    // The transport heard the disconnect first only because it subscribed first.
    expect(events.sort()).toEqual(["client:disconnect", "hid:connect", "hid:disconnect"]);
    expect((await run(client.getInfo())).model).toBe("N6P");
  });

  it("gives up reconnecting with a clear error", async () => {
    const { client, glasses, run } = await connectThroughWebHid();
    glasses.unplug();
    await expect(run(client.reconnect({ timeoutMs: 2_000 }))).rejects.toThrow(
      "the glasses did not come back within 2000 ms",
    );
  });

  it("runs a whole firmware update, including the reboot, through WebHID", async () => {
    const { client, glasses, run } = await connectThroughWebHid({ firmwareVersion: "2.0.0" });
    const result = await run(updateFirmware(client, testImage("N6P", "2.1.0", 4096)));
    expect(result.version).toBe("2.1.0");
    expect(glasses.runningVersion).toBe("2.1.0");
  });

  it("switches high colour accuracy, riding out the restart", async () => {
    const { client, glasses, run } = await connectThroughWebHid();
    await run(client.setHighColorAccuracy(true));
    expect(await run(client.getHighColorAccuracy())).toBe(true);
    expect(glasses.stats.boots).toBe(2);
  });
});

describe("persistence across page loads", () => {
  it("keeps applied settings in storage and restores them in a new simulator", async () => {
    const storage = new MemoryStorage();
    const first = await connectThroughWebHid({ model: "P6", storage });
    const warm = { mode: 3 as const, red: 60, green: 50, blue: 40, contrast: 1, gamma: 1, temperature: 4 };
    await first.run(first.client.applyColor(warm));
    await first.run(first.client.setWearerDetection(true));
    await first.run(
      first.client.previewLightStrip([
        [0, 0, 0, 0, 0, 0],
        [1, 1, 1, 1, 1, 1],
        [2, 2, 2, 2, 2, 2],
        [3, 3, 3, 3, 3, 3],
        [4, 4, 4, 4, 4, 4],
      ]),
    );

    const second = await connectThroughWebHid({ storage });
    expect(await second.run(second.client.getColor())).toEqual(warm);
    expect((await second.run(second.client.getWearerDetection())).enabled).toBe(true);
    expect((await second.run(second.client.getLightStrip()))[0]).toEqual([75, 75, 75, 75, 75, 75]);
    expect(second.glasses.model).toBe("P6");
  });

  it("ignores a stored store of another model or a garbled one", () => {
    const storage = new MemoryStorage();
    createSimulatedHid({ model: "P6", storage });
    expect(JSON.parse(storage.getItem("vela.simulated-glasses") ?? "{}")).toMatchObject({ model: "P6" });
    expect(createSimulatedHid({ model: "N6", storage }).glasses.store.serialNumber).toBe("N6-SIM-0001");
    storage.setItem("vela.simulated-glasses", "{not json");
    expect(createSimulatedHid({ storage }).glasses.model).toBe("N6P");
  });
});

describe("installSimulatedHidFromGlobal", () => {
  it("does nothing without the options global", () => {
    const scope = { navigator: {} };
    expect(installSimulatedHidFromGlobal(scope)).toBeNull();
    expect("hid" in scope.navigator).toBe(false);
  });

  it("installs from the options global and exposes the handle for page.evaluate", async () => {
    const storage = new MemoryStorage();
    const scope: Record<string, unknown> & { navigator: { hid?: unknown } } = {
      navigator: {},
      localStorage: storage,
      __VELA_SIMULATED_HID__: { model: "P6S", persist: true, timings: { bootMs: 100 } },
    };
    const handle = installSimulatedHidFromGlobal(scope);
    expect(handle?.glasses.model).toBe("P6S");
    expect(handle?.glasses.timings.bootMs).toBe(100);
    expect(scope.navigator.hid).toBe(handle?.hid);
    expect(scope[SIMULATOR_HANDLE_GLOBAL]).toBe(handle);
    expect((scope[SIMULATOR_HANDLE_GLOBAL] as SimulatedHid).glasses).toBe(handle?.glasses);
    expect(storage.items.size).toBe(1);
  });
});

describe("WebHidTransport errors", () => {
  it("explains glasses that another application holds open", async () => {
    const { hid, glasses, clock, run } = fakeNavigator();
    await new MemoryTransport(glasses).open();
    const transport = await WebHidTransport.request({ hid, clock });
    await expect(run(transport.open())).rejects.toThrow(/could not open the glasses; close other apps/);
    expect(transport.connected).toBe(false);
  });

  it("refuses to send while closed", async () => {
    const { hid, clock } = fakeNavigator();
    const transport = await WebHidTransport.request({ hid, clock });
    await expect(transport.send(new Uint8Array(64))).rejects.toBeInstanceOf(DeviceDisconnectedError);
  });
});
