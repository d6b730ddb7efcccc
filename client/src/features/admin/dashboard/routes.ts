import type { AdminRoute } from "../../../lib/admin/routes.ts";

/** The admin's start page: today's orders and sales, what waits for the staff, the outbox's trouble. */
export const routes: AdminRoute[] = [
  {
    path: "",
    permission: "orders.read",
    nav: { labelKey: "admin.dashboard.nav", order: 0 },
    lazy: () => import("./dashboard-page.tsx"),
  },
];
