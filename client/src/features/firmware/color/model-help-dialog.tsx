import { GLASSES_MODELS } from "@vela/device";
import { useI18n } from "../../../lib/i18n.tsx";
import { Button } from "../../../ui/button.tsx";
import { Dialog } from "../../../ui/dialog.tsx";

/** Spec 001 §2: "How to check your XR Glasses model?" — on the inside of the temple arm. */
export function ModelHelpDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useI18n();
  return (
    <Dialog
      open={open}
      title={t("firmware.help.title")}
      onClose={onClose}
      actions={
        <Button data-initial-focus onClick={onClose}>
          {t("common.close")}
        </Button>
      }
    >
      <p>{t("firmware.help.body")}</p>
      <table className="model-table">
        <caption className="visually-hidden">{t("firmware.help.tableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("firmware.help.product")}</th>
            <th scope="col">{t("firmware.help.code")}</th>
          </tr>
        </thead>
        <tbody>
          {GLASSES_MODELS.map((m) => (
            <tr key={m.slug}>
              <td>{m.productName}</td>
              <td>{m.slug}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
