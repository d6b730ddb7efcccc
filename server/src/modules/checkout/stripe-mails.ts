// The mails of Stripe payments, in the order's language: a payment authorized whose order could
// not be made (sold out meanwhile), a konbini order's payment slip, and the operator's notice of a
// dispute.
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

/** A konbini order's payment slip: the number to pay with at the shop, and by when. */
export function paymentSlipMail(o: {
  to: string;
  locale: string;
  orderNumber: number;
  number: string;
  expiresAt: Date;
  voucherUrl: string;
}): OutgoingMail {
  const j = ja(o.locale);
  const deadline = new Intl.DateTimeFormat(j ? "ja-JP" : "en-US", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "Asia/Tokyo",
  }).format(o.expiresAt);
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "payment-slip",
    subject: j
      ? `ご注文 #${o.orderNumber}：コンビニでのお支払い番号`
      : `Order #${o.orderNumber}: your convenience store payment number`,
    paragraphs: j
      ? [
          `お支払い番号: ${o.number}`,
          `お支払い期限: ${deadline}（日本時間）`,
          "期限までにコンビニでお支払いください。お支払いが確認できしだい発送の準備をいたします。期限を過ぎるとご注文はキャンセルされます。",
        ]
      : [
          `Payment number: ${o.number}`,
          `Pay by: ${deadline} (Japan time)`,
          "Pay at the convenience store before the deadline; we prepare your order once the payment is confirmed. Unpaid by then, the order is cancelled.",
        ],
    ...(o.voucherUrl
      ? { link: { label: j ? "払込票を見る" : "See the payment slip", href: o.voucherUrl } }
      : {}),
  });
}
