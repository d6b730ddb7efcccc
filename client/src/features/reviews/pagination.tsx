import { useI18n } from "../../lib/i18n.tsx";
import { paginationWindow } from "../../lib/pagination-window.ts";
import { Button } from "../../ui/button.tsx";
import { useMediaQuery } from "../../ui/use-reduced-motion.ts";

/** Page numbers shown at most: seven, five on a phone, with an ellipsis for each gap. */
const REVIEW_PAGES = 7;
const REVIEW_PAGES_NARROW = 5;

/**
 * Previous, the page numbers, Next. The current page is marked for assistive technology. On a
 * phone the numbers keep a row of their own with Previous and Next together below (reviews.css),
 * so that no number is left alone on a row.
 */
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
  const narrow = useMediaQuery("(max-width: 479.98px)");
  if (pageCount <= 1) return null;
  const slots = paginationWindow(page, pageCount, narrow ? REVIEW_PAGES_NARROW : REVIEW_PAGES);
  return (
    <nav className="pagination" aria-label={t("reviews.pagination")}>
      <Button
        variant="secondary"
        className="pagination-prev"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
      >
        {t("reviews.previous")}
      </Button>
      <ul>
        {slots.map((n) =>
          typeof n === "number" ? (
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
          ) : (
            <li key={n} className="page-gap" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <Button
        variant="secondary"
        className="pagination-next"
        disabled={page >= pageCount}
        onClick={() => onChange(page + 1)}
      >
        {t("reviews.next")}
      </Button>
    </nav>
  );
}
