/** Seeded randomness so that a simulated pair of glasses behaves the same on every test run. */
export class SeededRandom {
  #state: number;
  #spare: number | undefined;

  constructor(seed: number) {
    this.#state = seed >>> 0 || 0x9e3779b9;
  }

  /** mulberry32: small, fast, and good enough for sensor noise. */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** Standard normal deviate (Box–Muller, keeping the second value for the next call). */
  gaussian(): number {
    if (this.#spare !== undefined) {
      const value = this.#spare;
      this.#spare = undefined;
      return value;
    }
    const u = Math.max(this.next(), Number.EPSILON);
    const v = this.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    this.#spare = radius * Math.sin(2 * Math.PI * v);
    return radius * Math.cos(2 * Math.PI * v);
  }

  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }
}

/** FNV-1a, to turn a serial number into a seed. */
export function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
