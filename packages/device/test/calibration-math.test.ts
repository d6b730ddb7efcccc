import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CalibrationCollector,
  calibrationProblems,
  computeCalibration,
  DEFAULT_CALIBRATION_THRESHOLDS,
  estimateGyroBias,
  ImuModel,
  type ImuSample,
  isGravityPlausible,
  isStill,
  mean,
  STANDARD_GRAVITY,
  type Vec3,
  variance,
} from "../src/index.ts";

function samples(model: ImuModel, count: number, moving: (i: number) => boolean = () => false): ImuSample[] {
  return Array.from({ length: count }, (_, i) => model.sample(i * 10, moving(i)));
}

const constant = (accel: Vec3, gyro: Vec3, count: number): ImuSample[] =>
  Array.from({ length: count }, (_, i) => ({ timestampUs: i * 10_000, accel, gyro }));

describe("vector statistics", () => {
  it("computes per-axis mean and population variance", () => {
    const data: Vec3[] = [
      [1, 2, 3],
      [3, 2, 1],
    ];
    expect(mean(data)).toEqual([2, 2, 2]);
    expect(variance(data)).toEqual([1, 0, 1]);
  });
});

describe("still/moving detection", () => {
  it("calls a resting sensor still and a shaken one moving", () => {
    const model = new ImuModel({ seed: 7 });
    expect(isStill(samples(model, 50))).toBe(true);
    expect(isStill(samples(model, 50, () => true))).toBe(false);
  });

  it("detects a rotation of a tenth of a rad/s even when the accelerometer is quiet", () => {
    const window = constant([0, 0, STANDARD_GRAVITY], [0, 0, 0], 25).map((s, i) => ({
      ...s,
      gyro: [0, 0, i % 2 === 0 ? 0.1 : -0.1] as Vec3,
    }));
    expect(isStill(window)).toBe(false);
  });

  it("detects a bump seen only by the accelerometer", () => {
    const window = constant([0, 0, STANDARD_GRAVITY], [0.01, 0, 0], 25);
    window[12] = { ...window[12], timestampUs: 0, gyro: [0.01, 0, 0], accel: [0.8, 0, STANDARD_GRAVITY] };
    expect(isStill(window)).toBe(false);
  });

  it("needs at least two samples to judge", () => {
    expect(isStill(constant([0, 0, 9.8], [0, 0, 0], 1))).toBe(false);
  });
});

describe("bias and gravity", () => {
  it("estimates the gyro bias as the mean rate at rest, within noise", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
        const model = new ImuModel({ seed });
        const estimate = estimateGyroBias(samples(model, 500));
        // Noise σ 0.003 rad/s over 500 samples: the mean is off by ~1.3e-4; 1e-3 is a safe bound.
        estimate.forEach((value, axis) => {
          expect(Math.abs(value - (model.gyroBias[axis] ?? Number.NaN))).toBeLessThan(1e-3);
        });
      }),
      { numRuns: 25 },
    );
  });

  it("accepts gravity within ±0.5 m/s² of 9.81 and rejects beyond", () => {
    expect(isGravityPlausible([0, 0, 9.81])).toBe(true);
    expect(isGravityPlausible([0, 6.93, 6.93])).toBe(true);
    expect(isGravityPlausible([0, 0, 10.4])).toBe(false);
    expect(isGravityPlausible([0, 0, 9.2])).toBe(false);
    expect(isGravityPlausible([0, 0, 0])).toBe(false);
  });

  it("rejects implausible calibrations", () => {
    const good = { gyroBias: [0.01, -0.02, 0] as Vec3, gravity: [0, 0, 9.8] as Vec3 };
    expect(calibrationProblems(good)).toEqual([]);
    expect(calibrationProblems({ ...good, gyroBias: [0.2, 0, 0] })).toEqual(["gyro-bias"]);
    expect(calibrationProblems({ ...good, gravity: [0, 0, 4.9] })).toEqual(["gravity"]);
    expect(calibrationProblems({ ...good, gravity: [0, Number.NaN, 9.8] })).toEqual(["not-finite"]);
    expect(computeCalibration([])).toEqual({ ok: false, problems: ["no-samples"] });
    expect(computeCalibration(constant([0, 0, 20], [0, 0, 0], 10))).toEqual({
      ok: false,
      problems: ["gravity"],
    });
  });

  it("a sensor with a huge zero-rate offset is refused even when still", () => {
    const verdict = computeCalibration(
      constant([0, 0, 9.8], [0.3, 0, 0], 100),
      DEFAULT_CALIBRATION_THRESHOLDS,
    );
    expect(verdict.ok).toBe(false);
  });
});

describe("CalibrationCollector", () => {
  it("completes after the required number of still samples", () => {
    const model = new ImuModel({ seed: 3 });
    const collector = new CalibrationCollector({ requiredSamples: 200, windowSize: 25 });
    const states = samples(model, 200).map((sample) => collector.push(sample));
    expect(states[23]?.phase).toBe("waiting");
    expect(states[24]).toMatchObject({ phase: "collecting", accepted: 25 });
    expect(states.at(-1)).toMatchObject({ phase: "complete", progress: 1, restarts: 0 });
    const verdict = collector.result();
    expect(verdict.ok).toBe(true);
    if (verdict.ok) expect(verdict.calibration.gravity[2]).toBeCloseTo(model.gravity[2], 2);
  });

  it("starts over when the glasses move, and only averages the last still period", () => {
    const model = new ImuModel({ seed: 4 });
    const collector = new CalibrationCollector({ requiredSamples: 100, windowSize: 20 });
    const moving = (i: number) => i >= 60 && i < 90;
    const progress: number[] = [];
    for (const sample of samples(model, 400, moving)) {
      const state = collector.push(sample);
      progress.push(state.progress);
      if (state.phase === "complete") break;
    }
    expect(Math.max(...progress.slice(0, 60))).toBeGreaterThan(0.5);
    expect(progress[75]).toBe(0);
    expect(collector.state).toMatchObject({ phase: "complete", restarts: 1 });
    // Complete exactly when 100 still samples have followed the end of the movement (sample 90).
    expect(progress.length).toBe(190);
  });

  it("reports moving while the motion lasts and never completes", () => {
    const collector = new CalibrationCollector({ requiredSamples: 50 });
    const model = new ImuModel({ seed: 5 });
    const last = samples(model, 300, () => true)
      .map((sample) => collector.push(sample))
      .at(-1);
    expect(last).toMatchObject({ phase: "moving", progress: 0, restarts: 1 });
    expect(collector.result()).toEqual({ ok: false, problems: ["no-samples"] });
  });

  it("rejects nonsensical sizes", () => {
    expect(() => new CalibrationCollector({ requiredSamples: 1 })).toThrow(RangeError);
  });
});
