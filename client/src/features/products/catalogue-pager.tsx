import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { paginationWindow } from "../../lib/pagination-window.ts";

/**
 * Below the catalogue's grid: Previous, the page numbers (seven at most, ellipses for the gaps), Next.
 * Plain links, so they work before the page hydrates and a crawler follows them to every product;
 * the current page is marked for assistive technology. Nothing when one page holds the catalogue.
 * `page` may lie beyond the last page (an old link): then no number is current and Previous leads
 * to the last page.
 */
export function CataloguePager({
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
  const previous = Math.min(page - 1, pageCount);
  return (
    <nav className="catalogue-pager" aria-label={t("store.pages")}>
      {page <= pageCount ? (
        <p className="catalogue-pager-status">{t("store.pageOf", { page, count: pageCount })}</p>
      ) : null}
      <ul>
        <li className="catalogue-pager-prev">
          {previous >= 1 ? (
            <Link className="catalogue-pager-step" to={hrefFor(previous)} rel="prev">
              {t("store.previousPage")}
            </Link>
          ) : (
            <span className="catalogue-pager-step" aria-disabled="true">
              {t("store.previousPage")}
            </span>
          )}
        </li>
        {slots.map((slot) =>
          typeof slot === "number" ? (
            <li key={slot}>
              <Link
                className="catalogue-pager-number"
                to={hrefFor(slot)}
                aria-label={t("store.pageN", { n: slot })}
                aria-current={slot === page ? "page" : undefined}
              >
                {slot}
              </Link>
            </li>
          ) : (
            <li key={slot} className="catalogue-pager-gap">
              <span aria-hidden="true">…</span>
              <span className="visually-hidden">{t("store.morePages")}</span>
            </li>
          ),
        )}
        <li className="catalogue-pager-next">
          {page < pageCount ? (
            <Link className="catalogue-pager-step" to={hrefFor(page + 1)} rel="next">
              {t("store.nextPage")}
            </Link>
          ) : (
            <span className="catalogue-pager-step" aria-disabled="true">
              {t("store.nextPage")}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
