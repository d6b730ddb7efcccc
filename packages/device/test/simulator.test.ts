import { describe, expect, it } from "vitest";
import {
  Command,
  DEFAULT_COLOR_SETTINGS,
  DeviceDisconnectedError,
  DeviceError,
  DeviceStatusError,
  DeviceTimeoutError,
  defaultLightStrip,
  GLASSES_MODELS,
  GlassesClient,
  GlassesStore,
  type ImuSample,
  LIGHT_STRIP_RANGE,
  MemoryTransport,
  norm,
  Status,
  VirtualGlasses,
  WEARER_DETECTION_DELAY_MS,
  type WearState,
} from "../src/index.ts";
import { connected, setup } from "./helpers.ts";

const vivid = { mode: 1 as const, red: 100, green: 20, blue: 127, contrast: 4, gamma: 2, temperature: 1 };

describe("VirtualGlasses identity", () => {
  for (const model of GLASSES_MODELS) {
    it(`reports ${model.slug} as ${model.productName}`, async () => {
      const { client, run } = await connected({ model: model.slug, firmwareVersion: "3.1.4" });
      const info = await run(client.getInfo());
      expect(info).toMatchObject({
        model: model.slug,
        productName: model.productName,
        firmwareVersion: "3.1.4",
        serialNumber: `${model.slug}-SIM-0001`,
        protocolVersion: 1,
        confirmed: true,
        activeSlot: { index: 0, state: "valid", version: "3.1.4" },
        spareSlot: { index: 1, state: "empty", version: "" },
      });
    });
  }

  it("takes realistic time per command: USB latency both ways plus processing", async () => {
    const { client, clock, run } = await connected();
    const start = clock.now();
    await run(client.getColor());
    expect(clock.now() - start).toBe(4);
    const applyStart = clock.now();
    await run(client.applyColor(vivid));
    expect(clock.now() - applyStart).toBe(16);
  });
});

describe("colour and light strip", () => {
  it("previews without saving, applies with saving, and keeps applied settings across a replug", async () => {
    const { client, glasses, transport, run } = await connected();
    expect(await run(client.getColor())).toEqual(DEFAULT_COLOR_SETTINGS);
    await run(client.previewColor(vivid));
    expect(glasses.displayedColor).toEqual(vivid);
    expect(await run(client.getColor())).toEqual(DEFAULT_COLOR_SETTINGS);
    await run(client.close());
    expect(glasses.displayedColor).toEqual(DEFAULT_COLOR_SETTINGS);

    await run(transport.open());
    await run(client.applyColor(vivid));
    glasses.unplug();
    glasses.plug();
    await run(client.reconnect());
    expect(await run(client.getColor())).toEqual(vivid);
  });

  it("keeps the light strip in the store that outlives a VirtualGlasses instance", async () => {
    const store = new GlassesStore({ model: "P6" });
    const first = await connected({ store });
    const strip = defaultLightStrip();
    strip[4] = [0, 50, 100, 150, 200, LIGHT_STRIP_RANGE.max];
    await first.run(first.client.previewLightStrip(strip));
    expect(first.glasses.displayedLightStrip[4]).toEqual(strip[4]);
    expect(await first.run(first.client.getLightStrip())).toEqual(defaultLightStrip());
    await first.run(first.client.applyLightStrip(strip));
    first.glasses.unplug();

    const second = await connected({ store, clock: first.clock });
    expect(await second.run(second.client.getLightStrip())).toEqual(strip);
  });

  it("refuses out-of-range values on the device side too", async () => {
    const { client, run } = await connected();
    const raw = Uint8Array.of(5, 50, 50, 50, 0, 0, 0);
    await expect(run(client.request(Command.applyColor, raw))).rejects.toMatchObject({
      status: Status.outOfRange,
    });
    await expect(run(client.request(Command.applyColor, Uint8Array.of(1)))).rejects.toMatchObject({
      status: Status.badLength,
    });
    await expect(run(client.request(0x7f))).rejects.toMatchObject({ status: Status.unknownCommand });
  });
});

describe("wearer detection", () => {
  it("turns the display off one minute after removal, and on when worn again", async () => {
    const { client, glasses, clock, run } = await connected();
    const events: WearState[] = [];
    client.on("wearState", (event) => events.push(event));
    expect(await run(client.getWearerDetection())).toEqual({ enabled: false, worn: true, displayOn: true });
    await run(client.setWearerDetection(true));

    glasses.setWorn(false);
    await clock.advance(WEARER_DETECTION_DELAY_MS - 10);
    expect(glasses.displayOn).toBe(true);
    await clock.advance(20);
    expect(glasses.displayOn).toBe(false);
    expect(await run(client.getWearerDetection())).toEqual({ enabled: true, worn: false, displayOn: false });

    glasses.setWorn(true);
    await clock.advance(5);
    expect(glasses.displayOn).toBe(true);
    expect(events).toEqual([
      { worn: false, displayOn: true },
      { worn: false, displayOn: false },
      { worn: true, displayOn: true },
    ]);
  });

  it("turns the display back on when reconnected, and never off when disabled", async () => {
    const { client, glasses, clock, run } = await connected();
    await run(client.setWearerDetection(true));
    glasses.setWorn(false);
    await clock.advance(WEARER_DETECTION_DELAY_MS + 1);
    expect(glasses.displayOn).toBe(false);
    await run(client.close());
    await run(client.connect());
    expect(glasses.displayOn).toBe(true);

    await run(client.setWearerDetection(false));
    await clock.advance(3 * WEARER_DETECTION_DELAY_MS);
    expect(glasses.displayOn).toBe(true);
    expect(glasses.store.wearerDetection).toBe(false);
  });
});

describe("high colour accuracy", () => {
  it("restarts the glasses when changed, reconnects, and remembers the mode", async () => {
    const { client, glasses, clock, run } = await connected();
    expect(await run(client.getHighColorAccuracy())).toBe(false);
    const boots = glasses.stats.boots;
    const start = clock.now();
    const reply = await run(client.setHighColorAccuracy(true));
    expect(reply).toEqual({ enabled: true, restarting: true });
    expect(glasses.stats.boots).toBe(boots + 1);
    expect(clock.now() - start).toBeGreaterThanOrEqual(glasses.timings.bootMs);
    expect(client.connected).toBe(true);
    expect(await run(client.getHighColorAccuracy())).toBe(true);

    const same = await run(client.setHighColorAccuracy(true));
    expect(same).toEqual({ enabled: true, restarting: false });
    expect(glasses.stats.boots).toBe(boots + 1);
  });
});

describe("blue light protection", () => {
  it("is on from the factory on the One Lite (N6C) only", async () => {
    for (const model of GLASSES_MODELS) {
      const { client, run } = await connected({ model: model.slug });
      expect(await run(client.getBlueLightProtection()), model.slug).toBe(model.slug === "N6C");
    }
  });

  it("is saved on the glasses without a restart, survives a replug and the page's saved flash", async () => {
    const { client, glasses, run } = await connected({ model: "N6C" });
    const boots = glasses.stats.boots;
    expect(await run(client.setBlueLightProtection(false))).toBe(false);
    expect(glasses.store.blueLightProtection).toBe(false);
    expect(glasses.stats.boots).toBe(boots);
    expect(client.connected).toBe(true);
    await run(client.close());
    // The same flash in a new connection: the glasses unplugged and plugged in again.
    const again = await connected({ store: glasses.store });
    expect(await again.run(again.client.getBlueLightProtection())).toBe(false);
    const restored = GlassesStore.fromJSON(JSON.parse(JSON.stringify(glasses.store)));
    expect(restored.blueLightProtection).toBe(false);
    expect(await again.run(again.client.setBlueLightProtection(true))).toBe(true);
  });

  it("takes the model's factory setting from flash saved before the switch existed", () => {
    for (const model of ["N6C", "P6"] as const) {
      const { blueLightProtection: _, ...old } = new GlassesStore({ model }).toJSON();
      expect(GlassesStore.fromJSON({ ...old, highColorAccuracy: true }).blueLightProtection).toBe(
        model === "N6C",
      );
    }
  });

  it("refuses a payload that is not a flag, and changes nothing", async () => {
    const { client, glasses, run } = await connected({ model: "N6C" });
    await expect(
      run(client.request(Command.setBlueLightProtection, Uint8Array.of(1, 0))),
    ).rejects.toBeInstanceOf(DeviceStatusError);
    await expect(
      run(client.request(Command.setBlueLightProtection, Uint8Array.of(2))),
    ).rejects.toBeInstanceOf(DeviceStatusError);
    expect(glasses.store.blueLightProtection).toBe(true);
  });
});

describe("IMU stream", () => {
  it("streams noisy samples with gravity at the requested rate until stopped", async () => {
    const { client, glasses, clock, run } = await connected();
    const samples: ImuSample[] = [];
    client.onImuSample((sample) => samples.push(sample));
    await run(client.startImu(200));
    await clock.advance(1000);
    await run(client.stopImu());
    const count = samples.length;
    expect(count).toBeGreaterThanOrEqual(199);
    expect(count).toBeLessThanOrEqual(202);
    await clock.advance(500);
    expect(samples.length).toBe(count);
    expect(glasses.imuStreaming).toBe(false);

    for (const sample of samples) expect(Math.abs(norm(sample.accel) - 9.81)).toBeLessThan(0.3);
    const xs = new Set(samples.map((sample) => sample.gyro[0]));
    expect(xs.size).toBeGreaterThan(count / 2);
    const gaps = samples.slice(1).map((sample, i) => sample.timestampUs - (samples[i]?.timestampUs ?? 0));
    expect(new Set(gaps)).toEqual(new Set([5000]));
  });

  it("stops streaming when the page closes the link", async () => {
    const { client, glasses, run } = await connected();
    await run(client.startImu());
    expect(glasses.imuStreaming).toBe(true);
    await run(client.close());
    expect(glasses.imuStreaming).toBe(false);
  });
});

describe("calibration commands", () => {
  it("stores a plausible calibration and refuses an implausible one", async () => {
    const { client, run } = await connected();
    expect(await run(client.readCalibration())).toBeNull();
    const calibration = {
      gyroBias: [0.0078125, -0.00390625, 0] as [number, number, number],
      gravity: [0, 0, 9.75] as [number, number, number],
    };
    await run(client.writeCalibration(calibration));
    expect(await run(client.readCalibration())).toEqual(calibration);
    await expect(run(client.writeCalibration({ ...calibration, gravity: [0, 0, 3] }))).rejects.toMatchObject({
      status: Status.outOfRange,
    });
  });

  it("answers notSupported on the Luma Ultra (P6S)", async () => {
    const { client, run } = await connected({ model: "P6S" });
    await expect(run(client.readCalibration())).rejects.toBeInstanceOf(DeviceStatusError);
    await expect(run(client.readCalibration())).rejects.toThrow("readCalibration failed: notSupported");
  });
});

describe("frame faults", () => {
  it("recovers from a dropped request and a corrupted reply by retrying", async () => {
    const { client, glasses, run } = await connected({
      faults: [
        { kind: "drop-frame", direction: "to-device", command: Command.getColor },
        { kind: "corrupt-frame", direction: "to-host", command: Command.getColor },
      ],
    });
    expect(await run(client.getColor())).toEqual(DEFAULT_COLOR_SETTINGS);
    expect(client.stats.retries).toBe(2);
    expect(client.stats.badFrames).toBe(1);
    expect(glasses.pendingFaults).toEqual([]);
  });

  it("answers a retried command from its reply cache instead of executing it twice", async () => {
    const { client, glasses, run } = await connected({
      faults: [{ kind: "drop-frame", direction: "to-host", command: Command.applyColor }],
    });
    const executed = glasses.stats.commandsExecuted;
    await run(client.applyColor(vivid));
    expect(client.stats.retries).toBe(1);
    expect(glasses.stats.duplicateRequests).toBe(1);
    expect(glasses.stats.commandsExecuted).toBe(executed + 1);
    expect(glasses.store.color).toEqual(vivid);
  });

  it("still completes a mode change whose reply was lost to the restart", async () => {
    const { client, glasses, run } = await connected({
      faults: [{ kind: "drop-frame", direction: "to-host", command: Command.setHighColorAccuracy }],
    });
    const boots = glasses.stats.boots;
    expect(await run(client.setHighColorAccuracy(true))).toEqual({ enabled: true, restarting: true });
    expect(glasses.stats.boots).toBe(boots + 1);
    expect(glasses.store.highColorAccuracy).toBe(true);
    expect(client.connected).toBe(true);
  });

  it("damaged requests are dropped by the device and cost one retry", async () => {
    const { client, glasses, run } = await connected({
      faults: [{ kind: "corrupt-frame", direction: "to-device", count: 2 }],
    });
    expect(await run(client.getHighColorAccuracy())).toBe(false);
    expect(glasses.stats.badFrames).toBe(2);
    expect(client.stats.retries).toBe(2);
  });

  it("gives up with a clear error when every attempt is lost", async () => {
    const { client, run } = await connected({
      faults: [{ kind: "drop-frame", direction: "to-host", command: Command.getInfo, count: 3 }],
    });
    await expect(run(client.getInfo())).rejects.toThrow(
      new DeviceTimeoutError(Command.getInfo, 3, 500).message,
    );
    expect((await run(client.getInfo())).model).toBe("N6P");
  });
});

describe("connection handling", () => {
  it("allows one host at a time", async () => {
    const { glasses, run } = await connected();
    const other = new GlassesClient(new MemoryTransport(glasses), { clock: glasses.clock });
    await expect(run(other.connect())).rejects.toThrow(DeviceError);
    await expect(run(other.connect())).rejects.toThrow(/in use/);
  });

  it("fails requests on unplug, and reconnects once plugged in and booted", async () => {
    const { client, glasses, clock, run } = await connected();
    const pending = client.getInfo();
    glasses.unplug();
    await expect(pending).rejects.toBeInstanceOf(DeviceDisconnectedError);
    expect(glasses.state).toBe("unplugged");
    await expect(run(client.reconnect({ timeoutMs: 1000 }))).rejects.toThrow(/within 1000 ms/);
    glasses.plug();
    expect(glasses.state).toBe("booting");
    const start = clock.now();
    await run(client.reconnect());
    expect(clock.now() - start).toBe(glasses.timings.bootMs);
    expect((await run(client.getInfo())).firmwareVersion).toBe("1.0.0");
  });

  it("sends a heartbeat every second while connected", async () => {
    const { client, clock } = await connected();
    const uptimes: number[] = [];
    client.on("heartbeat", (event) => uptimes.push(event.uptimeMs));
    // Heartbeats leave at 1, 2 and 3 s of uptime and take 1 ms over USB.
    await clock.advance(3001);
    expect(uptimes).toHaveLength(3);
    expect(uptimes[2]).toBeGreaterThan(uptimes[0] ?? 0);
  });

  it("starts unplugged when asked to", () => {
    const { clock } = setup();
    const glasses = new VirtualGlasses({ model: "N6", clock, initialState: "unplugged" });
    expect(glasses.state).toBe("unplugged");
    expect(() => glasses.openLink({ onReport: () => {}, onDisconnect: () => {} })).toThrow(
      DeviceDisconnectedError,
    );
  });
});
