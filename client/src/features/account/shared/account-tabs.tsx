import { Link, useLocation } from "react-router-dom";
import { useI18n } from "../../../lib/i18n.tsx";
import { ACCOUNT_TABS, isTabActive } from "./tab-active.ts";

export function AccountTabs() {
  const { t, tKey } = useI18n();
  const { pathname } = useLocation();
  return (
    <nav className="section-nav account-tabs" aria-label={t("account.nav.label")}>
      <ul>
        {ACCOUNT_TABS.map((tab) => {
          const active = isTabActive(tab.path, pathname);
          return (
            <li key={tab.path}>
              <Link
                to={tab.path}
                aria-current={active ? "page" : undefined}
                className={active ? "active" : undefined}
              >
                {tKey(tab.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
