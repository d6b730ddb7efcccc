import { DISCOUNT_STATUSES, type DiscountStatus } from "@vela/shared/admin";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Link } from "react-router-dom";
import { useListFilters } from "../../../lib/admin/list-state.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { useActionOutcome } from "../../../ui/admin/admin-record.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { PermissionGuard } from "../../../ui/admin/permission-guard.tsx";
import { Button } from "../../../ui/button.tsx";
import { CheckboxField, TextField } from "../../../ui/field.tsx";
import { useDiscountText } from "./discount-text.ts";
import "./discounts.css";
import {
  DISCOUNT_FILTERS,
  type DiscountRow,
  type DiscountTemplate,
  useDiscountActions,
  useDiscountList,
  useDiscountTemplates,
} from "./use-discounts.ts";

/**
 * /admin/discounts (discounts.read): every code, newest first, searched by part of the code and
 * filtered by status (in the URL: `?q=&status=`), each with its value, dates, uses and the sales
 * it touched per currency; above them the code templates (the newsletter's welcome code), which
 * are rules for codes issued one by one, not codes themselves.
 */
export default function DiscountsPage() {
  const { t, errorText } = useDiscountText();
  const filters = useListFilters(DISCOUNT_FILTERS);
  const list = useDiscountList(filters.values);
  const filtered = Object.keys(filters.values).length > 0;
  const columns = useColumns();
  return (
    <AdminPage
      title={t("admin.discounts.title")}
      actions={
        <PermissionGuard all={["discounts.manage"]}>
          <Link className="btn btn-primary" to="/admin/discounts/new">
            {t("admin.discounts.new.link")}
          </Link>
        </PermissionGuard>
      }
    >
      <p>{t("admin.discounts.intro")}</p>
      <Templates />
      <h2>{t("admin.discounts.codes")}</h2>
      <FilterForm values={filters.values} onApply={(next) => filters.set(next)} onClear={filters.clear} />
      <AdminTable
        caption={filtered ? t("admin.discounts.list.captionFiltered") : t("admin.discounts.list.caption")}
        columns={columns}
        rows={list.data?.pages.flatMap((p) => p.discounts)}
        rowKey={(d) => d.id}
        empty={filtered ? t("admin.discounts.list.emptyFiltered") : t("admin.discounts.list.empty")}
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
  values,
  onApply,
  onClear,
}: {
  values: { q?: string; status?: string };
  onApply(next: { q?: string; status?: string }): void;
  onClear(): void;
}) {
  const { t, status } = useDiscountText();
  const id = useId();
  const [q, setQ] = useState(values.q ?? "");
  const [chosen, setChosen] = useState(values.status ?? "");
  // The URL changed (back button, a shared link): the fields follow it.
  useEffect(() => {
    setQ(values.q ?? "");
    setChosen(values.status ?? "");
  }, [values.q, values.status]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ ...(q.trim() ? { q: q.trim() } : {}), ...(chosen ? { status: chosen } : {}) });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is a landmark only in newer browsers (and unknown to jsdom); the role says it everywhere.
    <section className="admin-filters" role="search" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="visually-hidden">
        {t("admin.discounts.filters")}
      </h3>
      <form className="admin-filter-form" noValidate onSubmit={submit}>
        <TextField
          label={t("admin.discounts.search.label")}
          type="search"
          name="q"
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          value={q}
          onValueChange={setQ}
        />
        <div className="field">
          <label htmlFor={`${id}-status`}>{t("admin.discounts.filter.status")}</label>
          <select
            id={`${id}-status`}
            name="status"
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
          >
            <option value="">{t("admin.discounts.filter.any")}</option>
            {DISCOUNT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {status(s)}
              </option>
            ))}
          </select>
        </div>
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

export function StatusBadge({ status, usedUp }: { status: DiscountStatus; usedUp: boolean }) {
  const { t } = useDiscountText();
  return (
    <span className={`badge admin-discount-status admin-discount-${status}`}>
      {t(`admin.discounts.status.${status}`)}
      {usedUp && status === "active" ? ` · ${t("admin.discounts.usedUp")}` : ""}
    </span>
  );
}

function useColumns(): AdminColumn<DiscountRow>[] {
  const { t, dateTime, minor } = useDiscountText();
  return [
    {
      key: "code",
      header: t("admin.discounts.col.code"),
      rowHeader: true,
      cell: (d) => (
        <>
          <Link to={`/admin/discounts/${d.id}`}>{d.code}</Link>
          {d.issuedTo ? (
            <>
              <br />
              <span className="admin-muted">{t("admin.discounts.issuedTo", { email: d.issuedTo })}</span>
            </>
          ) : null}
        </>
      ),
    },
    { key: "value", header: t("admin.discounts.col.value"), cell: (d) => <DiscountValue row={d} /> },
    {
      key: "dates",
      header: t("admin.discounts.col.dates"),
      cell: (d) =>
        d.startsAt || d.endsAt ? (
          <>
            {d.startsAt ? t("admin.discounts.from", { date: dateTime(d.startsAt) }) : null}
            {d.startsAt && d.endsAt ? <br /> : null}
            {d.endsAt ? t("admin.discounts.until", { date: dateTime(d.endsAt) }) : null}
          </>
        ) : (
          t("admin.discounts.always")
        ),
    },
    {
      key: "status",
      header: t("admin.discounts.col.status"),
      cell: (d) => <StatusBadge status={d.status} usedUp={d.usedUp} />,
    },
    {
      key: "used",
      header: t("admin.discounts.col.used"),
      className: "num",
      cell: (d) => (d.usageLimit === null ? d.timesUsed : `${d.timesUsed} / ${d.usageLimit}`),
    },
    {
      key: "sales",
      header: t("admin.discounts.col.sales"),
      className: "num",
      cell: (d) =>
        d.sales.length === 0
          ? "—"
          : d.sales.map((s, i) => (
              <span key={s.currencyCode}>
                {i > 0 ? <br /> : null}
                {t("admin.discounts.sales", {
                  orders: s.orders,
                  total: minor(s.total, s.currencyCode),
                  discount: minor(s.discount, s.currencyCode),
                })}
              </span>
            )),
    },
  ];
}

function DiscountValue({ row }: { row: DiscountRow }) {
  const { t } = useDiscountText();
  if (row.kind === "PERCENT") return <>{t("admin.discounts.percentOff", { percent: row.percentOff ?? 0 })}</>;
  const amounts = (["USD", "JPY"] as const)
    .map((c) => (row.currencies[c].amountOff ? `${c} ${row.currencies[c].amountOff}` : null))
    .filter(Boolean);
  return <>{t("admin.discounts.amountOff", { amounts: amounts.join(" · ") })}</>;
}

/** The code templates: the rules each issued code is made with; editable with discounts.manage. */
function Templates() {
  const { t, errorText } = useDiscountText();
  const templates = useDiscountTemplates();
  if (templates.isError) return <p role="alert">{errorText(templates.error)}</p>;
  return (
    <section className="admin-section" aria-labelledby="discount-templates">
      <h2 id="discount-templates">{t("admin.discounts.templates")}</h2>
      <p>{t("admin.discounts.templates.intro")}</p>
      {templates.data?.templates.map((x) => (
        <TemplateCard key={x.key} template={x} />
      ))}
    </section>
  );
}

function TemplateCard({ template }: { template: DiscountTemplate }) {
  const { t, errorText, fieldErrors } = useDiscountText();
  const { updateTemplate } = useDiscountActions();
  const { show, view: outcome } = useActionOutcome();
  const [editing, setEditing] = useState(false);
  const fromTemplate = () => ({
    percentOff: String(template.percentOff),
    validDays: String(template.validDays),
    usageLimit: String(template.usageLimit),
    combinable: template.combinable,
  });
  const [draft, setDraft] = useState(fromTemplate);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const name = t(`admin.discounts.template.${template.key}` as "admin.discounts.template.newsletter-welcome");
  const num = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : Number.NaN);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await updateTemplate.mutateAsync({
        key: template.key,
        version: template.version,
        percentOff: num(draft.percentOff),
        validDays: num(draft.validDays),
        usageLimit: num(draft.usageLimit),
        combinable: draft.combinable,
      });
      setEditing(false);
      show({ ok: true, text: t("admin.discounts.template.saved") });
    } catch (err) {
      setErrors(fieldErrors(err));
      show({ ok: false, text: errorText(err) });
    }
  };
  return (
    <div className="admin-discount-template">
      <h3>
        {name} <span className="badge">{t("admin.discounts.template.badge")}</span>
      </h3>
      {outcome}
      <dl className="admin-facts">
        <dt>{t("admin.discounts.field.percentOff")}</dt>
        <dd>{t("admin.discounts.percentOff", { percent: template.percentOff })}</dd>
        <dt>{t("admin.discounts.field.validDays")}</dt>
        <dd>{t("admin.discounts.days", { days: template.validDays })}</dd>
        <dt>{t("admin.discounts.field.usageLimit")}</dt>
        <dd>{template.usageLimit}</dd>
        <dt>{t("admin.discounts.field.combinable")}</dt>
        <dd>{template.combinable ? t("admin.discounts.yes") : t("admin.discounts.no")}</dd>
        <dt>{t("admin.discounts.template.boundTo")}</dt>
        <dd>{t("admin.discounts.template.subscriberEmail")}</dd>
        <dt>{t("admin.discounts.template.issued")}</dt>
        <dd>{template.issued}</dd>
      </dl>
      <PermissionGuard all={["discounts.manage"]}>
        {editing ? (
          <form className="admin-discount-form" noValidate onSubmit={submit}>
            <p>{t("admin.discounts.template.editHint")}</p>
            <div className="admin-discount-grid">
              {(["percentOff", "validDays", "usageLimit"] as const).map((f) => (
                <TextField
                  key={f}
                  label={t(`admin.discounts.field.${f}`)}
                  name={f}
                  inputMode="numeric"
                  autoComplete="off"
                  value={draft[f]}
                  error={errors[f]}
                  onValueChange={(v) => setDraft((d) => ({ ...d, [f]: v }))}
                />
              ))}
              <CheckboxField
                label={t("admin.discounts.field.combinable")}
                name="combinable"
                checked={draft.combinable}
                onCheckedChange={(combinable) => setDraft((d) => ({ ...d, combinable }))}
              />
            </div>
            <div className="admin-actions">
              <Button type="submit" busy={updateTemplate.isPending}>
                {t("admin.discounts.template.save")}
              </Button>
              <Button variant="secondary" onClick={() => setEditing(false)}>
                {t("admin.discounts.cancel")}
              </Button>
            </div>
          </form>
        ) : (
          <Button
            variant="secondary"
            onClick={() => {
              setDraft(fromTemplate());
              setEditing(true);
            }}
          >
            {t("admin.discounts.template.edit", { name })}
          </Button>
        )}
      </PermissionGuard>
    </div>
  );
}
