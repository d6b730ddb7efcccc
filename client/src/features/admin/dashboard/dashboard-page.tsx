import { useStaff } from "../../../lib/admin/staff.tsx";
import { useI18n } from "../../../lib/i18n.tsx";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";

/** The admin's start page: a placeholder the orders area replaces with its dashboard. */
export default function DashboardPage() {
  const { t } = useI18n();
  const staff = useStaff();
  return (
    <AdminPage title={t("admin.dashboard.title")}>
      <p>{t("admin.dashboard.welcome", { email: staff.email })}</p>
    </AdminPage>
  );
}
