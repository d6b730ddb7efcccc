import { CART_LINE_QUANTITY_MAX, CART_LINE_QUANTITY_MIN } from "@vela/shared";
import { useEffect, useRef, useState } from "react";
import { useI18n } from "../../lib/i18n.tsx";
import { Button } from "../../ui/button.tsx";

/**
 * A summary line's quantity and its Remove, so that the shopper changes the order where they
 * check it rather than going back to the cart. A typed quantity is sent when the field is left or
 * Enter is pressed; one outside the cart's limits is brought within them first.
 */
export function SummaryLineControls({
  title,
  quantity,
  busy,
  onQuantity,
  onRemove,
}: {
  title: string;
  quantity: number;
  busy: boolean;
  onQuantity(quantity: number): void;
  onRemove(): void;
}) {
  const { t } = useI18n();
  const [draft, setDraft] = useState(String(quantity));
  useEffect(() => setDraft(String(quantity)), [quantity]);
  // Enter sends, and the field is then disabled, which blurs it: that blur must not send again.
  const sent = useRef(false);
  useEffect(() => {
    if (!busy) sent.current = false;
  }, [busy]);

  const commit = () => {
    if (sent.current) return;
    const n = Number.parseInt(draft, 10);
    const next = Number.isFinite(n)
      ? Math.min(CART_LINE_QUANTITY_MAX, Math.max(CART_LINE_QUANTITY_MIN, n))
      : quantity;
    setDraft(String(next));
    if (next === quantity) return;
    sent.current = true;
    onQuantity(next);
  };

  return (
    <span className="checkout-line-controls">
      <input
        type="number"
        inputMode="numeric"
        min={CART_LINE_QUANTITY_MIN}
        max={CART_LINE_QUANTITY_MAX}
        aria-label={t("checkout.lineQuantity", { title })}
        value={draft}
        disabled={busy}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            // Enter in this field changes the line; it must not submit the payment form.
            e.preventDefault();
            commit();
          }
        }}
      />
      <Button
        variant="link"
        disabled={busy}
        aria-label={t("checkout.removeLine", { title })}
        onClick={onRemove}
      >
        {t("cart.remove")}
      </Button>
    </span>
  );
}
