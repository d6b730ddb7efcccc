import type { adminDashboardEnUS } from "./en-US.ts";

export const adminDashboardJaJP = {
  "admin.dashboard.nav": "ダッシュボード",
  "admin.dashboard.title": "ダッシュボード",
  "admin.dashboard.welcome": "{email} さん、ようこそ。",
} as const satisfies Record<keyof typeof adminDashboardEnUS, string>;
