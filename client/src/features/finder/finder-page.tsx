import { skipToken, useQuery } from "@tanstack/react-query";
import {
  BRAND,
  DEFAULT_STOREFRONT_CURRENCY,
  devicesForUseCase,
  finderData,
  suggestionFor,
  toggleDevice,
} from "@vela/shared";
import { useEffect, useId, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useAddToCart } from "../../lib/cart/use-add-to-cart.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS, productHref } from "../../lib/routes.ts";
import { catalogLanguage, useStoreCurrency } from "../../lib/store-locale.ts";
import { type RouterOutputs, useTRPC } from "../../lib/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { NeedsScript } from "../../ui/needs-script.tsx";
import { Price, TaxIncludedMark } from "../../ui/price.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import "./finder.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

type Card = RouterOutputs["catalog"]["list"]["products"][number];

const USE_PARAM = "use";
const DEVICE_PARAM = "device";

const choiceOf = (params: URLSearchParams) => ({
  use: params.get(USE_PARAM),
  devices: params.getAll(DEVICE_PARAM),
});

/**
 * Help Me Choose (spec 000 §1): a use case narrows the devices to its iHaveA list; the shopper
 * ticks every device they own, and the essentials of all of them (merged, each once, and the use
 * case's bundles) come from the catalogue, each addable to the cart. The choice lives in the URL
 * (?use=&device=&device=) so a suggestion can be shared.
 */
export function FinderPage() {
  const { t, locale } = useI18n();
  const hintId = useId();
  const [params, setParams] = useSearchParams();
  const data = finderData(locale);
  // The inputs follow this at once; the URL follows it too (and leads it on back/forward).
  const [choice, setChoice] = useState(() => choiceOf(params));
  useEffect(() => {
    setChoice(choiceOf(params));
  }, [params]);
  const useCaseId = choice.use;
  const devices = devicesForUseCase(data, useCaseId);
  const owned = choice.devices.filter((id) => devices.some((d) => d.id === id));
  const suggestion = suggestionFor(data, useCaseId, owned);

  const write = (use: string | null, deviceIds: string[]) => {
    const copy = new URLSearchParams(params);
    if (use) copy.set(USE_PARAM, use);
    copy.delete(DEVICE_PARAM);
    for (const id of deviceIds) copy.append(DEVICE_PARAM, id);
    setChoice(choiceOf(copy));
    setParams(copy, { replace: true });
  };
  const chooseUseCase = (use: string) => {
    // Devices the new use case does not offer are forgotten.
    const offered = devicesForUseCase(data, use);
    write(
      use,
      owned.filter((id) => offered.some((d) => d.id === id)),
    );
  };
  const toggle = (deviceId: string) => write(useCaseId, toggleDevice(owned, deviceId));

  return (
    <div className="storefront finder-page">
      <PageMeta
        title={t("finder.title")}
        description={t("seo.finder", { brand: BRAND.name })}
        path={PATHS.finder}
      />
      <h1>{t("finder.title")}</h1>
      <p className="lead">{t("finder.intro")}</p>
      <NeedsScript text={t("noScript.finder")} />
      <fieldset className="finder-step">
        <legend>{t("finder.step1")}</legend>
        <div className="finder-options">
          {data.useCases.map((u) => (
            <label key={u.id} className="finder-option">
              <input
                type="radio"
                name="use-case"
                value={u.id}
                checked={u.id === useCaseId}
                onChange={() => chooseUseCase(u.id)}
              />
              <span>{u.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {useCaseId && devices.length ? (
        <fieldset className="finder-step" aria-describedby={hintId}>
          <legend>{t("finder.devices.legend")}</legend>
          <p id={hintId} className="muted finder-hint">
            {t("finder.devices.hint")}
          </p>
          <div className="finder-options">
            {devices.map((d) => (
              <label key={d.id} className="finder-option">
                <input
                  type="checkbox"
                  name="device"
                  value={d.id}
                  checked={owned.includes(d.id)}
                  onChange={() => toggle(d.id)}
                />
                <span>{d.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="muted">{t("finder.chooseUseCase")}</p>
      )}
      {suggestion ? (
        <section className="finder-result" aria-labelledby="finder-result-title" aria-live="polite">
          <h2 id="finder-result-title">{t("finder.resultTitle")}</h2>
          <SuggestedProducts handles={suggestion.essentials} />
          {suggestion.bundles.length ? (
            <>
              <h2>{t("finder.bundlesTitle")}</h2>
              <SuggestedProducts handles={suggestion.bundles} />
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function SuggestedProducts({ handles }: { handles: string[] }) {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(
    trpc.catalog.list.queryOptions(handles.length ? { handles, ...catalogLanguage(locale) } : skipToken),
  );
  if (query.isPending) return <Spinner />;
  if (query.error) {
    return (
      <ErrorBox
        message={t("store.loadFailed")}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    <ul className="finder-products">
      {query.data.products.map((p) => (
        <li key={p.id}>
          <SuggestedProduct product={p} />
        </li>
      ))}
    </ul>
  );
}

function SuggestedProduct({ product }: { product: Card }) {
  const { t } = useI18n();
  const addToCart = useAddToCart();
  const adding = addToCart.adding !== null;
  const currency = useStoreCurrency();
  const range = product.priceRanges[currency] ?? product.priceRanges[DEFAULT_STOREFRONT_CURRENCY];
  const add = async () => {
    if (product.defaultVariantId) await addToCart.add(product.defaultVariantId);
  };
  return (
    <article className="finder-product">
      {product.featuredImage ? <img src={product.featuredImage.url} alt="" width={160} height={120} /> : null}
      <div>
        <h3>
          <Link to={productHref(product.handle)}>{product.title}</Link>
        </h3>
        {range ? (
          <p className="finder-price">
            <Price amount={range.minVariantPrice.amount} currencyCode={range.minVariantPrice.currencyCode} />
            <TaxIncludedMark currencyCode={range.minVariantPrice.currencyCode} />
          </p>
        ) : null}
        {product.defaultVariantId ? (
          <Button
            onClick={() => void add()}
            busy={adding}
            aria-label={t("finder.addLabel", { title: product.title })}
          >
            {adding ? t("store.adding") : t("store.addToCart")}
          </Button>
        ) : (
          <p className="muted">{t("store.soldOut")}</p>
        )}
      </div>
    </article>
  );
}
