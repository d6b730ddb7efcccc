import { useQuery } from "@tanstack/react-query";
import { BRAND, DEFAULT_STOREFRONT_CURRENCY, handle } from "@vela/shared";
import { Link } from "react-router-dom";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS, productHref } from "../../lib/routes.ts";
import { catalogLanguage, useStoreCurrency } from "../../lib/store-locale.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ErrorBox } from "../../ui/error-box.tsx";
import { TaxIncludedMark } from "../../ui/price.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import "./mobile.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

/** The mobile accessories of the catalogue, in the order the store page lists them. */
export const MOBILE_ACCESSORY_HANDLES = [
  handle("pro-mobile-dock"),
  handle("one-neckband"),
  handle("usb-c-charging-adapter"),
  handle("lightning-hdmi-adapter"),
];

/** /store/mobile (spec 001 §2): the accessories for using the glasses on the go. */
export function StoreMobilePage() {
  const { t, price, locale } = useI18n();
  const trpc = useTRPC();
  const currency = useStoreCurrency();
  const query = useQuery(
    trpc.catalog.list.queryOptions({ handles: MOBILE_ACCESSORY_HANDLES, ...catalogLanguage(locale) }),
  );
  return (
    <div className="mobile-page">
      <PageMeta
        title={t("mobile.store.title")}
        description={t("seo.storeMobile", { brand: BRAND.name })}
        path={PATHS.storeMobile}
      />
      <h1>{t("mobile.store.title")}</h1>
      <p className="lead">{t("mobile.store.intro")}</p>
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <ErrorBox message={t("mobile.store.loadFailed")} onRetry={() => void query.refetch()} />
      ) : (
        <ul className="mobile-store" aria-label={t("mobile.store.list")}>
          {query.data.products.map((p) => {
            const range = p.priceRanges[currency] ?? p.priceRanges[DEFAULT_STOREFRONT_CURRENCY];
            return (
              <li key={p.handle} className="mobile-card">
                {p.featuredImage ? (
                  // The stored alt text is English; the picture is named as the product in the page's language.
                  <img src={p.featuredImage.url} alt={p.title} width={400} height={300} />
                ) : null}
                <h2>
                  <Link to={productHref(p.handle)}>{p.title}</Link>
                </h2>
                {range ? (
                  <p className="mobile-pack-price">
                    {price(range.minVariantPrice.amount, range.minVariantPrice.currencyCode)}
                    <TaxIncludedMark currencyCode={range.minVariantPrice.currencyCode} />
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <Link to={PATHS.mobile}>{t("mobile.store.back")}</Link>
      </p>
    </div>
  );
}
