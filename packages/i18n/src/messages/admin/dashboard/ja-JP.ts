import type { adminDashboardEnUS } from "./en-US.ts";

export const adminDashboardJaJP = {
  "admin.dashboard.nav": "ダッシュボード",
  "admin.dashboard.title": "ダッシュボード",
  "admin.dashboard.welcome": "{email} さん、ようこそ。",
  "admin.dashboard.loading": "数値を読み込んでいます…",
  "admin.dashboard.day": "ストアの暦では今日は {date} です（UTC の0時から24時まで）。",
  "admin.dashboard.today": "今日",
  "admin.dashboard.today.orders": "今日の注文数",
  "admin.dashboard.today.sales": "今日の売上",
  "admin.dashboard.today.salesCaption": "通貨別の今日の売上（キャンセルされた注文を除く）",
  "admin.dashboard.today.col.currency": "通貨",
  "admin.dashboard.today.col.orders": "注文数",
  "admin.dashboard.today.col.amount": "売上",
  "admin.dashboard.today.none": "今日はまだ注文がありません。",
  "admin.dashboard.waiting": "スタッフの対応待ち",
  "admin.dashboard.waiting.ship": "発送待ちの注文",
  "admin.dashboard.waiting.shipLink": "未発送の注文を見る",
  "admin.dashboard.waiting.returns": "判断待ちの返品",
  "admin.dashboard.waiting.returnsLink": "返品を見る",
  "admin.dashboard.mails": "メール",
  "admin.dashboard.mails.held":
    "過去7日間に保留されたメール（同じアドレスへの同じ種類のメールが多すぎるため）",
  "admin.dashboard.mails.failing": "未配信（再試行中）",
  "admin.dashboard.mails.gaveUp": "未配信（再試行を終了）",
  "admin.dashboard.mails.fine": "メールはすべて送信されています。",
} as const satisfies Record<keyof typeof adminDashboardEnUS, string>;
