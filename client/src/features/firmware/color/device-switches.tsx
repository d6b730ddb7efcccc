import type { GlassesClient, WearerDetectionState } from "@vela/device";
import { useEffect, useId, useState } from "react";
import { useI18n } from "../../../app/i18n.tsx";
import { glassesSession } from "../shared/glasses-session.ts";
import { SwitchField } from "./switch-field.tsx";

/** Wearer Detection and High Color Accuracy Mode: both disabled until the glasses are connected. */
export function DeviceSwitches({
  client,
  enabled,
  wearer: loadedWearer,
  highColorAccuracy: loadedHca,
}: {
  client: GlassesClient | null;
  enabled: boolean;
  wearer: WearerDetectionState | null;
  highColorAccuracy: boolean | null;
}) {
  const { t } = useI18n();
  const headingId = useId();
  const [wearer, setWearer] = useState<WearerDetectionState | null>(loadedWearer);
  const [wearerBusy, setWearerBusy] = useState(false);
  const [wearerFailed, setWearerFailed] = useState(false);
  const [hca, setHca] = useState<boolean | null>(loadedHca);
  const [hcaPhase, setHcaPhase] = useState<"idle" | "restarting" | "done" | "failed">("idle");

  useEffect(() => setWearer(loadedWearer), [loadedWearer]);
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
