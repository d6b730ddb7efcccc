import { skipToken, useQuery } from "@tanstack/react-query";
import { DEFAULT_STOREFRONT_CURRENCY, devicesForUseCase, finderData, suggestionFor } from "@vela/shared";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useAddToCart } from "../../app/cart/use-add-to-cart.ts";
import { useCart } from "../../app/cart/use-cart.ts";
import { useI18n } from "../../app/i18n.tsx";
import { usePageTitle } from "../../app/page-title.ts";
import { productHref } from "../../app/routes.ts";
import { type RouterOutputs, useTRPC } from "../../app/trpc.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { Price } from "../../ui/price.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import "./finder.css";

type Card = RouterOutputs["catalog"]["list"]["products"][number];

const USE_PARAM = "use";
const DEVICE_PARAM = "device";

/**
 * Help Me Choose (spec 000 §1): a use case narrows the devices to its iHaveA list; the device's
 * essentials (and the use case's bundles) come from the catalogue, each addable to the cart.
 * The choice lives in the URL (?use=&device=) so a suggestion can be shared.
 */
export function FinderPage() {
  const { t, locale } = useI18n();
  usePageTitle(t("finder.title"));
  const [params, setParams] = useSearchParams();
  const data = finderData(locale);
  // The radios follow this at once; the URL follows it too (and leads it on back/forward).
  const [choice, setChoice] = useState(() => ({
    use: params.get(USE_PARAM),
    device: params.get(DEVICE_PARAM),
  }));
  useEffect(() => {
    setChoice({ use: params.get(USE_PARAM), device: params.get(DEVICE_PARAM) });
  }, [params]);
  const useCaseId = choice.use;
  const devices = devicesForUseCase(data, useCaseId);
  const deviceId = devices.some((d) => d.id === choice.device) ? choice.device : null;
  const suggestion = suggestionFor(data, useCaseId, deviceId);

  const choose = (next: { use?: string; device?: string | null }) => {
    const copy = new URLSearchParams(params);
    if (next.use !== undefined) {
      copy.set(USE_PARAM, next.use);
      // A device the new use case does not offer is forgotten.
      const offered = devicesForUseCase(data, next.use).some((d) => d.id === copy.get(DEVICE_PARAM));
      if (!offered) copy.delete(DEVICE_PARAM);
    }
    if (next.device) copy.set(DEVICE_PARAM, next.device);
    setChoice({ use: copy.get(USE_PARAM), device: copy.get(DEVICE_PARAM) });
    setParams(copy, { replace: true });
  };

  return (
    <div className="storefront finder-page">
      <h1>{t("finder.title")}</h1>
      <p className="lead">{t("finder.intro")}</p>
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
                onChange={() => choose({ use: u.id })}
              />
              <span>{u.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {useCaseId && devices.length ? (
        <fieldset className="finder-step">
          <legend>{t("finder.step2")}</legend>
          <div className="finder-options">
            {devices.map((d) => (
              <label key={d.id} className="finder-option">
                <input
                  type="radio"
                  name="device"
                  value={d.id}
                  checked={d.id === deviceId}
                  onChange={() => choose({ device: d.id })}
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
  const { t } = useI18n();
  const trpc = useTRPC();
  const query = useQuery(trpc.catalog.list.queryOptions(handles.length ? { handles } : skipToken));
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
  const { cart } = useCart();
  const addToCart = useAddToCart();
  const adding = addToCart.adding !== null;
  const currency = cart?.currencyCode ?? DEFAULT_STOREFRONT_CURRENCY;
  const range = product.priceRanges[currency] ?? product.priceRanges.USD;
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
