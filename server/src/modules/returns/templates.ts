// A return's mails to the customer, in the order's language (en-US or ja-JP): the request
// received, approved (the return number and how to send the parcel), declined (the staff's
// reason), received. The refund's mail is the order's own (orders/lifecycle.ts sends it with the
// refund, in the same transaction).
import { BRAND, RETURN_WINDOW_DAYS, type ReturnReason, SELLER } from "@vela/shared";
import { composeMail, inline, quotedBlock } from "../../mail/compose.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";

const ja = (locale: string) => locale === "ja-JP";

/**
 * Where parcels go: the seller's returns desk (SELLER in @vela/shared), the address the returns
 * policy page states too; a store with another address changes it there.
 */
export const RETURN_ADDRESS: readonly string[] = SELLER.returnAddress;

/** How many days after approval the parcel should be on its way. */
export const RETURN_SEND_WITHIN_DAYS = 14;

const REASONS: Record<ReturnReason, { en: string; ja: string }> = {
  DAMAGED: { en: "Arrived damaged", ja: "配送中の破損" },
  DEFECTIVE: { en: "Defective or does not work", ja: "不良品・動作しない" },
  WRONG_ITEM: { en: "Wrong item sent", ja: "注文と異なる商品が届いた" },
  NOT_AS_DESCRIBED: { en: "Not as described", ja: "商品説明と異なる" },
  NO_LONGER_NEEDED: { en: "No longer needed", ja: "不要になった" },
  OTHER: { en: "Other", ja: "その他" },
};

export const reasonText = (reason: string, locale: string): string => {
  const r = REASONS[reason as ReturnReason];
  return r ? (ja(locale) ? r.ja : r.en) : reason;
};

export interface MailLine {
  title: string;
  variantTitle: string;
  quantity: number;
}

const lineList = (lines: MailLine[]) =>
  lines
    .map((l) => `${inline(l.title)}${l.variantTitle ? ` — ${inline(l.variantTitle)}` : ""} × ${l.quantity}`)
    .join("\n");

interface ReturnMailBase {
  to: string;
  locale: string;
  orderNumber: number;
  /** R1001-1 */
  number: string;
  /** The page that shows the return: the account's order page, or the guest's return page. */
  url: string;
}

const viewLink = (o: ReturnMailBase) => ({
  href: o.url,
  label: ja(o.locale) ? "返品の状況を確認する" : "See your return",
});

export function returnRequestedMail(
  o: ReturnMailBase & { lines: MailLine[]; reason: string; comment: string },
): OutgoingMail {
  const j = ja(o.locale);
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "return-requested",
    subject: j
      ? `返品のお申し込みを受け付けました（注文番号 #${o.orderNumber}）`
      : `We received your return request for order #${o.orderNumber}`,
    paragraphs: j
      ? [
          `ご注文 #${o.orderNumber} の返品のお申し込みを受け付けました（返品番号 ${o.number}）。内容を確認し、承認の可否をメールでお知らせします。承認されるまで商品は発送しないでください。`,
          lineList(o.lines),
          `理由: ${reasonText(o.reason, o.locale)}`,
          ...(o.comment ? [`コメント:\n${quotedBlock(o.comment)}`] : []),
        ]
      : [
          `We received your request to return items of order #${o.orderNumber} (return ${o.number}). We will look at it and email you whether it is approved. Please do not send anything before then.`,
          lineList(o.lines),
          `Reason: ${reasonText(o.reason, o.locale)}`,
          ...(o.comment ? [`Your comment:\n${quotedBlock(o.comment)}`] : []),
        ],
    link: viewLink(o),
  });
}

export function returnApprovedMail(o: ReturnMailBase & { lines: MailLine[] }): OutgoingMail {
  const j = ja(o.locale);
  const address = RETURN_ADDRESS.join("\n");
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "return-approved",
    subject: j ? `返品が承認されました（返品番号 ${o.number}）` : `Your return ${o.number} is approved`,
    paragraphs: j
      ? [
          `ご注文 #${o.orderNumber} の返品を承認しました。返品番号は ${o.number} です。`,
          lineList(o.lines),
          `返送の方法:\n1. 商品を付属品とともに、届いたときと同じように梱包してください。\n2. 返品番号 ${o.number} を箱の外側に書いてください。\n3. ${RETURN_SEND_WITHIN_DAYS}日以内に、追跡できる方法で下記の住所へお送りください。返送料はお客様のご負担となります。`,
          `返送先:\n${address}`,
          "商品が届きましたらメールでお知らせし、返金いたします。",
        ]
      : [
          `Your return of items of order #${o.orderNumber} is approved. Your return number is ${o.number}.`,
          lineList(o.lines),
          `How to send it back:\n1. Pack the items with everything that came with them, as they arrived.\n2. Write the return number ${o.number} on the outside of the parcel.\n3. Send it within ${RETURN_SEND_WITHIN_DAYS} days, with tracking, to the address below. The return postage is yours to pay.`,
          `Send to:\n${address}`,
          "We will email you when it arrives, and refund you then.",
        ],
    link: viewLink(o),
  });
}

export function returnDeclinedMail(o: ReturnMailBase & { reason: string }): OutgoingMail {
  const j = ja(o.locale);
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "return-declined",
    subject: j
      ? `返品のお申し込みについて（返品番号 ${o.number}）`
      : `Your return request ${o.number} was declined`,
    paragraphs: j
      ? [
          `申し訳ありませんが、ご注文 #${o.orderNumber} の返品のお申し込み（返品番号 ${o.number}）はお受けできませんでした。`,
          `理由:\n${quotedBlock(o.reason)}`,
          `ご不明な点があれば、このメールに記載の返品番号を添えて${BRAND.name}のサポートまでお問い合わせください。`,
        ]
      : [
          `We are sorry: we cannot accept your request to return items of order #${o.orderNumber} (return ${o.number}).`,
          `Our reason:\n${quotedBlock(o.reason)}`,
          `If you have a question, contact ${BRAND.name} support with the return number.`,
        ],
    link: viewLink(o),
  });
}

export function returnReceivedMail(o: ReturnMailBase & { lines: MailLine[] }): OutgoingMail {
  const j = ja(o.locale);
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "return-received",
    subject: j ? `返品の商品が届きました（返品番号 ${o.number}）` : `We received your return ${o.number}`,
    paragraphs: j
      ? [
          `返品番号 ${o.number} の商品が届きました。ありがとうございます。`,
          lineList(o.lines),
          "返金の手続きをいたします。完了しましたら別途メールでお知らせします。",
        ]
      : [
          `The parcel of your return ${o.number} has arrived. Thank you.`,
          lineList(o.lines),
          "We will now refund you, and email you when the refund is made.",
        ],
    link: viewLink(o),
  });
}

/** The shipping mail's paragraph and link for a return (checkout/templates.ts places them). */
export function returnOfferText(locale: string): { paragraph: string; label: string } {
  return ja(locale)
    ? {
        paragraph: `商品の返品は、発送日から${RETURN_WINDOW_DAYS}日以内にお申し込みいただけます。`,
        label: "返品を申し込む",
      }
    : {
        paragraph: `You can ask to return items within ${RETURN_WINDOW_DAYS} days of shipment.`,
        label: "Return an item",
      };
}
