import { useI18n } from "../../lib/i18n.tsx";
import { Price, TaxIncludedMark } from "../../ui/price.tsx";

interface Money {
  amount: string;
  currencyCode: string;
}

/** A price, or a range "from - to", with the compare-at price struck through when higher. */
export function ProductPrice({
  min,
  max,
  compareAt,
}: {
  min: Money;
  max?: Money | null;
  compareAt?: Money | null;
}) {
  const { t } = useI18n();
  const range = max && Number(max.amount) !== Number(min.amount);
  const onSale = compareAt && Number(compareAt.amount) > Number((max ?? min).amount);
  return (
    <span className="product-price">
      {onSale ? <span className="visually-hidden">{t("store.salePrice")}</span> : null}
      <span className={onSale ? "price-sale" : undefined}>
        <Price amount={min.amount} currencyCode={min.currencyCode} />
        {range && max ? (
          <>
            {" – "}
            <Price amount={max.amount} currencyCode={max.currencyCode} />
          </>
        ) : null}
        <TaxIncludedMark currencyCode={min.currencyCode} />
      </span>
      {onSale && compareAt ? (
        <>
          {" "}
          <span className="visually-hidden">{t("store.regularPrice")}</span>
          <s className="price-compare">
            <Price amount={compareAt.amount} currencyCode={compareAt.currencyCode} />
          </s>
        </>
      ) : null}
    </span>
  );
}
