import type { legalLinksEnUS } from "./en-US.ts";

/** Japanese names and descriptions of the legal pages; the type refuses a missing key. */
export const legalLinksJaJP = {
  "legal.nav.shipping": "配送について",
  "legal.nav.returns": "返品・返金",
  "legal.nav.warranty": "製品保証",
  "legal.nav.terms": "販売条件",
  "legal.nav.notice": "特定商取引法に基づく表記",
  "legal.checkout.agree":
    "ご注文により{terms}に同意したものとみなされます。{shipping}と{returns}もご確認ください。",
  "legal.checkout.shipping": "配送について",
  "legal.checkout.returns": "返品・返金について",
  "seo.legal.shipping": "{brand}の配送先、送料、お届け日数について。",
  "seo.legal.returns": "{brand}でお買い上げの商品の返品方法と返金について。",
  "seo.legal.warranty": "{brand}のグラスとアクセサリーの製品保証：対象と申し込み方法。",
  "seo.legal.terms": "{brand}ストアの販売条件：ご注文、価格、お支払い、配送、返品。",
  "seo.legal.notice": "特定商取引法に基づく表記：販売業者、価格、お支払い、引渡し時期、返品。",
} as const satisfies Record<keyof typeof legalLinksEnUS, string>;
