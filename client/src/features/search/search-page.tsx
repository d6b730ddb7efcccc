import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { BRAND } from "@vela/shared";
import type { ProductCard } from "@vela/shared/api";
import { type FormEvent, useId } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { blogPostHref, PATHS, productHref, searchHref } from "../../lib/routes.ts";
import { useStoreCurrency } from "../../lib/store-locale.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { Price, TaxIncludedMark } from "../../ui/price.tsx";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { searchResultsQuery, searchWords } from "./search-query.ts";
import "./search.css";

function ResultCard({ product, currency }: { product: ProductCard; currency: string }) {
  const range = product.priceRanges[currency] ?? product.priceRanges.USD;
  return (
    <li className="search-card">
      <Link to={productHref(product.handle)}>
        {product.featuredImage ? (
          // The title beside it names the link; the picture adds nothing to read out.
          <img src={product.featuredImage.url} alt="" width={800} height={600} loading="lazy" />
        ) : null}
        <h3>{product.title}</h3>
      </Link>
      {range ? (
        <p>
          <Price amount={range.minVariantPrice.amount} currencyCode={range.minVariantPrice.currencyCode} />
          <TaxIncludedMark currencyCode={range.minVariantPrice.currencyCode} />
        </p>
      ) : null}
    </li>
  );
}

/**
 * /search?q=: the products and posts that hold the words, in the reader's language. Its state is
 * the URL (a shared link opens the same results), and the server renders it with its results.
 */
export function SearchPage() {
  const { t, tn, locale, date } = useI18n();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const currency = useStoreCurrency();
  const [params] = useSearchParams();
  const q = searchWords(params.get("q"));
  const id = useId();
  const results = useQuery({
    ...searchResultsQuery({ trpc }, q, locale),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
  const data = q ? results.data : undefined;
  const title = q ? t("search.titleFor", { q }) : t("search.title");

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const words = new FormData(e.currentTarget).get("q");
    navigate(searchHref(typeof words === "string" ? words : ""));
  };

  return (
    <div className="search-page">
      <PageMeta
        title={title}
        description={t("search.description", { brand: BRAND.name })}
        path={PATHS.search}
        // A page of results is not a page of its own for search engines.
        noindex={q.length > 0}
      />
      <h1>{title}</h1>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is new enough that jsdom (and older browsers) do not know it. */}
      <form
        role="search"
        aria-label={t("search.title")}
        action={PATHS.search}
        method="get"
        className="search-page-form"
        onSubmit={onSubmit}
      >
        <label htmlFor={`${id}-q`} className="visually-hidden">
          {t("search.label")}
        </label>
        <input id={`${id}-q`} key={q} name="q" type="search" defaultValue={q} maxLength={100} />
        <Button type="submit">{t("search.submit")}</Button>
      </form>
      {!q ? (
        <p className="lead">{t("search.intro")}</p>
      ) : results.isPending ? (
        <Spinner />
      ) : results.isError && !data ? (
        <ErrorBox
          message={t("search.loadFailed")}
          onRetry={() => void results.refetch()}
          retrying={results.isFetching}
        />
      ) : data ? (
        <>
          <p role="status" className="search-note" data-testid="search-count">
            {tn("search.results", data.products.length, { count: data.products.length })}
          </p>
          {data.approximate ? <p className="search-note">{t("search.approximate", { q: data.q })}</p> : null}
          {data.products.length === 0 && data.posts.length === 0 ? (
            <p>
              {t("search.none", { q: data.q })} <Link to={PATHS.products}>{t("search.browseAll")}</Link>
            </p>
          ) : null}
          {data.products.length ? (
            <section aria-labelledby={`${id}-products`}>
              <h2 id={`${id}-products`}>{t("search.products")}</h2>
              <ul className="search-grid">
                {data.products.map((p) => (
                  <ResultCard key={p.id} product={p} currency={currency} />
                ))}
              </ul>
            </section>
          ) : null}
          {data.posts.length ? (
            <section aria-labelledby={`${id}-posts`}>
              <h2 id={`${id}-posts`}>{t("search.posts")}</h2>
              <ul className="search-posts">
                {data.posts.map((p) => (
                  <li key={p.slug} lang={p.language}>
                    <Link to={blogPostHref(p.slug)}>{p.title}</Link>
                    <p>
                      <time dateTime={p.publishedAt}>{date(p.publishedAt)}</time> · {p.excerpt}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
