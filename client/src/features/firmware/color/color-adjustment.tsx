import {
  COLOR_MODES,
  type ColorMode,
  type ColorSettings,
  DEFAULT_COLOR_SETTINGS,
  type GlassesClient,
  RGB_RANGE,
  TONE_RANGE,
} from "@vela/device";
import { useId } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { LiveSettingActions } from "./live-setting-actions.tsx";
import { RangeSlider } from "./range-slider.tsx";
import { useLiveSetting } from "./use-live-setting.ts";

const same = (a: ColorSettings, b: ColorSettings) =>
  (Object.keys(a) as (keyof ColorSettings)[]).every((key) => a[key] === b[key]);

/** Colour Mode, the six sliders, Reset and Apply (spec 001 §2, §9). */
export function ColorAdjustment({
  client,
  enabled,
  loaded,
}: {
  client: GlassesClient | null;
  enabled: boolean;
  /** The applied settings read from the glasses; null until read. */
  loaded: ColorSettings | null;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const setting = useLiveSetting<ColorSettings>({
    defaults: () => ({ ...DEFAULT_COLOR_SETTINGS }),
    loaded,
    copy: (value) => ({ ...value }),
    same,
    preview: async (value) => {
      if (client?.connected) await client.previewColor(value);
    },
    store: client ? (value) => client.applyColor(value) : null,
  });
  const { value: color, applying } = setting;
  const change = (patch: Partial<ColorSettings>) => setting.change({ ...color, ...patch });

  const disabled = !enabled || applying;
  const toneLabels = {
    contrast: t("firmware.color.contrast"),
    gamma: t("firmware.color.gamma"),
    temperature: t("firmware.color.temperature"),
  } as const;
  const rgbLabels = {
    red: t("firmware.color.red"),
    green: t("firmware.color.green"),
    blue: t("firmware.color.blue"),
  } as const;

  return (
    <section className="tool-step card" aria-labelledby={headingId} data-testid="color-adjustment">
      <h2 id={headingId} className="card-title">
        {t("firmware.color.title")}
      </h2>
      <fieldset className="color-modes" disabled={disabled}>
        <legend>{t("firmware.color.mode")}</legend>
        {COLOR_MODES.map((mode) => (
          <label key={mode.id} className="color-mode">
            <input
              type="radio"
              name="color-mode"
              value={mode.id}
              checked={color.mode === mode.id}
              onChange={() => change({ mode: mode.id as ColorMode })}
            />
            {colorModeName(t, mode.id)} <span className="muted">({mode.id})</span>
          </label>
        ))}
      </fieldset>
      <div className="slider-grid">
        {(["red", "green", "blue"] as const).map((key) => (
          <RangeSlider
            key={key}
            label={rgbLabels[key]}
            value={color[key]}
            range={RGB_RANGE}
            disabled={disabled}
            testId={`color-${key}`}
            onChange={(value) => change({ [key]: value })}
          />
        ))}
        {(["contrast", "gamma", "temperature"] as const).map((key) => (
          <RangeSlider
            key={key}
            label={toneLabels[key]}
            value={color[key]}
            range={TONE_RANGE}
            disabled={disabled}
            testId={`color-${key}`}
            onChange={(value) => change({ [key]: value })}
          />
        ))}
      </div>
      <LiveSettingActions
        setting={setting}
        enabled={enabled}
        resetLabel={t("firmware.color.reset")}
        applyLabel={t("firmware.color.apply")}
        appliedText={t("firmware.color.applied")}
      />
    </section>
  );
}

export function colorModeName(t: ReturnType<typeof useI18n>["t"], id: number): string {
  switch (id) {
    case 0:
      return t("firmware.color.modeTrueColor");
    case 1:
      return t("firmware.color.modeVivid");
    case 2:
      return t("firmware.color.modeFilm");
    case 3:
      return t("firmware.color.modeWarm");
    default:
      return t("firmware.color.modeCold");
  }
}
