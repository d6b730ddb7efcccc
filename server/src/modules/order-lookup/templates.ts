// The order lookup's mail: a link that opens the order in the browser that follows it, in the
// order's language.
import { BRAND } from "@vela/shared";
import { composeMail } from "../../mail/compose.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";

export function orderAccessMail(o: {
  to: string;
  locale: string;
  orderNumber: number;
  url: string;
}): OutgoingMail {
  const j = o.locale === "ja-JP";
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "order-access",
    subject: j
      ? `ご注文 #${o.orderNumber} を表示するためのリンク`
      : `A link to your ${BRAND.name} order #${o.orderNumber}`,
    paragraphs: j
      ? [
          `ご注文 #${o.orderNumber} を表示するためのリンクが申し込まれました。下のリンクを開くと、そのブラウザでご注文を確認できます。`,
          "リンクは1回だけ、24時間有効です。",
          "お心当たりがない場合は、このメールを無視してください。ご注文は誰にも表示されません。",
        ]
      : [
          `Someone asked to see order #${o.orderNumber}. Follow the link to open the order in the browser you follow it in.`,
          "The link works once and expires in 24 hours.",
          "If this was not you, ignore this email: nobody sees the order.",
        ],
    link: { href: o.url, label: j ? "ご注文を表示する" : "View your order" },
  });
}
