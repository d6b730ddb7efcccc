import {
  defaultLightStrip,
  type GlassesClient,
  LIGHT_STRIP_RANGE,
  LIGHT_STRIP_SECONDS,
  LIGHT_STRIP_SECTIONS,
  type LightStripFrames,
} from "@vela/device";
import { useId, useState } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { Tabs } from "../../../ui/tabs.tsx";
import { LiveSettingActions } from "./live-setting-actions.tsx";
import { RangeSlider } from "./range-slider.tsx";
import { useLiveSetting } from "./use-live-setting.ts";

const SECOND_TABS = Array.from({ length: LIGHT_STRIP_SECONDS }, (_, s) => s);
const copy = (frames: LightStripFrames): LightStripFrames => frames.map((second) => [...second]);
const same = (a: LightStripFrames, b: LightStripFrames) =>
  a.every((second, s) => second.every((value, i) => value === b[s]?.[i]));

/** The dynamic light strip: a 5-second loop, six section brightnesses per second (spec 001 §2, §9). */
export function LightStrip({
  client,
  enabled,
  loaded,
}: {
  client: GlassesClient | null;
  enabled: boolean;
  loaded: LightStripFrames | null;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const [second, setSecond] = useState(0);
  const setting = useLiveSetting<LightStripFrames>({
    defaults: defaultLightStrip,
    loaded,
    copy,
    same,
    preview: async (value) => {
      if (client?.connected) await client.previewLightStrip(value);
    },
    store: client ? (value) => client.applyLightStrip(value) : null,
  });
  const { value: frames, applying } = setting;

  const setSection = (section: number, value: number) => {
    const next = copy(frames);
    const row = next[second];
    if (row) row[section] = value;
    setting.change(next);
  };

  const disabled = !enabled || applying;

  return (
    <section className="tool-step card" aria-labelledby={headingId} data-testid="light-strip">
      <h2 id={headingId} className="card-title">
        {t("firmware.strip.title")}
      </h2>
      <p>{t("firmware.strip.intro")}</p>
      <p className="notice notice-info" role="note">
        {t("firmware.strip.power")}
      </p>
      <Tabs
        label={t("firmware.strip.seconds")}
        tabs={SECOND_TABS.map((s) => ({ key: String(s), label: t("firmware.strip.second", { n: s + 1 }) }))}
        selected={second}
        onSelect={setSecond}
        listClassName="strip-tabs"
        tabClassName="strip-tab"
        panelClassName="slider-grid strip-panel"
      >
        {Array.from({ length: LIGHT_STRIP_SECTIONS }, (_, i) => (
          <RangeSlider
            // biome-ignore lint/suspicious/noArrayIndexKey: the six sections are fixed positions.
            key={i}
            label={t("firmware.strip.section", { n: i + 1 })}
            value={frames[second]?.[i] ?? LIGHT_STRIP_RANGE.default}
            range={LIGHT_STRIP_RANGE}
            disabled={disabled}
            testId={`strip-section-${i + 1}`}
            onChange={(value) => setSection(i, value)}
          />
        ))}
      </Tabs>
      <LiveSettingActions
        setting={setting}
        enabled={enabled}
        resetLabel={t("firmware.strip.reset")}
        applyLabel={t("firmware.strip.apply")}
        appliedText={t("firmware.strip.applied")}
      />
    </section>
  );
}
