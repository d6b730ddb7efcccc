import { useQuery } from "@tanstack/react-query";
import {
  BANNER_BACKGROUND_AUTOPLAY_MS,
  BANNER_CARD_AUTOPLAY_MS,
  BRAND,
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
import { ProductPrice } from "./product-price.tsx";
import { ProductRating } from "./product-rating.tsx";
import "./products.css";

const TYPE_PARAM = "type";

const isProductType = (v: string | null): v is ProductType =>
  (PRODUCT_TYPES as readonly string[]).includes(v ?? "");

/** The catalogue: banners, a filter by type (kept in the URL), and the grid of products. */
export function ProductsPage() {
  const { t, tKey, locale } = useI18n();
  const trpc = useTRPC();
  const currency = useStoreCurrency();
  const [params] = useSearchParams();
  const raw = params.get(TYPE_PARAM);
  const type = isProductType(raw) ? raw : null;
  const query = useQuery(
    trpc.catalog.list.queryOptions(
      type || locale !== "en-US" ? { ...(type ? { type } : {}), ...catalogLanguage(locale) } : undefined,
    ),
  );

  return (
    <div className="storefront products-page">
      <PageMeta
        title={type ? tKey(`store.type.${type}`) : t("store.productsTitle")}
        description={t("seo.products", { brand: BRAND.name })}
        path={PATHS.products}
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
      {query.data && query.data.products.length === 0 ? <p>{t("store.noProducts")}</p> : null}
      <CardBanners intervalMs={BANNER_CARD_AUTOPLAY_MS} />
    </div>
  );
}
