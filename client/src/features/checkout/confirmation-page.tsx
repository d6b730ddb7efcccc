import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useParams, useSearchParams } from "react-router-dom";
import { isNotFound } from "../../lib/errors.ts";
import { useI18n } from "../../lib/i18n.tsx";
import { addressLines } from "../../lib/names.ts";
import { PATHS } from "../../lib/routes.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { ErrorBox } from "../../ui/error-box.tsx";
import { orderTaxIncluded, SummaryTaxAndTotal } from "../../ui/price.tsx";
import { ReturnList } from "../../ui/return-list.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { AccountOffer } from "./account-offer.tsx";
import { OrderLookupForm } from "./order-lookup.tsx";
import { KonbiniSlipPanel, orderSlip, slipOf, storedSlip } from "./stripe-payment.tsx";
import "./checkout.css";
import { PageMeta } from "../../ui/seo/page-meta.tsx";

/** After paying: the order as the buyer placed it. Only the buyer's session or guest cookie opens it. */
export function CheckoutConfirmationPage() {
  const { t, money, errorText, locale } = useI18n();
  const { orderId = "" } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const trpc = useTRPC();
  const me = useQuery({ ...trpc.account.me.queryOptions(), retry: false });
  const q = useQuery({ ...trpc.checkout.order.queryOptions({ orderId }), retry: false });
  // The order's returns, once it has any (a guest follows them here with the order's cookie).
  const returns = useQuery({ ...trpc.returns.ofOrder.queryOptions({ orderId }), retry: false });
  const testMode =
    useQuery({ ...trpc.checkout.paymentMode.queryOptions(), staleTime: 5 * 60_000 }).data?.mode === "test";
  if (q.isLoading || (isNotFound(q.error) && me.isPending)) return <Spinner />;
  if (q.error || !q.data) {
    // A guest's order opened where its cookie is not (the confirmation mail on a phone): the
    // order may well exist, so offer the link by mail rather than "does not exist".
    const lookup = isNotFound(q.error) && !me.data;
    return (
      <section className="page checkout-page">
        <PageMeta title={t("checkout.confirmationTitle")} noindex />
        {lookup ? (
          <>
            <h1>{t("orderLookup.title")}</h1>
            <p>{t("orderLookup.noAccess")}</p>
            <OrderLookupForm orderNumber={params.get("order") ?? ""} />
          </>
        ) : (
          <ErrorBox message={isNotFound(q.error) ? t("checkout.notFound") : errorText(q.error, "cart")} />
        )}
      </section>
    );
  }
  const o = q.data.order;
  const a = o.shippingAddress;
  // A konbini order waiting for its payment: the slip from the order's answer, else from the
  // payment that placed it in this tab (its navigation, or this tab's storage after a reload).
  const slip =
    orderSlip(o) ?? slipOf((location.state as { konbini?: unknown } | null)?.konbini) ?? storedSlip(orderId);
  return (
    <section className="page checkout-page checkout-confirmation">
      <PageMeta title={t("checkout.confirmationTitle")} noindex />
      <h1>{t("checkout.confirmationTitle")}</h1>
      <p className="lead">{t("checkout.orderNumber", { number: o.orderNumber })}</p>
      {testMode ? (
        <p className="notice checkout-test-mode" role="note">
          {t("checkout.testModeOrder")}
        </p>
      ) : null}
      <p>{t("checkout.confirmationEmail", { email: o.email })}</p>
      {slip ? <KonbiniSlipPanel slip={slip} /> : null}
      <div className="card">
        <ul className="checkout-lines">
          {o.lines.map((l) => (
            <li key={`${l.title}-${l.variantTitle}`}>
              <span>
                {l.title} — {l.variantTitle}
                <span className="muted"> {t("checkout.quantity", { n: l.quantity })}</span>
              </span>
              <span>{money(l.totalPrice)}</span>
            </li>
          ))}
        </ul>
        <dl className="summary">
          <div>
            <dt>{t("checkout.subtotal")}</dt>
            <dd>{money(o.subtotalPrice)}</dd>
          </div>
          {Number(o.discountPrice.amount) > 0 ? (
            <div>
              <dt>{t("checkout.discountLine")}</dt>
              <dd>−{money(o.discountPrice)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t("checkout.shipping")}</dt>
            <dd>{money(o.shippingPrice)}</dd>
          </div>
          <SummaryTaxAndTotal
            taxIncluded={orderTaxIncluded({
              subtotal: o.subtotalPrice,
              discount: o.discountPrice,
              shipping: o.shippingPrice,
              tax: o.taxPrice,
              total: o.totalPrice,
            })}
            tax={money(o.taxPrice)}
            total={money(o.totalPrice)}
            taxLabel={t("checkout.tax")}
            totalLabel={t("checkout.total")}
            totalTestId="confirmation-total"
          />
        </dl>
        {o.card ? <p>{t("checkout.paidWith", { brand: o.card.brand, last4: o.card.last4 })}</p> : null}
      </div>
      <h2>{t("checkout.shippingAddress")}</h2>
      <address>
        {addressLines(locale, a).map((line) => (
          <span key={line} className="address-line">
            {line}
            <br />
          </span>
        ))}
      </address>
      {returns.data?.returns.length ? (
        <section aria-labelledby="confirmation-returns">
          <h2 id="confirmation-returns">{t("returns.title")}</h2>
          <ReturnList returns={returns.data.returns} />
        </section>
      ) : null}
      {o.accountOfferKey ? <AccountOffer orderId={orderId} offerKey={o.accountOfferKey} /> : null}
      <p className="actions">
        {me.data ? (
          <Link className="btn btn-primary" to={PATHS.orders}>
            {t("checkout.viewOrders")}
          </Link>
        ) : null}{" "}
        <Link className="btn btn-secondary" to={PATHS.products}>
          {t("checkout.continueShopping")}
        </Link>
      </p>
    </section>
  );
}
