import type { stockDeliveryEnUS } from "./en-US.ts";

/** Japanese texts of stock and delivery (see en-US.ts beside this file). */
export const stockDeliveryJaJP = {
  "stock.inStock": "在庫あり",
  "stock.onlyLeft": "残り{n}点",
  "stock.soldOut": "売り切れ",
  "stock.soldOutReason": "この商品は売り切れのため、カートに追加できません。",
  "delivery.arrivesBy.US": "今日のご注文で{date}までにお届け（米国内・通常配送）",
  "delivery.arrivesBy.JP": "今日のご注文で{date}までにお届け（国内・通常配送）",
  "cart.cappedToStock": "在庫は{n}点のみのため、数量を{n}にしました",
  "checkout.methodDays": "{method}（{min}〜{max}営業日）",
  "checkout.freeShippingGap": "あと{amount}のお買い上げで送料無料",
  "checkout.lineQuantity": "{title}の数量",
  "checkout.removeLine": "{title}を削除",
  "checkout.showSummary": "注文内容を表示",
  "checkout.hideSummary": "注文内容を隠す",
} as const satisfies Record<keyof typeof stockDeliveryEnUS, string>;
