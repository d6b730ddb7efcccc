import { useI18n } from "../lib/i18n.tsx";
import { Button } from "./button.tsx";

/** The red box of spec 000 §8, usually with a Retry button. */
export function ErrorBox({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
}) {
  const { t } = useI18n();
  return (
    <div className="error-box" role="alert">
      <p className="error-box-text">{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} busy={retrying}>
          {t("common.retry")}
        </Button>
      ) : null}
    </div>
  );
}
