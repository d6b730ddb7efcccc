import { useI18n } from "../../../lib/i18n.tsx";
import { Button } from "../../../ui/button.tsx";
import { Notice } from "../../../ui/notice.tsx";
import type { useLiveSetting } from "./use-live-setting.ts";

type LiveSetting = Pick<
  ReturnType<typeof useLiveSetting>,
  "reset" | "apply" | "applying" | "message" | "dirty"
>;

/**
 * Reset and Apply under a setting previewed live on the glasses, the note that it is not applied
 * yet, and what came of the last Apply: the colour sliders and the light strip share them.
 */
export function LiveSettingActions({
  setting,
  enabled,
  resetLabel,
  applyLabel,
  appliedText,
}: {
  setting: LiveSetting;
  enabled: boolean;
  resetLabel: string;
  applyLabel: string;
  appliedText: string;
}) {
  const { t } = useI18n();
  const { applying, message, dirty } = setting;
  return (
    <>
      <div className="actions">
        <Button variant="secondary" disabled={!enabled || applying} onClick={setting.reset}>
          {resetLabel}
        </Button>
        <Button busy={applying} disabled={!enabled} onClick={() => void setting.apply()}>
          {applyLabel}
        </Button>
        {dirty ? <span className="muted">{t("firmware.color.notApplied")}</span> : null}
      </div>
      {message === "applied" ? <Notice>{appliedText}</Notice> : null}
      {message === "failed" ? (
        <p className="error-box" role="alert">
          {t("firmware.color.applyFailed")}
        </p>
      ) : null}
    </>
  );
}
