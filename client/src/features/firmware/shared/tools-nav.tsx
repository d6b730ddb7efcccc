import { NavLink } from "react-router-dom";
import { useI18n } from "../../../lib/i18n.tsx";
import { PATHS } from "../../../lib/routes.ts";

/** The three glasses tools link to each other; the connection carries over between them. */
export function ToolsNav() {
  const { t } = useI18n();
  return (
    <nav aria-label={t("firmware.nav.label")} className="section-nav tools-nav">
      <ul>
        <li>
          <NavLink to={PATHS.firmwareCalibration}>{t("firmware.nav.calibration")}</NavLink>
        </li>
        <li>
          <NavLink to={PATHS.firmwareUpdate}>{t("firmware.nav.update")}</NavLink>
        </li>
        <li>
          <NavLink to={PATHS.firmwareColor}>{t("firmware.nav.color")}</NavLink>
        </li>
      </ul>
    </nav>
  );
}
