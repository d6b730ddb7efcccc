import { useQuery } from "@tanstack/react-query";
import {
  DEFAULT_STOREFRONT_CURRENCY,
  defaultPack,
  hasFreeController,
  type MobileKitLanguage,
  mobileAccessories,
  mobileIntents,
  mobileKitLanguage,
  mobilePack,
  toggleMobileAccessory,
} from "@vela/shared";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { useAddToCart } from "../../lib/cart/use-add-to-cart.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { productHref } from "../../lib/routes.ts";
import { catalogLanguage, useStoreCurrency } from "../../lib/store-locale.ts";
import { type RouterOutputs, useTRPC } from "../../lib/trpc.ts";
import { Badge } from "../../ui/badge.tsx";
import { Button } from "../../ui/button.tsx";
import { TaxIncludedMark } from "../../ui/price.tsx";
import { RatingStars } from "../../ui/rating-stars.tsx";
import { Spinner } from "../../ui/spinner.tsx";

type Product = RouterOutputs["catalog"]["product"]["product"];

/**
 * The product pack of spec 001 §3 (handle, title, priceRange of min and max, optional
 * compareAtPriceRange, rating), read from the catalogue in the store's currency.
 */
export function toPack(product: Product, currency: string) {
  const range = product.priceRanges[currency] ?? product.priceRanges[DEFAULT_STOREFRONT_CURRENCY];
  return {
    handle: product.handle,
    title: product.title,
    priceRange: range
      ? { minVariantPrice: range.minVariantPrice, maxVariantPrice: range.maxVariantPrice }
      : null,
    compareAtPriceRange: range?.compareAtPrice
      ? { minVariantPrice: range.compareAtPrice, maxVariantPrice: range.compareAtPrice }
      : null,
    rating: product.rating,
  };
}

/**
 * "Get Moving And Mobile With The Right Mobile Kit" (spec 001 §2, §4, §9): choose what you connect
 * (an intent), then what you want with the glasses; the pack rules of @vela/shared pick the pack.
 * Choosing an intent clears the accessories and the suggestion; before any choice the language's
 * default pack is shown. "Just the glasses" and the accessories exclude each other.
 */
export function MobileFinder() {
  const { t, locale } = useI18n();
  const language = mobileKitLanguage(locale);
  const intents = mobileIntents(language);
  const accessories = mobileAccessories(language);
  const [intent, setIntent] = useState<number | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const intentName = useId();
  const allowed = intents.find((i) => i.id === intent)?.iHaveA ?? [];
  const pack = intent === null ? defaultPack(language) : mobilePack(language, intent, picked);

  return (
    <section className="mobile-finder" aria-labelledby="mobile-finder-title">
      <h2 id="mobile-finder-title">{t("mobile.finder.title")}</h2>
      <div className="mobile-finder-steps">
        <fieldset className="mobile-finder-step">
          <legend>{t("mobile.finder.intent")}</legend>
          {intents.map((i) => (
            <label key={i.id} className="mobile-option">
              <input
                type="radio"
                name={intentName}
                value={i.id}
                checked={intent === i.id}
                onChange={() => {
                  setIntent(i.id);
                  setPicked([]);
                }}
              />
              {i.name}
            </label>
          ))}
        </fieldset>
        <fieldset className="mobile-finder-step" disabled={intent === null}>
          <legend>{t("mobile.finder.accessories")}</legend>
          {intent === null ? (
            <p className="muted">{t("mobile.finder.chooseIntent")}</p>
          ) : (
            accessories
              .filter((a) => allowed.includes(a.id))
              .map((a) => (
                <label key={a.id} className="mobile-option">
                  <input
                    type="checkbox"
                    checked={picked.includes(a.id)}
                    onChange={(e) => {
                      const checked = e.target.checked;
                      setPicked((p) => toggleMobileAccessory(p, a.id, checked));
                    }}
                  />
                  {a.name}
                </label>
              ))
          )}
        </fieldset>
      </div>
      <div className="mobile-finder-result" aria-live="polite">
        {pack ? (
          <PackCard
            handle={pack}
            language={language}
            heading={intent === null ? t("mobile.finder.ourPick") : t("mobile.finder.suggested")}
          />
        ) : (
          <p className="muted">{t("mobile.finder.chooseAccessory")}</p>
        )}
      </div>
    </section>
  );
}

function PackCard({
  handle,
  language,
  heading,
}: {
  handle: string;
  language: MobileKitLanguage;
  heading: string;
}) {
  const { t, tn, price, locale } = useI18n();
  const trpc = useTRPC();
  const addToCart = useAddToCart();
  const adding = addToCart.adding !== null;
  const currency = useStoreCurrency();
  const query = useQuery(trpc.catalog.product.queryOptions({ handle, ...catalogLanguage(locale) }));
  if (query.isPending) return <Spinner />;
  if (query.isError) return <p className="muted">{t("mobile.finder.loadFailed")}</p>;
  const product = query.data.product;
  const pack = toPack(product, currency);
  const variant = product.variants.find((v) => v.available) ?? product.variants[0];
  const image = product.images[0];
  const min = pack.priceRange?.minVariantPrice;
  const max = pack.priceRange?.maxVariantPrice;
  const compare = pack.compareAtPriceRange?.minVariantPrice;

  const add = async () => {
    if (variant) await addToCart.add(variant.id);
  };

  return (
    <article className="mobile-pack" aria-labelledby="mobile-pack-title" data-handle={pack.handle}>
      <p className="mobile-pack-eyebrow">{heading}</p>
      {image ? <img src={image.url} alt={image.altText} width={320} height={240} /> : null}
      <div className="mobile-pack-body">
        <h3 id="mobile-pack-title">{pack.title}</h3>
        {hasFreeController(language, pack.handle) ? (
          <Badge tone="success">{t("mobile.finder.freeController")}</Badge>
        ) : null}
        <p className="mobile-pack-price">
          {min && max ? (
            <>
              {compare ? <span className="visually-hidden">{t("mobile.finder.salePrice")}</span> : null}
              <strong>
                {price(min.amount, min.currencyCode)}
                {max.amount !== min.amount ? ` – ${price(max.amount, max.currencyCode)}` : ""}
              </strong>
              <TaxIncludedMark currencyCode={min.currencyCode} />
              {compare ? (
                <>
                  {" "}
                  <span className="visually-hidden">{t("mobile.finder.regularPrice")}</span>
                  <s>{price(compare.amount, compare.currencyCode)}</s>
                </>
              ) : null}
            </>
          ) : null}
        </p>
        <p className="mobile-pack-rating">
          {pack.rating.average !== null ? (
            <>
              <RatingStars value={pack.rating.average} size="sm" />{" "}
              <span className="muted">
                {tn("mobile.finder.reviews", pack.rating.count, { count: pack.rating.count })}
              </span>
            </>
          ) : (
            <span className="muted">{t("mobile.finder.noRating")}</span>
          )}
        </p>
        <p className="actions">
          <Button onClick={() => void add()} busy={adding} disabled={!variant?.available}>
            {adding ? t("store.adding") : t("store.addToCart")}
          </Button>
          <Link to={productHref(pack.handle)}>{t("mobile.finder.details")}</Link>
        </p>
      </div>
    </article>
  );
}
