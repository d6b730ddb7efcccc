import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { paginationWindow } from "./pagination-window.ts";

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
  const slots = paginationWindow(page, pageCount);
  if (slots.length === 0) return null;
  return (
    <nav className="games-pagination" aria-label={t("games.pagination")}>
      <ul>
        <li>
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
        <li>
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
