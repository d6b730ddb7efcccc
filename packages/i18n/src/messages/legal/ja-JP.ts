import type { legalEnUS } from "./en-US.ts";

/** Japanese texts of the legal and trust pages; the type refuses a missing key. */
export const legalJaJP = {
  "legal.contents": "このページの内容",
  "legal.related": "ストアのポリシー",
  "legal.contact": "お問い合わせ",

  "legal.shipping.title": "配送について",
  "legal.shipping.intro":
    "{brand}は日本、アメリカ合衆国、その他の国へお届けします。送料はお支払いの通貨とお届け先によって異なり、正確な送料はお支払い前にチェックアウト画面でご確認いただけます。",
  "legal.shipping.methods.title": "配送方法とお届け日数",
  "legal.shipping.methods.body":
    "チェックアウトで通常配送または速達をお選びいただけます。お届けまでの日数は発送日から数えて下表のとおりです。発送時に配送業者と追跡リンクをメールでお知らせします。複数の荷物に分けて発送する場合は、荷物ごとにお知らせします。",
  "legal.shipping.days.caption": "お届け日数（発送後の営業日）",
  "legal.shipping.days.range": "{min}〜{max}営業日",
  "legal.shipping.costs.title": "送料",
  "legal.shipping.costs.body":
    "価格はストアの日本語ページでは円、英語ページでは米ドルで表示され、送料も同じ通貨でお支払いいただきます。通常配送は、割引後の商品代金が表の金額以上で無料になります。",
  "legal.shipping.table.USD": "米ドルでのご注文",
  "legal.shipping.table.JPY": "円でのご注文",
  "legal.shipping.col.destination": "お届け先",
  "legal.shipping.col.standard": "通常配送",
  "legal.shipping.col.express": "速達",
  "legal.shipping.col.free": "通常配送が無料になる金額",
  "legal.shipping.zone.US": "アメリカ合衆国",
  "legal.shipping.zone.JP": "日本",
  "legal.shipping.zone.INTL": "その他の国",
  "legal.shipping.never": "対象外",
  "legal.shipping.abroad.title": "海外へのご注文",
  "legal.shipping.abroad.body":
    "お届け先の国で課される輸入関税・税金は価格に含まれず、受取人のご負担となります。",
  "legal.shipping.address.title": "お届け先の変更",
  "legal.shipping.address.body":
    "発送前であれば、お届け先住所を変更できます。注文番号を添えてお問い合わせください。",

  "legal.returns.title": "返品・返金について",
  "legal.returns.intro":
    "{brand}でお買い上げの商品は、発送日から{windowDays}日以内であれば返品でき、お支払いに使われたカードへ返金いたします。",
  "legal.returns.how.title": "返品の方法",
  "legal.returns.how.body":
    "アカウントをお持ちの方は、アカウントの注文ページから返品する商品と数量をお選びください。ゲストとしてご注文の方は、発送メールの返品リンクからお申し込みください。お申し込みを承認した場合は返品番号と返送先を、お受けできない場合はその理由をメールでお知らせします。",
  "legal.returns.window.title": "返品の受付期間",
  "legal.returns.window.body":
    "返品のお申し込みは、ご注文の最後の発送から{windowDays}日間お受けします。ご注文の一部があとから発送された場合、その日から注文全体の受付期間が改めて始まります。未発送の商品は返品できません。キャンセルをお申し付けください。",
  "legal.returns.send.title": "返送のしかた",
  "legal.returns.send.body":
    "商品を付属品とともに届いたときと同じように梱包し、箱の外側に返品番号を書いて、追跡できる方法で下記の住所へお送りください。",
  "legal.returns.fees.CUSTOMER_PAYS": "返送料はお客様のご負担となります。",
  "legal.returns.fees.FREE": "返送料は当社が負担します。",
  "legal.returns.address": "返送先",
  "legal.returns.refund.title": "返金",
  "legal.returns.refund.body":
    "商品が届きましたら確認のうえメールでお知らせし、返品された商品の代金を、お支払いに使われたカードへ返金いたします。返金の手続きが済みましたら改めてメールでお知らせします。カード会社の明細に反映されるまで数日かかる場合があります。",
  "legal.returns.faulty.title": "破損・不良品",
  "legal.returns.faulty.body":
    "商品が破損して届いた場合や動作しない場合は、返品のお申し込みでその旨をお選びください。返品の受付期間を過ぎた後の故障は、{warrantyMonths}か月の製品保証の対象です。",
  "legal.returns.cancel.title": "ご注文のキャンセル",
  "legal.returns.cancel.body":
    "発送前であれば、ご注文をキャンセルできます。お支払いは全額取り消し、または返金いたします。一部でも発送済みの場合は、返品をお申し込みください。",

  "legal.warranty.title": "製品保証",
  "legal.warranty.intro":
    "{brand}でお買い上げのグラスとアクセサリーには、発送日から{warrantyMonths}か月の保証が付きます。",
  "legal.warranty.covered.title": "保証の対象",
  "legal.warranty.covered.body": "通常のご使用で生じた、材料や製造上の不具合。",
  "legal.warranty.excluded.title": "保証の対象外",
  "legal.warranty.excluded.body":
    "落下・水濡れ・レンズの割れなどの事故による損傷、通常の使用による摩耗や外観上の傷、当社以外による修理・改造が原因の損傷、紛失・盗難。",
  "legal.warranty.remedy.title": "保証の内容",
  "legal.warranty.remedy.body":
    "商品を修理するか、同一または同等の商品と交換いたします。いずれもできない場合は、お支払いいただいた代金を返金いたします。修理品・交換品をお届けする送料は当社が負担します。",
  "legal.warranty.claim.title": "保証のお申し込み",
  "legal.warranty.claim.body":
    "注文番号と不具合の内容を添えてお問い合わせください。次の手順と、商品の返送が必要な場合はその送り先をご案内します。",
  "legal.warranty.rights.title": "法律上の権利",
  "legal.warranty.rights.body":
    "この保証は、お住まいの国の消費者法で認められた権利に追加されるもので、それを制限するものではありません。",

  "legal.terms.title": "販売条件",
  "legal.terms.intro": "この条件は、本ストアでのすべてのご注文に適用されます。販売者は{seller}です。",
  "legal.terms.order.title": "ご注文",
  "legal.terms.order.body":
    "チェックアウトで［支払う］を押し、カードでのお支払いが承認された時点でご注文が成立し、確認メールをお送りします。商品をご用意できないことが判明した場合は、ご注文またはその部分をキャンセルし、お支払いいただいた代金を返金いたします。",
  "legal.terms.prices.title": "価格",
  "legal.terms.prices.body":
    "価格は日本語ページでは円（消費税込み）、英語ページでは米ドル（税金はチェックアウトで加算）で表示します。お支払い前に、チェックアウト画面で商品、送料、税金、割引とお支払い総額をご確認いただけます。お支払い前に価格が変わった場合は新しい総額を表示し、ご確認いただくまで請求いたしません。",
  "legal.terms.payment.title": "お支払い",
  "legal.terms.payment.body":
    "お支払いは、決済代行会社を通じたクレジットカード・デビットカードでお願いします。ご注文時に総額がカードに請求されます。当社が保存するのはカードのブランドと下4桁のみで、カード番号やセキュリティコードは保存しません。",
  "legal.terms.delivery.title": "配送とお届け",
  "legal.terms.delivery.body":
    "送料とお届け日数は「配送について」のとおりです。商品の滅失等の危険は、お届けの時点でお客様に移転します。",
  "legal.terms.returns.title": "返品・キャンセル・保証",
  "legal.terms.returns.body":
    "ご注文は発送前までキャンセルでき、商品は発送から{windowDays}日以内であれば「返品・返金について」のとおり返品できます。故障は{warrantyMonths}か月の製品保証の対象です。",
  "legal.terms.contact.title": "お問い合わせ",
  "legal.terms.contact.body":
    "ご注文やこの条件についてのご質問は、お問い合わせページまたは {email} までご連絡ください。",

  "legal.notice.title": "特定商取引法に基づく表記",
  "legal.notice.intro": "特定商取引法により通信販売の事業者に表示が求められる事項です。",
  "legal.notice.seller": "販売業者",
  "legal.notice.representative": "運営統括責任者",
  "legal.notice.address": "所在地",
  "legal.notice.phone": "電話番号",
  "legal.notice.phoneNote": "ご注文に関するお問い合わせは、まずお問い合わせページからご連絡ください。",
  "legal.notice.email": "メールアドレス",
  "legal.notice.prices": "販売価格",
  "legal.notice.pricesBody":
    "各商品ページに表示しています（円の価格は消費税込み）。送料・税金を含むお支払い総額は、お支払い前にチェックアウト画面でご確認いただけます。",
  "legal.notice.charges": "商品代金以外の必要料金",
  "legal.notice.chargesBody":
    "「配送について」に記載の送料と、価格に含まれない場合の税金。いずれもお支払い前にチェックアウト画面に表示します。",
  "legal.notice.payment": "お支払い方法",
  "legal.notice.paymentBody": "クレジットカード・デビットカード（決済代行会社経由）。",
  "legal.notice.paymentTiming": "お支払い時期",
  "legal.notice.paymentTimingBody": "ご注文時にカードへ請求されます。",
  "legal.notice.delivery": "商品の引渡し時期",
  "legal.notice.deliveryBody":
    "ご注文後に発送します。発送後、日本国内へは通常配送で{jpStandardMin}〜{jpStandardMax}営業日、速達で{jpExpressMin}〜{jpExpressMax}営業日でお届けします。その他のお届け先は「配送について」をご覧ください。",
  "legal.notice.returns": "返品・キャンセル",
  "legal.notice.returnsBody":
    "発送日から{windowDays}日以内の返品をお受けし、お支払いに使われたカードへ返金いたします。ご注文は発送前までキャンセルできます。故障は{warrantyMonths}か月の製品保証の対象です。",
} as const satisfies Record<keyof typeof legalEnUS, string>;
