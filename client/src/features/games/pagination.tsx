import { useI18n } from "../../lib/i18n.tsx";
import { LinkPager } from "../../ui/link-pager.tsx";

/** The games' pager: nothing at all when one page holds every game (spec 001 §5). */
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
  return (
    <LinkPager
      className="games-pagination"
      page={page}
      pageCount={pageCount}
      hrefFor={hrefFor}
      labels={{
        nav: t("games.pagination"),
        previous: t("games.previous"),
        next: t("games.next"),
        page: (n) => t("games.page", { n }),
        morePages: t("games.morePages"),
      }}
    />
  );
}
