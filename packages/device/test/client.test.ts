/// <reference types="node" />
import { describe, expect, it } from "vitest";
import {
  Command,
  DeviceDisconnectedError,
  DeviceEvent,
  DeviceStatusError,
  DeviceTimeoutError,
  decodeFrame,
  encodeFrame,
  encodeHeartbeat,
  encodeImuSample,
  encodeWearState,
  type Frame,
  GlassesClient,
  type ImuSample,
  ManualClock,
  Status,
  type Transport,
  type TransportListener,
  TransportListeners,
} from "../src/index.ts";

/** A transport whose "device" is the test itself. */
class ScriptedTransport implements Transport {
  readonly sent: Frame[] = [];
  readonly listeners = new TransportListeners();
  connected = true;
  onSend: (frame: Frame) => void = () => {};

  async open() {
    this.connected = true;
  }
  async close() {
    this.connected = false;
  }
  async send(report: Uint8Array) {
    const frame = decodeFrame(report);
    this.sent.push(frame);
    this.onSend(frame);
  }
  subscribe(listener: TransportListener) {
    return this.listeners.add(listener);
  }
  async reconnect() {
    this.connected = true;
    this.listeners.connect();
  }
  reply(request: Frame, payload = new Uint8Array(0), status: number = Status.ok) {
    this.listeners.report(
      encodeFrame({ sequence: request.sequence, command: request.command, status, payload }),
    );
  }
  push(event: number, payload: Uint8Array) {
    this.listeners.report(encodeFrame({ sequence: 0, command: event, status: 0, payload }));
  }
  drop() {
    this.connected = false;
    this.listeners.disconnect();
  }
}

function setup(options: { timeoutMs?: number; attempts?: number } = {}) {
  const clock = new ManualClock(0);
  const transport = new ScriptedTransport();
  const client = new GlassesClient(transport, { clock, ...options });
  return { clock, transport, client };
}

describe("GlassesClient request/reply", () => {
  it("matches replies to requests by sequence number, not by arrival order", async () => {
    const { transport, client } = setup();
    const first = client.request(Command.getColor);
    const second = client.request(Command.getLightStrip);
    const [a, b] = transport.sent;
    if (!a || !b) throw new Error("expected two requests");
    expect(a.sequence).not.toBe(b.sequence);
    transport.reply(b, Uint8Array.of(2));
    transport.reply(a, Uint8Array.of(1));
    await expect(first).resolves.toEqual(Uint8Array.of(1));
    await expect(second).resolves.toEqual(Uint8Array.of(2));
  });

  it("ignores a reply whose command does not match the pending request", async () => {
    const { clock, transport, client } = setup({ attempts: 1 });
    const pending = client.request(Command.getColor);
    const [request] = transport.sent;
    if (!request) throw new Error("no request");
    transport.listeners.report(
      encodeFrame({
        sequence: request.sequence,
        command: Command.getInfo,
        status: 0,
        payload: new Uint8Array(0),
      }),
    );
    expect(client.stats.strayReplies).toBe(1);
    await expect(clock.runUntilSettled(pending)).rejects.toBeInstanceOf(DeviceTimeoutError);
  });

  it("never uses sequence number 0 and wraps after 255", async () => {
    const { transport, client } = setup();
    transport.onSend = (frame) => transport.reply(frame);
    for (let i = 0; i < 300; i++) await client.request(Command.getColor);
    const sequences = transport.sent.map((frame) => frame.sequence);
    expect(sequences).not.toContain(0);
    expect(sequences.slice(253, 258)).toEqual([254, 255, 1, 2, 3]);
  });

  it("retries with the same report after a timeout and succeeds", async () => {
    const { clock, transport, client } = setup();
    transport.onSend = (frame) => {
      if (transport.sent.length === 2) transport.reply(frame, Uint8Array.of(42));
    };
    const reply = await clock.runUntilSettled(client.request(Command.getHighColorAccuracy));
    expect(reply).toEqual(Uint8Array.of(42));
    expect(transport.sent).toHaveLength(2);
    expect(transport.sent[0]).toEqual(transport.sent[1]);
    expect(clock.now()).toBe(500);
    expect(client.stats.retries).toBe(1);
  });

  it("fails with DeviceTimeoutError after 3 attempts of 500 ms by default", async () => {
    const { clock, transport, client } = setup();
    const outcome = clock.runUntilSettled(client.getColor());
    await expect(outcome).rejects.toThrow(DeviceTimeoutError);
    await expect(outcome).rejects.toThrow("getColor: no reply after 3 attempt(s) of 500 ms");
    expect(transport.sent).toHaveLength(3);
    expect(clock.now()).toBe(1500);
  });

  it("honours configured timeouts and attempts, and longer defaults for erase and verify", async () => {
    const { clock, transport, client } = setup({ timeoutMs: 100, attempts: 2 });
    await expect(clock.runUntilSettled(client.getColor())).rejects.toMatchObject({
      attempts: 2,
      timeoutMs: 100,
    });
    expect(clock.now()).toBe(200);
    expect(transport.sent).toHaveLength(2);
    const start = clock.now();
    await expect(clock.runUntilSettled(client.finishUpdate())).rejects.toMatchObject({ timeoutMs: 5000 });
    expect(clock.now() - start).toBe(10_000);
  });

  it("treats a corrupted reply as lost and recovers with the retry", async () => {
    const { clock, transport, client } = setup();
    transport.onSend = (frame) => {
      const report = encodeFrame({
        sequence: frame.sequence,
        command: frame.command,
        status: 0,
        payload: Uint8Array.of(1),
      });
      if (transport.sent.length === 1) report[30] = (report[30] ?? 0) ^ 0xff;
      transport.listeners.report(report);
    };
    await expect(clock.runUntilSettled(client.request(Command.getColor))).resolves.toEqual(Uint8Array.of(1));
    expect(client.stats.badFrames).toBe(1);
    expect(transport.sent).toHaveLength(2);
  });

  it("turns a non-ok status into DeviceStatusError carrying the payload", async () => {
    const { transport, client } = setup();
    transport.onSend = (frame) => transport.reply(frame, Uint8Array.of(0x30, 0, 0, 0), Status.badOffset);
    const error = await client.writeUpdateChunk(0, Uint8Array.of(1)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeviceStatusError);
    expect(error).toMatchObject({
      status: Status.badOffset,
      statusName: "badOffset",
      payload: Uint8Array.of(0x30, 0, 0, 0),
    });
    expect(String(error)).toContain("updateChunk failed: badOffset");
  });

  it("rejects pending requests when the link drops, and new ones while disconnected", async () => {
    const { transport, client } = setup();
    const pending = client.getInfo();
    transport.drop();
    await expect(pending).rejects.toBeInstanceOf(DeviceDisconnectedError);
    await expect(client.getColor()).rejects.toBeInstanceOf(DeviceDisconnectedError);
    expect(client.disconnectCount).toBe(1);
  });

  it("aborts a pending request through its signal", async () => {
    const { transport, client } = setup();
    const controller = new AbortController();
    const pending = client.getColor({ signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    // A late reply after the abort is harmless.
    const [request] = transport.sent;
    if (request) transport.reply(request);
    expect(client.stats.strayReplies).toBe(1);
  });

  it("validates colour and light-strip values before sending", async () => {
    const { transport, client } = setup();
    await expect(
      client.applyColor({ mode: 0, red: 128, green: 0, blue: 0, contrast: 0, gamma: 0, temperature: 0 }),
    ).rejects.toThrow(/red/);
    await expect(client.previewLightStrip([[256, 0, 0, 0, 0, 0]])).rejects.toThrow(RangeError);
    await expect(client.startImu(5)).rejects.toThrow(RangeError);
    expect(transport.sent).toHaveLength(0);
  });
});

describe("GlassesClient events", () => {
  it("dispatches pushed events to typed listeners and ignores unknown ones", () => {
    const { transport, client } = setup();
    const samples: ImuSample[] = [];
    const heartbeats: number[] = [];
    const wear: boolean[] = [];
    const stop = client.onImuSample((sample) => samples.push(sample));
    client.on("heartbeat", (event) => heartbeats.push(event.uptimeMs));
    client.on("wearState", (event) => wear.push(event.displayOn));
    const sample: ImuSample = { timestampUs: 10, accel: [0, 0, 9.5], gyro: [0.5, 0.25, -0.125] };
    transport.push(DeviceEvent.imuSample, encodeImuSample(sample));
    transport.push(DeviceEvent.heartbeat, encodeHeartbeat({ uptimeMs: 5000 }));
    transport.push(DeviceEvent.wearState, encodeWearState({ worn: false, displayOn: false }));
    transport.push(0xfe, Uint8Array.of(1, 2, 3));
    transport.push(DeviceEvent.imuSample, Uint8Array.of(1));
    stop();
    transport.push(DeviceEvent.imuSample, encodeImuSample(sample));
    expect(samples).toEqual([sample]);
    expect(heartbeats).toEqual([5000]);
    expect(wear).toEqual([false]);
    expect(client.stats.badFrames).toBe(1);
  });

  it("waitForRestart waits for the drop and the return of the link", async () => {
    const { clock, transport, client } = setup();
    const since = client.disconnectCount;
    const events: string[] = [];
    client.on("disconnect", () => events.push("disconnect"));
    client.on("connect", () => events.push("connect"));
    const waiting = client.waitForRestart({ since, timeoutMs: 5000 });
    clock.setTimeout(() => transport.drop(), 100);
    await clock.runUntilSettled(waiting);
    expect(events).toEqual(["disconnect", "connect"]);
    expect(clock.now()).toBe(100);
  });

  it("waitForRestart fails clearly when the glasses never restart", async () => {
    const { clock, client } = setup();
    await expect(clock.runUntilSettled(client.waitForRestart({ since: 0, timeoutMs: 3000 }))).rejects.toThrow(
      "the glasses did not restart within 3000 ms",
    );
  });
});
