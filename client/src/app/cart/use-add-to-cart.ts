import { useCallback, useState } from "react";
import { useCart } from "../../app/cart/use-cart.ts";
import { useI18n } from "../../app/i18n.tsx";
import { useDialogs } from "../../ui/dialogs.tsx";

/**
 * Add to Cart through the shared cart hook, with the alerts of spec 000 §8 ('Item added to
 * cart', 'Failed to add item to cart'). `adding` is the variant being added, if any.
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
      await alert(ok ? t("store.itemAdded") : t("store.itemFailed"));
      return ok;
    },
    [addLines, alert, t],
  );

  return { add, adding };
}
