// The mails of Stripe payments, in the order's language: a payment authorized whose order could
// not be made (sold out meanwhile), and the operator's notice of a dispute.
import { BRAND } from "@vela/shared";
import { composeMail } from "../../mail/compose.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";

const ja = (locale: string) => locale === "ja-JP";

export function paymentNotPlacedMail(o: { to: string; locale: string; reason: string }): OutgoingMail {
  const j = ja(o.locale);
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "payment-not-placed",
    subject: j ? `${BRAND}：ご注文を承ることができませんでした` : `${BRAND}: we could not place your order`,
    paragraphs: j
      ? [
          "お支払いの承認後、ご注文を確定できませんでした（在庫切れなど）。",
          "承認された金額は取り消しましたので、請求されることはありません。",
          `理由: ${o.reason}`,
        ]
      : [
          "Your payment was authorized, but we could not place your order (an item sold out meanwhile, for instance).",
          "The authorization has been cancelled: you will not be charged.",
          `Reason: ${o.reason}`,
        ],
  });
}

export function disputeOperatorMail(o: {
  to: string;
  orderNumber: number;
  amount: string;
  reason: string;
}): OutgoingMail {
  return composeMail({
    to: o.to,
    lang: "en",
    kind: "operator-dispute",
    subject: `Order #${o.orderNumber}: the payment is disputed`,
    paragraphs: [
      `The cardholder disputed the payment of order #${o.orderNumber} (${o.amount}; reason: ${o.reason}).`,
      "Answer the dispute in Stripe's dashboard before its deadline; the order is marked disputed.",
    ],
  });
}
