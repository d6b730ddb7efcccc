import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useListFilters } from "../../../lib/admin/list-state.ts";
import { useAdminText } from "../../../lib/admin/text.ts";
import type { AdminOutputs } from "../../../lib/admin/trpc.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { Button } from "../../../ui/button.tsx";
import { TextField } from "../../../ui/field.tsx";
import { AUDIT_FILTERS, type AuditFilter, actorOf, useAuditList } from "./use-audit.ts";

type AuditEvent = AdminOutputs["audit"]["list"]["events"][number];
type Values = Record<AuditFilter, string>;

const blank = (): Values => ({ actor: "", kind: "", entityType: "", entityId: "", from: "", to: "" });

/**
 * /admin/audit (audit.read): every change, newest first, filtered by actor, kind, entity and
 * dates (kept in the URL), read in pages of 50 with "Show more".
 */
export default function AuditPage() {
  const { t, errorText } = useAdminText();
  const filters = useListFilters(AUDIT_FILTERS);
  const list = useAuditList(filters.values);
  const events = list.data?.pages.flatMap((p) => p.events);
  const filtered = Object.keys(filters.values).length > 0;
  const columns = useColumns();
  return (
    <AdminPage title={t("admin.audit.title")}>
      <p>{t("admin.audit.intro")}</p>
      <FilterForm values={filters.values} onApply={filters.set} onClear={filters.clear} />
      <AdminTable
        caption={t("admin.audit.list")}
        columns={columns}
        rows={events}
        rowKey={(e) => e.id}
        empty={filtered ? t("admin.audit.emptyFiltered") : t("admin.audit.empty")}
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
  values: Partial<Values>;
  onApply(next: Partial<Values>): void;
  onClear(): void;
}) {
  const { t } = useAdminText();
  const id = useId();
  const [draft, setDraft] = useState<Values>(() => ({ ...blank(), ...values }));
  // The URL changed (back button, a link in the table): the fields follow it.
  useEffect(() => setDraft({ ...blank(), ...values }), [values]);
  const actorInvalid = actorOf(draft.actor.trim()) === null;
  const field = (name: AuditFilter) => ({
    name,
    value: draft[name],
    onValueChange: (value: string) => setDraft((d) => ({ ...d, [name]: value })),
    optional: true,
  });
  return (
    <section className="admin-filters" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t("admin.audit.filters")}
      </h2>
      <form
        className="admin-filter-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!actorInvalid) onApply(draft);
        }}
      >
        <TextField
          label={t("admin.audit.filter.actor")}
          hint={t("admin.audit.filter.actorHint")}
          error={actorInvalid ? t("admin.audit.filter.actorInvalid") : null}
          {...field("actor")}
        />
        <TextField
          label={t("admin.audit.filter.kind")}
          hint={t("admin.audit.filter.kindHint")}
          {...field("kind")}
        />
        <TextField label={t("admin.audit.filter.entityType")} {...field("entityType")} />
        <TextField label={t("admin.audit.filter.entityId")} {...field("entityId")} />
        <TextField label={t("admin.audit.filter.from")} type="date" {...field("from")} />
        <TextField label={t("admin.audit.filter.to")} type="date" {...field("to")} />
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

/** A link to the same list with one more filter set (the table's actors and entities). */
function useFilterHref() {
  const [params] = useSearchParams();
  return (name: AuditFilter, value: string) => {
    const copy = new URLSearchParams(params);
    copy.set(name, value);
    return `?${copy.toString()}`;
  };
}

function useColumns(): AdminColumn<AuditEvent>[] {
  const { t, dateTime } = useAdminText();
  const filterHref = useFilterHref();
  const actorText = (e: AuditEvent) => {
    const a = e.actor;
    if (a.type === "operator") return t("admin.audit.actor.operator");
    if (a.type === "staff") return t("admin.audit.actor.staff", { label: a.label, id: a.staffId ?? "?" });
    return t("admin.audit.actor.customer", { label: a.label });
  };
  const actorValue = (e: AuditEvent): string | null =>
    e.actor.type === "operator"
      ? "operator"
      : e.actor.type === "staff" && e.actor.staffId
        ? String(e.actor.staffId)
        : null;
  return [
    {
      key: "when",
      header: t("admin.audit.col.when"),
      rowHeader: true,
      cell: (e) => <time dateTime={e.createdAt}>{dateTime(e.createdAt)}</time>,
    },
    {
      key: "actor",
      header: t("admin.audit.col.actor"),
      cell: (e) => {
        const value = actorValue(e);
        return value ? (
          <Link
            to={filterHref("actor", value)}
            title={t("admin.audit.actor.filter", { label: actorText(e) })}
          >
            {actorText(e)}
          </Link>
        ) : (
          actorText(e)
        );
      },
    },
    {
      key: "kind",
      header: t("admin.audit.col.kind"),
      cell: (e) => (
        <Link to={filterHref("kind", e.kind)}>
          <code>{e.kind}</code>
        </Link>
      ),
    },
    { key: "entity", header: t("admin.audit.col.entity"), cell: (e) => `${e.entityType} ${e.entityId}` },
    { key: "ip", header: t("admin.audit.col.address"), cell: (e) => e.ip ?? "—" },
    {
      key: "change",
      header: t("admin.audit.col.change"),
      cell: (e) => <Change before={e.before} after={e.after} />,
    },
  ];
}

const show = (v: unknown): string => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));

/** Before and after, field by field: `role: support → manager`. */
function Change({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useAdminText();
  const b = before && typeof before === "object" ? (before as Record<string, unknown>) : null;
  const a = after && typeof after === "object" ? (after as Record<string, unknown>) : null;
  if (!b && !a) return null;
  if ((before != null && !b) || (after != null && !a))
    return (
      <span>
        {t("admin.audit.before")}: {show(before)} → {t("admin.audit.after")}: {show(after)}
      </span>
    );
  const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return (
    <dl className="admin-change">
      {keys.map((k) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>
            {b ? (
              <>
                <span className="visually-hidden">{t("admin.audit.before")}: </span>
                {show(b[k])} →{" "}
              </>
            ) : null}
            <span className="visually-hidden">{t("admin.audit.after")}: </span>
            {a ? show(a[k]) : "—"}
          </dd>
        </div>
      ))}
    </dl>
  );
}
