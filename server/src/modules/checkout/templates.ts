// The order's emails, in the order's language: confirmation (lines, totals, address), shipped
// (with the tracking link), refunded, cancelled.
import { BRAND, formatAddressLines, formatName, taxIncludedInOrder, toMoney } from "@vela/shared";
import { composeMail, inline } from "../../mail/compose.ts";
import type { OutgoingMail } from "../../mail/mailer.ts";
import { returnOfferText } from "../returns/templates.ts";
import { DELIVERY_DAYS, zoneOf } from "./tables.ts";

const ja = (locale: string) => locale === "ja-JP";

/** Minor units as the reader writes money: "$129.99", "￥19,800". */
export function formatMinor(minor: number, currencyCode: string, locale: string): string {
  const amount = Number(toMoney(minor, currencyCode).amount);
  return new Intl.NumberFormat(locale, { style: "currency", currency: currencyCode }).format(amount);
}

interface AddressLike {
  firstName?: string;
  lastName?: string;
  /** A name stored already written in the order's language (an order's shipName). */
  name?: string;
  company?: string | null;
  address1: string;
  address2?: string | null;
  city: string;
  province: string;
  zip: string;
  country: string;
}

/**
 * The address as the pages show it (the shared formatter): laid out by its country, the name in
 * the mail's language with 様 in Japanese.
 */
function addressLines(locale: string, a: AddressLike): string {
  const name =
    a.name !== undefined
      ? ja(locale) && a.name.trim()
        ? `${a.name.trim()} 様`
        : a.name.trim()
      : formatName(locale, a.firstName ?? "", a.lastName ?? "", { honorific: true });
  return [name, ...formatAddressLines(locale, a)]
    .filter((x): x is string => Boolean(x))
    .map((x) => inline(x))
    .join("\n");
}

/** The order date in the mail's language: "November 27, 2026", "2026年11月27日". */
const orderDate = (locale: string, at: Date): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: ja(locale) ? "Asia/Tokyo" : "UTC" }).format(
    at,
  );

/** The delivery estimate for the address's zone and the method, from the shipping table. */
function deliveryText(locale: string, country: string, method: string): string {
  const [min, max] = DELIVERY_DAYS[zoneOf(country)][method === "EXPRESS" ? "EXPRESS" : "STANDARD"];
  return ja(locale)
    ? `お届け予定: 発送後${min}〜${max}営業日`
    : `Estimated delivery: ${min}–${max} business days after dispatch`;
}

export function orderConfirmationMail(o: {
  to: string;
  locale: string;
  orderNumber: number;
  currencyCode: string;
  lines: { title: string; variantTitle: string; quantity: number; total: number }[];
  /** `taxIncluded`: the prices contain the tax (JPY); left out, it is read from the amounts. */
  totals: {
    subtotal: number;
    discount: number;
    shipping: number;
    tax: number;
    total: number;
    taxIncluded?: boolean;
  };
  address: AddressLike;
  shippingMethod: string;
  orderUrl: string;
  /** A guest's order: the page that offers an account. */
  accountOfferUrl?: string | null;
  /** Placed in the built-in test mode (PAYMENT_PROVIDER=test): the mail says no money was taken. */
  testMode?: boolean;
  /** When the order was placed; now unless given (a mail sent again gives the order's date). */
  placedAt?: Date;
}): OutgoingMail {
  const j = ja(o.locale);
  // The contact page on the same site as the order's link.
  const supportUrl = new URL("/contact", o.orderUrl).href;
  const placed = orderDate(o.locale, o.placedAt ?? new Date());
  const testNotice = o.testMode
    ? [
        j
          ? "テストモード：このご注文はテストカードでお支払いいただきました。実際の請求はありません。"
          : "Test mode: this order was paid with a test card. No money was taken.",
      ]
    : [];
  const f = (n: number) => formatMinor(n, o.currencyCode, o.locale);
  const lines = o.lines
    .map((l) => `${inline(l.title)} — ${inline(l.variantTitle)} × ${l.quantity}: ${f(l.total)}`)
    .join("\n");
  // JPY prices include the tax (総額表示): the total is marked so and shows the tax it contains.
  const included = o.totals.taxIncluded ?? taxIncludedInOrder({ currencyCode: o.currencyCode, ...o.totals });
  const incl = included ? (j ? "（税込）" : " (tax included)") : "";
  const taxLine = included
    ? `${j ? "うち消費税" : "Includes tax"}: ${f(o.totals.tax)}`
    : `${j ? "税" : "Tax"}: ${f(o.totals.tax)}`;
  const totals = [
    `${j ? "小計" : "Subtotal"}${incl}: ${f(o.totals.subtotal)}`,
    ...(o.totals.discount > 0 ? [`${j ? "割引" : "Discount"}: −${f(o.totals.discount)}`] : []),
    `${j ? "配送料" : "Shipping"} (${o.shippingMethod === "EXPRESS" ? (j ? "速達" : "Express") : j ? "通常配送" : "Standard"}): ${f(o.totals.shipping)}`,
    ...(included ? [] : [taxLine]),
    `${j ? "合計" : "Total"}${incl}: ${f(o.totals.total)}`,
    ...(included ? [taxLine] : []),
  ].join("\n");
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "order-confirmation",
    subject: `${o.testMode ? (j ? "［テストモード］" : "[Test mode] ") : ""}${
      j ? `ご注文ありがとうございます（注文番号 #${o.orderNumber}）` : `Order #${o.orderNumber} confirmed`
    }`,
    paragraphs: j
      ? [
          ...testNotice,
          `${BRAND.name}をご利用いただきありがとうございます。ご注文を承りました。`,
          `ご注文日: ${placed}`,
          lines,
          totals,
          `お届け先:\n${addressLines(o.locale, o.address)}`,
          deliveryText(o.locale, o.address.country, o.shippingMethod),
          "発送しましたら、追跡番号をメールでお知らせします。",
          `ご不明な点はお問い合わせページからご連絡ください: ${supportUrl}`,
          ...(o.accountOfferUrl
            ? ["アカウントを作成すると、ご注文の状況をいつでも確認でき、次回のお買い物も簡単になります。"]
            : []),
        ]
      : [
          ...testNotice,
          `Thank you for shopping with ${BRAND.name}. We have received your order.`,
          `Order date: ${placed}`,
          lines,
          totals,
          `Shipping to:\n${addressLines(o.locale, o.address)}`,
          deliveryText(o.locale, o.address.country, o.shippingMethod),
          "We will email you the tracking number when it ships.",
          `Questions about your order? Reach us through our contact page: ${supportUrl}`,
          ...(o.accountOfferUrl
            ? ["Create an account to follow this order and check out faster next time."]
            : []),
        ],
    // A guest's link carries the order number: opened where the order's cookie is not (a phone's
    // mail app), the confirmation page offers the order lookup with the number filled in.
    link: {
      href: o.accountOfferUrl ? `${o.orderUrl}?order=${o.orderNumber}` : o.orderUrl,
      label: j ? "ご注文を確認する" : "View your order",
    },
    ...(o.accountOfferUrl
      ? { more: [{ href: o.accountOfferUrl, label: j ? "アカウントを作成する" : "Create an account" }] }
      : {}),
  });
}

/**
 * To an account's address when a guest order with it asked for an account: the link proves the
 * address. In the account's language. `unproven`: the account's address was never proven,
 * so the account may have been made by someone else with this address; following the link lets
 * the reader set its password and take it.
 */
export function orderClaimMail(o: {
  to: string;
  locale: string;
  url: string;
  unproven?: boolean;
}): OutgoingMail {
  const j = ja(o.locale);
  const unproven = o.unproven
    ? [
        j
          ? "このアカウントのメールアドレスはまだ確認されていません。お心当たりのないアカウントであれば、このアドレスを使って他の誰かが作成したものです。リンクを開いて新しいパスワードを設定すると、アカウントはあなたのものになり、ほかの人はログアウトされます。"
          : "This account's email address has not been confirmed yet. If you did not create the account, someone else made it with your address: follow the link and choose a new password, and the account becomes yours while everyone else is signed out of it.",
      ]
    : [];
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "order-claim",
    subject: j
      ? `ご注文を${BRAND.name}アカウントに追加する`
      : `Add your orders to your ${BRAND.name} account`,
    paragraphs: j
      ? [
          "このメールアドレスでのご注文について、アカウントの作成が申し込まれました。このアドレスにはすでにアカウントがあります。",
          "下のリンクを開くと、このアドレスでゲストとしてご注文いただいた注文がアカウントに追加されます。リンクは1回だけ、48時間有効です。",
          ...unproven,
          "お心当たりがない場合は、このメールを無視してください。何も変更されません。",
        ]
      : [
          "Someone asked for an account for an order placed with this email address, which already has an account.",
          "Follow the link to add the orders placed as a guest with this address to your account. The link works once and expires in 48 hours.",
          ...unproven,
          "If this was not you, ignore this email: nothing changes.",
        ],
    link: { href: o.url, label: j ? "注文をアカウントに追加する" : "Add the orders to my account" },
  });
}

export function orderShippedMail(o: {
  to: string;
  locale: string;
  orderNumber: number;
  company: string;
  number: string;
  url: string;
  complete: boolean;
  /** Where the customer asks for a return: the account's order page, or a guest's return link. */
  returnUrl?: string;
}): OutgoingMail {
  const j = ja(o.locale);
  const offer = o.returnUrl ? returnOfferText(o.locale) : null;
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "order-shipped",
    subject: j ? `ご注文 #${o.orderNumber} を発送しました` : `Your order #${o.orderNumber} has shipped`,
    paragraphs: j
      ? [
          o.complete
            ? "ご注文の商品を発送しました。"
            : "ご注文の商品の一部を発送しました。残りは準備ができ次第お送りします。",
          `配送業者: ${inline(o.company)}\n追跡番号: ${inline(o.number)}`,
          ...(offer ? [offer.paragraph] : []),
        ]
      : [
          o.complete
            ? "Good news: your order is on its way."
            : "Part of your order is on its way; we will send the rest as soon as it is ready.",
          `Carrier: ${inline(o.company)}\nTracking number: ${inline(o.number)}`,
          ...(offer ? [offer.paragraph] : []),
        ],
    link: { href: o.url, label: j ? "配送状況を確認する" : "Track your package" },
    ...(offer && o.returnUrl ? { more: [{ href: o.returnUrl, label: offer.label }] } : {}),
  });
}

export function orderRefundedMail(o: {
  to: string;
  locale: string;
  orderNumber: number;
  amount: number;
  currencyCode: string;
  complete: boolean;
}): OutgoingMail {
  const j = ja(o.locale);
  const amount = formatMinor(o.amount, o.currencyCode, o.locale);
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "order-refunded",
    subject: j ? `ご注文 #${o.orderNumber} の返金` : `A refund for your order #${o.orderNumber}`,
    paragraphs: j
      ? [`${amount}を返金しました。カード会社により、明細への反映まで数日かかる場合があります。`]
      : [
          `We have refunded ${amount}${o.complete ? "" : " of your order"}. Your bank may take a few days to show it on your statement.`,
        ],
  });
}

export function orderCancelledMail(o: { to: string; locale: string; orderNumber: number }): OutgoingMail {
  const j = ja(o.locale);
  return composeMail({
    to: o.to,
    lang: j ? "ja" : "en",
    kind: "order-cancelled",
    subject: j
      ? `ご注文 #${o.orderNumber} をキャンセルしました`
      : `Your order #${o.orderNumber} was cancelled`,
    paragraphs: j
      ? ["ご注文をキャンセルしました。お支払いは請求されないか、全額返金されます。"]
      : ["Your order has been cancelled. You will not be charged, or the full amount has been refunded."],
  });
}
