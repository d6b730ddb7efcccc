import type { AdminRoute } from "../../../lib/admin/routes.ts";

/**
 * The products area: the list with its search, filters and sorts, and a product's page with its
 * stock (catalogue.read; changing them needs catalogue.manage, checked on the page's controls),
 * and a new product's page (catalogue.manage).
 */
export const routes: AdminRoute[] = [
  {
    path: "products",
    permission: "catalogue.read",
    nav: { labelKey: "admin.products.nav", order: 40 },
    lazy: () => import("./products-page.tsx"),
  },
  {
    path: "products/import",
    permission: "catalogue.manage",
    lazy: () => import("./import-page.tsx"),
  },
  {
    path: "products/new",
    permission: "catalogue.manage",
    lazy: () => import("./new-product-page.tsx"),
  },
  {
    path: "products/:id",
    permission: "catalogue.read",
    lazy: () => import("./product-page.tsx"),
  },
];
