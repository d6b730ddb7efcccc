import { useI18n } from "../../../lib/i18n.tsx";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";

/** Being built: the page's first version. */
export default function Page() {
  const { t } = useI18n();
  return <AdminPage title={t("admin.shell.loading")}>{null}</AdminPage>;
}
