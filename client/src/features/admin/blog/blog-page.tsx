import { useId } from "react";
import { Link } from "react-router-dom";
import { useListFilters } from "../../../lib/admin/list-state.ts";
import { useAdminText } from "../../../lib/admin/text.ts";
import { AdminPage } from "../../../ui/admin/admin-page.tsx";
import { type AdminColumn, AdminTable } from "../../../ui/admin/admin-table.tsx";
import { StateBadge } from "./state-badge.tsx";
import "./blog.css";
import { BLOG_STATES, type BlogListRow, type BlogState, useBlogList } from "./use-blog.ts";

const FILTERS = ["state"] as const;

/**
 * /admin/blog (content.manage): every post, newest publish date first, with its state (draft,
 * scheduled, published), its date and the languages it is written in; filtered by state in the URL.
 */
export default function BlogPage() {
  const { t, tKey, dateTime, errorText } = useAdminText();
  const filters = useListFilters(FILTERS);
  const chosen = BLOG_STATES.find((s) => s === filters.values.state);
  const list = useBlogList(chosen);
  const id = useId();
  const stateName = (s: BlogState) => tKey(`admin.blog.state.${s}`);
  const columns: AdminColumn<BlogListRow>[] = [
    {
      key: "title",
      header: t("admin.blog.col.title"),
      rowHeader: true,
      cell: (p) => (
        <>
          <Link to={`/admin/blog/${p.id}`}>{p.title || p.slug}</Link>
          {p.titleJa ? (
            <>
              <br />
              <span className="admin-muted" lang="ja">
                {p.titleJa}
              </span>
            </>
          ) : null}
          <br />
          <span className="admin-muted">/blog/{p.slug}</span>
        </>
      ),
    },
    { key: "state", header: t("admin.blog.col.state"), cell: (p) => <StateBadge state={p.state} /> },
    {
      key: "date",
      header: t("admin.blog.col.date"),
      cell: (p) =>
        p.state === "DRAFT" ? "—" : <time dateTime={p.publishedAt}>{dateTime(p.publishedAt)}</time>,
    },
    {
      key: "languages",
      header: t("admin.blog.col.languages"),
      cell: (p) =>
        p.languages
          .map((l) => (l === "ja-JP" ? t("admin.blog.japanese") : t("admin.blog.english")))
          .join(", "),
    },
  ];
  return (
    <AdminPage
      title={t("admin.blog.title")}
      actions={
        <Link className="btn btn-primary" to="/admin/blog/new">
          {t("admin.blog.new")}
        </Link>
      }
    >
      <div className="field admin-blog-filter">
        <label htmlFor={`${id}-state`}>{t("admin.blog.filter")}</label>
        <select
          id={`${id}-state`}
          value={chosen ?? ""}
          onChange={(e) => filters.set({ state: e.target.value || undefined })}
        >
          <option value="">{t("admin.blog.filter.all")}</option>
          {BLOG_STATES.map((s) => (
            <option key={s} value={s}>
              {stateName(s)}
            </option>
          ))}
        </select>
      </div>
      <AdminTable
        caption={t("admin.blog.title")}
        columns={columns}
        rows={list.data?.posts}
        rowKey={(p) => p.id}
        empty={t("admin.blog.empty")}
        error={list.isError ? errorText(list.error) : null}
        onRetry={() => list.refetch()}
      />
    </AdminPage>
  );
}
