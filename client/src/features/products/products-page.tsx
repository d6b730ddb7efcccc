import { useQuery } from "@tanstack/react-query";
import {
  BANNER_BACKGROUND_AUTOPLAY_MS,
  BANNER_CARD_AUTOPLAY_MS,
  BRAND,
  CATALOGUE_PAGE_MAX,
  PRODUCT_TYPES,
  type ProductType,
} from "@vela/shared";
import { Link, useSearchParams } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS, productHref } from "../../lib/routes.ts";
import { catalogLanguage, useStoreCurrency } from "../../lib/store-locale.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { Badge } from "../../ui/badge.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { CardBanners, HeroBanners } from "./banners.tsx";
import { CataloguePager } from "./catalogue-pager.tsx";
import { ProductPrice } from "./product-price.tsx";
import { ProductRating } from "./product-rating.tsx";
import "./products.css";

const TYPE_PARAM = "type";
const PAGE_PARAM = "page";

const isProductType = (v: string | null): v is ProductType =>
  (PRODUCT_TYPES as readonly string[]).includes(v ?? "");

/** `?page=` as a page number: a whole number from 1 (above the bound: the bound); anything else is page 1. */
export function catalogPageOf(raw: string | null): number {
  if (!raw || !/^[1-9]\d{0,8}$/.test(raw)) return 1;
  return Math.min(Number(raw), CATALOGUE_PAGE_MAX);
}

/** The URL of a page of the catalogue, with its type filter: page 1 is the bare `/products`. */
export function catalogPageHref(page: number, type: ProductType | null): string {
  const query = new URLSearchParams();
  if (type) query.set(TYPE_PARAM, type);
  if (page > 1) query.set(PAGE_PARAM, String(page));
  const search = query.toString();
  return search ? `${PATHS.products}?${search}` : PATHS.products;
}

/** The catalogue: banners, a filter by type (kept in the URL), and the grid of products. */
export function ProductsPage() {
  const { t, tKey, locale } = useI18n();
  const trpc = useTRPC();
  const currency = useStoreCurrency();
  const [params] = useSearchParams();
  const raw = params.get(TYPE_PARAM);
  const type = isProductType(raw) ? raw : null;
  const page = catalogPageOf(params.get(PAGE_PARAM));
  const query = useQuery(
    trpc.catalog.list.queryOptions(
      type || page > 1 || locale !== "en-US"
        ? { ...(type ? { type } : {}), ...(page > 1 ? { page } : {}), ...catalogLanguage(locale) }
        : undefined,
    ),
  );
  const pageInfo = query.data?.pageInfo;
  // A page beyond the last (an old link, a catalogue that has shrunk): the shopper is told so and
  // gets the pager, whose Previous and numbers lead back into the catalogue, rather than a dead end
  // of "not found" or an empty grid without a word.
  const pastLast = pageInfo !== undefined && page > pageInfo.pageCount;

  return (
    <div className="storefront products-page">
      <PageMeta
        title={type ? tKey(`store.type.${type}`) : t("store.productsTitle")}
        description={t("seo.products", { brand: BRAND.name })}
        // A page of the whole catalogue is canonical at its own URL (`/products?page=2`); a type's
        // view, as before, at the catalogue's.
        path={!type && page > 1 ? catalogPageHref(page, null) : PATHS.products}
      />
      <HeroBanners intervalMs={BANNER_BACKGROUND_AUTOPLAY_MS} />
      <h1>{t("store.productsTitle")}</h1>
      <nav aria-label={t("store.filterLabel")} className="type-filter">
        <ul>
          {[null, ...PRODUCT_TYPES].map((value) => (
            <li key={value ?? "all"}>
              <Link
                to={value ? `${PATHS.products}?${TYPE_PARAM}=${value}` : PATHS.products}
                aria-current={value === type ? "page" : undefined}
                className="chip"
              >
                {value ? tKey(`store.type.${value}`) : t("store.type.all")}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {query.isPending ? <Spinner /> : null}
      {query.error ? (
        <ErrorBox
          message={t("store.loadFailed")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : null}
      {query.data ? (
        <ul className="product-grid" aria-label={t("store.productsTitle")}>
          {query.data.products.map((p) => {
            const range = p.priceRanges[currency] ?? p.priceRanges.USD;
            return (
              <li key={p.id} className="product-card">
                <Link to={productHref(p.handle)} className="product-card-link">
                  {p.featuredImage ? (
                    // The title beside it names the link; the picture adds nothing to read out.
                    <img src={p.featuredImage.url} alt="" width={800} height={600} loading="lazy" />
                  ) : null}
                  <h2 className="product-card-title">{p.title}</h2>
                </Link>
                {range ? (
                  <p className="product-card-price">
                    <ProductPrice
                      min={range.minVariantPrice}
                      max={range.maxVariantPrice}
                      compareAt={range.compareAtPrice}
                    />
                  </p>
                ) : null}
                <ProductRating handle={p.handle} rating={p.rating} />
                {!p.available ? <Badge tone="warning">{t("store.soldOut")}</Badge> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {query.data && query.data.products.length === 0 && !pastLast ? <p>{t("store.noProducts")}</p> : null}
      {pastLast ? (
        <p className="catalogue-past-last">{t("store.pastLastPage", { page, count: pageInfo.pageCount })}</p>
      ) : null}
      {pageInfo ? (
        <CataloguePager
          page={page}
          pageCount={pageInfo.pageCount}
          hrefFor={(n) => catalogPageHref(n, type)}
        />
      ) : null}
      <CardBanners intervalMs={BANNER_CARD_AUTOPLAY_MS} />
    </div>
  );
}
