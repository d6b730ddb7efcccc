import type { AdminRoute } from "../../../lib/admin/routes.ts";

export const routes: AdminRoute[] = [
  {
    path: "audit",
    permission: "audit.read",
    nav: { labelKey: "admin.audit.nav", order: 90 },
    lazy: () => import("./audit-page.tsx"),
  },
];
