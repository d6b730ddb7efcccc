import type { shopperPanelsEnUS } from "./en-US.ts";

/** Japanese texts of the shopper's panels (see en-US.ts beside this file). */
export const shopperPanelsJaJP = {
  "cartDrawer.title": "カートに追加しました",
  "cartDrawer.close": "カートの概要を閉じる",
  "cartDrawer.quantity": "カート内の数量: {quantity}",
  "cartDrawer.total": "カートの合計",
  "cartDrawer.items": "{count}点",
  // Japanese has one form for every count (Intl.PluralRules: "other"); this one is never picked.
  "cartDrawer.items#one": "{count}点",
  "cartDrawer.checkout": "購入手続きへ",
  "cartDrawer.viewCart": "カートを見る",
  "newsletter.closeOffer": "このご案内を閉じる",
  "addresses.deleteTitle": "住所「{place}」を削除しますか？",
} as const satisfies Record<keyof typeof shopperPanelsEnUS, string>;
