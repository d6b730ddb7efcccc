import { Link, useRouteError } from "react-router-dom";
import { useI18n } from "../lib/i18n.tsx";
import { PATHS } from "../lib/routes.ts";
import { ErrorBox } from "../ui/error-box.tsx";

/** A page that threw while rendering: say so, keep the way home, log for the developer. */
export function RouteError() {
  const { t } = useI18n();
  const error = useRouteError();
  console.error(error);
  return (
    <section className="page">
      <h1>{t("common.errorTitle")}</h1>
      <ErrorBox message={t("server.internal")} onRetry={() => window.location.reload()} />
      <p>
        <Link to={PATHS.home}>{t("notFound.home")}</Link>
      </p>
    </section>
  );
}
