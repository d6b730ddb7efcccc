// Spec 001 §2 and §9, written as the spec writes them: a changed constant fails here, even
// where other tests read the constant itself.
import { describe, expect, it } from "vitest";
import {
  COLOR_MODES,
  GLASSES_MODELS,
  LIGHT_STRIP_RANGE,
  LIGHT_STRIP_SECONDS,
  LIGHT_STRIP_SECTIONS,
  RGB_RANGE,
  supportsCalibration,
  TONE_RANGE,
  WEARER_DETECTION_DELAY_MS,
} from "../src/index.ts";

describe("spec 001 §9 colour and light-strip limits", () => {
  it("offers the five colour modes with their ids", () => {
    expect(COLOR_MODES.map((m) => [m.name, m.id])).toEqual([
      ["True Color", 0],
      ["Vivid", 1],
      ["Film", 2],
      ["Warm", 3],
      ["Cold", 4],
    ]);
  });

  it("keeps the slider ranges, steps and defaults", () => {
    expect(RGB_RANGE).toEqual({ min: 0, max: 127, step: 1, default: 50 });
    expect(TONE_RANGE).toEqual({ min: 0, max: 4, step: 1, default: 0 });
    expect([LIGHT_STRIP_SECONDS, LIGHT_STRIP_SECTIONS]).toEqual([5, 6]);
    expect(LIGHT_STRIP_RANGE).toEqual({ min: 0, max: 255, step: 1, default: 75 });
  });

  it("turns the display off one minute after the glasses are removed", () => {
    expect(WEARER_DETECTION_DELAY_MS).toBe(60_000);
  });
});

describe("spec 001 §3 glasses models", () => {
  it("pairs the slugs with the handles in order, and only Luma Ultra needs no calibration", () => {
    expect(GLASSES_MODELS.map((m) => [m.slug, m.handle])).toEqual([
      ["N6", "vela-one-xr-glasses"],
      ["N6C", "vela-one-lite-xr-glasses"],
      ["N6P", "vela-pro-xr-glasses"],
      ["P6", "vela-luma-pro-xr-glasses"],
      ["P6S", "vela-luma-ultra-xr-glasses"],
    ]);
    expect(GLASSES_MODELS.filter((m) => !supportsCalibration(m.slug)).map((m) => m.slug)).toEqual(["P6S"]);
  });
});
