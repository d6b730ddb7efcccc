import { BRAND } from "@vela/shared";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <section className="page not-found">
      <PageMeta title={t("notFound.title")} description={t("seo.notFound", { brand: BRAND.name })} noindex />
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.body")}</p>
      <p>
        <Link to={PATHS.home}>{t("notFound.home")}</Link>
      </p>
    </section>
  );
}
