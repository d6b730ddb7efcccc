import type { AdminRoute } from "../../../lib/admin/routes.ts";

/**
 * The discount codes area: the list with the code templates (discounts.read), a new code's form
 * (discounts.manage) and a code's page (discounts.read; saving and disabling need
 * discounts.manage, checked on the page's controls).
 */
export const routes: AdminRoute[] = [
  {
    path: "discounts",
    permission: "discounts.read",
    nav: { labelKey: "admin.discounts.nav", order: 45 },
    lazy: () => import("./discounts-page.tsx"),
  },
  {
    path: "discounts/new",
    permission: "discounts.manage",
    lazy: () => import("./discount-page.tsx"),
  },
  {
    path: "discounts/:id",
    permission: "discounts.read",
    lazy: () => import("./discount-page.tsx"),
  },
];
