import { toMoney } from "@vela/shared";
import { type ReactNode, useId } from "react";
import { Link } from "react-router-dom";
import { useCan } from "../../../lib/admin/staff.tsx";
import { useAdminText } from "../../../lib/admin/text.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { Spinner } from "../../../ui/spinner.tsx";
import { type DashboardSummary, useDashboard } from "./use-dashboard.ts";
import "./dashboard.css";

type Sales = DashboardSummary["today"]["sales"][number];

/**
 * /admin (orders.read): today's orders and sales per currency (the store's day: UTC), the orders
 * waiting to ship, the returns waiting for a decision, and the mails the outbox held back or
 * cannot deliver.
 */
export default function DashboardPage() {
  const { t, errorText } = useAdminText();
  const summary = useDashboard();
  return (
    <AdminPage title={t("admin.dashboard.title")}>
      {summary.isPending ? (
        <Spinner label={t("admin.dashboard.loading")} />
      ) : summary.isError ? (
        <ErrorBox
          message={errorText(summary.error)}
          onRetry={() => summary.refetch()}
          retrying={summary.isFetching}
        />
      ) : (
        <Figures summary={summary.data} />
      )}
    </AdminPage>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A figure with its label, large enough to read across the room. */
function Figure({ label, value, link }: { label: string; value: ReactNode; link?: ReactNode }) {
  return (
    <div className="dashboard-figure">
      <dt>{label}</dt>
      <dd>
        <span className="dashboard-value">{value}</span>
        {link ? <span className="dashboard-link">{link}</span> : null}
      </dd>
    </div>
  );
}

function Figures({ summary: s }: { summary: DashboardSummary }) {
  const { t, money, date } = useAdminText();
  const returns = useCan("returns.manage", "all");
  const columns: AdminColumn<Sales>[] = [
    {
      key: "currency",
      header: t("admin.dashboard.today.col.currency"),
      rowHeader: true,
      cell: (r) => r.currencyCode,
    },
    { key: "orders", header: t("admin.dashboard.today.col.orders"), className: "num", cell: (r) => r.orders },
    {
      key: "amount",
      header: t("admin.dashboard.today.col.amount"),
      className: "num",
      cell: (r) => money(toMoney(r.amount, r.currencyCode)),
    },
  ];
  const mailTrouble = s.mails.held + s.mails.failing + s.mails.gaveUp > 0;
  return (
    <>
      <p>{t("admin.dashboard.day", { date: date(`${s.day.date}T12:00:00Z`, "long") })}</p>
      <Panel title={t("admin.dashboard.today")}>
        <dl className="dashboard-figures">
          <Figure label={t("admin.dashboard.today.orders")} value={s.today.orders} />
        </dl>
        <AdminTable
          caption={t("admin.dashboard.today.salesCaption")}
          columns={columns}
          rows={s.today.sales}
          rowKey={(r) => r.currencyCode}
          empty={t("admin.dashboard.today.none")}
        />
      </Panel>
      <Panel title={t("admin.dashboard.waiting")}>
        <dl className="dashboard-figures">
          <Figure
            label={t("admin.dashboard.waiting.ship")}
            value={s.waitingToShip}
            link={
              <Link to="/admin/orders?fulfillmentStatus=UNFULFILLED">
                {t("admin.dashboard.waiting.shipLink")}
              </Link>
            }
          />
          <Figure
            label={t("admin.dashboard.waiting.returns")}
            value={s.returnsWaiting}
            link={
              returns ? <Link to="/admin/returns">{t("admin.dashboard.waiting.returnsLink")}</Link> : null
            }
          />
        </dl>
      </Panel>
      <Panel title={t("admin.dashboard.mails")}>
        {mailTrouble ? (
          <dl className="dashboard-figures">
            <Figure label={t("admin.dashboard.mails.held")} value={s.mails.held} />
            <Figure label={t("admin.dashboard.mails.failing")} value={s.mails.failing} />
            <Figure label={t("admin.dashboard.mails.gaveUp")} value={s.mails.gaveUp} />
          </dl>
        ) : (
          <p>{t("admin.dashboard.mails.fine")}</p>
        )}
      </Panel>
    </>
  );
}
