import type { Calibration, ImuSample, Vec3 } from "./protocol/payloads.ts";

/** Pure IMU-calibration maths, shared by `runCalibration` and the simulated glasses' own plausibility check. */

export const STANDARD_GRAVITY = 9.80665;

export interface CalibrationThresholds {
  /** Largest per-axis standard deviation of the gyro (rad/s) that still counts as "not moving". */
  gyroStdMax: number;
  /** Largest per-axis standard deviation of the accelerometer (m/s²) that still counts as "not moving". */
  accelStdMax: number;
  /** A zero-rate offset above this (rad/s, any axis) means a broken sensor or a turning table, not a bias. */
  maxGyroBias: number;
  /** The measured gravity magnitude must be within this of 9.81 m/s². */
  gravityTolerance: number;
}

export const DEFAULT_CALIBRATION_THRESHOLDS: Readonly<CalibrationThresholds> = Object.freeze({
  gyroStdMax: 0.02,
  accelStdMax: 0.1,
  maxGyroBias: 0.1,
  gravityTolerance: 0.5,
});

export function mean(vectors: readonly Vec3[]): Vec3 {
  const sum: Vec3 = [0, 0, 0];
  for (const v of vectors) {
    sum[0] += v[0];
    sum[1] += v[1];
    sum[2] += v[2];
  }
  const n = Math.max(vectors.length, 1);
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

/** Population variance per axis. */
export function variance(vectors: readonly Vec3[]): Vec3 {
  const m = mean(vectors);
  const sum: Vec3 = [0, 0, 0];
  for (const v of vectors) {
    sum[0] += (v[0] - m[0]) ** 2;
    sum[1] += (v[1] - m[1]) ** 2;
    sum[2] += (v[2] - m[2]) ** 2;
  }
  const n = Math.max(vectors.length, 1);
  return [sum[0] / n, sum[1] / n, sum[2] / n];
}

export function norm(v: Vec3): number {
  return Math.hypot(v[0], v[1], v[2]);
}

/** Still when neither sensor varies more than sensor noise over the whole window. */
export function isStill(
  window: readonly ImuSample[],
  thresholds: CalibrationThresholds = DEFAULT_CALIBRATION_THRESHOLDS,
): boolean {
  if (window.length < 2) return false;
  const gyroVar = variance(window.map((s) => s.gyro));
  const accelVar = variance(window.map((s) => s.accel));
  return (
    Math.max(...gyroVar) <= thresholds.gyroStdMax ** 2 && Math.max(...accelVar) <= thresholds.accelStdMax ** 2
  );
}

/** At rest the gyro should read zero, so its mean over a still period is the bias. */
export function estimateGyroBias(samples: readonly ImuSample[]): Vec3 {
  return mean(samples.map((s) => s.gyro));
}

export function isGravityPlausible(
  accelMean: Vec3,
  tolerance = DEFAULT_CALIBRATION_THRESHOLDS.gravityTolerance,
): boolean {
  return Math.abs(norm(accelMean) - STANDARD_GRAVITY) <= tolerance;
}

export type CalibrationProblem = "not-finite" | "gyro-bias" | "gravity";

export function calibrationProblems(
  calibration: Calibration,
  thresholds: CalibrationThresholds = DEFAULT_CALIBRATION_THRESHOLDS,
): CalibrationProblem[] {
  const values = [...calibration.gyroBias, ...calibration.gravity];
  if (!values.every(Number.isFinite)) return ["not-finite"];
  const problems: CalibrationProblem[] = [];
  if (calibration.gyroBias.some((axis) => Math.abs(axis) > thresholds.maxGyroBias))
    problems.push("gyro-bias");
  if (!isGravityPlausible(calibration.gravity, thresholds.gravityTolerance)) problems.push("gravity");
  return problems;
}

export type CalibrationVerdict =
  | { ok: true; calibration: Calibration }
  | { ok: false; problems: (CalibrationProblem | "no-samples")[] };

export function computeCalibration(
  samples: readonly ImuSample[],
  thresholds: CalibrationThresholds = DEFAULT_CALIBRATION_THRESHOLDS,
): CalibrationVerdict {
  if (samples.length === 0) return { ok: false, problems: ["no-samples"] };
  const calibration: Calibration = {
    gyroBias: estimateGyroBias(samples),
    gravity: mean(samples.map((s) => s.accel)),
  };
  const problems = calibrationProblems(calibration, thresholds);
  return problems.length === 0 ? { ok: true, calibration } : { ok: false, problems };
}

export interface CollectorOptions {
  /** Still samples needed in a row. */
  requiredSamples: number;
  /** Sliding window the stillness test looks at. */
  windowSize?: number;
  thresholds?: CalibrationThresholds;
}

export interface CollectorState {
  phase: "waiting" | "collecting" | "moving" | "complete";
  accepted: number;
  required: number;
  progress: number;
  /** How many separate periods of movement were seen; each one throws the collected samples away. */
  restarts: number;
}

/**
 * Accumulates still samples and starts over when the glasses move, so the result only ever
 * averages one uninterrupted still period.
 */
export class CalibrationCollector {
  readonly #required: number;
  readonly #windowSize: number;
  readonly #thresholds: CalibrationThresholds;
  readonly #window: ImuSample[] = [];
  #accepted: ImuSample[] = [];
  #moving = false;
  #restarts = 0;

  constructor(options: CollectorOptions) {
    if (!Number.isInteger(options.requiredSamples) || options.requiredSamples < 2) {
      throw new RangeError("requiredSamples must be an integer of at least 2");
    }
    this.#required = options.requiredSamples;
    this.#windowSize = Math.max(2, Math.min(options.windowSize ?? 25, options.requiredSamples));
    this.#thresholds = options.thresholds ?? DEFAULT_CALIBRATION_THRESHOLDS;
  }

  push(sample: ImuSample): CollectorState {
    if (this.#accepted.length >= this.#required) return this.state;
    this.#window.push(sample);
    if (this.#window.length > this.#windowSize) this.#window.shift();
    if (this.#window.length < this.#windowSize) return this.state;

    if (!isStill(this.#window, this.#thresholds)) {
      if (!this.#moving) this.#restarts++;
      this.#moving = true;
      this.#accepted = [];
      return this.state;
    }
    this.#moving = false;
    if (this.#accepted.length === 0) this.#accepted = [...this.#window];
    else this.#accepted.push(sample);
    if (this.#accepted.length > this.#required) this.#accepted.length = this.#required;
    return this.state;
  }

  get state(): CollectorState {
    const accepted = this.#accepted.length;
    const complete = accepted >= this.#required;
    const phase = complete ? "complete" : this.#moving ? "moving" : accepted > 0 ? "collecting" : "waiting";
    return {
      phase,
      accepted,
      required: this.#required,
      progress: Math.min(1, accepted / this.#required),
      restarts: this.#restarts,
    };
  }

  result(): CalibrationVerdict {
    if (this.#accepted.length < this.#required) return { ok: false, problems: ["no-samples"] };
    return computeCalibration(this.#accepted, this.#thresholds);
  }
}
