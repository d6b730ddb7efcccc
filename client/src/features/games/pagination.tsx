import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { paginationWindow } from "../../lib/pagination-window.ts";
import { useMediaQuery } from "../../ui/use-reduced-motion.ts";

/** Below this width the numbers get a row of their own, and only this many fit on it. */
export const NARROW_PAGINATION_BELOW_PX = 480;
export const NARROW_PAGINATION_PAGES = 5;

/**
 * Previous, up to seven page numbers with ellipses, Next: links, so a page of results has its
 * own URL. Nothing at all when one page holds every game (spec 001 §5).
 */
export function GamesPagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor(page: number): string;
}) {
  const { t } = useI18n();
  const narrow = useMediaQuery(`(max-width: ${NARROW_PAGINATION_BELOW_PX - 0.02}px)`);
  const slots = narrow
    ? paginationWindow(page, pageCount, NARROW_PAGINATION_PAGES)
    : paginationWindow(page, pageCount);
  if (slots.length === 0) return null;
  return (
    <nav className="games-pagination" aria-label={t("games.pagination")}>
      <ul>
        <li className="games-page-prev">
          {page > 1 ? (
            <Link className="games-page-step" to={hrefFor(Math.min(page, pageCount) - 1)} rel="prev">
              {t("games.previous")}
            </Link>
          ) : (
            <span className="games-page-step" aria-disabled="true">
              {t("games.previous")}
            </span>
          )}
        </li>
        {slots.map((slot) =>
          typeof slot === "number" ? (
            <li key={slot}>
              <Link
                className="games-page-number"
                to={hrefFor(slot)}
                aria-label={t("games.page", { n: slot })}
                aria-current={slot === page ? "page" : undefined}
              >
                {slot}
              </Link>
            </li>
          ) : (
            <li key={slot} className="games-page-gap">
              <span aria-hidden="true">…</span>
              <span className="visually-hidden">{t("games.morePages")}</span>
            </li>
          ),
        )}
        <li className="games-page-next">
          {page < pageCount ? (
            <Link className="games-page-step" to={hrefFor(page + 1)} rel="next">
              {t("games.next")}
            </Link>
          ) : (
            <span className="games-page-step" aria-disabled="true">
              {t("games.next")}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
