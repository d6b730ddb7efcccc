import { personName } from "@vela/shared";
import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useListFilters } from "../../../lib/admin/list-state.ts";
import { useAdminText } from "../../../lib/admin/text.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { Badge } from "../../../ui/badge.tsx";
import { Button } from "../../../ui/button.tsx";
import { TextField } from "../../../ui/field.tsx";
import { type CustomerListItem, useCustomerSearch } from "./use-customers.ts";
import "./customers.css";

const FILTERS = ["q"] as const;

/**
 * /admin/customers (customers.read): every customer, newest first, or those whose email or name
 * holds every word searched for (the search is in the URL: `?q=`), in pages with "Show more".
 */
export default function CustomersPage() {
  const { t, errorText } = useAdminText();
  const filters = useListFilters(FILTERS);
  const q = filters.values.q;
  const list = useCustomerSearch(q);
  const rows = list.data?.pages.flatMap((p) => p.customers);
  const columns = useColumns();
  return (
    <AdminPage title={t("admin.customers.title")}>
      <p>{t("admin.customers.intro")}</p>
      <SearchForm value={q ?? ""} onSearch={(next) => filters.set({ q: next })} onClear={filters.clear} />
      <AdminTable
        caption={q ? t("admin.customers.list.captionSearch", { q }) : t("admin.customers.list.caption")}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        empty={q ? t("admin.customers.list.emptySearch", { q }) : t("admin.customers.list.empty")}
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

function SearchForm({
  value,
  onSearch,
  onClear,
}: {
  value: string;
  onSearch(q: string): void;
  onClear(): void;
}) {
  const { t } = useAdminText();
  const [draft, setDraft] = useState(value);
  // The URL changed (back button, a shared link): the field follows it.
  useEffect(() => setDraft(value), [value]);
  return (
    <search className="admin-filters" aria-label={t("admin.customers.search.region")}>
      <form
        className="admin-filter-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(draft);
        }}
      >
        <TextField
          label={t("admin.customers.search.label")}
          type="search"
          name="q"
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          value={draft}
          onValueChange={setDraft}
        />
        <div className="admin-actions">
          <Button type="submit">{t("admin.customers.search.submit")}</Button>
          {value ? (
            <Button variant="secondary" onClick={onClear}>
              {t("admin.customers.search.clear")}
            </Button>
          ) : null}
        </div>
      </form>
    </search>
  );
}

function useColumns(): AdminColumn<CustomerListItem>[] {
  const { t, locale, date } = useAdminText();
  return [
    {
      key: "name",
      header: t("admin.customers.col.name"),
      rowHeader: true,
      cell: (c) => (
        <Link to={`/admin/customers/${c.id}`}>
          {personName(locale, c.firstName, c.lastName) || t("admin.customers.noName")}
        </Link>
      ),
    },
    { key: "email", header: t("admin.customers.col.email"), cell: (c) => c.email },
    {
      key: "since",
      header: t("admin.customers.col.since"),
      cell: (c) => <time dateTime={c.createdAt}>{date(c.createdAt, "medium")}</time>,
    },
    { key: "orders", header: t("admin.customers.col.orders"), className: "num", cell: (c) => c.orders },
    {
      key: "status",
      header: t("admin.customers.col.status"),
      cell: (c) => (
        <span className="admin-badges">
          {c.disabled ? (
            <Badge tone="danger">{t("admin.customers.status.disabled")}</Badge>
          ) : (
            <Badge tone="success">{t("admin.customers.status.active")}</Badge>
          )}{" "}
          {c.emailVerified ? null : <Badge tone="warning">{t("admin.customers.status.unproven")}</Badge>}
        </span>
      ),
    },
  ];
}
