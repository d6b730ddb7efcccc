import { Outlet } from "react-router-dom";
import { AccountTabs } from "./account-tabs.tsx";

/** The signed-in account pages: the section tabs, then the page. */
export function AccountLayout() {
  return (
    <div className="account">
      <AccountTabs />
      <div className="account-page">
        <Outlet />
      </div>
    </div>
  );
}
