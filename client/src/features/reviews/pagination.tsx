import { useI18n } from "../../lib/i18n.tsx";
import { Button } from "../../ui/button.tsx";

/** Previous, the page numbers, Next. The current page is marked for assistive technology. */
export function Pagination({
  page,
  pageCount,
  onChange,
}: {
  page: number;
  pageCount: number;
  onChange(page: number): void;
}) {
  const { t } = useI18n();
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={t("reviews.pagination")}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t("reviews.previous")}
      </Button>
      <ul>
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <button
              type="button"
              className="page-number"
              aria-current={n === page ? "page" : undefined}
              aria-label={t("reviews.pageN", { n })}
              onClick={() => onChange(n)}
            >
              {n}
            </button>
          </li>
        ))}
      </ul>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onChange(page + 1)}>
        {t("reviews.next")}
      </Button>
    </nav>
  );
}
