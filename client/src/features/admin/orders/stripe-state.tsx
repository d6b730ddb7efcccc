// An order paid with Stripe: the PaymentIntent's state as Stripe reports it, its id, and a
// dispute, for the order's page (nothing for an order paid otherwise).
import { isMessageKey, type MessageKey } from "@vela/i18n";
import type { ReactNode } from "react";
import { Badge } from "../../../ui/badge.tsx";
import { useOrderText } from "./order-text.ts";
import type { OrderDetail } from "./use-orders.ts";

type Stripe = OrderDetail["payment"]["stripe"];

/** The payment section's rows for Stripe: its state (named, with Stripe's code) and the intent's id. */
export function useStripeRows(stripe: Stripe): [label: string, value: ReactNode][] {
  const { t, tKey } = useOrderText();
  if (!stripe) return [];
  const rows: [string, ReactNode][] = [];
  if (stripe.status) {
    const key = `admin.orders.stripeStatus.${stripe.status}`;
    const name = isKnown(key) ? tKey(key) : stripe.status;
    rows.push([
      t("admin.orders.stripe.status"),
      <span key="status" data-testid="stripe-status">
        {name === stripe.status ? name : t("admin.orders.stripe.statusValue", { name, code: stripe.status })}
      </span>,
    ]);
  }
  if (stripe.intentId) {
    rows.push([
      t("admin.orders.stripe.intent"),
      <code key="intent" data-testid="stripe-intent">
        {stripe.intentId}
      </code>,
    ]);
  }
  return rows;
}

/** A visible badge when the cardholder disputed the charge. */
export function DisputedBadge({ stripe }: { stripe: Stripe }) {
  const { t } = useOrderText();
  if (!stripe?.disputed) return null;
  return <Badge tone="danger">{t("admin.orders.stripe.disputed")}</Badge>;
}

/** What a dispute asks of the member, under the payment's facts. */
export function DisputedNote({ stripe }: { stripe: Stripe }) {
  const { t } = useOrderText();
  if (!stripe?.disputed) return null;
  return <p className="admin-orders-disputed">{t("admin.orders.stripe.disputedNote")}</p>;
}

const isKnown = (key: string): key is MessageKey => isMessageKey(key);
