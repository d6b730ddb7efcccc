import type { ReactNode } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { Button } from "../button.tsx";
import { ErrorBox } from "../error-box.tsx";
import { Spinner } from "../spinner.tsx";

export interface AdminColumn<Row> {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** The column that names the row: drawn as its row header (`<th scope="row">`). */
  rowHeader?: boolean;
  className?: string;
}

/** The "more" button under a list read in cursor pages (useInfiniteQuery's fields fit it). */
export interface AdminPager {
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

export interface AdminTableProps<Row> {
  /** Names the table for screen readers (shown, or visually hidden with `captionHidden`). */
  caption: string;
  captionHidden?: boolean;
  columns: readonly AdminColumn<Row>[];
  /** Undefined while the first page loads. */
  rows: readonly Row[] | undefined;
  rowKey(row: Row): string | number;
  /** What to say when there are no rows (with the filters, if any, the reader set). */
  empty: ReactNode;
  /** The text of a failed load, with a retry. */
  error?: string | null;
  onRetry?: () => void;
  pager?: AdminPager;
}

/**
 * Every list of the admin: a captioned table whose first column names the row, a loading state,
 * an empty state, an error with Retry, and a "Show more" pager for cursor pages. Filters live in
 * the URL (lib/admin/list-state.ts) and are drawn by the page above the table. Wide tables scroll
 * sideways inside their frame on a narrow screen, the page does not.
 */
export function AdminTable<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  empty,
  error,
  onRetry,
  pager,
}: AdminTableProps<Row>) {
  const { t } = useI18n();
  if (error && !rows) return <ErrorBox message={error} {...(onRetry ? { onRetry } : {})} />;
  if (!rows) return <Spinner label={t("admin.table.loading")} />;
  return (
    <div className="admin-table">
      {rows.length === 0 ? (
        <p className="admin-table-empty" role="status">
          {empty}
        </p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it.
        <section className="admin-table-frame" tabIndex={0} aria-label={caption}>
          <table>
            <caption className={captionHidden ? "visually-hidden" : undefined}>{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={c.className}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c) =>
                    c.rowHeader ? (
                      <th key={c.key} scope="row" className={c.className}>
                        {c.cell(row)}
                      </th>
                    ) : (
                      <td key={c.key} className={c.className}>
                        {c.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {error ? <ErrorBox message={error} {...(onRetry ? { onRetry } : {})} /> : null}
      {pager?.hasMore ? (
        <Button variant="secondary" onClick={pager.loadMore} busy={pager.loadingMore}>
          {pager.loadingMore ? t("admin.table.loadingMore") : t("admin.table.loadMore")}
        </Button>
      ) : null}
    </div>
  );
}
