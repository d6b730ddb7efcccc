import { PRODUCT_TYPES } from "@vela/shared";
import {
  CATALOGUE_CSV_EXPORT_PATH,
  PRODUCT_SEARCH_MAX,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
} from "@vela/shared/admin";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router-dom";
import { useListFilters } from "../../../lib/admin/list-state.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { SelectField } from "../../../ui/admin/fields.tsx";
import { PermissionGuard } from "../../../ui/admin/permission-guard.tsx";
import { Button } from "../../../ui/button.tsx";
import { TextField } from "../../../ui/field.tsx";
import { useProductText } from "./product-text.ts";
import "./products.css";
import { StatusBadge } from "./status-badge.tsx";
import { PRODUCT_FILTERS, type ProductFilter, type ProductListRow, useProductList } from "./use-products.ts";

type FilterKey = Exclude<ProductFilter, "cursor" | "dir">;
type Values = Record<FilterKey, string>;
const blank = (): Values => ({ q: "", type: "", status: "", sort: "" });

/**
 * /admin/products (catalogue.read): every product, in the shop's order or sorted by title or by
 * the latest save, searched by title (either language), handle or SKU and filtered by type and
 * status, in pages read by keyset cursors. All of it is in the URL (`?q=&type=&status=&sort=&cursor=&dir=`).
 */
export default function ProductsPage() {
  const { t, errorText } = useProductText();
  const filters = useListFilters(PRODUCT_FILTERS);
  const list = useProductList(filters.values);
  const { cursor, dir, sort, ...chosen } = filters.values;
  const filtered = Object.keys(chosen).length > 0;
  const columns = useColumns();
  const page = list.data;
  return (
    <AdminPage
      title={t("admin.products.title")}
      actions={
        <>
          {/* A file download, under the staff cookie's path; catalogue.read, as this page. */}
          <a className="btn btn-secondary" href={CATALOGUE_CSV_EXPORT_PATH} download>
            {t("admin.catalogueCsv.export")}
          </a>
          <PermissionGuard all={["catalogue.manage"]}>
            <Link className="btn btn-secondary" to="/admin/products/import">
              {t("admin.catalogueCsv.import")}
            </Link>
            <Link className="btn btn-primary" to="/admin/products/new">
              {t("admin.products.new.link")}
            </Link>
          </PermissionGuard>
        </>
      }
    >
      <p>{t("admin.products.intro")}</p>
      <FilterForm
        values={{ ...chosen, ...(sort ? { sort } : {}) }}
        // A new search starts on the first page.
        onApply={(next) => filters.set({ ...next, cursor: undefined, dir: undefined })}
        onClear={filters.clear}
      />
      <AdminTable
        caption={filtered ? t("admin.products.list.captionFiltered") : t("admin.products.list.caption")}
        columns={columns}
        rows={page?.products}
        rowKey={(p) => p.id}
        empty={filtered ? t("admin.products.list.emptyFiltered") : t("admin.products.list.empty")}
        error={list.isError ? errorText(list.error) : null}
        onRetry={() => list.refetch()}
      />
      {page && (cursor || page.nextCursor) ? (
        <nav className="admin-actions admin-pager" aria-label={t("admin.products.pager")}>
          {cursor ? (
            <Button variant="secondary" onClick={() => filters.set({ cursor: undefined, dir: undefined })}>
              {t("admin.products.pager.first")}
            </Button>
          ) : null}
          {page.prevCursor ? (
            <Button
              variant="secondary"
              busy={list.isPlaceholderData}
              onClick={() => filters.set({ cursor: page.prevCursor ?? undefined, dir: "prev" })}
            >
              {t("admin.products.pager.prev")}
            </Button>
          ) : null}
          {page.nextCursor ? (
            <Button
              variant="secondary"
              busy={list.isPlaceholderData}
              onClick={() => filters.set({ cursor: page.nextCursor ?? undefined, dir: "next" })}
            >
              {t("admin.products.pager.next")}
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
  const { t, type, status } = useProductText();
  const id = useId();
  const [draft, setDraft] = useState<Values>(() => ({ ...blank(), ...values }));
  // The URL changed (back button, a shared link): the fields follow it, compared by content.
  const shown = JSON.stringify(values);
  useEffect(() => setDraft({ ...blank(), ...(JSON.parse(shown) as Partial<Values>) }), [shown]);
  const field = (name: FilterKey) => ({
    name,
    value: draft[name],
    onValueChange: (value: string) => setDraft((d) => ({ ...d, [name]: value })),
  });
  const any = { value: "", label: t("admin.products.filter.any") };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is a landmark only in newer browsers (and unknown to jsdom); the role says it everywhere.
    <section className="admin-filters" role="search" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t("admin.products.filters")}
      </h2>
      <form
        className="admin-filter-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onApply(draft);
        }}
      >
        <TextField
          label={t("admin.products.search.label")}
          type="search"
          maxLength={PRODUCT_SEARCH_MAX}
          autoComplete="off"
          spellCheck={false}
          {...field("q")}
        />
        <SelectField
          label={t("admin.products.filter.type")}
          options={[any, ...PRODUCT_TYPES.map((v) => ({ value: v, label: type(v) }))]}
          {...field("type")}
        />
        <SelectField
          label={t("admin.products.filter.status")}
          options={[any, ...PRODUCT_STATUSES.map((v) => ({ value: v, label: status(v) }))]}
          {...field("status")}
        />
        <SelectField
          label={t("admin.products.filter.sort")}
          options={PRODUCT_SORTS.map((v) => ({
            value: v === "position" ? "" : v,
            label: t(`admin.products.sort.${v}`),
          }))}
          {...field("sort")}
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

function useColumns(): AdminColumn<ProductListRow>[] {
  const { t, dateTime, minor, type } = useProductText();
  const range = (p: ProductListRow, currency: string) => {
    const r = p.prices[currency];
    if (!r) return null;
    return r.min === r.max ? minor(r.min, currency) : `${minor(r.min, currency)} – ${minor(r.max, currency)}`;
  };
  return [
    {
      key: "title",
      header: t("admin.products.col.title"),
      rowHeader: true,
      cell: (p) => (
        <>
          <Link to={`/admin/products/${p.id}`}>{p.title}</Link>
          {p.titleJa ? (
            <>
              <br />
              <span className="admin-muted" lang="ja">
                {p.titleJa}
              </span>
            </>
          ) : null}
          <br />
          <span className="admin-muted">{p.skus.join(", ")}</span>
        </>
      ),
    },
    { key: "type", header: t("admin.products.col.type"), cell: (p) => type(p.productType) },
    { key: "status", header: t("admin.products.col.status"), cell: (p) => <StatusBadge status={p.status} /> },
    { key: "variants", header: t("admin.products.col.variants"), className: "num", cell: (p) => p.variants },
    { key: "stock", header: t("admin.products.col.stock"), className: "num", cell: (p) => p.stock },
    {
      key: "price",
      header: t("admin.products.col.price"),
      className: "num",
      cell: (p) => (
        <>
          {range(p, "USD")}
          <br />
          {range(p, "JPY")}
        </>
      ),
    },
    {
      key: "updated",
      header: t("admin.products.col.updated"),
      cell: (p) => <time dateTime={p.updatedAt}>{dateTime(p.updatedAt)}</time>,
    },
  ];
}
