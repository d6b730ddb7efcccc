import { useQuery } from "@tanstack/react-query";
import { BRAND, REVIEWS_HANDLE_PARAM } from "@vela/shared";
import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { isNotFound } from "../../lib/errors.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS, productHref } from "../../lib/routes.ts";
import { catalogLanguage } from "../../lib/store-locale.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ErrorBox } from "../../ui/error-box.tsx";
import { RatingStars } from "../../ui/rating-stars.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { Pagination } from "./pagination.tsx";
import { ReviewList } from "./review-list.tsx";
import "./reviews.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { WriteReview } from "./write-review.tsx";

const PAGE_PARAM = "page";

/** /reviews?handle= (spec 000 §2): 'All Products' first; choosing a product rewrites the handle. */
export function ReviewsPage() {
  const { t, tn, locale } = useI18n();
  const trpc = useTRPC();
  const selectId = useId();
  const [params, setParams] = useSearchParams();
  const handle = params.get(REVIEWS_HANDLE_PARAM) || null;
  const pageParam = Number(params.get(PAGE_PARAM) ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? pageParam : 1;

  const products = useQuery(
    trpc.catalog.filterProducts.queryOptions(locale === "en-US" ? undefined : catalogLanguage(locale)),
  );
  const list = useQuery(trpc.reviews.list.queryOptions({ handle, page }));
  const unknownProduct = list.error && isNotFound(list.error);

  // The dropdown shows the choice at once; the URL (and so the list) follows.
  const [selected, setSelected] = useState(handle ?? "");
  useEffect(() => setSelected(handle ?? ""), [handle]);

  const choose = (value: string) => {
    setSelected(value);
    const next = new URLSearchParams(params);
    if (value) next.set(REVIEWS_HANDLE_PARAM, value);
    else next.delete(REVIEWS_HANDLE_PARAM);
    next.delete(PAGE_PARAM);
    setParams(next);
  };
  const goToPage = (n: number) => {
    const next = new URLSearchParams(params);
    if (n > 1) next.set(PAGE_PARAM, String(n));
    else next.delete(PAGE_PARAM);
    setParams(next);
  };

  // Products are named as the catalogue names them in the page's language: the reviews list
  // carries each product's stored (English) title, the catalogue's answer the translated one.
  const catalogueTitles = new Map(products.data?.products.map((p) => [p.handle, p.title]));
  const titleOf = (product: { handle: string; title: string }) =>
    catalogueTitles.get(product.handle) ?? product.title;

  const summary = list.data?.summary;
  const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <section className="storefront reviews-page">
      <PageMeta
        title={t("reviews.title")}
        description={t("seo.reviews", { brand: BRAND.name })}
        path={PATHS.reviews}
      />
      <h1>{t("reviews.title")}</h1>
      <div className="field reviews-filter">
        <label htmlFor={selectId}>{t("reviews.productLabel")}</label>
        <select
          id={selectId}
          value={products.data?.products.some((p) => p.handle === selected) ? selected : ""}
          onChange={(e) => choose(e.target.value)}
        >
          <option value="">{t("reviews.allProducts")}</option>
          {products.data?.products.map((p) => (
            <option key={p.id} value={p.handle}>
              {p.title}
            </option>
          ))}
        </select>
      </div>

      {unknownProduct ? <ErrorBox message={t("reviews.unknownProduct")} /> : null}
      {list.error && !unknownProduct ? (
        <ErrorBox
          message={t("reviews.loadFailed")}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : null}
      {list.isPending || products.isPending ? <Spinner /> : null}

      {/* The reviews wait for the catalogue's names, so that a product is never first named in English. */}
      {list.data && summary && !products.isPending ? (
        <>
          <div className="reviews-summary" aria-live="polite">
            {list.data.product ? (
              <p className="reviews-product">
                <Link to={productHref(list.data.product.handle)}>{titleOf(list.data.product)}</Link>
              </p>
            ) : null}
            {summary.average !== null ? (
              <p className="reviews-average">
                <RatingStars value={summary.average} size="lg" />
                <span className="reviews-average-number">
                  {t("reviews.average", { average: number.format(summary.average) })}
                </span>
              </p>
            ) : null}
            <p className="reviews-count">{tn("reviews.basedOn", summary.count, { count: summary.count })}</p>
          </div>
          {list.data.product ? <WriteReview handle={list.data.product.handle} /> : null}
          {list.data.reviews.length ? (
            <ReviewList reviews={list.data.reviews} showProduct={!list.data.product} titleOf={titleOf} />
          ) : (
            <p>{t("reviews.empty")}</p>
          )}
          <Pagination
            page={list.data.pageInfo.page}
            pageCount={list.data.pageInfo.pageCount}
            onChange={goToPage}
          />
        </>
      ) : null}
    </section>
  );
}
