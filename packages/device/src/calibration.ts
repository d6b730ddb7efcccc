import {
  CalibrationCollector,
  type CalibrationProblem,
  type CalibrationThresholds,
  DEFAULT_CALIBRATION_THRESHOLDS,
} from "./calibration-math.ts";
import type { GlassesClient } from "./client.ts";
import { type AbortSignalLike, abortError } from "./clock.ts";
import { DeviceDisconnectedError, DeviceError } from "./errors.ts";
import { supportsCalibration } from "./models.ts";
import type { Calibration, Vec3 } from "./protocol/payloads.ts";

export interface CalibrationProgress {
  phase: "starting" | "waiting" | "collecting" | "moving" | "saving" | "done";
  /** 0..1; drops back to 0 when the glasses move. */
  progress: number;
  restarts: number;
}

export interface RunCalibrationOptions {
  onProgress?: (progress: CalibrationProgress) => void;
  signal?: AbortSignalLike;
  /** Uninterrupted still time to average over. */
  durationMs?: number;
  rateHz?: number;
  /** Window of the still/moving test. */
  windowMs?: number;
  /** Give up if no still period of `durationMs` was found by then. */
  maxDurationMs?: number;
  /** No IMU sample for this long means the stream is broken. */
  sampleTimeoutMs?: number;
  thresholds?: CalibrationThresholds;
}

export type CalibrationErrorCode =
  | "not-supported"
  | "motion"
  | "no-data"
  | "implausible"
  | "readback-mismatch";

export class CalibrationError extends DeviceError {
  override name = "CalibrationError";
  constructor(
    readonly code: CalibrationErrorCode,
    message: string,
    readonly problems: readonly (CalibrationProblem | "no-samples")[] = [],
  ) {
    super(message);
  }
}

const f32 = (v: Vec3): Vec3 => [Math.fround(v[0]), Math.fround(v[1]), Math.fround(v[2])];

/**
 * Streams the IMU until the glasses have been still for `durationMs` (starting over whenever they
 * move), computes gyro bias and gravity reference, rejects implausible results, writes the
 * calibration and reads it back.
 */
export async function runCalibration(
  client: GlassesClient,
  options: RunCalibrationOptions = {},
): Promise<Calibration> {
  const identity = await client.getIdentity(options.signal ? { signal: options.signal } : undefined);
  if (!supportsCalibration(identity.model)) {
    throw new CalibrationError("not-supported", `${identity.productName} needs no IMU calibration`);
  }
  const rateHz = options.rateHz ?? 100;
  const durationMs = options.durationMs ?? 5_000;
  const collector = new CalibrationCollector({
    requiredSamples: Math.max(2, Math.round((durationMs * rateHz) / 1000)),
    windowSize: Math.max(2, Math.round(((options.windowMs ?? 250) * rateHz) / 1000)),
    thresholds: options.thresholds ?? DEFAULT_CALIBRATION_THRESHOLDS,
  });
  const report = (progress: CalibrationProgress) => options.onProgress?.(progress);
  report({ phase: "starting", progress: 0, restarts: 0 });

  const cleanups: (() => void)[] = [];
  const collected = new Promise<void>((resolve, reject) => {
    const { clock } = client;
    const fail = (error: unknown) => reject(error);
    let gapTimer: unknown;
    const armGapTimer = () => {
      clock.clearTimeout(gapTimer);
      gapTimer = clock.setTimeout(
        () => fail(new CalibrationError("no-data", "the glasses stopped sending motion data")),
        options.sampleTimeoutMs ?? 1_000,
      );
    };
    const overall = clock.setTimeout(() => {
      const state = collector.state;
      fail(
        state.restarts > 0
          ? new CalibrationError(
              "motion",
              "the glasses kept moving; put them on a flat surface and try again",
            )
          : new CalibrationError("no-data", "not enough motion data arrived"),
      );
    }, options.maxDurationMs ?? 60_000);
    cleanups.push(() => {
      clock.clearTimeout(gapTimer);
      clock.clearTimeout(overall);
    });
    cleanups.push(
      client.onImuSample((sample) => {
        armGapTimer();
        const state = collector.push(sample);
        if (state.phase === "complete") {
          resolve();
          return;
        }
        report({ phase: state.phase, progress: state.progress, restarts: state.restarts });
      }),
    );
    cleanups.push(
      client.on("disconnect", () => fail(new DeviceDisconnectedError("the glasses disconnected"))),
    );
    const { signal } = options;
    if (signal) {
      const onAbort = () => fail(abortError(signal));
      if (signal.aborted) onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      cleanups.push(() => signal.removeEventListener("abort", onAbort));
    }
    armGapTimer();
  });
  // A rejection before the stream starts must not count as unhandled; it is awaited below.
  collected.catch(() => {});

  try {
    await client.startImu(rateHz, options.signal ? { signal: options.signal } : undefined);
    await collected;
  } finally {
    for (const cleanup of cleanups) cleanup();
    if (client.connected) await client.stopImu().catch(() => {});
  }

  const verdict = collector.result();
  if (!verdict.ok) {
    throw new CalibrationError(
      "implausible",
      `the sensor readings are implausible (${verdict.problems.join(", ")})`,
      verdict.problems,
    );
  }
  const calibration: Calibration = {
    gyroBias: f32(verdict.calibration.gyroBias),
    gravity: f32(verdict.calibration.gravity),
  };
  report({ phase: "saving", progress: 1, restarts: collector.state.restarts });
  await client.writeCalibration(calibration);
  const stored = await client.readCalibration();
  const same = (a: Vec3, b: Vec3) => a.every((value, i) => value === b[i]);
  if (!stored || !same(stored.gyroBias, calibration.gyroBias) || !same(stored.gravity, calibration.gravity)) {
    throw new CalibrationError("readback-mismatch", "the glasses did not store the calibration");
  }
  report({ phase: "done", progress: 1, restarts: collector.state.restarts });
  return stored;
}
