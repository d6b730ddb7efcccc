import { useQuery } from "@tanstack/react-query";
import { SHIPPING_METHODS, type ShippingMethod } from "@vela/shared";
import { useMemo } from "react";
import { Link, useParams } from "react-router-dom";
import { cartErrorText } from "../../../lib/cart/cart-error-text.ts";
import { useAddToCart } from "../../../lib/cart/use-add-to-cart.ts";
import type { CartItem } from "../../../lib/cart/use-cart.ts";
import { isNotFound } from "../../../lib/errors.ts";
import { useI18n } from "../../../lib/i18n.tsx";
import { PATHS, productHref } from "../../../lib/routes.ts";
import { type RouterOutputs, useTRPC } from "../../../lib/trpc.ts";
import { Button } from "../../../ui/button.tsx";
import { ErrorBox } from "../../../ui/error-box.tsx";
import { Notice } from "../../../ui/notice.tsx";
import { orderTaxIncluded, SummaryTaxAndTotal } from "../../../ui/price.tsx";
import { PageMeta } from "../../../ui/seo/page-meta.tsx";
import { Spinner } from "../../../ui/spinner.tsx";
import { OrderReturns } from "../returns/returns-section.tsx";
import { PostalAddress } from "../shared/postal-address.tsx";
import { safeExternalUrl, showsTracking } from "../shared/status.ts";
import { FinancialBadge, FulfillmentBadge } from "../shared/status-badges.tsx";
import { useLoginOn401 } from "../shared/use-login-on-401.ts";
import { OrderPayment } from "./order-payment.tsx";
import { useBuyAgain } from "./use-buy-again.ts";

const isShippingMethod = (m: string | null): m is ShippingMethod =>
  (SHIPPING_METHODS as readonly (string | null)[]).includes(m);

type Order = RouterOutputs["orders"]["byId"]["order"];
type LineItem = Order["lineItems"]["edges"][number]["node"];

export function OrderDetailPage() {
  const { orderId = "" } = useParams();
  const { t, errorText } = useI18n();
  const trpc = useTRPC();
  const order = useQuery(trpc.orders.byId.queryOptions({ id: orderId }));
  useLoginOn401(order.error);
  const notFound = order.error && isNotFound(order.error);

  if (order.isPending) return <Spinner />;
  if (notFound) {
    return (
      <section className="page order-not-found">
        <PageMeta title={t("order.notFoundTitle")} noindex />
        <h1>{t("order.notFoundTitle")}</h1>
        <p>{t("order.notFoundBody")}</p>
        <p>
          <Link to={PATHS.orders}>{t("order.back")}</Link>
        </p>
      </section>
    );
  }
  if (order.error) {
    return (
      <section className="page">
        <ErrorBox
          message={errorText(order.error, "orderDetail")}
          onRetry={() => void order.refetch()}
          retrying={order.isRefetching}
        />
        <p>
          <Link to={PATHS.orders}>{t("order.back")}</Link>
        </p>
      </section>
    );
  }
  return <OrderDetail order={order.data.order} />;
}

function OrderDetail({ order }: { order: Order }) {
  const i18n = useI18n();
  const { t, date, money } = i18n;
  const lines = useMemo(() => order.lineItems.edges.map((edge) => edge.node), [order]);
  const items = useMemo<CartItem[]>(
    () =>
      lines.flatMap((line) =>
        line.variant.id ? [{ merchandiseId: line.variant.id, quantity: line.quantity }] : [],
      ),
    [lines],
  );
  const { state, buyAgain } = useBuyAgain(items);
  const tracked = showsTracking(order.fulfillmentStatus, order.trackingInfo.length);
  const trackUrl = tracked ? safeExternalUrl(order.trackingInfo[0]?.url) : null;
  const address = order.shippingAddress;

  return (
    <article className="page order-detail">
      <p>
        <Link to={PATHS.orders}>{t("order.back")}</Link>
      </p>
      <PageMeta title={t("order.title", { number: order.orderNumber })} noindex />
      <h1>{t("order.title", { number: order.orderNumber })}</h1>
      <p className="muted">{t("order.processedAt", { date: date(order.processedAt) })}</p>
      {/* Spec 000 §4: "Unfulfilled for a missing value" is a rule of the list, so a status the
          order lacks is left out here rather than given a label. */}
      <dl className="facts facts-inline">
        {order.financialStatus ? (
          <div>
            <dt>{t("order.paymentStatus")}</dt>
            <dd>
              <FinancialBadge status={order.financialStatus} place="detail" />
            </dd>
          </div>
        ) : null}
        {order.fulfillmentStatus ? (
          <div>
            <dt>{t("order.fulfillmentStatus")}</dt>
            <dd>
              <FulfillmentBadge status={order.fulfillmentStatus} place="detail" />
            </dd>
          </div>
        ) : null}
      </dl>
      <OrderPayment payment={order.payment} />

      <div className="actions">
        {trackUrl ? (
          <a className="btn btn-secondary" href={trackUrl} target="_blank" rel="noopener noreferrer">
            {t("order.trackPackage")}
          </a>
        ) : null}
        <Button onClick={() => void buyAgain()} busy={state.step === "adding" || state.step === "success"}>
          {state.step === "adding" ? t("order.adding") : t("order.buyAgain")}
        </Button>
      </div>
      {state.step === "success" ? <Notice>{t("order.buyAgainSuccess")}</Notice> : null}
      {state.step === "error" ? <ErrorBox message={cartErrorText(i18n, state.error)} /> : null}

      <div className="order-columns">
        <section className="card" aria-labelledby="shipping-heading">
          <h2 id="shipping-heading" className="card-title">
            {t("order.shippingAddress")}
          </h2>
          <PostalAddress address={address} />
        </section>

        {tracked ? (
          <section className="card" aria-labelledby="tracking-heading">
            <h2 id="tracking-heading" className="card-title">
              {t("order.tracking")}
            </h2>
            <ul className="tracking-list">
              {order.trackingInfo.map((entry) => {
                const url = safeExternalUrl(entry.url);
                return (
                  <li key={`${entry.company}-${entry.number}`}>
                    <dl className="facts">
                      <div>
                        <dt>{t("order.trackingCompany")}</dt>
                        <dd>{entry.company}</dd>
                      </div>
                      <div>
                        <dt>{t("order.trackingNumber")}</dt>
                        <dd>
                          {url ? (
                            <a href={url} target="_blank" rel="noopener noreferrer">
                              {entry.number}
                            </a>
                          ) : (
                            entry.number
                          )}
                        </dd>
                      </div>
                    </dl>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null}

        <section className="card" aria-labelledby="summary-heading">
          <h2 id="summary-heading" className="card-title">
            {t("order.summary")}
          </h2>
          <dl className="summary">
            <div>
              <dt>{t("order.subtotal")}</dt>
              <dd>{money(order.subtotalPrice)}</dd>
            </div>
            {Number(order.totalDiscount.amount) > 0 ? (
              <div>
                <dt>{t("order.discount")}</dt>
                <dd data-testid="order-discount">−{money(order.totalDiscount)}</dd>
              </div>
            ) : null}
            <div>
              <dt>
                {t("order.shipping")}
                {isShippingMethod(order.shippingMethod) ? (
                  <span className="muted"> ({t(`checkout.method.${order.shippingMethod}`)})</span>
                ) : null}
              </dt>
              <dd>{money(order.totalShippingPrice)}</dd>
            </div>
            <SummaryTaxAndTotal
              taxIncluded={orderTaxIncluded({
                subtotal: order.subtotalPrice,
                discount: order.totalDiscount,
                shipping: order.totalShippingPrice,
                tax: order.totalTax,
                total: order.totalPrice,
              })}
              tax={money(order.totalTax)}
              total={money(order.totalPrice)}
              taxLabel={t("order.tax")}
              totalLabel={t("order.total")}
            />
          </dl>
        </section>
      </div>

      <section aria-labelledby="items-heading">
        <h2 id="items-heading">{t("order.items")}</h2>
        <ul className="line-items">
          {lines.map((line, index) => (
            // Line items carry no id of their own; their position in the order is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            <OrderLine key={index} line={line} />
          ))}
        </ul>
      </section>

      <OrderReturns orderId={order.id} />

      <p>
        <Link to={PATHS.orders}>{t("order.back")}</Link>
      </p>
    </article>
  );
}

/**
 * Add to Cart on a line re-orders that line, in the quantity it was ordered (as Buy Again
 * does for the whole order), and says how it went in the shared alert dialog.
 */
function OrderLine({ line }: { line: LineItem }) {
  const { t, money } = useI18n();
  const addToCart = useAddToCart();
  const adding = addToCart.adding !== null;
  const variantId = line.variant.id;

  // The line's ordered quantity, as Buy Again does.
  const add = async () => {
    if (variantId) await addToCart.add(variantId, line.quantity);
  };

  const href = productHref(line.variant.product.handle);
  return (
    <li className="line-item">
      <div className="line-item-image">
        {line.variant.image.url ? (
          <img src={line.variant.image.url} alt="" width={96} height={96} loading="lazy" />
        ) : null}
      </div>
      <div className="line-item-body">
        <h3 className="line-item-title">
          <Link to={href}>{line.title}</Link>
        </h3>
        {line.variant.title ? <p className="muted">{line.variant.title}</p> : null}
        <p className="line-item-meta">
          <span>{t("order.quantity", { quantity: line.quantity })}</span>
          <span>
            {t("order.unitPrice")}: {money(line.variant.price)}
          </span>
          <span>
            {t("order.lineTotal")}: <strong>{money(line.originalTotalPrice)}</strong>
          </span>
        </p>
      </div>
      <div className="line-item-actions">
        <Button
          variant="secondary"
          onClick={() => void add()}
          busy={adding}
          disabled={!variantId}
          aria-label={t("order.addToCartLabel", { title: line.title })}
        >
          {t("order.addToCart")}
        </Button>
      </div>
    </li>
  );
}
