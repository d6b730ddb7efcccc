import type { RefObject } from "react";
import { Link } from "react-router-dom";
import { useCart } from "../../lib/cart/use-cart.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS } from "../../lib/routes.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { TaxIncludedMark } from "../../ui/price.tsx";
import "./cart-drawer.css";

/**
 * What the product page shows after a successful Add to Cart: a panel at the side with the
 * product just added (picture, name, variant, price), the cart's total from the shared cart, and
 * the ways on (Check out, View cart). A modal on the store's one Dialog: focus moves into it,
 * Escape or a click beside it closes it, and focus goes back to the Add to Cart button.
 */
export function CartDrawer({
  variantId,
  onClose,
  returnFocusTo,
}: {
  /** The variant just added; the drawer is shown while it is set. */
  variantId: string | null;
  onClose(): void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t, tn, money } = useI18n();
  const { cart } = useCart();
  const line = variantId ? cart?.lines.find((l) => l.merchandise.id === variantId) : undefined;
  return (
    <Dialog
      open={variantId !== null}
      onClose={onClose}
      title={t("cartDrawer.title")}
      className="cart-drawer"
      closeOnBackdrop
      returnFocusTo={returnFocusTo}
      headerAction={
        <Button
          variant="secondary"
          className="cart-drawer-close"
          aria-label={t("cartDrawer.close")}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </Button>
      }
    >
      {line ? (
        <div className="cart-drawer-item">
          {line.merchandise.image ? (
            <img
              src={line.merchandise.image.url}
              alt=""
              width={96}
              height={96}
              className="cart-drawer-image"
            />
          ) : null}
          <div>
            <p className="cart-drawer-product">{line.merchandise.product.title}</p>
            <p className="muted">{line.merchandise.title}</p>
            <p data-testid="cart-drawer-price">
              {money(line.merchandise.price)}
              <TaxIncludedMark currencyCode={line.merchandise.price.currencyCode} />
            </p>
            <p className="muted">{t("cartDrawer.quantity", { quantity: line.quantity })}</p>
          </div>
        </div>
      ) : null}
      {cart ? (
        <dl className="summary cart-drawer-total">
          <div className="summary-total">
            <dt>
              {t("cartDrawer.total")}{" "}
              <span className="muted">
                ({tn("cartDrawer.items", cart.totalQuantity, { count: cart.totalQuantity })})
              </span>
            </dt>
            <dd data-testid="cart-drawer-total">
              {money(cart.cost.subtotalAmount)}
              <TaxIncludedMark currencyCode={cart.cost.subtotalAmount.currencyCode} />
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="cart-drawer-actions">
        <Link className="btn btn-primary" to={PATHS.checkout}>
          {t("cartDrawer.checkout")}
        </Link>
        <Link className="btn btn-secondary" to={PATHS.cart}>
          {t("cartDrawer.viewCart")}
        </Link>
        <Button variant="link" onClick={onClose}>
          {t("cart.continue")}
        </Button>
      </div>
    </Dialog>
  );
}
