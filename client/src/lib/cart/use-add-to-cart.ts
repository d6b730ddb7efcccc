import { useCallback, useState } from "react";
import { useDialogs } from "../dialogs.ts";
import { useI18n } from "../i18n.tsx";
import { useCart } from "./use-cart.ts";

/**
 * Add to Cart through the shared cart, with the alerts of spec 000 §8 ('Item added to cart',
 * 'Failed to add item to cart'): the one way every page (product, order line, finders) adds an
 * item. `adding` is the variant being added, if any.
 */
export function useAddToCart() {
  const { addLines } = useCart();
  const { alert } = useDialogs();
  const { t } = useI18n();
  const [adding, setAdding] = useState<string | null>(null);

  const add = useCallback(
    async (variantId: string, quantity = 1): Promise<boolean> => {
      setAdding(variantId);
      let ok = false;
      try {
        await addLines([{ merchandiseId: variantId, quantity }]);
        ok = true;
      } catch {
        ok = false;
      } finally {
        setAdding(null);
      }
      await alert(ok ? t("cart.itemAdded") : t("cart.itemFailed"));
      return ok;
    },
    [addLines, alert, t],
  );

  return { add, adding };
}
