import type { noScriptEnUS } from "./en-US.ts";

/** JavaScript が無効な読者に、JavaScript が必要なフォームや操作の横で示す注意書き。 */
export const noScriptJaJP = {
  "noScript.contact":
    "このフォームの送信には JavaScript が必要です。ブラウザで有効にするか、このページのメールアドレスへ直接ご連絡ください。",
  "noScript.cart":
    "バリエーションの選択とカートへの追加には JavaScript が必要です。ご購入にはブラウザで有効にしてください。",
  "noScript.review": "レビューの投稿には JavaScript が必要です。ブラウザで有効にしてください。",
  "noScript.finder": "おすすめのグラスを探すには JavaScript が必要です。ブラウザで有効にしてください。",
  "noScript.games":
    "検索・絞り込み・並べ替えには JavaScript が必要です。ブラウザで有効にしてください（ページ番号のリンクはそのまま使えます）。",
} as const satisfies Record<keyof typeof noScriptEnUS, string>;
