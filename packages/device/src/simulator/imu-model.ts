import { STANDARD_GRAVITY } from "../calibration-math.ts";
import type { ImuSample, Vec3 } from "../protocol/payloads.ts";
import { SeededRandom } from "../random.ts";

export interface ImuModelOptions {
  seed: number;
  gyroNoise?: number;
  accelNoise?: number;
}

/**
 * Sensor model of glasses resting on a desk: gravity along a slightly tilted axis, a per-unit gyro
 * bias and accelerometer offset, white noise, and a head-shake-like motion when asked to move.
 */
export class ImuModel {
  readonly gyroBias: Vec3;
  readonly gravity: Vec3;
  readonly #random: SeededRandom;
  readonly #gyroNoise: number;
  readonly #accelNoise: number;

  constructor(options: ImuModelOptions) {
    this.#random = new SeededRandom(options.seed);
    this.#gyroNoise = options.gyroNoise ?? 0.003;
    this.#accelNoise = options.accelNoise ?? 0.02;
    // MEMS gyros of this class show zero-rate offsets of a few hundredths of a rad/s.
    this.gyroBias = [
      this.#random.between(-0.02, 0.02),
      this.#random.between(-0.02, 0.02),
      this.#random.between(-0.02, 0.02),
    ];
    const tiltX = this.#random.between(-0.08, 0.08);
    const tiltY = this.#random.between(-0.08, 0.08);
    const offset = this.#random.between(-0.05, 0.05);
    const magnitude = STANDARD_GRAVITY + offset;
    this.gravity = [
      magnitude * Math.sin(tiltX),
      magnitude * Math.sin(tiltY) * Math.cos(tiltX),
      magnitude * Math.cos(tiltX) * Math.cos(tiltY),
    ];
  }

  sample(timeMs: number, moving: boolean): ImuSample {
    const t = timeMs / 1000;
    const noise = (sigma: number) => sigma * this.#random.gaussian();
    const shake = (amplitude: number, hz: number, phase: number) =>
      moving ? amplitude * Math.sin(2 * Math.PI * hz * t + phase) : 0;
    return {
      timestampUs: Math.round(timeMs * 1000) >>> 0,
      accel: [
        this.gravity[0] + noise(this.#accelNoise) + shake(1.2, 1.7, 0),
        this.gravity[1] + noise(this.#accelNoise) + shake(0.9, 2.3, 1),
        this.gravity[2] + noise(this.#accelNoise) + shake(0.7, 1.1, 2),
      ],
      gyro: [
        this.gyroBias[0] + noise(this.#gyroNoise) + shake(0.8, 1.3, 0.5),
        this.gyroBias[1] + noise(this.#gyroNoise) + shake(0.6, 0.9, 1.5),
        this.gyroBias[2] + noise(this.#gyroNoise) + shake(0.4, 1.9, 2.5),
      ],
    };
  }
}
