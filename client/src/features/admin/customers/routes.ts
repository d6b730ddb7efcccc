import type { AdminRoute } from "../../../lib/admin/routes.ts";

/** The customers area: the list with its search (customers.read), and a customer's page. */
export const routes: AdminRoute[] = [
  {
    path: "customers",
    permission: "customers.read",
    nav: { labelKey: "admin.customers.nav", order: 30 },
    lazy: () => import("./customers-page.tsx"),
  },
  {
    path: "customers/:customerId",
    permission: "customers.read",
    lazy: () => import("./customer-page.tsx"),
  },
];
