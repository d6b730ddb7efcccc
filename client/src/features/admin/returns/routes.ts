import type { AdminRoute } from "../../../lib/admin/routes.ts";

/** The returns area: the list (in the navigation) and one return's page. */
export const routes: AdminRoute[] = [
  {
    path: "returns",
    permission: "returns.manage",
    nav: { labelKey: "admin.returns.nav", order: 20 },
    lazy: () => import("./returns-page.tsx"),
  },
  {
    path: "returns/:returnId",
    permission: "returns.manage",
    lazy: () => import("./return-page.tsx"),
  },
];
