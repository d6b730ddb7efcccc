import type { seoEnUS } from "./en-US.ts";

export const seoJaJP = {
  "seo.siteDescription": "{brand} XRグラス、アクセサリー、アプリの公式ストア。",
  "seo.home": "{brand}公式ストア：XRグラス、アクセサリー、アプリ、ゲーム、ニュース。",
  "seo.products": "{brand} XRグラスとアクセサリーの全商品。価格と在庫をご確認いただけます。",
  "seo.finder": "いくつかの質問に答えて、あなたに合った{brand}グラスを見つけましょう。",
  "seo.reviews": "{brand}グラスとアクセサリーのオーナーによる評価とレビュー。",
  "seo.compatibility": "{brand}グラスの各モデルに対応するスマートフォン、ゲーム機、パソコン。",
  "seo.contact": "ご注文やグラスについてのご質問は、{brand}チームまでお寄せください。",
  "seo.systemReleases": "{brand}グラスとモバイルドックの各システムアップデートの変更点。",
  "seo.appReleases": "{app}の各バージョンの変更点（全プラットフォーム）。",
  "seo.games": "{brand} XRグラスで遊べるゲーム。名前、プラットフォーム、ジャンルで検索できます。",
  "seo.mobile": "{brand}グラスをどこへでも。スマートフォンとタブレット用モバイルキット。",
  "seo.storeMobile": "{brand}グラス用モバイルアクセサリーをご購入いただけます。",
  "seo.blog": "{brand}からのお知らせ：新製品、アップデート、チームのストーリー。",
  "seo.privacy": "{brand}による個人情報の収集、利用、保護について。",
  "seo.notFound":
    "このページは存在しません。ホームページから{brand}のグラス、アクセサリー、サポートをご覧ください。",
  "seo.homeImageAlt": "緑の背景に描かれた{brand} XRグラス",
  "seo.blogImageAlt": "紫と赤の背景に描かれたスマートフォン",
} as const satisfies Record<keyof typeof seoEnUS, string>;
