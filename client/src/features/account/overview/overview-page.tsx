import { useQuery } from "@tanstack/react-query";
import { OVERVIEW_ORDER_COUNT } from "@vela/shared";
import { Link } from "react-router-dom";
import { useI18n } from "../../../lib/i18n.tsx";
import { personName } from "../../../lib/names.ts";
import { PATHS } from "../../../lib/routes.ts";
import { useTRPC } from "../../../lib/trpc.ts";
import { Button } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";
import { Spinner } from "../../../ui/spinner.tsx";
import { OrderSummaryRow } from "../shared/order-summary-row.tsx";
import { useLoginOn401 } from "../shared/use-login-on-401.ts";
import { useLogout } from "./use-logout.ts";

export function OverviewPage() {
  const i18n = useI18n();
  const { t, date, errorText } = i18n;
  const trpc = useTRPC();

  const me = useQuery(trpc.account.me.queryOptions());
  // In the background; a failure here is silent (spec 000 §8).
  const recent = useQuery(trpc.orders.list.queryOptions({ limit: OVERVIEW_ORDER_COUNT }));
  useLoginOn401(me.error);
  const logout = useLogout();

  const customer = me.data?.customer;
  return (
    <section className="page overview">
      <PageMeta title={t("overview.title")} noindex />
      <h1>{t("overview.title")}</h1>
      {me.isPending ? <Spinner /> : null}
      {me.error ? (
        <ErrorBox
          message={errorText(me.error, "customer")}
          onRetry={() => void me.refetch()}
          retrying={me.isFetching}
        />
      ) : null}
      {customer ? (
        <>
          <div className="card">
            <h2 className="card-title">{t("overview.details")}</h2>
            <dl className="facts">
              <div>
                <dt>{t("overview.name")}</dt>
                <dd>{personName(i18n.locale, customer.firstName, customer.lastName)}</dd>
              </div>
              <div>
                <dt>{t("overview.email")}</dt>
                <dd>{customer.email}</dd>
              </div>
              {customer.phone ? (
                <div>
                  <dt>{t("overview.phone")}</dt>
                  <dd>{customer.phone}</dd>
                </div>
              ) : null}
              <div>
                <dt>{t("overview.createdAt")}</dt>
                <dd>
                  <time dateTime={customer.createdAt}>{date(customer.createdAt)}</time>
                </dd>
              </div>
            </dl>
            {logout.error ? <ErrorBox message={errorText(logout.error, "logout")} /> : null}
            <Button
              variant="secondary"
              busy={logout.isPending || logout.isSuccess}
              onClick={() => logout.mutate()}
            >
              {logout.isPending ? t("overview.loggingOut") : t("overview.logout")}
            </Button>
          </div>

          {recent.data ? (
            <div className="recent-orders">
              <h2>{t("overview.recentOrders")}</h2>
              {recent.data.orders.edges.length === 0 ? (
                <p>
                  {t("orders.empty")} <Link to={PATHS.products}>{t("orders.shop")}</Link>
                </p>
              ) : (
                <>
                  <ul className="order-list">
                    {recent.data.orders.edges.map(({ node }) => (
                      <OrderSummaryRow key={node.id} order={node} />
                    ))}
                  </ul>
                  <p>
                    <Link to={PATHS.orders}>{t("overview.allOrders")}</Link>
                  </p>
                </>
              )}
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
