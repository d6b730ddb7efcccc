import { DEFAULT_STOREFRONT_CURRENCY } from "@vela/shared";
import { useCart } from "../../app/cart/use-cart.ts";

/** Prices show in the cart's currency (USD unless the cart says otherwise), like the generic Price. */
export function useStoreCurrency(): string {
  return useCart().cart?.currencyCode ?? DEFAULT_STOREFRONT_CURRENCY;
}
