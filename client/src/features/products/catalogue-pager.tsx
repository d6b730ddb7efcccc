import { useI18n } from "../../lib/i18n.tsx";
import { LinkPager } from "../../ui/link-pager.tsx";

/**
 * Below the catalogue's grid: "Page N of M" and the pager (ui/link-pager.tsx), whose links a
 * crawler follows to every product. Nothing when one page holds the catalogue; a page beyond the
 * last (an old link) shows no status and Previous leads to the last page.
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
  return (
    <LinkPager
      className="catalogue-pager"
      page={page}
      pageCount={pageCount}
      hrefFor={hrefFor}
      status={page <= pageCount ? t("store.pageOf", { page, count: pageCount }) : undefined}
      labels={{
        nav: t("store.pages"),
        previous: t("store.previousPage"),
        next: t("store.nextPage"),
        page: (n) => t("store.pageN", { n }),
        morePages: t("store.morePages"),
      }}
    />
  );
}
