import { Link } from "react-router-dom";
import { useI18n } from "../../../lib/i18n.tsx";
import { orderHref } from "../../../lib/routes.ts";
import type { RouterOutputs } from "../../../lib/trpc.ts";
import { FinancialBadge, FulfillmentBadge } from "./status-badges.tsx";

export type OrderSummary = RouterOutputs["orders"]["list"]["orders"]["edges"][number]["node"];

/** One order in a list: number (the link), date, both statuses and the total. */
export function OrderSummaryRow({
  order,
  linkRef,
}: {
  order: OrderSummary;
  linkRef?: (el: HTMLAnchorElement | null) => void;
}) {
  const i18n = useI18n();
  const { t, date, money } = i18n;
  return (
    <li className="order-row card">
      <h3 className="order-row-title">
        <Link to={orderHref(order.id)} ref={linkRef}>
          {t("orders.order", { number: order.orderNumber })}
        </Link>
      </h3>
      <dl className="order-row-facts">
        <div>
          <dt>{t("orders.date")}</dt>
          <dd>
            <time dateTime={order.processedAt}>{date(order.processedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t("orders.payment")}</dt>
          <dd>
            <FinancialBadge status={order.financialStatus} />
          </dd>
        </div>
        <div>
          <dt>{t("orders.fulfillment")}</dt>
          <dd>
            <FulfillmentBadge status={order.fulfillmentStatus} />
          </dd>
        </div>
        <div>
          <dt>{t("orders.total")}</dt>
          <dd className="order-row-total">{money(order.totalPrice)}</dd>
        </div>
      </dl>
    </li>
  );
}
