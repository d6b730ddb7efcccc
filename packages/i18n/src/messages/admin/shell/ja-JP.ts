import type { adminShellEnUS } from "./en-US.ts";

/** 管理画面の枠組み: レイアウト、ナビゲーション、一覧、エラー、権限なし・ページなし。 */
export const adminShellJaJP = {
  "admin.shell.name": "{brand} 管理画面",
  "admin.shell.skip": "本文へ移動",
  "admin.shell.nav": "管理画面のメニュー",
  "admin.shell.signedInAs": "{email} でログイン中",
  "admin.shell.role": "役割: {role}",
  "admin.shell.signOut": "ログアウト",
  "admin.shell.signingOut": "ログアウトしています…",
  "admin.shell.loading": "管理画面を読み込んでいます…",
  "admin.shell.loadFailed": "管理画面を読み込めませんでした。",
  "admin.shell.error": "処理できませんでした。もう一度お試しください。",
  "admin.shell.error.network": "ストアに接続できませんでした。接続を確認して、もう一度お試しください。",
  "admin.shell.pageLoading": "ページを読み込んでいます…",
  "admin.shell.pageFailed": "このページを読み込めませんでした。ページを再読み込みしてください。",
  "admin.noAccess.title": "このページへのアクセス権がありません",
  "admin.noAccess.body":
    "このページには「{permission}」の権限が必要ですが、あなたの役割（{role}）には含まれていません。必要な場合はオーナーに依頼してください。",
  "admin.noAccess.home": "管理画面のトップへ",
  "admin.notFound.title": "ページが見つかりません",
  "admin.notFound.body": "このアドレスに管理画面のページはありません。",
  "admin.table.loading": "読み込んでいます…",
  "admin.table.loadMore": "さらに表示",
  "admin.table.loadingMore": "読み込んでいます…",
  "admin.filters.apply": "絞り込む",
  "admin.filters.clear": "絞り込みを解除",
} as const satisfies Record<keyof typeof adminShellEnUS, string>;
