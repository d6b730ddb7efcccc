import { isMessageKey } from "@vela/i18n";
import { useI18n } from "../../../lib/i18n.tsx";
import type { RouterOutputs } from "../../../lib/trpc.ts";

type Payment = RouterOutputs["orders"]["byId"]["order"]["payment"];

/**
 * An order paid with Stripe says where its payment stands, as Stripe last reported it: authorized
 * (taken when it ships), paid, processing, cancelled, a konbini slip awaiting payment (its number
 * and deadline), and a dispute. Nothing for other orders, or for a state with no plain words.
 */
export function OrderPayment({ payment }: { payment: Payment }) {
  const { t, tKey, date } = useI18n();
  if (!payment) return null;
  const key = `order.payment.${payment.status}`;
  const state =
    payment.konbini && payment.status === "requires_action"
      ? t("order.payment.konbini", { date: date(payment.konbini.expiresAt), number: payment.konbini.number })
      : payment.status && isMessageKey(key)
        ? tKey(key)
        : null;
  const parts = [state, payment.disputed ? t("order.payment.disputed") : null].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p className="order-payment" data-testid="order-payment">
      <strong>{t("order.payment.label")}:</strong> {parts.join(" · ")}
    </p>
  );
}
