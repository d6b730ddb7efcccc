import type { GlassesClient, WearerDetectionState } from "@vela/device";
import { useEffect, useId, useState } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { glassesSession } from "../shared/glasses-session.ts";
import { SwitchField } from "./switch-field.tsx";

/**
 * Wearer Detection, High Color Accuracy Mode and Blue Light Protection: all disabled until the
 * glasses are connected, and all kept on the glasses (read again at every connection). Blue light
 * protection starts as the glasses report it: on from the factory on the One Lite (N6C) only,
 * the model whose owners watch longest without tuning (models.ts, docs/device-protocol.md).
 */
export function DeviceSwitches({
  client,
  enabled,
  wearer: loadedWearer,
  highColorAccuracy: loadedHca,
  blueLight: loadedBlueLight = null,
}: {
  client: GlassesClient | null;
  enabled: boolean;
  wearer: WearerDetectionState | null;
  highColorAccuracy: boolean | null;
  blueLight?: boolean | null;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const [wearer, setWearer] = useState<WearerDetectionState | null>(loadedWearer);
  const [wearerBusy, setWearerBusy] = useState(false);
  const [wearerFailed, setWearerFailed] = useState(false);
  const [hca, setHca] = useState<boolean | null>(loadedHca);
  const [hcaPhase, setHcaPhase] = useState<"idle" | "restarting" | "done" | "failed">("idle");

  const [blueLight, setBlueLight] = useState<boolean | null>(loadedBlueLight);
  const [blueLightBusy, setBlueLightBusy] = useState(false);
  const [blueLightFailed, setBlueLightFailed] = useState(false);

  useEffect(() => setWearer(loadedWearer), [loadedWearer]);
  useEffect(() => setBlueLight(loadedBlueLight), [loadedBlueLight]);
  useEffect(() => setHca(loadedHca), [loadedHca]);

  // The glasses push every change of worn / display state.
  useEffect(() => {
    if (!client) return;
    return client.on("wearState", (state) =>
      setWearer((current) =>
        current ? { ...current, worn: state.worn, displayOn: state.displayOn } : current,
      ),
    );
  }, [client]);

  const toggleWearer = async () => {
    if (!client || !wearer) return;
    setWearerBusy(true);
    setWearerFailed(false);
    try {
      setWearer(await client.setWearerDetection(!wearer.enabled));
    } catch {
      setWearerFailed(true);
    } finally {
      setWearerBusy(false);
    }
  };

  const toggleBlueLight = async () => {
    if (!client || blueLight === null) return;
    setBlueLightBusy(true);
    setBlueLightFailed(false);
    try {
      setBlueLight(await client.setBlueLightProtection(!blueLight));
    } catch {
      setBlueLightFailed(true);
    } finally {
      setBlueLightBusy(false);
    }
  };

  const toggleHca = async () => {
    if (hca === null) return;
    setHcaPhase("restarting");
    try {
      // The glasses restart when the mode changes; the client waits and reconnects by itself.
      const now = await glassesSession.run(
        async (c) => {
          await c.setHighColorAccuracy(!hca);
          return c.getHighColorAccuracy();
        },
        { restarts: true },
      );
      setHca(now);
      setHcaPhase("done");
    } catch {
      setHcaPhase("failed");
    }
  };

  const restarting = hcaPhase === "restarting";
  return (
    <section className="tool-step card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        {t("firmware.switches.title")}
      </h2>
      <SwitchField
        label={t("firmware.wearer.label")}
        description={t("firmware.wearer.description")}
        checked={wearer?.enabled ?? false}
        disabled={!enabled || !wearer || restarting}
        busy={wearerBusy}
        onToggle={() => void toggleWearer()}
        testId="wearer-detection"
      />
      {enabled && wearer ? (
        <p className="tool-status" role="status" data-testid="wear-state">
          {wearer.worn ? t("firmware.wearer.worn") : t("firmware.wearer.removed")}{" "}
          {wearer.displayOn ? t("firmware.wearer.displayOn") : t("firmware.wearer.displayOff")}
        </p>
      ) : null}
      {wearerFailed ? (
        <p className="error-box" role="alert">
          {t("firmware.switches.failed")}
        </p>
      ) : null}
      <SwitchField
        label={t("firmware.blueLight.label")}
        description={t("firmware.blueLight.description")}
        checked={blueLight ?? false}
        disabled={!enabled || blueLight === null || restarting}
        busy={blueLightBusy}
        onToggle={() => void toggleBlueLight()}
        testId="blue-light-protection"
      />
      {blueLightFailed ? (
        <p className="error-box" role="alert">
          {t("firmware.switches.failed")}
        </p>
      ) : null}
      <SwitchField
        label={t("firmware.hca.label")}
        description={t("firmware.hca.description")}
        checked={hca ?? false}
        disabled={!enabled || hca === null}
        busy={restarting}
        onToggle={() => void toggleHca()}
        testId="high-color-accuracy"
      />
      <p className="tool-status" role="status" data-testid="hca-status" data-phase={hcaPhase}>
        {hcaPhase === "restarting"
          ? t("firmware.hca.restarting")
          : hcaPhase === "done"
            ? hca
              ? t("firmware.hca.doneOn")
              : t("firmware.hca.doneOff")
            : hcaPhase === "failed"
              ? t("firmware.hca.failed")
              : ""}
      </p>
    </section>
  );
}
