import { CART_LINE_QUANTITY_MAX, CART_LINE_QUANTITY_MIN, pricesIncludeTax } from "@vela/shared";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { cartErrorText } from "../../lib/cart/cart-error-text.ts";
import { type CartLine, useCart } from "../../lib/cart/use-cart.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { PATHS, productHref } from "../../lib/routes.ts";
import { Button } from "../../ui/button.tsx";
import { ErrorBox } from "../../ui/error-box.tsx";
import { TaxIncludedMark } from "../../ui/price.tsx";
import { PageMeta } from "../../ui/seo/page-meta.tsx";
import { Spinner } from "../../ui/spinner.tsx";

export function CartPage() {
  const i18n = useI18n();
  const { t, money, errorText } = i18n;
  const cart = useCart();
  const [error, setError] = useState<string | null>(null);
  const [pendingLine, setPendingLine] = useState<string | null>(null);
  // The line the server set to its stock instead of the quantity asked for, and what it holds.
  const [capped, setCapped] = useState<{ lineId: string; quantity: number } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const lineTitles = useRef(new Map<string, HTMLHeadingElement>());

  const change = async (lineId: string, action: () => Promise<unknown>) => {
    setError(null);
    setCapped(null);
    setPendingLine(lineId);
    try {
      await action();
    } catch (err) {
      setError(cartErrorText(i18n, err));
    } finally {
      setPendingLine(null);
    }
  };

  const lines = cart.cart?.lines ?? [];

  // A quantity above the stock comes back as the stock: the line says so.
  const setQuantity = (lineId: string, quantity: number) =>
    change(lineId, async () => {
      const held = (await cart.updateLine(lineId, quantity)).lines.find((l) => l.id === lineId)?.quantity;
      if (held !== undefined && held < quantity) setCapped({ lineId, quantity: held });
    });

  // The Remove button leaves with its line: focus goes on to the next line, or to the cart's
  // heading when it was the last, so that a keyboard user keeps their place.
  const remove = async (lineId: string) => {
    const at = lines.findIndex((l) => l.id === lineId);
    const nextId = lines[at + 1]?.id ?? null;
    await change(lineId, () => cart.removeLine(lineId));
    requestAnimationFrame(() => {
      if (lineTitles.current.get(lineId)?.isConnected) return; // not removed: focus stays
      const next = nextId ? lineTitles.current.get(nextId) : undefined;
      (next?.isConnected ? next : heading.current)?.focus();
    });
  };
  return (
    <section className="page cart-page">
      <PageMeta title={t("cart.title")} noindex />
      <h1 ref={heading} tabIndex={-1}>
        {t("cart.title")}
      </h1>
      {cart.isLoading ? <Spinner /> : null}
      {cart.error ? (
        <ErrorBox message={errorText(cart.error, "cart")} onRetry={() => void cart.refetch()} />
      ) : null}
      {error ? <ErrorBox message={error} /> : null}
      {!cart.isLoading && !cart.error && lines.length === 0 ? (
        <div className="empty-state">
          <p>{t("cart.empty")}</p>
          <Link className="btn btn-primary" to={PATHS.products}>
            {t("cart.continue")}
          </Link>
        </div>
      ) : null}
      {cart.cart && lines.length > 0 ? (
        <>
          <ul className="cart-lines" aria-label={t("cart.items")}>
            {lines.map((line) => (
              <CartLineRow
                key={line.id}
                line={line}
                busy={pendingLine === line.id}
                cappedTo={capped?.lineId === line.id ? capped.quantity : null}
                onQuantity={(quantity) => void setQuantity(line.id, quantity)}
                onRemove={() => void remove(line.id)}
                titleRef={(el) => {
                  if (el) lineTitles.current.set(line.id, el);
                  else lineTitles.current.delete(line.id);
                }}
              />
            ))}
          </ul>
          <div className="cart-summary card">
            <dl className="summary">
              <div className="summary-total">
                <dt>{t("cart.subtotal")}</dt>
                <dd data-testid="cart-subtotal">
                  {money(cart.cart.cost.subtotalAmount)}
                  <TaxIncludedMark currencyCode={cart.cart.cost.subtotalAmount.currencyCode} />
                </dd>
              </div>
            </dl>
            <p className="muted">
              {pricesIncludeTax(cart.cart.cost.subtotalAmount.currencyCode)
                ? t("checkout.cartTaxIncludedNote")
                : t("cart.taxNote")}
            </p>
            <Link className="btn btn-primary" to={PATHS.checkout}>
              {t("checkout.toCheckout")}
            </Link>
          </div>
        </>
      ) : null}
    </section>
  );
}

/**
 * One line: image, product and variant, unit price, a quantity stepper, line total, remove.
 * The stepper buttons stay focusable while a change is on its way (aria-disabled, clicks
 * ignored), so a keyboard user keeps their place.
 */
function CartLineRow({
  line,
  busy,
  cappedTo,
  onQuantity,
  onRemove,
  titleRef,
}: {
  line: CartLine;
  busy: boolean;
  /** The stock the server set this line to, when it could not hold the quantity asked for. */
  cappedTo: number | null;
  onQuantity(quantity: number): void;
  onRemove(): void;
  titleRef(el: HTMLHeadingElement | null): void;
}) {
  const { t, money } = useI18n();
  const title = line.merchandise.product.title;
  // The most the line can hold: the stock, within the cart's limit (a sold-out line is not raised).
  const stock = line.merchandise.quantityAvailable;
  const most = Math.min(CART_LINE_QUANTITY_MAX, stock > 0 ? stock : line.quantity);
  const [draft, setDraft] = useState(String(line.quantity));
  // A typed quantity outside the limits is brought within them, and the line says so.
  const [clamped, setClamped] = useState<number | null>(null);
  useEffect(() => setDraft(String(line.quantity)), [line.quantity]);
  // Enter sends; the field is then disabled, which blurs it: that blur must not send again.
  const sent = useRef(false);
  useEffect(() => {
    if (!busy) sent.current = false;
  }, [busy]);

  // A typed quantity is brought within the shared limits; one that changes nothing sends nothing.
  const commit = () => {
    if (sent.current) return;
    const n = Number.parseInt(draft, 10);
    const next = Number.isFinite(n)
      ? Math.min(CART_LINE_QUANTITY_MAX, Math.max(CART_LINE_QUANTITY_MIN, n))
      : line.quantity;
    setClamped(Number.isFinite(n) && next !== n ? next : null);
    if (next === line.quantity) {
      setDraft(String(line.quantity));
      return;
    }
    sent.current = true;
    onQuantity(next);
  };

  return (
    <li className="cart-line card">
      <div className="line-item-image">
        {line.merchandise.image.url ? (
          <img
            src={line.merchandise.image.url}
            alt={line.merchandise.image.altText}
            width={96}
            height={96}
            loading="lazy"
          />
        ) : null}
      </div>
      <div className="line-item-body">
        <h2 className="line-item-title" ref={titleRef} tabIndex={-1}>
          <Link to={productHref(line.merchandise.product.handle)}>{title}</Link>
        </h2>
        {line.merchandise.title ? <p className="muted">{line.merchandise.title}</p> : null}
        {line.merchandise.available ? null : <p className="field-error">{t("cart.unavailable")}</p>}
        <p className="line-item-meta">
          <span>
            {t("cart.unitPrice")}: {money(line.merchandise.price)}
          </span>
        </p>
        <p className="cart-line-note" role="status">
          {cappedTo !== null
            ? t("cart.cappedToStock", { n: cappedTo })
            : clamped === null
              ? null
              : t("cart.quantityClamped", {
                  quantity: clamped,
                  min: CART_LINE_QUANTITY_MIN,
                  max: CART_LINE_QUANTITY_MAX,
                })}
        </p>
      </div>
      <div className="cart-line-controls">
        <div className="stepper">
          <Button
            variant="secondary"
            aria-label={t("cart.decrease", { title })}
            aria-disabled={busy || line.quantity <= CART_LINE_QUANTITY_MIN}
            onClick={() => {
              if (!busy && line.quantity > CART_LINE_QUANTITY_MIN) onQuantity(line.quantity - 1);
            }}
          >
            −
          </Button>
          <input
            type="number"
            inputMode="numeric"
            min={CART_LINE_QUANTITY_MIN}
            max={most}
            aria-label={t("cart.quantityOf", { title })}
            value={draft}
            disabled={busy}
            onChange={(e) => {
              setDraft(e.target.value);
              setClamped(null);
            }}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === "Enter") commit();
            }}
          />
          <Button
            variant="secondary"
            aria-label={t("cart.increase", { title })}
            aria-disabled={busy || line.quantity >= most}
            onClick={() => {
              if (!busy && line.quantity < most) onQuantity(line.quantity + 1);
            }}
          >
            +
          </Button>
        </div>
        <p className="cart-line-total">
          <span className="visually-hidden">{t("cart.lineTotal")}: </span>
          {money(line.cost.totalAmount)}
        </p>
        <Button
          variant="link"
          disabled={busy}
          aria-label={t("cart.removeLabel", { title })}
          onClick={onRemove}
        >
          {t("cart.remove")}
        </Button>
      </div>
    </li>
  );
}
