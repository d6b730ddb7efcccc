import { type Money, pricesIncludeTax, taxIncludedInOrder } from "@vela/shared";
import type { ReactNode } from "react";
import { useI18n } from "../lib/i18n.tsx";

/** The generic price of spec 000 §9: zero decimals, USD unless a currency is given. */
export function Price({ amount, currencyCode = "USD" }: { amount: string | number; currencyCode?: string }) {
  const { price } = useI18n();
  return <span className="price">{price(amount, currencyCode)}</span>;
}

/**
 * "（税込）" after a price whose currency's prices include tax (JPY: Japan's 総額表示); nothing
 * for tax-exclusive currencies (USD), whose tax is added at checkout.
 */
export function TaxIncludedMark({ currencyCode }: { currencyCode: string }) {
  const { t } = useI18n();
  if (!pricesIncludeTax(currencyCode)) return null;
  return <span className="price-tax-mark">{t("store.taxIncluded")}</span>;
}

/**
 * The end of an order summary (`<dl className="summary">`): where the tax was added, a tax line
 * then the total; where the prices include it, the total marked tax-included and the tax it
 * contains beneath ("うち消費税 ¥X"), never added again.
 */
export function SummaryTaxAndTotal({
  taxIncluded,
  tax,
  total,
  taxLabel,
  totalLabel,
  totalTestId,
}: {
  taxIncluded: boolean;
  tax: ReactNode;
  total: ReactNode;
  taxLabel: string;
  totalLabel: string;
  totalTestId?: string;
}) {
  const { t } = useI18n();
  const totalRow = (
    <div className="summary-total">
      <dt>{taxIncluded ? t("checkout.totalTaxIncluded") : totalLabel}</dt>
      <dd data-testid={totalTestId}>{total}</dd>
    </div>
  );
  if (!taxIncluded)
    return (
      <>
        <div>
          <dt>{taxLabel}</dt>
          <dd>{tax}</dd>
        </div>
        {totalRow}
      </>
    );
  return (
    <>
      {totalRow}
      <div className="summary-tax-included">
        <dt>{t("checkout.taxIncludedLine")}</dt>
        <dd data-testid="summary-tax-included">{tax}</dd>
      </div>
    </>
  );
}

/**
 * Whether a placed order's tax was contained in its prices (yen orders since prices became
 * tax-inclusive) or added to them (dollar orders, and yen orders placed before): read from its amounts.
 */
export function orderTaxIncluded(o: {
  subtotal: Money;
  discount: Money;
  shipping: Money;
  tax: Money;
  total: Money;
}): boolean {
  return taxIncludedInOrder({
    currencyCode: o.total.currencyCode,
    subtotal: Number(o.subtotal.amount),
    discount: Number(o.discount.amount),
    shipping: Number(o.shipping.amount),
    tax: Number(o.tax.amount),
    total: Number(o.total.amount),
  });
}
