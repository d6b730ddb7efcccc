import type { searchEnUS } from "./en-US.ts";

export const searchJaJP = {
  "search.label": "ストア内を検索",
  "search.placeholder": "製品やニュースを検索",
  "search.open": "検索",
  "search.close": "検索を閉じる",
  "search.submit": "検索",
  "search.suggestions": "候補",
  "search.kind.product": "製品",
  "search.kind.post": "ニュース",
  "search.title": "検索",
  "search.titleFor": "「{q}」の検索結果",
  "search.description": "{brand}の製品とニュースを検索できます。",
  "search.intro": "製品名、色、SKU、記事の言葉など、お探しのものを日本語または英語で入力してください。",
  "search.results": "製品 {count}件",
  "search.results#one": "製品 {count}件",
  "search.products": "製品",
  "search.posts": "ニュース",
  "search.none": "「{q}」に一致するものはありません。別の言葉で検索するか、すべての製品をご覧ください。",
  "search.approximate": "「{q}」に完全に一致するものはありません。近いものを表示しています。",
  "search.browseAll": "すべての製品",
  "search.loadFailed": "検索結果を読み込めませんでした。",
} as const satisfies Record<keyof typeof searchEnUS, string>;
