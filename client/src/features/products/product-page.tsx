import { useQuery } from "@tanstack/react-query";
import { finderData, isHandle, promoListsOf } from "@vela/shared";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { isNotFound } from "../../lib/errors.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { usePageTitle } from "../../lib/page-title.ts";
import { compatibilityHref, PATHS, productHref } from "../../lib/routes.ts";
import { useStoreCurrency } from "../../lib/store-locale.ts";
import { type RouterOutputs, useTRPC } from "../../lib/trpc.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { ShareBar } from "../../ui/share-bar.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { Gallery } from "./gallery.tsx";
import { ProductPrice } from "./product-price.tsx";
import { productQuery } from "./product-query.ts";
import { ProductRating } from "./product-rating.tsx";
import "./products.css";
import { useAddToCart } from "../../lib/cart/use-add-to-cart.ts";

type Product = RouterOutputs["catalog"]["product"]["product"];

export function ProductPage() {
  const { handle = "" } = useParams();
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const valid = isHandle(handle);
  const query = useQuery({ ...productQuery({ trpc }, handle, locale), enabled: valid });
  usePageTitle(query.data?.product.title ?? (query.error || !valid ? t("store.productNotFound") : null));

  if (!valid || (query.error && isNotFound(query.error))) {
    return (
      <section className="storefront">
        <h1>{t("store.productNotFound")}</h1>
        <p>{t("store.productNotFoundBody")}</p>
        <p>
          <Link to={PATHS.products}>{t("store.backToProducts")}</Link>
        </p>
      </section>
    );
  }
  if (query.error) {
    return (
      <section className="storefront">
        <h1>{t("store.productsTitle")}</h1>
        <ErrorBox
          message={t("store.loadFailed")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </section>
    );
  }
  if (!query.data) return <Spinner />;
  return <ProductView key={query.data.product.id} product={query.data.product} />;
}

function ProductView({ product }: { product: Product }) {
  const { t, tKey, locale } = useI18n();
  const currency = useStoreCurrency();
  const { add, adding } = useAddToCart();
  const firstAvailable = product.variants.find((v) => v.available) ?? product.variants[0];
  const [variantId, setVariantId] = useState(firstAvailable?.id ?? "");
  const variant = product.variants.find((v) => v.id === variantId) ?? firstAvailable;
  const price = variant ? (variant.prices[currency] ?? variant.prices.USD) : undefined;
  const promos = promoListsOf(finderData(locale), product.handle);
  const shareUrl =
    typeof window === "undefined"
      ? productHref(product.handle)
      : `${window.location.origin}${productHref(product.handle)}`;

  return (
    <article className="storefront product-page">
      <nav aria-label={t("store.breadcrumb")} className="breadcrumb">
        <Link to={PATHS.products}>{t("store.productsTitle")}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{product.title}</span>
      </nav>
      <div className="product-layout">
        <Gallery images={product.images} title={product.title} />
        <div className="product-info">
          <h1>{product.title}</h1>
          <ProductRating handle={product.handle} rating={product.rating} size="md" />
          {promos.length ? (
            <p className="product-badges">
              {promos.map((p) => (
                <Badge key={p} tone="info">
                  {tKey(`store.promo.${p}`)}
                </Badge>
              ))}
            </p>
          ) : null}
          {price ? (
            <p className="product-page-price">
              <ProductPrice min={price.price} compareAt={price.compareAtPrice} />
            </p>
          ) : null}
          {product.variants.length > 1 ? (
            <fieldset className="variant-picker">
              <legend>{t("store.variant")}</legend>
              {product.variants.map((v) => (
                <label key={v.id} className="variant-option">
                  <input
                    type="radio"
                    name="variant"
                    value={v.id}
                    checked={v.id === variant?.id}
                    disabled={!v.available}
                    onChange={() => setVariantId(v.id)}
                  />
                  <span>
                    {v.title}
                    {!v.available ? ` (${t("store.soldOut")})` : null}
                  </span>
                </label>
              ))}
            </fieldset>
          ) : variant ? (
            <p className="muted">
              {t("store.variant")}: {variant.title}
            </p>
          ) : null}
          {variant?.available ? (
            <Button onClick={() => void add(variant.id)} busy={adding === variant.id}>
              {adding === variant.id ? t("store.adding") : t("store.addToCart")}
            </Button>
          ) : (
            <p>
              <Badge tone="warning">{t("store.soldOut")}</Badge>
            </p>
          )}
          <p className="product-description">{product.description}</p>
          <p>
            <Link to={compatibilityHref({ product: product.compatibilityHandle })}>
              {t("store.compatibilityLink")}
            </Link>
          </p>
          <ShareBar data={{ url: shareUrl, title: product.title, description: product.description }} />
        </div>
      </div>
    </article>
  );
}
