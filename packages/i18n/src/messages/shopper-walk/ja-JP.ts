import type { shopperWalkEnUS } from "./en-US.ts";

/** Japanese texts of the shopper's walk (see en-US.ts beside this file). */
export const shopperWalkJaJP = {
  "login.noticeRegistered":
    "ご登録ありがとうございます。メールをお送りしました。続けるには、下にメールアドレスとパスワードを入力してください。",
  // Japanese has one form for every count (Intl.PluralRules: "other"); these are never picked.
  "store.reviewCount#one": "{count}件のレビュー",
  "mobile.finder.reviews#one": "レビュー{count}件",
  "reviews.basedOn#one": "{count}件のレビューに基づく",
  "games.results#one": "{count}件のゲーム",
  "games.showResults#one": "{count}件のゲームを表示",
  "layout.cartCount#one": "カート {count}点",
  "claimOrders.done#one": "{n} 件の注文をアカウントに追加しました。",
  "status.raw.EXPIRED": "期限切れ",
} as const satisfies Record<keyof typeof shopperWalkEnUS, string>;
