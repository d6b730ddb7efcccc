import type { ColorSettings, GlassesClient, LightStripFrames, WearerDetectionState } from "@vela/device";
import { useEffect, useState } from "react";
import { useI18n } from "../../../lib/i18n.tsx";
import { ConnectStep } from "../shared/connect-step.tsx";
import { ToolsNav } from "../shared/tools-nav.tsx";
import { useGlassesSession } from "../shared/use-glasses-session.ts";
import { useSessionLease } from "../shared/use-session-lease.ts";
import { useToolModel } from "../shared/use-tool-model.ts";
import { ColorAdjustment } from "./color-adjustment.tsx";
import { DeviceSwitches } from "./device-switches.tsx";
import { LightStrip } from "./light-strip.tsx";
import { ModelHelpDialog } from "./model-help-dialog.tsx";
import "../firmware.css";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";

interface DeviceSettings {
  color: ColorSettings;
  lightStrip: LightStripFrames;
  wearer: WearerDetectionState;
  highColorAccuracy: boolean;
  blueLight: boolean;
}

/** The applied settings, read again at every (re)connection: previews do not outlive a connection. */
function useDeviceSettings(client: GlassesClient | null, connected: boolean) {
  const [settings, setSettings] = useState<DeviceSettings | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!client || !connected) return;
    let cancelled = false;
    setFailed(false);
    (async () => {
      try {
        const color = await client.getColor();
        const lightStrip = await client.getLightStrip();
        const wearer = await client.getWearerDetection();
        const highColorAccuracy = await client.getHighColorAccuracy();
        const blueLight = await client.getBlueLightProtection();
        if (!cancelled) setSettings({ color, lightStrip, wearer, highColorAccuracy, blueLight });
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [client, connected]);
  return { settings, failed };
}

export function ColorPage() {
  const { t } = useI18n();
  useSessionLease();
  const session = useGlassesSession();
  const [model, setModel] = useToolModel();
  const [helpOpen, setHelpOpen] = useState(false);
  const connected = session.status === "connected" && session.client !== null;
  const { settings, failed } = useDeviceSettings(session.client, connected);
  const ready = connected && settings !== null;

  return (
    <div className="page tool-page">
      <PageMeta title={t("firmware.color.pageTitle")} />
      <h1>{t("firmware.color.pageTitle")}</h1>
      <ToolsNav />
      <p className="lead">{t("firmware.color.intro")}</p>

      <ConnectStep
        model={model}
        onModelChange={setModel}
        typeHelp={
          <button
            type="button"
            className="help-button"
            aria-label={t("firmware.help.title")}
            aria-haspopup="dialog"
            onClick={() => setHelpOpen(true)}
          >
            ?
          </button>
        }
      />
      <ModelHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />

      {failed ? (
        <p className="error-box" role="alert">
          {t("firmware.color.loadFailed")}
        </p>
      ) : null}

      <ColorAdjustment client={session.client} enabled={ready} loaded={settings?.color ?? null} />
      <LightStrip client={session.client} enabled={ready} loaded={settings?.lightStrip ?? null} />
      <DeviceSwitches
        client={session.client}
        enabled={ready}
        wearer={settings?.wearer ?? null}
        highColorAccuracy={settings?.highColorAccuracy ?? null}
        blueLight={settings?.blueLight ?? null}
      />
    </div>
  );
}
