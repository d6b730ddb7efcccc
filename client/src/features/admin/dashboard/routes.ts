import type { AdminRoute } from "../../../lib/admin/routes.ts";

/** The admin's start page. A placeholder until the orders area brings its dashboard. */
export const routes: AdminRoute[] = [
  {
    path: "",
    permission: "orders.read",
    nav: { labelKey: "admin.dashboard.nav", order: 0 },
    lazy: () => import("./dashboard-page.tsx"),
  },
];
