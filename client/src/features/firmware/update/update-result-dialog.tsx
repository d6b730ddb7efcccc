import { useI18n } from "../../../lib/i18n.tsx";
import { Button } from "../../../ui/button.tsx";
import { Dialog } from "../../../ui/dialog.tsx";

export type FailureReason =
  | "download"
  | "damaged-download"
  | "disconnected"
  | "timeout"
  | "wrong-model"
  | "verify-failed"
  | "rolled-back"
  | "chunk-refused"
  | "rejected"
  | "aborted"
  | "other";

export type UpdateResult = { kind: "success"; version: string } | { kind: "failed"; reason: FailureReason };

/** Spec 001 §2, §4, §8: Successful or failed, with Refresh and Close; both close it. */
export function UpdateResultDialog({
  result,
  onClose,
  onRefresh,
}: {
  result: UpdateResult | null;
  onClose(): void;
  onRefresh(): void;
}) {
  const { t } = useI18n();
  const success = result?.kind === "success";
  const detail = (() => {
    if (!result) return "";
    if (result.kind === "success") return t("firmware.result.successDetail", { version: result.version });
    switch (result.reason) {
      case "download":
        return t("firmware.result.download");
      case "damaged-download":
        return t("firmware.result.damagedDownload");
      case "disconnected":
        return t("firmware.result.disconnected");
      case "timeout":
        return t("firmware.result.timeout");
      case "wrong-model":
        return t("firmware.result.wrongModel");
      case "verify-failed":
        return t("firmware.result.verifyFailed");
      case "rolled-back":
        return t("firmware.result.rolledBack");
      case "chunk-refused":
        return t("firmware.result.chunkRefused");
      case "rejected":
        return t("firmware.result.rejected");
      case "aborted":
        return t("firmware.result.aborted");
      default:
        return t("firmware.result.other");
    }
  })();
  return (
    <Dialog
      open={result !== null}
      title={success ? t("firmware.result.successTitle") : t("firmware.result.failedTitle")}
      onClose={onClose}
      className={success ? "result-dialog result-success" : "result-dialog result-failed"}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("firmware.result.close")}
          </Button>
          <Button data-initial-focus onClick={onRefresh}>
            {t("firmware.result.refresh")}
          </Button>
        </>
      }
    >
      <p className="dialog-message" data-testid="result-message">
        {success ? t("firmware.result.successText") : t("firmware.result.failedText")}
      </p>
      <p className="muted" data-testid="result-detail">
        {detail}
      </p>
    </Dialog>
  );
}
