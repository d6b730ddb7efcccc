import { useI18n } from "../lib/i18n.tsx";

export function Spinner({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className="spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="spinner-label">{label ?? t("common.loading")}</span>
    </div>
  );
}
