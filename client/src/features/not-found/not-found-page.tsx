import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { PATHS } from "../../lib/routes.ts";

export function NotFoundPage() {
  const { t } = useI18n();
  usePageTitle(t("notFound.title"));
  return (
    <section className="page not-found">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.body")}</p>
      <p>
        <Link to={PATHS.home}>{t("notFound.home")}</Link>
      </p>
    </section>
  );
}
