import type { AdminRoute } from "../../../lib/admin/routes.ts";

export const routes: AdminRoute[] = [
  {
    path: "staff",
    permission: "staff.manage",
    nav: { labelKey: "admin.staff.nav", order: 80 },
    lazy: () => import("./staff-page.tsx"),
  },
];
