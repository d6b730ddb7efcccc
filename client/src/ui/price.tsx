import { useI18n } from "../lib/i18n.tsx";

/** The generic price of spec 000 §9: zero decimals, USD unless a currency is given. */
export function Price({ amount, currencyCode = "USD" }: { amount: string | number; currencyCode?: string }) {
  const { price } = useI18n();
  return <span className="price">{price(amount, currencyCode)}</span>;
}
