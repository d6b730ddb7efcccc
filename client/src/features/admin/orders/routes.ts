import type { AdminRoute } from "../../../lib/admin/routes.ts";

/** The orders area: the list with its search and filters (orders.read), and an order's page. */
export const routes: AdminRoute[] = [
  {
    path: "orders",
    permission: "orders.read",
    nav: { labelKey: "admin.orders.nav", order: 10 },
    lazy: () => import("./orders-page.tsx"),
  },
  {
    path: "orders/:number",
    permission: "orders.read",
    lazy: () => import("./order-page.tsx"),
  },
];
