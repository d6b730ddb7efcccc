import { isMessageKey } from "@vela/i18n";
import { RETURN_LIST_FILTERS, RETURN_STATUSES, type ReturnListFilter } from "@vela/shared";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router-dom";
import { useListFilters } from "../../../lib/admin/list-state.ts";
import { useAdminText } from "../../../lib/admin/text.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { Button } from "../../../ui/button.tsx";
import { TextField } from "../../../ui/field.tsx";
import { returnHref, StatusBadge } from "./return-text.tsx";
import { type ReturnRow, useReturnList } from "./use-returns.ts";

const FILTERS = ["show", "order"] as const;

const isFilter = (v: string | undefined): v is ReturnListFilter =>
  v !== undefined && (RETURN_LIST_FILTERS as readonly string[]).includes(v);

/**
 * /admin/returns (returns.manage): the returns waiting for a decision, oldest first; or, by the
 * filter in the URL (`?show=open|all|<state>&order=1027`), the others.
 */
export default function ReturnsPage() {
  const { t, errorText } = useAdminText();
  const filters = useListFilters(FILTERS);
  const show: ReturnListFilter = isFilter(filters.values.show) ? filters.values.show : "waiting";
  const order = /^[1-9]\d{0,9}$/.test(filters.values.order ?? "") ? Number(filters.values.order) : undefined;
  const list = useReturnList(show, order);
  const rows = list.data?.pages.flatMap((p) => p.returns);
  const columns = useColumns();
  return (
    <AdminPage title={t("admin.returns.title")}>
      <p>{t("admin.returns.intro")}</p>
      <FilterForm
        show={show}
        order={filters.values.order ?? ""}
        onApply={(next) => filters.set(next)}
        onClear={filters.clear}
      />
      <AdminTable
        caption={t("admin.returns.list.caption")}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty={t("admin.returns.list.empty")}
        error={list.isError ? errorText(list.error) : null}
        onRetry={() => list.refetch()}
        pager={{
          hasMore: list.hasNextPage,
          loadingMore: list.isFetchingNextPage,
          loadMore: () => list.fetchNextPage(),
        }}
      />
    </AdminPage>
  );
}

function FilterForm({
  show,
  order,
  onApply,
  onClear,
}: {
  show: ReturnListFilter;
  order: string;
  onApply(next: { show: string; order: string }): void;
  onClear(): void;
}) {
  const { t, tKey } = useAdminText();
  const showId = useId();
  const [draft, setDraft] = useState({ show: show as string, order });
  // The URL changed (back button, a shared link): the fields follow it.
  useEffect(() => setDraft({ show, order }), [show, order]);
  const label = (f: ReturnListFilter) => {
    const key = (RETURN_STATUSES as readonly string[]).includes(f)
      ? `admin.returns.status.${f}`
      : `admin.returns.filter.${f}`;
    return isMessageKey(key) ? tKey(key) : f;
  };
  return (
    <div className="admin-filters">
      <form
        className="admin-filter-form"
        aria-label={t("admin.returns.filter.region")}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onApply({ show: draft.show === "waiting" ? "" : draft.show, order: draft.order });
        }}
      >
        <div className="field">
          <label htmlFor={showId}>{t("admin.returns.filter.label")}</label>
          <select
            id={showId}
            name="show"
            value={draft.show}
            onChange={(e) => setDraft({ ...draft, show: e.target.value })}
          >
            {RETURN_LIST_FILTERS.map((f) => (
              <option key={f} value={f}>
                {label(f)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t("admin.returns.filter.order")}
          name="order"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          value={draft.order}
          onValueChange={(value) => setDraft({ ...draft, order: value })}
        />
        <div className="admin-actions">
          <Button type="submit">{t("admin.returns.filter.apply")}</Button>
          {show !== "waiting" || order ? (
            <Button variant="secondary" onClick={onClear}>
              {t("admin.returns.filter.clear")}
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}

function useColumns(): AdminColumn<ReturnRow>[] {
  const { t, tKey, date } = useAdminText();
  const reason = (r: string) => {
    const key = `admin.returns.reason.${r}`;
    return isMessageKey(key) ? tKey(key) : r;
  };
  return [
    {
      key: "number",
      header: t("admin.returns.col.number"),
      rowHeader: true,
      cell: (r) => <Link to={returnHref(r.id)}>{r.number}</Link>,
    },
    { key: "status", header: t("admin.returns.col.status"), cell: (r) => <StatusBadge status={r.status} /> },
    { key: "order", header: t("admin.returns.col.order"), cell: (r) => `#${r.orderNumber}` },
    {
      key: "customer",
      header: t("admin.returns.col.customer"),
      cell: (r) => (
        <>
          {r.email}
          {r.guest ? <span className="muted"> ({t("admin.returns.guest")})</span> : null}
        </>
      ),
    },
    { key: "units", header: t("admin.returns.col.units"), className: "num", cell: (r) => r.units },
    {
      key: "requested",
      header: t("admin.returns.col.requested"),
      cell: (r) => <time dateTime={r.requestedAt}>{date(r.requestedAt, "medium")}</time>,
    },
    { key: "reason", header: t("admin.returns.col.reason"), cell: (r) => reason(r.reason) },
  ];
}
