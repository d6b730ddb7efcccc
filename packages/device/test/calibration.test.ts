/// <reference types="node" />
import { describe, expect, it } from "vitest";
import {
  type CalibrationError,
  type CalibrationProgress,
  DeviceDisconnectedError,
  GLASSES_MODELS,
  runCalibration,
  supportsCalibration,
} from "../src/index.ts";
import { connected } from "./helpers.ts";

async function calibrationError(promise: Promise<unknown>): Promise<CalibrationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error) || error.name !== "CalibrationError")
    throw new Error(`unexpected ${String(error)}`);
  return error as CalibrationError;
}

describe("supportsCalibration", () => {
  it("is true for every model but the Luma Ultra (P6S)", () => {
    expect(
      GLASSES_MODELS.filter((model) => !supportsCalibration(model.slug)).map((model) => model.slug),
    ).toEqual(["P6S"]);
  });
});

describe("runCalibration", () => {
  it("measures the gyro bias of still glasses, saves it and reads it back", async () => {
    const { client, glasses, clock, run } = await connected({ model: "N6" });
    const progress: CalibrationProgress[] = [];
    const start = clock.now();
    const calibration = await run(runCalibration(client, { onProgress: (p) => progress.push(p) }));

    calibration.gyroBias.forEach((axis, i) => {
      expect(Math.abs(axis - (glasses.imu.gyroBias[i] ?? Number.NaN))).toBeLessThan(1e-3);
    });
    calibration.gravity.forEach((axis, i) => {
      expect(Math.abs(axis - (glasses.imu.gravity[i] ?? Number.NaN))).toBeLessThan(0.01);
    });
    expect(glasses.store.calibration).toEqual(calibration);
    expect(glasses.imuStreaming).toBe(false);
    // 5 s of samples at 100 Hz, plus the 0.25 s window and a few round trips.
    expect(clock.now() - start).toBeGreaterThanOrEqual(5_000);
    expect(clock.now() - start).toBeLessThan(5_400);
    expect(progress[0]?.phase).toBe("starting");
    expect(progress.at(-1)).toEqual({ phase: "done", progress: 1, restarts: 0 });
    const values = progress.map((p) => p.progress);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it("starts the progress over when the glasses move, then finishes", async () => {
    const { client, glasses, run } = await connected({
      faults: [{ kind: "motion", afterMs: 2_000, durationMs: 1_500 }],
    });
    const progress: CalibrationProgress[] = [];
    const calibration = await run(runCalibration(client, { onProgress: (p) => progress.push(p) }));
    const peakBeforeMotion = Math.max(...progress.filter((p) => p.restarts === 0).map((p) => p.progress));
    expect(peakBeforeMotion).toBeGreaterThan(0.3);
    expect(progress.some((p) => p.phase === "moving" && p.progress === 0)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ phase: "done", restarts: 1 });
    // The motion did not leak into the result.
    calibration.gyroBias.forEach((axis, i) => {
      expect(Math.abs(axis - (glasses.imu.gyroBias[i] ?? Number.NaN))).toBeLessThan(1e-3);
    });
  });

  it("gives up with a motion error when the glasses never stay still", async () => {
    const { client, glasses, run } = await connected();
    glasses.setMoving(true);
    const error = await calibrationError(run(runCalibration(client, { maxDurationMs: 20_000 })));
    expect(error.code).toBe("motion");
    expect(glasses.store.calibration).toBeNull();
    expect(glasses.imuStreaming).toBe(false);
  });

  it("refuses the Luma Ultra before streaming anything", async () => {
    const { client, glasses, run } = await connected({ model: "P6S" });
    const error = await calibrationError(run(runCalibration(client)));
    expect(error.code).toBe("not-supported");
    expect(error.message).toBe("Vela Luma Ultra needs no IMU calibration");
    expect(glasses.stats.commandsExecuted).toBe(1);
  });

  it("rejects an implausible result and writes nothing", async () => {
    const { client, glasses, run } = await connected();
    // A strict gravity tolerance makes the (slightly off) simulated accelerometer implausible.
    const error = await calibrationError(
      run(
        runCalibration(client, {
          durationMs: 1_000,
          thresholds: { gyroStdMax: 0.02, accelStdMax: 0.1, maxGyroBias: 0.1, gravityTolerance: 1e-6 },
        }),
      ),
    );
    expect(error.code).toBe("implausible");
    expect(error.problems).toEqual(["gravity"]);
    expect(glasses.store.calibration).toBeNull();
  });

  it("fails when the sample stream stops, and when the glasses are unplugged", async () => {
    const stalled = await connected({
      faults: [{ kind: "drop-frame", direction: "to-host", command: 0x83, count: 1_000, skip: 50 }],
    });
    const noData = await calibrationError(stalled.run(runCalibration(stalled.client)));
    expect(noData.code).toBe("no-data");

    const { client, glasses, clock, run } = await connected();
    clock.setTimeout(() => glasses.unplug(), 1_000);
    await expect(run(runCalibration(client))).rejects.toBeInstanceOf(DeviceDisconnectedError);
  });

  it("can be cancelled", async () => {
    const { client, glasses, clock, run } = await connected();
    const controller = new AbortController();
    clock.setTimeout(() => controller.abort(), 1_000);
    await expect(run(runCalibration(client, { signal: controller.signal }))).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(glasses.imuStreaming).toBe(false);
    expect(glasses.store.calibration).toBeNull();
  });
});
