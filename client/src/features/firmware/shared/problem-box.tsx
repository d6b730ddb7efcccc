import { getGlassesModel, VELA_USB_VENDOR_ID } from "@vela/device";
import { useI18n } from "../../../lib/i18n.tsx";
import type { ConnectProblem } from "./glasses-session.ts";

const vendorHex = VELA_USB_VENDOR_ID.toString(16).padStart(4, "0");

/** The udev rule that lets the logged-in user open the glasses' hidraw node. */
export const UDEV_RULE = `KERNEL=="hidraw*", ATTRS{idVendor}=="${vendorHex}", MODE="0660", TAG+="uaccess"`;
export const UDEV_FILE = "/etc/udev/rules.d/70-vela-glasses.rules";
export const UDEV_RELOAD = "sudo udevadm control --reload-rules && sudo udevadm trigger";

/** Why connecting did not work, and what to do about it. */
export function ProblemBox({ problem }: { problem: ConnectProblem }) {
  const { t } = useI18n();
  if (problem === "linux-permission") {
    return (
      <div className="error-box tool-problem" role="alert" data-testid="connect-problem">
        <p className="error-box-text">{t("firmware.problem.linuxPermission")}</p>
        <ol className="tool-udev">
          <li>
            {t("firmware.problem.udevCreate", { file: UDEV_FILE })}
            <pre>
              <code>{UDEV_RULE}</code>
            </pre>
          </li>
          <li>
            {t("firmware.problem.udevReload")}
            <pre>
              <code>{UDEV_RELOAD}</code>
            </pre>
          </li>
          <li>{t("firmware.problem.udevReplug")}</li>
        </ol>
      </div>
    );
  }
  const text = (() => {
    switch (problem) {
      case "no-webhid":
        return t("firmware.connect.noWebHid");
      case "open-failed":
        return t("firmware.problem.openFailed");
      case "no-answer":
        return t("firmware.problem.noAnswer");
      case "not-found":
        return t("firmware.problem.notFound");
      case "unsupported-device":
        return t("firmware.problem.unsupportedDevice");
      case "calibration-not-supported":
        return t("firmware.problem.calibrationNotSupported", { name: getGlassesModel("P6S").productName });
      default:
        return t("firmware.problem.failed");
    }
  })();
  return (
    <div className="error-box tool-problem" role="alert" data-testid="connect-problem">
      <p className="error-box-text">{text}</p>
    </div>
  );
}
