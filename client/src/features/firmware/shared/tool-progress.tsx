import { useId } from "react";
import { useI18n } from "../../../lib/i18n.tsx";

/** `data-*` attributes that tests and styles read off the status line. */
type StatusData = { [key: `data-${string}`]: string | number };

/**
 * A long task's labelled progress bar with its percentage, and the status line under it that
 * says what is happening (red once it has failed): the update and calibration tools share it.
 */
export function ToolProgress({
  label,
  percent,
  name,
  status,
  failed,
  statusData,
}: {
  label: string;
  percent: number;
  /** Names the test ids: `<name>-percent` and `<name>-status`. */
  name: string;
  status: string;
  failed: boolean;
  statusData: StatusData;
}) {
  const { t } = useI18n();
  const progressId = useId();
  return (
    <>
      <div className="tool-progress">
        <label htmlFor={progressId}>{label}</label>
        <div className="tool-progress-row">
          <progress id={progressId} max={100} value={percent} />
          <span className="tool-progress-text" data-testid={`${name}-percent`}>
            {t("firmware.progress.percent", { percent })}
          </span>
        </div>
      </div>
      <p
        className={failed ? "tool-status tool-status-error" : "tool-status"}
        role="status"
        data-testid={`${name}-status`}
        {...statusData}
      >
        {status}
      </p>
    </>
  );
}
