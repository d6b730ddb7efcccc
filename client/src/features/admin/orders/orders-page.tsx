import { FINANCIAL_STATUSES, FULFILLMENT_STATUSES } from "@vela/shared";
import { ORDER_CURRENCIES, ORDER_SEARCH_MAX } from "@vela/shared/admin";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router-dom";
import { useListFilters } from "../../../lib/admin/list-state.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { SelectField } from "../../../ui/admin/fields.tsx";
import { Button } from "../../../ui/button.tsx";
import { TextField } from "../../../ui/field.tsx";
import { useOrderText } from "./order-text.ts";
import "./orders.css";
import { FinancialBadge, FulfilmentBadge } from "./status-badges.tsx";
import { ORDER_FILTERS, type OrderFilter, type OrderListRow, useOrderList } from "./use-orders.ts";

type FilterKey = Exclude<OrderFilter, "cursor" | "dir">;
type Values = Record<FilterKey, string>;
const blank = (): Values => ({
  q: "",
  financialStatus: "",
  fulfillmentStatus: "",
  currencyCode: "",
  from: "",
  to: "",
});

/**
 * /admin/orders (orders.read): every order, newest first, searched by number, email or name and
 * filtered by payment, fulfilment, currency and dates, in pages read by keyset cursors. The
 * search, the filters and the page are in the URL (`?q=&financialStatus=&cursor=&dir=`).
 */
export default function OrdersPage() {
  const { t, failure } = useOrderText();
  const filters = useListFilters(ORDER_FILTERS);
  const list = useOrderList(filters.values);
  const { cursor, dir, ...chosen } = filters.values;
  const filtered = Object.keys(chosen).length > 0;
  const columns = useColumns();
  const page = list.data;
  return (
    <AdminPage title={t("admin.orders.title")}>
      <p>{t("admin.orders.intro")}</p>
      <FilterForm
        values={chosen}
        // A new search starts on the first page.
        onApply={(next) => filters.set({ ...next, cursor: undefined, dir: undefined })}
        onClear={filters.clear}
      />
      <AdminTable
        caption={filtered ? t("admin.orders.list.captionFiltered") : t("admin.orders.list.caption")}
        columns={columns}
        rows={page?.orders}
        rowKey={(o) => o.number}
        empty={filtered ? t("admin.orders.list.emptyFiltered") : t("admin.orders.list.empty")}
        error={list.isError ? failure(list.error) : null}
        onRetry={() => list.refetch()}
      />
      {page && (cursor || page.nextCursor) ? (
        <nav className="admin-actions admin-pager" aria-label={t("admin.orders.pager")}>
          {cursor ? (
            <Button variant="secondary" onClick={() => filters.set({ cursor: undefined, dir: undefined })}>
              {t("admin.orders.pager.newest")}
            </Button>
          ) : null}
          {page.prevCursor ? (
            <Button
              variant="secondary"
              busy={list.isPlaceholderData}
              onClick={() => filters.set({ cursor: page.prevCursor ?? undefined, dir: "prev" })}
            >
              {t("admin.orders.pager.newer")}
            </Button>
          ) : null}
          {page.nextCursor ? (
            <Button
              variant="secondary"
              busy={list.isPlaceholderData}
              onClick={() => filters.set({ cursor: page.nextCursor ?? undefined, dir: "next" })}
            >
              {t("admin.orders.pager.older")}
            </Button>
          ) : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}

function FilterForm({
  values,
  onApply,
  onClear,
}: {
  values: Partial<Values>;
  onApply(next: Partial<Values>): void;
  onClear(): void;
}) {
  const { t, financial, fulfilment } = useOrderText();
  const id = useId();
  const [draft, setDraft] = useState<Values>(() => ({ ...blank(), ...values }));
  const [submitted, setSubmitted] = useState(false);
  // The URL changed (back button, a shared link): the fields follow it. Compared by content, so
  // that a render that only rebuilt the object leaves what the member is typing alone.
  const shown = JSON.stringify(values);
  useEffect(() => setDraft({ ...blank(), ...(JSON.parse(shown) as Partial<Values>) }), [shown]);
  const datesOutOfOrder = Boolean(draft.from && draft.to && draft.from > draft.to);
  const field = (name: FilterKey) => ({
    name,
    value: draft[name],
    onValueChange: (value: string) => setDraft((d) => ({ ...d, [name]: value })),
  });
  const any = { value: "", label: t("admin.orders.filter.any") };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is a landmark only in newer browsers (and unknown to jsdom); the role says it everywhere.
    <section className="admin-filters" role="search" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t("admin.orders.filters")}
      </h2>
      <form
        className="admin-filter-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setSubmitted(true);
          if (!datesOutOfOrder) onApply(draft);
        }}
      >
        <TextField
          label={t("admin.orders.search.label")}
          hint={t("admin.orders.search.hint")}
          type="search"
          maxLength={ORDER_SEARCH_MAX}
          autoComplete="off"
          spellCheck={false}
          {...field("q")}
        />
        <SelectField
          label={t("admin.orders.filter.financial")}
          options={[any, ...FINANCIAL_STATUSES.map((s) => ({ value: s, label: financial(s) }))]}
          {...field("financialStatus")}
        />
        <SelectField
          label={t("admin.orders.filter.fulfilment")}
          options={[any, ...FULFILLMENT_STATUSES.map((s) => ({ value: s, label: fulfilment(s) }))]}
          {...field("fulfillmentStatus")}
        />
        <SelectField
          label={t("admin.orders.filter.currency")}
          options={[any, ...ORDER_CURRENCIES.map((c) => ({ value: c, label: c }))]}
          {...field("currencyCode")}
        />
        <TextField
          label={t("admin.orders.filter.from")}
          hint={t("admin.orders.filter.datesHint")}
          type="date"
          {...field("from")}
        />
        <TextField
          label={t("admin.orders.filter.to")}
          type="date"
          error={submitted && datesOutOfOrder ? t("admin.orders.filter.dateOrder") : null}
          {...field("to")}
        />
        <div className="admin-actions">
          <Button type="submit">{t("admin.filters.apply")}</Button>
          <Button variant="secondary" onClick={onClear}>
            {t("admin.filters.clear")}
          </Button>
        </div>
      </form>
    </section>
  );
}

function useColumns(): AdminColumn<OrderListRow>[] {
  const { t, dateTime, minor } = useOrderText();
  return [
    {
      key: "number",
      header: t("admin.orders.col.number"),
      rowHeader: true,
      cell: (o) => (
        <Link to={`/admin/orders/${o.number}`}>{t("admin.orders.number", { number: o.number })}</Link>
      ),
    },
    {
      key: "date",
      header: t("admin.orders.col.date"),
      cell: (o) => <time dateTime={o.placedAt}>{dateTime(o.placedAt)}</time>,
    },
    {
      key: "customer",
      header: t("admin.orders.col.customer"),
      cell: (o) => (
        <>
          {o.customer.name}
          {o.customer.account ? null : <span className="admin-muted"> ({t("admin.orders.guest")})</span>}
          <br />
          <span className="admin-muted">{o.customer.email}</span>
        </>
      ),
    },
    {
      key: "total",
      header: t("admin.orders.col.total"),
      className: "num",
      cell: (o) => minor(o.total, o.currencyCode),
    },
    {
      key: "financial",
      header: t("admin.orders.col.financial"),
      cell: (o) => <FinancialBadge status={o.financialStatus} />,
    },
    {
      key: "fulfilment",
      header: t("admin.orders.col.fulfilment"),
      cell: (o) => <FulfilmentBadge status={o.fulfillmentStatus} />,
    },
  ];
}
