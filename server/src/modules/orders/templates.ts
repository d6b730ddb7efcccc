// Mails of the order's life that only staff set off (the shipping address changed before it
// shipped), in the order's language. The others (confirmation, shipped, refunded, cancelled) are
// the checkout's (checkout/templates.ts).
import { composeMail, inline } from "../../mail/compose.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";

export function orderAddressChangedMail(o: {
  to: string;
  locale: string;
  orderNumber: number;
  address: {
    name: string;
    address1: string;
    address2: string | null;
    city: string;
    province: string;
    zip: string;
    country: string;
  };
}): OutgoingMail {
  const j = o.locale === "ja-JP";
  const a = o.address;
  const lines = [a.name, a.address1, a.address2, `${a.city}, ${a.province} ${a.zip}`, a.country]
    .filter((x): x is string => Boolean(x))
    .map((x) => inline(x))
    .join("\n");
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "order-address-changed",
    subject: j
      ? `ご注文 #${o.orderNumber} のお届け先を変更しました`
      : `The shipping address of your order #${o.orderNumber} was changed`,
    paragraphs: j
      ? [
          "ご注文のお届け先を次の住所に変更しました。",
          lines,
          "お心当たりがない場合は、すぐにお問い合わせください。",
        ]
      : [
          "We changed where your order will be delivered. It now ships to:",
          lines,
          "If you did not ask for this, contact us right away.",
        ],
  });
}
