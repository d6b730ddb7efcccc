import { useQuery } from "@tanstack/react-query";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  finderData,
  isHandle,
  pageUrl,
  previewImagePath,
  productJsonLd,
  promoListsOf,
} from "@vela/shared";
import { useCallback, useRef, useState } from "react";
import { Link, useParams } from "react-router-dom";
import { isNotFound } from "../../lib/errors.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { keepClear } from "../../lib/keep-clear.ts";
import { compatibilityHref, PATHS, productHref } from "../../lib/routes.ts";
import { useSiteOrigin } from "../../lib/site-origin.tsx";
import { useStoreCurrency } from "../../lib/store-locale.ts";
import { type RouterOutputs, useTRPC } from "../../lib/trpc.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { NeedsScript } from "../../ui/needs-script.tsx";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { ShareBar } from "../../ui/share-bar.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { Gallery } from "./gallery.tsx";
import { ProductPrice } from "./product-price.tsx";
import { productQuery } from "./product-query.ts";
import { ProductRating } from "./product-rating.tsx";
import "./products.css";
import { useAddToCart } from "../../lib/cart/use-add-to-cart.ts";
import { Availability, SoldOutAddToCart } from "./availability.tsx";
import { CartDrawer } from "./cart-drawer.tsx";

type Product = RouterOutputs["catalog"]["product"]["product"];

export function ProductPage() {
  const { handle = "" } = useParams();
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const valid = isHandle(handle);
  const query = useQuery({ ...productQuery({ trpc }, handle, locale), enabled: valid });

  if (!valid || (query.error && isNotFound(query.error))) {
    return (
      <section className="storefront">
        <PageMeta title={t("store.productNotFound")} noindex />
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
        <PageMeta title={t("store.productsTitle")} noindex />
        <h1>{t("store.productsTitle")}</h1>
        <ErrorBox
          message={t("store.loadFailed")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </section>
    );
  }
  if (!query.data)
    return (
      <>
        <PageMeta title={null} />
        <Spinner />
      </>
    );
  return <ProductView key={query.data.product.id} product={query.data.product} />;
}

function ProductView({ product }: { product: Product }) {
  const { t, tKey, locale } = useI18n();
  const currency = useStoreCurrency();
  // A successful Add to Cart opens the cart drawer (a failure keeps the spec's alert); closing it
  // gives focus back to the button that was pressed.
  const [addedVariant, setAddedVariant] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement | null>(null);
  const onAdded = useCallback((_cart: unknown, id: string) => setAddedVariant(id), []);
  const { add, adding } = useAddToCart({ onAdded });
  const firstAvailable = product.variants.find((v) => v.available) ?? product.variants[0];
  const [variantId, setVariantId] = useState(firstAvailable?.id ?? "");
  const variant = product.variants.find((v) => v.id === variantId) ?? firstAvailable;
  const price = variant ? (variant.prices[currency] ?? variant.prices.USD) : undefined;
  const promos = promoListsOf(finderData(locale), product.handle);
  const origin = useSiteOrigin();
  const shareUrl = `${origin}${productHref(product.handle)}`;

  return (
    <article className="storefront product-page">
      <ProductMeta product={product} price={price?.price} />
      <nav aria-label={t("store.breadcrumb")} className="breadcrumb">
        <Link to={PATHS.products}>{t("store.productsTitle")}</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{product.title}</span>
      </nav>
      <div className="product-layout">
        <Gallery images={product.images} title={product.title} variantImage={variant?.image?.url} />
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
            <fieldset className="variant-picker" {...keepClear}>
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
          {variant ? <Availability quantityAvailable={variant.quantityAvailable} /> : null}
          {variant?.available ? (
            <>
              <Button
                {...keepClear}
                onClick={(e) => {
                  addButton.current = e.currentTarget;
                  void add(variant.id);
                }}
                busy={adding === variant.id}
              >
                {adding === variant.id ? t("store.adding") : t("store.addToCart")}
              </Button>
              <NeedsScript text={t("noScript.cart")} />
            </>
          ) : (
            <SoldOutAddToCart />
          )}
          <p className="product-description">{product.description}</p>
          <p>
            {product.compatibilityHandle ? (
              <Link to={compatibilityHref({ product: product.compatibilityHandle })}>
                {t("store.compatibilityLink")}
              </Link>
            ) : (
              <span className="muted">{t("compat.notFound")}</span>
            )}
          </p>
          <ShareBar data={{ url: shareUrl, title: product.title, description: product.description }} />
        </div>
      </div>
      <CartDrawer variantId={addedVariant} onClose={() => setAddedVariant(null)} returnFocusTo={addButton} />
    </article>
  );
}

/** The product's page metadata: a preview card with name, price and picture, and its JSON-LD. */
function ProductMeta({
  product,
  price,
}: {
  product: Product;
  price: { amount: string; currencyCode: string } | undefined;
}) {
  const { t, locale } = useI18n();
  const origin = useSiteOrigin();
  const currency = useStoreCurrency();
  const path = productHref(product.handle);
  const url = pageUrl(origin, path, locale);
  // The JSON-LD names the pictures' raster previews: Google Merchant Center takes no SVG.
  const images = product.images.flatMap((image) => {
    const preview = previewImagePath(image.url);
    return preview ? [absoluteUrl(origin, preview)] : [];
  });
  const picture = product.images[0];
  const productLd = productJsonLd({
    name: product.title,
    description: product.description,
    url,
    images,
    variants: product.variants.flatMap((v) => {
      const p = (v.prices[currency] ?? v.prices.USD)?.price;
      return p
        ? [{ sku: v.sku, name: v.title, available: v.available, price: p.amount, currency: p.currencyCode }]
        : [];
    }),
    rating: product.rating,
  });
  const breadcrumb = breadcrumbJsonLd([
    { name: t("layout.home"), url: pageUrl(origin, PATHS.home, locale) },
    { name: t("store.productsTitle"), url: pageUrl(origin, PATHS.products, locale) },
    { name: product.title, url },
  ]);
  return (
    <PageMeta
      title={product.title}
      description={product.seoDescription || product.description}
      path={path}
      image={picture ? { drawing: picture.url, alt: product.title } : null}
      type="product"
      {...(price ? { price } : {})}
      jsonLd={[productLd, breadcrumb]}
    />
  );
}
