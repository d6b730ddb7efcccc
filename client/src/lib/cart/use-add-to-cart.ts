import { useCallback, useState } from "react";
import { useDialogs } from "../dialogs.ts";
import { useI18n } from "../i18n.tsx";
import { type Cart, useCart } from "./use-cart.ts";

export interface AddToCartOptions {
  /**
   * Shows the success in the caller's own way (the product page's cart drawer) instead of the
   * 'Item added to cart' alert. A failure still alerts 'Failed to add item to cart'.
   */
  onAdded?(cart: Cart, variantId: string): void;
}

/**
 * Add to Cart through the shared cart, with the alerts of spec 000 §8 ('Item added to cart',
 * 'Failed to add item to cart'): the one way every page (product, order line, finders) adds an
 * item. `adding` is the variant being added, if any.
 */
export function useAddToCart({ onAdded }: AddToCartOptions = {}) {
  const { addLines } = useCart();
  const { alert } = useDialogs();
  const { t } = useI18n();
  const [adding, setAdding] = useState<string | null>(null);

  const add = useCallback(
    async (variantId: string, quantity = 1): Promise<boolean> => {
      setAdding(variantId);
      let cart: Cart | null = null;
      try {
        cart = await addLines([{ merchandiseId: variantId, quantity }]);
      } catch {
        cart = null;
      } finally {
        setAdding(null);
      }
      if (cart && onAdded) onAdded(cart, variantId);
      else await alert(cart ? t("cart.itemAdded") : t("cart.itemFailed"));
      return cart !== null;
    },
    [addLines, alert, t, onAdded],
  );

  return { add, adding };
}
