import { Link } from "react-router-dom";
import { paginationWindow } from "../lib/pagination-window.ts";
import { useMediaQuery } from "./use-reduced-motion.ts";
import "./link-pager.css";

/** Below this width the numbers get a row of their own, and only this many fit on it. */
export const NARROW_PAGINATION_BELOW_PX = 480;
export const NARROW_PAGINATION_PAGES = 5;

/** The pager's words, in the reader's language (each page's own message area has them). */
export interface LinkPagerLabels {
  /** The navigation landmark's name. */
  nav: string;
  previous: string;
  next: string;
  /** A page number's accessible name. */
  page(n: number): string;
  /** Read out for an ellipsis. */
  morePages: string;
}

/**
 * Previous, up to seven page numbers with ellipses (five on a phone), Next: plain links, so each page
 * has its own URL, the pager works before the page hydrates and a crawler follows it; the current
 * page is marked for assistive technology. Nothing at all when one page holds everything. `page`
 * may lie beyond the last page (an old link): then no number is current and Previous leads to the
 * last page. `status` ("Page 2 of 5") is shown above the links when given.
 */
export function LinkPager({
  page,
  pageCount,
  hrefFor,
  labels,
  status,
  className,
}: {
  page: number;
  pageCount: number;
  hrefFor(page: number): string;
  labels: LinkPagerLabels;
  status?: string;
  /** The page's own class beside `link-pager` (its margins). */
  className?: string;
}) {
  const narrow = useMediaQuery(`(max-width: ${NARROW_PAGINATION_BELOW_PX - 0.02}px)`);
  const slots = narrow
    ? paginationWindow(page, pageCount, NARROW_PAGINATION_PAGES)
    : paginationWindow(page, pageCount);
  if (slots.length === 0) return null;
  const previous = Math.min(page - 1, pageCount);
  return (
    <nav className={className ? `link-pager ${className}` : "link-pager"} aria-label={labels.nav}>
      {status ? <p className="link-pager-status">{status}</p> : null}
      <ul>
        <li className="link-pager-prev">
          {previous >= 1 ? (
            <Link className="link-pager-step" to={hrefFor(previous)} rel="prev">
              {labels.previous}
            </Link>
          ) : (
            <span className="link-pager-step" aria-disabled="true">
              {labels.previous}
            </span>
          )}
        </li>
        {slots.map((slot) =>
          typeof slot === "number" ? (
            <li key={slot}>
              <Link
                className="link-pager-number"
                to={hrefFor(slot)}
                aria-label={labels.page(slot)}
                aria-current={slot === page ? "page" : undefined}
              >
                {slot}
              </Link>
            </li>
          ) : (
            <li key={slot} className="link-pager-gap">
              <span aria-hidden="true">…</span>
              <span className="visually-hidden">{labels.morePages}</span>
            </li>
          ),
        )}
        <li className="link-pager-next">
          {page < pageCount ? (
            <Link className="link-pager-step" to={hrefFor(page + 1)} rel="next">
              {labels.next}
            </Link>
          ) : (
            <span className="link-pager-step" aria-disabled="true">
              {labels.next}
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
