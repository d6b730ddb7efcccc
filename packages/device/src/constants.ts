/** Colour and light-strip limits of spec 001 §9, shared by the tuning page, the protocol and the simulator. */

export const COLOR_MODES = [
  { id: 0, name: "True Color" },
  { id: 1, name: "Vivid" },
  { id: 2, name: "Film" },
  { id: 3, name: "Warm" },
  { id: 4, name: "Cold" },
] as const;
export type ColorMode = (typeof COLOR_MODES)[number]["id"];

export const ColorModeId = {
  trueColor: 0,
  vivid: 1,
  film: 2,
  warm: 3,
  cold: 4,
} as const satisfies Record<string, ColorMode>;

export interface SliderRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
}

export const RGB_RANGE: SliderRange = { min: 0, max: 127, step: 1, default: 50 };
/** Contrast, Gamma and Temperature share one range. */
export const TONE_RANGE: SliderRange = { min: 0, max: 4, step: 1, default: 0 };
/** The spec names no default mode; True Color is the neutral one. */
export const DEFAULT_COLOR_MODE: ColorMode = ColorModeId.trueColor;

export interface ColorSettings {
  mode: ColorMode;
  red: number;
  green: number;
  blue: number;
  contrast: number;
  gamma: number;
  temperature: number;
}

export const DEFAULT_COLOR_SETTINGS: Readonly<ColorSettings> = Object.freeze({
  mode: DEFAULT_COLOR_MODE,
  red: RGB_RANGE.default,
  green: RGB_RANGE.default,
  blue: RGB_RANGE.default,
  contrast: TONE_RANGE.default,
  gamma: TONE_RANGE.default,
  temperature: TONE_RANGE.default,
});

/** A repeating 5-second loop; each second has six section brightness values. */
export const LIGHT_STRIP_SECONDS = 5;
export const LIGHT_STRIP_SECTIONS = 6;
export const LIGHT_STRIP_RANGE: SliderRange = { min: 0, max: 255, step: 1, default: 75 };

/** `frames[second][section]`, LIGHT_STRIP_SECONDS × LIGHT_STRIP_SECTIONS values. */
export type LightStripFrames = number[][];

export function defaultLightStrip(): LightStripFrames {
  return Array.from({ length: LIGHT_STRIP_SECONDS }, () =>
    Array.from({ length: LIGHT_STRIP_SECTIONS }, () => LIGHT_STRIP_RANGE.default),
  );
}

/** The display turns off this long after the glasses are removed, when wearer detection is on. */
export const WEARER_DETECTION_DELAY_MS = 60_000;

export function isInRange(value: number, range: SliderRange): boolean {
  return Number.isInteger(value) && value >= range.min && value <= range.max;
}

/** Returns the names of the fields that are out of range; empty when the settings are valid. */
export function colorSettingsProblems(settings: ColorSettings): string[] {
  const problems: string[] = [];
  if (!COLOR_MODES.some((mode) => mode.id === settings.mode)) problems.push("mode");
  for (const key of ["red", "green", "blue"] as const)
    if (!isInRange(settings[key], RGB_RANGE)) problems.push(key);
  for (const key of ["contrast", "gamma", "temperature"] as const) {
    if (!isInRange(settings[key], TONE_RANGE)) problems.push(key);
  }
  return problems;
}

export function lightStripProblems(frames: LightStripFrames): string[] {
  if (frames.length !== LIGHT_STRIP_SECONDS) return [`expected ${LIGHT_STRIP_SECONDS} seconds`];
  const problems: string[] = [];
  frames.forEach((second, s) => {
    if (second.length !== LIGHT_STRIP_SECTIONS)
      problems.push(`second ${s + 1}: expected ${LIGHT_STRIP_SECTIONS}`);
    second.forEach((value, i) => {
      if (!isInRange(value, LIGHT_STRIP_RANGE)) problems.push(`second ${s + 1} section ${i + 1}`);
    });
  });
  return problems;
}
