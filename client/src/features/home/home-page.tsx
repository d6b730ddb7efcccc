import { BRAND } from "@vela/shared";
import { Link } from "react-router-dom";
import { useI18n } from "../../app/i18n.tsx";
import { usePageTitle } from "../../app/page-title.ts";
import { PATHS } from "../../app/routes.ts";

/** A placeholder until the content site's home page lands. */
export function HomePage() {
  const { t } = useI18n();
  usePageTitle(null);
  return (
    <section className="page home">
      <h1>{t("home.title", { brand: BRAND.name })}</h1>
      <p className="lead">{t("home.intro")}</p>
      <p className="actions">
        <Link className="btn btn-primary" to={PATHS.products}>
          {t("home.shop")}
        </Link>
        <Link className="btn btn-secondary" to={PATHS.account}>
          {t("home.account")}
        </Link>
      </p>
    </section>
  );
}
